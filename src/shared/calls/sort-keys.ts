// Layer: shared (pure TS, no zod: the renderer's list imports it). What the
// dialogue list sorts by: the dialogue's own keys, every metric of the
// registry, and the keys derived from several metrics. The API's dialoguePage
// schema (calls/inspect.ts) accepts exactly these.

import { METRIC_IDS } from '../metrics/registry';

/** The dialogue's own sort keys: file position, id, length. */
export const ROW_SORT_KEYS = ['position', 'id', 'turns'] as const;
/**
 * Sort keys derived from several metrics: |FGA − GCA| (first λ) and GCA's mistakes (M + W + O); and, for runs
 * with confidences, the dialogue's most confident wrong pair (analysis/calibration/confident-wrong.ts).
 */
export const DERIVED_SORT_KEYS = ['disagreement', 'mistakes', 'confidentWrong'] as const;

declare const metricSortKeyBrand: unique symbol;
/**
 * A metric id of the registry as a sort key (FGA: the config's first λ). The registry finds its metrics at build
 * time, so their ids are not known to the type checker: this brand marks a string checked against METRIC_IDS
 * (`metricSortKey`, `isSortKey`), which keeps SortKey a closed union rather than any string.
 */
export type MetricSortKey = string & { readonly [metricSortKeyBrand]: true };

/** What the dialogue list sorts by: the dialogue's own keys, any metric of the registry, or a derived key. */
export type SortKey = (typeof ROW_SORT_KEYS)[number] | MetricSortKey | (typeof DERIVED_SORT_KEYS)[number];

/** Every sort key, in menu order: the dialogue's own keys, the metrics in registry order, the derived keys. */
export const SORT_KEYS: readonly SortKey[] = [...ROW_SORT_KEYS, ...(METRIC_IDS as readonly MetricSortKey[]), ...DERIVED_SORT_KEYS];

export function isSortKey(key: unknown): key is SortKey {
  return typeof key === 'string' && (SORT_KEYS as readonly string[]).includes(key);
}

/** A metric's id as a sort key; throws for an id the registry does not have. */
export function metricSortKey(id: string): MetricSortKey {
  if (!METRIC_IDS.includes(id)) throw new Error(`no metric ${JSON.stringify(id)} to sort by: one of ${METRIC_IDS.join(', ')}`);
  return id as MetricSortKey;
}
