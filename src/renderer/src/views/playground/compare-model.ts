// Layer: renderer (pure module). The A/B comparison of two playground
// dialogues: every metric of the registry for A and B (FGA with the config's
// first λ), the difference B − A in percentage points, and which side each
// metric prefers — so the GCA paper's point (JGA, FGA and RSA prefer one
// prediction, GCA sees them as equal) is one row of text.

import type { DialogueDetail } from '../../../../shared/api';
import type { MetricConfig } from '../../../../shared/metrics/config';
import { HEADLINE_IDS, METRICS } from '../../../../shared/metrics/registry';
import { gcaCountsOf, metricValue } from '../../../../shared/metrics/values';
import { fixed2 } from '../../../../shared/report/round';

export interface CompareRow {
  metric: string;
  a: number | null;
  b: number | null;
  /** B − A as a fraction; null when either is undefined. */
  delta: number | null;
  prefers: 'A' | 'B' | 'tie' | null;
}

/** The headline metrics first (the papers' order), then the rest of the registry. */
export function metricOrder(): string[] {
  return [...HEADLINE_IDS, ...METRICS.map((m) => m.id).filter((id) => !HEADLINE_IDS.includes(id))];
}

/** Differences below this are ties (the values are ratios of small integers; float noise is far smaller). */
const TIE = 1e-12;

export function compareRows(a: DialogueDetail, b: DialogueDetail, config: MetricConfig): CompareRow[] {
  return metricOrder().map((metric) => {
    const va = metricValue(a.values, metric, config);
    const vb = metricValue(b.values, metric, config);
    const delta = va === null || vb === null ? null : vb - va;
    const prefers = delta === null ? null : Math.abs(delta) <= TIE ? 'tie' : delta > 0 ? 'B' : 'A';
    return { metric, a: va, b: vb, delta, prefers };
  });
}

/** B − A in percentage points with a sign: "+8.33", "−83.33", "0.00". */
export function deltaText(delta: number | null): string {
  if (delta === null || !Number.isFinite(delta)) return '—';
  if (Math.abs(delta) <= TIE) return '0.00';
  return `${delta > 0 ? '+' : '−'}${fixed2(Math.abs(delta) * 100)}`;
}

/** "JGA, FGA, RSA prefer A · GCA: tie · …" */
export function verdict(rows: readonly CompareRow[]): string {
  const by = (p: CompareRow['prefers']) => rows.filter((r) => r.prefers === p).map((r) => r.metric);
  const parts: string[] = [];
  const a = by('A');
  const b = by('B');
  const t = by('tie');
  if (a.length) parts.push(`${a.join(', ')} prefer${a.length === 1 ? 's' : ''} A`);
  if (b.length) parts.push(`${b.join(', ')} prefer${b.length === 1 ? 's' : ''} B`);
  if (t.length) parts.push(`${t.join(', ')}: tie`);
  return parts.join(' · ');
}

export function countsText(d: DialogueDetail): string {
  const c = gcaCountsOf(d.values);
  return `C ${c.C} · W ${c.W} · M ${c.M} · O ${c.O}`;
}
