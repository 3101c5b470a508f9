// Layer: renderer (pure module). Where the selected dialogue is in a lazily
// fetched list (the inspect view's and the compare view's): the index recorded
// when it was selected holds only for the list it was selected in; once the
// query (sort, filter, search, config) changes, the list is a new one and the
// selection is looked up among its loaded rows instead — so `n` after a filter
// change goes to the row after the selection when it is in the new list, and
// to the first row when it is not.

export interface ListSelection {
  id: string;
  /** Index in the list keyed by `key`; -1 when unknown. */
  index: number;
  /** The key of the list (its cache) the selection was made in. */
  key: string;
}

export interface LoadedList {
  readonly key: string;
  /** Index of a dialogue among the loaded rows, or -1. */
  indexOf(id: string): number;
}

/** The index of dialogue `id` (the one selected) in `list`, or -1 when it is not among its loaded rows. */
export function selectedIndex(sel: ListSelection | null, id: string | null, list: LoadedList): number {
  if (id === null) return -1;
  return sel && sel.key === list.key && sel.id === id ? sel.index : list.indexOf(id);
}
