// Layer: shared (pure TS). Ordering dialogues by a metric, as the app's list
// and `score --per-dialogue --sort` do: metrics worst first (ascending),
// |FGA − GCA|, mistakes and turns largest first; ties in file order. Undefined
// values sort last in either direction: AGA and IAGA where gold is always
// empty, and GCA and |FGA − GCA| for a dialogue without any change (its
// reported GCA of 0 is no score).

import type { MetricConfig } from './config';
import { dialogueResult, type Evaluation } from './evaluate';
import { METRIC_IDS } from './registry';
import { gcaCountsOf, hasNoChanges, metricValue, NO_CHANGE_KEYS } from './values';

export { NO_CHANGE_KEYS };

/** What `score --sort` and the list sort by (besides file position and id). */
export const ORDER_KEYS: readonly string[] = [...METRIC_IDS, 'disagreement', 'mistakes', 'turns'];

/** Whether a key's natural first direction is descending (largest first). */
export function descendingByDefault(key: string): boolean {
  return key === 'disagreement' || key === 'mistakes' || key === 'turns';
}

/**
 * The dialogue indices of an evaluation in order of `key` (natural direction,
 * flipped by `reverse`), the first `top` of them when given.
 */
export function dialogueOrder(
  ev: Evaluation,
  key: string,
  opts: { reverse?: boolean; top?: number; config?: MetricConfig } = {},
): number[] {
  const n = ev.source.dialogueIds.length;
  const value = new Float64Array(n);
  for (let d = 0; d < n; d++) {
    const r = dialogueResult(ev, d);
    const undefinedHere = NO_CHANGE_KEYS.has(key) && hasNoChanges(r.values);
    let v: number | null;
    if (key === 'turns') v = r.turns;
    else if (key === 'mistakes') {
      const c = gcaCountsOf(r.values);
      v = c.M + c.W + c.O;
    } else if (key === 'disagreement') {
      const f = metricValue(r.values, 'FGA', opts.config ?? ev.config);
      const g = metricValue(r.values, 'GCA');
      v = f === null || g === null ? null : Math.abs(f - g);
    } else v = metricValue(r.values, key, opts.config ?? ev.config);
    value[d] = undefinedHere || v === null ? Number.NaN : v;
  }
  const sign = descendingByDefault(key) !== !!opts.reverse ? -1 : 1;
  const idx = Array.from({ length: n }, (_, d) => d);
  idx.sort((a, b) => {
    const x = value[a];
    const y = value[b];
    const xn = Number.isNaN(x);
    const yn = Number.isNaN(y);
    if (xn || yn) return xn && yn ? a - b : xn ? 1 : -1;
    return x === y ? a - b : x < y ? -sign : sign;
  });
  return opts.top === undefined ? idx : idx.slice(0, opts.top);
}
