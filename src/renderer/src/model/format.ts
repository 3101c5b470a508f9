// Layer: renderer (pure module, no React). How numbers are written in the UI:
// corpus and dialogue scores as percentages with 2 decimals, per-turn values
// as fractions with 2 decimals (a binary headline metric, JGA, as 0/1),
// counts with a sign. The per-turn metrics are the registry's headline ones.

import type { MetricConfig } from '../../../shared/metrics/config';
import type { TurnRecord } from '../../../shared/metrics/evaluate';
import { HEADLINE_IDS, metricById, turnShown } from '../../../shared/metrics/registry';
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

/** The metrics shown per turn: the registry's headline metrics, by rank. */
export const TURN_METRICS: readonly string[] = HEADLINE_IDS;
export type TurnMetric = string;

function headline(metric: TurnMetric) {
  const m = metricById(metric);
  if (!m?.headline) throw new Error(`${metric} is not a headline metric (one of ${HEADLINE_IDS.join(', ')})`);
  return m;
}

/** The value a turn contributes to a metric (GCA: the running value). */
export function turnMetricValue(rec: TurnRecord, metric: TurnMetric, config: MetricConfig): number {
  return turnShown(rec, headline(metric), config);
}

/** The text the side panel shows for a turn's metric; `running` is the turn's running value for display (GCA's runningGca: null before the first change). */
export function turnMetricText(rec: TurnRecord, metric: TurnMetric, config: MetricConfig, running?: number | null): string {
  const m = headline(metric);
  if (m.headline?.running && running !== undefined) return frac(running);
  const v = turnShown(rec, m, config);
  return m.headline?.binary ? String(v) : frac(v);
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
