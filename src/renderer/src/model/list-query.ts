// Layer: renderer (pure module). The queries of the two long lists — the
// inspect view's dialogue list (sort and filter) and the compare view's pair
// list — the labels of the dialogue list's sort keys, and the arguments each
// query gives its paged API call.

import type { PairFilter, PairSortKey, SortKey } from '../../../shared/api';
import { SORT_KEYS } from '../../../shared/calls/sort-keys';
import type { MetricConfig } from '../../../shared/metrics/config';
import type { Slice } from '../../../shared/analysis/slices';

export interface ListFilter {
  domain?: string;
  mistakesOnly?: boolean;
  search?: string;
}

export interface ListQuery {
  sort: { key: SortKey; descending: boolean };
  filter: ListFilter;
}

/** The sort keys in menu order: the API's (every metric of the registry between the dialogue's own keys and the derived ones). */
export const LIST_SORT_KEYS: readonly SortKey[] = SORT_KEYS;

const LABELS: Partial<Record<SortKey, string>> = {
  position: 'file order',
  disagreement: '|FGA − GCA|',
  confidentWrong: 'confident but wrong',
};

export function sortLabel(key: SortKey): string {
  return LABELS[key] ?? key;
}

export const DEFAULT_QUERY: ListQuery = { sort: { key: 'position', descending: false }, filter: {} };

/** The filter as the API wants it: empty fields dropped, search trimmed (not cut: a cut could leave a quote open). */
export function apiFilter(f: ListFilter): ListFilter {
  const out: ListFilter = {};
  if (f.domain) out.domain = f.domain;
  if (f.mistakesOnly) out.mistakesOnly = true;
  const s = f.search?.trim();
  if (s) out.search = s; // the list refuses a longer search than MAX_SEARCH with a message (search-query.ts), never cuts it
  return out;
}

/** Sorting by a score: the natural first direction (worst first for scores, most for counts). */
export function defaultDescending(key: SortKey): boolean {
  return key === 'disagreement' || key === 'mistakes' || key === 'turns' || key === 'confidentWrong';
}

/** The dialogue list's arguments (dialoguePage without its window): equal for queries that show the same list. */
export function dialogueListArgs(ref: { run: string; rev: number }, config: MetricConfig, q: ListQuery) {
  return { ...ref, config, sort: q.sort, filter: apiFilter(q.filter) };
}

/** The pair list's query: B − A on a metric (or file order, id, length, one-sided turns), at turn level "A right, B wrong" and the like. */
export interface PairQuery {
  sort: { key: PairSortKey; metric: string; descending: boolean };
  /** slice: only the dialogues with a turn in a slice of the "where do runs differ most" finder. */
  filter: { turns: PairFilter; search: string; slice?: Slice | null };
}

export const DEFAULT_PAIR_QUERY: PairQuery = {
  sort: { key: 'diff', metric: 'JGA', descending: true },
  filter: { turns: 'all', search: '' },
};

type Ref = { run: string; rev: number };

/** The pair list's arguments (comparePage without its window); `others`: more runs whose values each row carries. */
export function pairListArgs(a: Ref, b: Ref, config: MetricConfig, q: PairQuery, others: readonly Ref[] = []) {
  return {
    a,
    b,
    config,
    sort: q.sort,
    filter: { turns: q.filter.turns, search: q.filter.search || undefined, ...(q.filter.slice ? { slice: q.filter.slice } : {}) },
    ...(others.length ? { others: [...others] } : {}),
  };
}
