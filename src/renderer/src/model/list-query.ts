// Layer: renderer (pure module). The dialogue list's query (sort and filter)
// and the labels of the sort keys.

import type { SortKey } from '../../../shared/api';
import { METRIC_IDS } from '../../../shared/metrics/registry';

export interface ListFilter {
  domain?: string;
  mistakesOnly?: boolean;
  search?: string;
}

export interface ListQuery {
  sort: { key: SortKey; descending: boolean };
  filter: ListFilter;
}

/**
 * The sort keys in menu order: every metric of the registry between the
 * dialogue's own keys and the derived ones. The same list as api.ts's
 * SORT_KEYS (a unit test keeps them equal), built here so the renderer
 * bundle does not pull in zod's schemas.
 */
export const LIST_SORT_KEYS: readonly SortKey[] = ['position', 'id', 'turns', ...METRIC_IDS, 'disagreement', 'mistakes'];

const LABELS: Record<string, string> = { position: 'file order', disagreement: '|FGA − GCA|' };

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
  return key === 'disagreement' || key === 'mistakes' || key === 'turns';
}

export function queryKey(q: ListQuery): string {
  return JSON.stringify([q.sort.key, q.sort.descending, apiFilter(q.filter)]);
}
