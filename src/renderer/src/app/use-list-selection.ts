// Layer: renderer (React hook). The selection of a paged list (paged-rows.ts)
// for the inspect, compare and suspects lists: the reducer of
// model/list-selection.ts, the row's index in the list as it is now, the
// first row picked once the list has come (when the view wants it), and n/p:
// the next or previous row of the list, fetched when its page is not loaded
// (from the selection's row when it is in the list, from the top when not),
// optionally passing over rows the view names (the suspects queue after a
// decision: the next suspect not annotated yet). A row selected from outside
// the list (a request from another view, a link, a jump) is brought into view:
// when its page is not loaded, the view's `locate` says where it is, its page
// is fetched and the list scrolls there.

import { useCallback, useEffect, useReducer, useState } from 'react';
import { step } from '../model/keyboard';
import { selectedIndex, selectionIn, selectionReducer, type SelectionState } from '../model/list-selection';
import { useNotify } from './app-context';
import type { PagedCall, PagedRows, RowOf } from './paged-rows';
import { findRow, rowId } from './paged-rows';
import { errorText } from './queries';

export interface ListSelectionOptions<C extends PagedCall, X> {
  /** The selection belongs to this scope (a run's revision, a pair of runs): another one starts with none. */
  scope: string;
  /** What the selection keeps of a row besides its id (the pair's id in run B). */
  extraOf: (row: RowOf<C>) => X;
  /** What is shown while nothing is selected in the scope (the demo's landing dialogue); not a selection. */
  fallback?: string | null;
  /** Select the list's first row once it has come, while nothing is selected in the scope. */
  selectFirst?: boolean;
  /** The selection to start with (a request from another view; later, a link). */
  initial?: { id: string; extra: X } | null;
  /** Told of every selection made here (the view forgets its hovered turn, or shows the row's place): the row's id and what is kept of it. */
  onSelect?: (id: string, extra: X) => void;
  /** Where a row is in the list as it is now (-1: not in it), asked for a row to bring into view whose page is not loaded. */
  locate?: (id: string) => Promise<number>;
}

export interface ListSelectionResult<C extends PagedCall, X> {
  /** The row shown: the selection in this scope, else the fallback; null for none. */
  id: string | null;
  /** What the selection keeps of its row; null for none or the fallback. */
  extra: X | null;
  /** Where `id` is in the list as it is now; -1 when unknown (not loaded, or not in it). */
  index: number;
  /** Grows when the list should bring the selection into view. */
  scrollRequest: number;
  /** A row picked in the list (a click, arrow keys): its index is known; brought into view when `scroll` (a row found by the view, not clicked). */
  select(id: string, index: number, extra: X, scroll?: boolean): void;
  /** A row named from elsewhere (a suspect, an annotation): looked up in the list, brought into view. */
  jump(id: string, extra: X): void;
  /** n / p: the next or previous row (delta ±1), past the rows `skip` names; resolves with whether the selection moved (not at the list's end). */
  move(delta: number, skip?: (row: RowOf<C>) => boolean): Promise<boolean>;
}

export function useListSelection<C extends PagedCall, X>(rows: PagedRows<C>, opts: ListSelectionOptions<C, X>): ListSelectionResult<C, X> {
  const { scope, extraOf, fallback = null, selectFirst = false, initial = null, onSelect, locate } = opts;
  const notify = useNotify();
  const [state, dispatch] = useReducer(selectionReducer<X>, null, (): SelectionState<X> => ({
    scope,
    selected: initial ? { id: initial.id, index: -1, key: '', extra: initial.extra } : null,
    // A request from another view or a link is brought into view once its row is found.
    scrollRequest: initial ? 1 : 0,
  }));
  // The row to bring into view (selected from outside the list, or by n/p); a click on a row clears it.
  const [wanted, setWanted] = useState<string | null>(initial?.id ?? null);
  const sel = selectionIn(state, scope);
  const list = rows.list ?? '';

  // The first row, once the list has it (state adjusted while rendering, React's pattern for deriving from new data).
  const first = selectFirst && !sel ? rows.row(0) : undefined;
  if (first) dispatch({ type: 'select', scope, id: rowId(rows.call, first), index: 0, key: list, extra: extraOf(first), scroll: false });

  const id = sel?.id ?? fallback;
  const index = selectedIndex(sel, id, { key: list, indexOf: rows.indexOf });

  // The row to bring into view is not among the loaded rows: ask where it is, fetch its page, select it there (scrolling).
  const locateKey = locate && sel && wanted === sel.id && index < 0 && rows.total !== null && rows.list ? `${rows.list}\n${sel.id}` : null;
  useEffect(() => {
    if (locateKey === null || !locate || !sel) return;
    const want = sel.id;
    let live = true;
    void (async () => {
      try {
        const at = await locate(want);
        if (!live || at < 0) return;
        const row = await rows.fetchRow(at);
        if (!live || !row || rowId(rows.call, row) !== want) return;
        dispatch({ type: 'select', scope, id: want, index: at, key: list, extra: extraOf(row), scroll: true });
      } catch (e) {
        if (live) notify(errorText(e));
      }
    })();
    return () => {
      live = false;
    };
    // Asked once per list and row (locateKey names both); the rest is read as it is then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [locateKey]);

  const select = useCallback(
    (rowIdOf: string, at: number, extra: X, scroll = false) => {
      dispatch({ type: 'select', scope, id: rowIdOf, index: at, key: list, extra, scroll });
      setWanted(scroll ? rowIdOf : null);
      onSelect?.(rowIdOf, extra);
    },
    [scope, list, onSelect],
  );
  const jump = useCallback(
    (to: string, extra: X) => {
      dispatch({ type: 'select', scope, id: to, index: rows.indexOf(to), key: list, extra, scroll: true });
      setWanted(to);
      onSelect?.(to, extra);
    },
    [scope, list, rows, onSelect],
  );
  const move = useCallback(
    async (delta: number, skip?: (row: RowOf<C>) => boolean) => {
      const next = step(index, delta, rows.total ?? 0);
      if (next < 0 || next === index) return false;
      let found: Awaited<ReturnType<typeof findRow<C>>>;
      try {
        found = await findRow(rows, next, delta < 0 ? -1 : 1, skip);
      } catch (e) {
        notify(errorText(e));
        return false;
      }
      if (!found) return false;
      const to = rowId(rows.call, found.row);
      const extra = extraOf(found.row);
      dispatch({ type: 'select', scope, id: to, index: found.index, key: list, extra, scroll: true });
      setWanted(to);
      onSelect?.(to, extra);
      return true;
    },
    [index, rows, scope, list, extraOf, onSelect, notify],
  );

  return { id, extra: sel ? sel.extra : null, index, scrollRequest: state.scrollRequest, select, jump, move };
}
