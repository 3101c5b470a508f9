// Layer: renderer (pure module, no React). How numbers are written in the UI:
// corpus and dialogue scores as percentages with 2 decimals, per-turn values
// as fractions with 2 decimals (JGA as 0/1), counts with a sign.

import type { MetricConfig } from '../../../shared/metrics/config';
import type { TurnRecord } from '../../../shared/metrics/evaluate';
import { metricValue } from '../../../shared/metrics/values';
import { percent2 } from '../../../shared/report/round';

/** 0.3142857 → "31.43"; null/NaN → "—". */
export function pct(x: number | null | undefined): string {
  if (x === null || x === undefined || !Number.isFinite(x)) return '—';
  return percent2(x);
}

/** A per-turn value in [0, 1] → "0.39"; null → "—". */
export function frac(x: number | null | undefined): string {
  if (x === null || x === undefined || !Number.isFinite(x)) return '—';
  return x.toFixed(2);
}

export const TURN_METRICS = ['JGA', 'FGA', 'RSA', 'GCA'] as const;
export type TurnMetric = (typeof TURN_METRICS)[number];

/** The value a turn contributes to a metric (GCA: the running value). */
export function turnMetricValue(rec: TurnRecord, metric: TurnMetric, config: MetricConfig): number {
  if (metric === 'GCA') return rec.gcaRunning;
  return metricValue(rec.values, metric, config) ?? Number.NaN;
}

/** The text the side panel shows for a turn's metric; `running` is the turn's running GCA for display (runningGca: null before the first change). */
export function turnMetricText(rec: TurnRecord, metric: TurnMetric, config: MetricConfig, running?: number | null): string {
  if (metric === 'GCA' && running !== undefined) return frac(running);
  const v = turnMetricValue(rec, metric, config);
  return metric === 'JGA' ? String(v) : frac(v);
}

/** GCA's per-turn counts as "+1C +1M", or "·" when the turn changed nothing. */
export function gcaDeltaText(rec: TurnRecord): string {
  const parts: string[] = [];
  for (const k of ['C', 'W', 'M', 'O'] as const) if (rec.gca[k] > 0) parts.push(`+${rec.gca[k]}${k}`);
  return parts.length ? parts.join(' ') : '·';
}

/** Compact count: 1234 → "1,234". */
export function count(n: number): string {
  return n.toLocaleString('en-US');
}
