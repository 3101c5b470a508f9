// Layer: renderer (React hook over @tanstack/react-query). The rows of a long
// list — the inspect view's dialogues, the compare view's pairs, the suspects
// queue — fetched page by page as react-query queries keyed by the list
// (call + run + revision + config + sort + filter: query-keys.ts) and the
// page number. The list says which rows it shows (`show`); the hook observes
// page 0 (for the total) and the pages of that window, so a page nobody shows
// any more (scrolled past, another filter or revision) is aborted while it
// loads and dropped from the cache a while later. Rows of pages loaded
// earlier stay readable by index and by id (selection, n/p) while cached.

import { useQueries, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { placeKey } from '../../../shared/annotations/record';
import type { Suspect } from '../../../shared/annotations/suspects';
import type { DisagreementRow } from '../../../shared/annotations/adjudication';
import type { Api, ApiArgs, ApiResults, DialogueRow, PairRow } from '../../../shared/api';
import { useApi } from './app-context';
import { useStaleRefresh } from './queries';
import { listId, pageKey, pagesOf } from './query-keys';

/** The calls that answer a window (offset, limit) of a list. */
export type PagedCall = 'dialoguePage' | 'comparePage' | 'suspects' | 'disagreements';
export type RowOf<C extends PagedCall> = C extends 'dialoguePage'
  ? DialogueRow
  : C extends 'comparePage'
    ? PairRow
    : C extends 'suspects'
      ? Suspect
      : DisagreementRow;
/** A list's arguments: the call's without the window. */
export type ListArgs<C extends PagedCall> = Omit<ApiArgs<C>, 'offset' | 'limit'>;

interface PagedShape<C extends PagedCall> {
  rows(page: ApiResults[C]): readonly RowOf<C>[];
  total(page: ApiResults[C]): number;
  /** A row's identity in its list. */
  id(row: RowOf<C>): string;
}

const SHAPES: { [C in PagedCall]: PagedShape<C> } = {
  dialoguePage: { rows: (p) => p.rows, total: (p) => p.total, id: (r) => r.id },
  comparePage: { rows: (p) => p.rows, total: (p) => p.total, id: (r) => r.id },
  suspects: { rows: (p) => p.items, total: (p) => p.total, id: (s) => placeKey(s.dialogue, s.turn, s.slot) },
  disagreements: { rows: (p) => p.items, total: (p) => p.total, id: (r) => r.key },
};

/** The identity of a row of a paged call (a suspect's is its place: dialogue, turn, slot). */
export function rowId<C extends PagedCall>(call: C, row: RowOf<C>): string {
  return SHAPES[call].id(row);
}

export interface PagedRows<C extends PagedCall> {
  readonly call: C;
  /** The list's name (query-keys.ts listId); null while it has no arguments. Another sort, filter, config or revision is another list. */
  readonly list: string | null;
  readonly pageSize: number;
  /** Rows in the list; null until its first page came. */
  readonly total: number | null;
  /** Page 0's answer: what the call sends besides rows (shared dialogues, dialogues without changes, voting runs). */
  readonly head: ApiResults[C] | undefined;
  /** Rows loaded from the top without a gap. */
  readonly loaded: number;
  /** The first failure among the pages shown. */
  readonly error: Error | null;
  /** The row at `index` if its page is loaded. */
  row(index: number): RowOf<C> | undefined;
  /** Where row `id` is among the loaded pages, or -1. */
  indexOf(id: string): number;
  /** The rows [first, last] are on screen: their pages are fetched and kept; the others are let go. */
  show(first: number, last: number): void;
  /** The row at `index` (of this list, or of the list `args` name), fetching its page when it is not loaded. */
  fetchRow(index: number, args?: ListArgs<C>): Promise<RowOf<C> | undefined>;
}

export interface PagedRowsOptions {
  /** Rows per page (the call's limit). */
  pageSize: number;
  /** False: no page is fetched (the list is not shown). */
  enabled?: boolean;
}

function pageQuery<C extends PagedCall>(api: Api, call: C, args: ListArgs<C>, list: string, page: number, pageSize: number) {
  return {
    queryKey: pageKey(call, list, page),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api.call(call, { ...args, offset: page * pageSize, limit: pageSize } as ApiArgs<C>, { signal }) as Promise<ApiResults[C]>,
  };
}

/** The row at `index` of the list `args` name, through the query cache (its page fetched once, shared with the list). */
export async function fetchPagedRow<C extends PagedCall>(
  qc: QueryClient,
  api: Api,
  call: C,
  args: ListArgs<C>,
  index: number,
  pageSize: number,
): Promise<RowOf<C> | undefined> {
  const page = Math.floor(index / pageSize);
  const data = await qc.fetchQuery(pageQuery(api, call, args, listId(call, args), page, pageSize));
  return SHAPES[call].rows(data)[index - page * pageSize];
}

/**
 * The first row from index `from` on, stepping by `delta` (1 down, -1 up),
 * that `skip` does not pass over (all rows when there is none), its page
 * fetched when it is not loaded; null when the list ends first. Rejects when
 * a page cannot be fetched. (The suspects queue: the next one not annotated.)
 */
export async function findRow<C extends PagedCall>(
  rows: PagedRows<C>,
  from: number,
  delta: 1 | -1,
  skip?: (row: RowOf<C>) => boolean,
): Promise<{ index: number; row: RowOf<C> } | null> {
  for (let k = from; k >= 0 && (rows.total === null || k < rows.total); k += delta) {
    const row = rows.row(k) ?? (await rows.fetchRow(k));
    if (!row) return null;
    if (!skip?.(row)) return { index: k, row };
  }
  return null;
}

/** The pages to observe for the window of pages [first, last] of a list of `total` rows (unknown: page 0 only): page 0 (it carries the total) and the window's, clamped to the list. */
export function windowPages(first: number, last: number, total: number | null, pageSize: number): number[] {
  if (total === null) return [0];
  const lastPage = Math.max(0, Math.ceil(total / pageSize) - 1);
  const out = [0];
  for (let p = Math.max(1, Math.min(first, lastPage)); p <= Math.min(last, lastPage); p++) out.push(p);
  return out;
}

export function usePagedRows<C extends PagedCall>(call: C, args: ListArgs<C> | null, opts: PagedRowsOptions): PagedRows<C> {
  const api = useApi();
  const qc = useQueryClient();
  const { pageSize, enabled = true } = opts;
  const shape = SHAPES[call] as PagedShape<C>;
  const list = args ? listId(call, args) : null;
  // The window in pages: state changes only when the rows shown cross a page boundary.
  const [win, setWin] = useState<{ first: number; last: number }>({ first: 0, last: 0 });

  const head = list === null ? undefined : qc.getQueryData<ApiResults[C]>(pageKey(call, list, 0));
  const total = head ? shape.total(head) : null;
  const wanted = list !== null && enabled ? windowPages(win.first, win.last, total, pageSize) : [];
  const results = useQueries({ queries: wanted.map((p) => pageQuery(api, call, args!, list!, p, pageSize)) });
  const error = results.find((r) => r.error)?.error ?? null;
  useStaleRefresh(error);
  // Re-derive when any page shown changes (an answer, a failure, a refetch).
  const version = results.map((r) => `${r.dataUpdatedAt}:${r.errorUpdatedAt}`).join(',');

  const show = useCallback(
    (first: number, last: number) => {
      const f = Math.floor(Math.max(0, first) / pageSize);
      const l = Math.floor(Math.max(0, last, first) / pageSize);
      setWin((w) => (w.first === f && w.last === l ? w : { first: f, last: l }));
    },
    [pageSize, setWin],
  );

  const fetchRow = useCallback(
    (index: number, other?: ListArgs<C>) => {
      const a = other ?? args;
      return a ? fetchPagedRow(qc, api, call, a, index, pageSize) : Promise.resolve(undefined);
    },
    // args is keyed by its list id: a new object naming the same list is the same list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [qc, api, call, list, pageSize],
  );

  return useMemo((): PagedRows<C> => {
    const pageOf = (page: number): ApiResults[C] | undefined =>
      list === null ? undefined : qc.getQueryData<ApiResults[C]>(pageKey(call, list, page));
    const headPage = pageOf(0);
    let loaded = 0;
    if (headPage) {
      for (let p = 0; ; p++) {
        const d = pageOf(p);
        if (!d) break;
        const n = shape.rows(d).length;
        loaded += n;
        if (n < pageSize) break;
      }
    }
    return {
      call,
      list,
      pageSize,
      total: headPage ? shape.total(headPage) : null,
      head: headPage,
      loaded,
      error,
      row: (index) => {
        if (index < 0) return undefined;
        const page = pageOf(Math.floor(index / pageSize));
        return page ? shape.rows(page)[index % pageSize] : undefined;
      },
      indexOf: (id) => {
        if (list === null) return -1;
        for (const q of qc.getQueryCache().findAll({ queryKey: pagesOf(call, list) })) {
          const data = q.state.data as ApiResults[C] | undefined;
          if (!data) continue;
          const i = shape.rows(data).findIndex((r) => shape.id(r) === id);
          if (i >= 0) return (q.queryKey[3] as number) * pageSize + i;
        }
        return -1;
      },
      show,
      fetchRow,
    };
    // `version` stands for the pages' data, read from the cache above.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [call, list, pageSize, version, error, show, fetchRow, qc, shape]);
}
