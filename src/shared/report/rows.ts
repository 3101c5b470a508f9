// Layer: shared (pure TS). The rows every report format prints: one per model
// file (corpus) or per dialogue, and the columns: every metric of the registry
// (one per variant, e.g. FGA per λ), in the papers' Table-2 order.

import type { MetricConfig } from '../metrics/config';
import type { ScoreValue } from '../metrics/contract';
import type { DialogueResult } from '../metrics/evaluate';
import { METRICS, metricById } from '../metrics/registry';
import type { Scores } from '../metrics/state';
import { metricValue } from '../metrics/values';
import { percent2 } from './round';

export interface ReportRow {
  label: string;
  turns: number;
  values: Readonly<Record<string, ScoreValue>>;
  TO?: number | null;
  NU?: number | null;
}

export interface Column {
  /** Metric id and variant (FGA: the λ key). */
  metric: string;
  variant?: string;
  header: string;
  latex: string;
  /** CSV / JSON name: the id, or FGA_<λ>. */
  key: string;
  /** The metric's place in METRICS (its state row offset is layout.offsets[index]) and the variant's place in its variants (0 without). */
  index: number;
  variantIndex: number;
  get: (r: ReportRow) => number | null;
}

/** A column key's header as tables print it: FGA_0.5 → "FGA λ=0.5" (LaTeX: FGA$_{\lambda=0.5}$); other keys as they are. */
export function headerOfKey(key: string): { header: string; latex?: string } {
  const m = /^([A-Za-z0-9]+)_(.+)$/.exec(key);
  if (!m || !metricById(m[1])) return { header: key };
  return { header: `${m[1]} λ=${m[2]}`, latex: `${m[1]}$_{\\lambda=${m[2]}}$` };
}

/** One column per metric and variant (FGA once per λ), in registry order. */
export function metricColumns(config: MetricConfig, ids?: readonly string[]): Column[] {
  const out: Column[] = [];
  for (const m of ids ? ids.map((id) => metricById(id)).filter((x) => x !== undefined) : METRICS) {
    const variants = m.variants(config);
    const index = METRICS.indexOf(m);
    if (!variants) {
      out.push({ metric: m.id, header: m.id, latex: m.id, key: m.id, index, variantIndex: 0, get: (r) => metricValue(r.values, m.id) });
      continue;
    }
    for (const [variantIndex, v] of variants.entries()) {
      out.push({
        metric: m.id,
        variant: v,
        index,
        variantIndex,
        header: `${m.id} λ=${v}`,
        latex: `${m.id}$_{\\lambda=${v}}$`,
        key: `${m.id}_${v}`,
        get: (r) => metricValue(r.values, m.id, v),
      });
    }
  }
  return out;
}

/** The read-outs reported beside the metrics (GCA's VP, VR, LP, LR and counts C, W, M, O), flattened. */
export function detailColumns(values: Readonly<Record<string, ScoreValue>>): { key: string; get: (r: ReportRow) => number | null }[] {
  const ids = new Set(METRICS.map((m) => m.id));
  const out: { key: string; get: (r: ReportRow) => number | null }[] = [];
  for (const [k, v] of Object.entries(values)) {
    if (ids.has(k)) continue;
    if (v === null || typeof v === 'number') out.push({ key: k, get: (r) => (r.values[k] as number | null | undefined) ?? null });
    else
      for (const sub of Object.keys(v))
        out.push({ key: sub, get: (r) => (r.values[k] as Record<string, number> | undefined)?.[sub] ?? null });
  }
  return out;
}

export function corpusRow(label: string, s: Scores): ReportRow {
  return { label, turns: s.turns, values: s.values };
}

export function dialogueRow(d: DialogueResult): ReportRow {
  return { label: d.id, turns: d.turns, values: d.values, TO: d.TO, NU: d.NU };
}

/** Percentage with 2 decimals, rounded as the papers' scripts round; "–" for undefined. */
export function pct(x: number | null): string {
  return x === null ? '–' : percent2(x);
}
