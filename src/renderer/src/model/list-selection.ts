// Layer: renderer (pure module). The selection of a lazily fetched list (the
// inspect view's dialogues, the compare view's pairs): which row is selected,
// in which scope (a run's revision, a pair of runs: another scope starts with
// nothing selected) and where it was in the list it was picked in. The index
// recorded when it was selected holds only for that list; once the query
// (sort, filter, search, config) changes, the list is a new one and the
// selection is looked up among its loaded rows instead — so `n` after a
// filter change goes to the row after the selection when it is in the new
// list, and to the first row when it is not. The selection itself is kept
// across filter changes: the row shown stays until another is picked.

export interface ListSelection {
  id: string;
  /** Index in the list keyed by `key`; -1 when unknown. */
  index: number;
  /** The key of the list the selection was made in ('' when made outside any, e.g. a jump from another view). */
  key: string;
}

export interface LoadedList {
  readonly key: string;
  /** Index of a row among the loaded ones, or -1. */
  indexOf(id: string): number;
}

/** The index of row `id` (the one selected) in `list`, or -1 when it is not among its loaded rows. */
export function selectedIndex(sel: ListSelection | null, id: string | null, list: LoadedList): number {
  if (id === null) return -1;
  return sel && sel.key === list.key && sel.id === id ? sel.index : list.indexOf(id);
}

/** The reducer's state: the selection (with what the view keeps of the row, e.g. the pair's id in run B) in its scope, and the count of requests to scroll it into view. */
export interface SelectionState<X = undefined> {
  scope: string;
  selected: (ListSelection & { extra: X }) | null;
  /** Grows when the list should scroll to the selection (n/p, a jump); a click on a visible row does not scroll. */
  scrollRequest: number;
}

export type SelectionAction<X = undefined> =
  { type: 'select'; scope: string; id: string; index: number; key: string; extra: X; scroll: boolean } | { type: 'clear' };

export function selectionReducer<X>(state: SelectionState<X>, action: SelectionAction<X>): SelectionState<X> {
  switch (action.type) {
    case 'select':
      return {
        scope: action.scope,
        selected: { id: action.id, index: action.index, key: action.key, extra: action.extra },
        scrollRequest: state.scrollRequest + (action.scroll ? 1 : 0),
      };
    case 'clear':
      return { ...state, selected: null };
  }
}

/** The selection of `scope`, or null when the state holds another scope's (or none). */
export function selectionIn<X>(state: SelectionState<X>, scope: string): (ListSelection & { extra: X }) | null {
  return state.scope === scope ? state.selected : null;
}
