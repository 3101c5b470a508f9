// Layer: shared (pure TS). Reading metric values out of Scores and turn
// records: one number per (metric, variant), whatever the metric's shape.

import { lambdaKey, type MetricConfig } from './config';
import type { ScoreValue } from './contract';
import type { GcaCounts } from './defs/gca';

/**
 * The number of metric `id` in `values`: for a metric with variants (FGA) the
 * variant `variant` (default: the config's first λ). null when undefined.
 */
export function metricValue(values: Readonly<Record<string, ScoreValue>>, id: string, variant?: string | MetricConfig): number | null {
  const v = values[id];
  if (v === undefined || v === null || typeof v === 'number') return v ?? null;
  const key = typeof variant === 'string' ? variant : variant ? lambdaKey(variant.lambdas[0]) : Object.keys(v)[0];
  const x = v[key];
  return x === undefined || Number.isNaN(x) ? null : x;
}

/** A metric value that is defined (JGA, SA, RSA, GCA are always); throws otherwise. */
export function metricNumber(values: Readonly<Record<string, ScoreValue>>, id: string, variant?: string | MetricConfig): number {
  const v = metricValue(values, id, variant);
  if (v === null) throw new Error(`metric ${id} is undefined here`);
  return v;
}

/** GCA's counts C, W, M, O as reported beside its score. */
export function gcaCountsOf(values: Readonly<Record<string, ScoreValue>>): GcaCounts {
  const c = values.counts as GcaCounts | undefined;
  return c ? { C: c.C, W: c.W, M: c.M, O: c.O } : { C: 0, W: 0, M: 0, O: 0 };
}

/**
 * True when GCA counted no change at all (C = W = M = O = 0: every state of
 * the dialogue, gold and predicted, is empty). GCA is then undefined — no
 * precision or recall exists — and the spec's reference behaviour reports it
 * as 0; reports keep that 0 and add this flag, and the app shows "no changes".
 */
export function hasNoChanges(values: Readonly<Record<string, ScoreValue>>): boolean {
  const c = gcaCountsOf(values);
  return c.C === 0 && c.W === 0 && c.M === 0 && c.O === 0;
}

/** The same test on a state row: GCA's four counts C, W, M, O at `at` (its offset in the row) all 0. */
export function noChangesAt(states: ArrayLike<number>, at: number): boolean {
  return states[at] === 0 && states[at + 1] === 0 && states[at + 2] === 0 && states[at + 3] === 0;
}

/** Sort keys under which a dialogue without any change has no value (GCA and |FGA − GCA|): it sorts last there. */
export const NO_CHANGE_KEYS: ReadonlySet<string> = new Set(['GCA', 'disagreement']);
