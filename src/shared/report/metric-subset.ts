// Layer: shared (pure TS). Which metric columns a table keeps — the one rule
// behind the CLI's `--metrics` (compare, score, analyze --position) and the
// app's column chooser for Copy LaTeX / Markdown and Save CSV / JSON. A
// subset is a list of metric ids (JGA, FGA: every λ), column keys of a
// variant (FGA_0.5) and GCA's parts (VP, VR, LP, LR); a column is kept when
// its metric id or its key is listed; GCA's parts are read-outs beside the
// metrics, so a subset of parts alone is refused. Columns that are no
// metric's (run, turns, dialogues, …) are always kept. Order: the table's.

import type { MetricConfig } from '../metrics/config';
import { metricColumns } from './rows';
import type { MetricTag, Table } from './tables';

/** GCA's parts (precision and recall of values and labels): shown beside the metrics, kept only when a subset names them. */
export const GCA_PARTS = ['VP', 'VR', 'LP', 'LR'] as const;

/** The tags of GCA's parts. */
export const PART_TAGS: readonly MetricTag[] = GCA_PARTS.map((k) => ({ id: k, key: k, part: true }));

/** Every metric column of a config (FGA once per λ) and GCA's parts, as tags: what a subset may name. */
export function metricTags(config: MetricConfig): MetricTag[] {
  return [...metricColumns(config).map((c): MetricTag => ({ id: c.metric, key: c.key })), ...PART_TAGS];
}

/** A --metrics list: "JGA, FGA_0.5,GCA" → ["JGA", "FGA_0.5", "GCA"] (empty items dropped). */
export function parseMetricList(text: string): string[] {
  return text
    .split(',')
    .map((m) => m.trim())
    .filter((m) => m !== '');
}

/** Whether a subset keeps a metric column (null: no subset, every column). */
export function keepsMetric(tag: MetricTag, wanted: readonly string[] | null): boolean {
  return wanted === null || wanted.includes(tag.id) || wanted.includes(tag.key);
}

/**
 * Throws a RangeError when `wanted` is no subset of `known` (metric tags: a
 * config's metricTags, say): nothing given, an id that names no column (with
 * the known ones), or only GCA's parts.
 */
export function checkMetricSubset(known: readonly MetricTag[], wanted: readonly string[]): void {
  const names = [...new Set(known.flatMap((t) => [t.id, t.key]))];
  const bad = wanted.filter((w) => !names.includes(w));
  if (wanted.length === 0) throw new RangeError('no metric given');
  if (bad.length === 0 && wanted.every((w) => known.some((t) => t.part && (t.id === w || t.key === w))))
    throw new RangeError(
      `${wanted.join(', ')} ${wanted.length > 1 ? 'are' : 'is'} shown beside the metrics, with no interval or test of ${wanted.length > 1 ? 'their' : 'its'} own: give at least one metric too (e.g. GCA,${wanted.join(',')})`,
    );
  if (bad.length)
    throw new RangeError(
      `unknown metric${bad.length > 1 ? 's' : ''} ${bad.map((b) => JSON.stringify(b)).join(', ')}; known: ${names.join(', ')}`,
    );
}

/**
 * The table with only the metric columns the subset keeps (null: as it is).
 * A table that had metric columns and would keep none is refused with a
 * RangeError naming what it has, rather than written without any number.
 */
export function subsetTable(t: Table, wanted: readonly string[] | null): Table {
  if (wanted === null) return t;
  const tagged = t.columns.filter((c) => c.metric);
  if (tagged.length === 0) return t;
  const columns = t.columns.filter((c) => !c.metric || keepsMetric(c.metric, wanted));
  if (!columns.some((c) => c.metric && !c.metric.part)) {
    const has = [...new Set(tagged.filter((c) => !c.metric!.part).map((c) => c.metric!.key))];
    throw new RangeError(`none of the chosen metrics (${wanted.join(', ')}) is in this table; it has ${has.join(', ')}`);
  }
  return { ...t, columns };
}
