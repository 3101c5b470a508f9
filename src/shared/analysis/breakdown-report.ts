// Layer: shared (pure TS). The breakdowns as reports: the JSON of
// `score --by` (the corpus keys per group under "groups", and per-group
// deltas against a baseline run) and the one Table model (report/tables.ts)
// every other format, the analysis view and its exports are made from.
// Several runs give one row per (group, run) with Δ columns against the
// baseline, each header naming what is subtracted ("ΔJGA (A − B)").

import type { MetricConfig } from '../metrics/config';
import { renderSignature } from '../metrics/signature';
import type { Scores } from '../metrics/state';
import { flatScores } from '../report/json';
import { metricColumns, type ReportRow } from '../report/rows';
import type { MetricTag, Table, TableColumn, TableRow } from '../report/tables';
import type { DomainBreakdown } from './domain-breakdown';
import type { SlotBreakdown, SlotGroup } from './slot-breakdown';

export type Breakdown = DomainBreakdown | SlotBreakdown;

/** One group's report: the corpus keys of its scores (domain) or its slot counts (slot). */
export function groupJson(b: Breakdown, i: number): Record<string, unknown> {
  if (b.by === 'domain') {
    const g = b.groups[i];
    return { ...flatScores(g.scores), K: g.K };
  }
  const { group: _group, ...rest } = b.groups[i];
  return rest;
}

/** The numbers a delta is taken of, per group: every metric (and variant) of a domain group; precision, recall and F1 of a slot. */
function deltaValues(b: Breakdown, i: number, config: MetricConfig): Record<string, number | null> {
  if (b.by === 'domain') {
    const row: ReportRow = { label: '', turns: 0, values: b.groups[i].scores.values };
    return Object.fromEntries(metricColumns(config).map((c) => [c.key, c.get(row)]));
  }
  const g = b.groups[i];
  return { precision: g.precision, recall: g.recall, F1: g.F1 };
}

/** Per group present in both: value − baseline value (null where either is undefined). */
export function breakdownDeltas(b: Breakdown, baseline: Breakdown, config: MetricConfig): Record<string, Record<string, number | null>> {
  const out: Record<string, Record<string, number | null>> = {};
  const base = new Map(baseline.groups.map((g, i) => [g.group, deltaValues(baseline, i, config)]));
  b.groups.forEach((g, i) => {
    const other = base.get(g.group);
    if (!other) return;
    const mine = deltaValues(b, i, config);
    out[g.group] = Object.fromEntries(
      Object.entries(mine).map(([k, v]) => [k, v === null || other[k] === null || other[k] === undefined ? null : v - other[k]!]),
    );
  });
  return out;
}

/** The JSON report of `score --by`: the run's corpus scores and its groups (and deltas against a baseline, for a second run). */
export function breakdownJson(
  b: Breakdown,
  corpus: Scores,
  opts: { file?: string; baseline?: { file: string; b: Breakdown }; config: MetricConfig },
): Record<string, unknown> {
  const out: Record<string, unknown> = { signature: renderSignature(b.signature) };
  if (opts.file !== undefined) out.file = opts.file;
  out.corpus = flatScores(corpus);
  out.by = b.by;
  if (b.by === 'domain') out.domainTurns = b.turns;
  out.groups = Object.fromEntries(b.groups.map((g, i) => [g.group, groupJson(b, i)]));
  if (opts.baseline) {
    out.baseline = opts.baseline.file;
    out.deltas = breakdownDeltas(b, opts.baseline.b, opts.config);
  }
  return out;
}

export interface BreakdownEntry {
  /** The run's name (file or run label). */
  name: string;
  b: Breakdown;
}

function confusionText(g: SlotGroup, top: number): string {
  return g.confusions
    .slice(0, top)
    .map((c) => `${c.gold} → ${c.pred} ×${c.count}`)
    .join('; ');
}

/**
 * The breakdown of one or more runs as a table: one row per group (and run,
 * when there are several), the groups in the first run's order. With a
 * baseline, Δ columns hold each row's difference from the baseline's group
 * (empty on the baseline's own rows): row's run − baseline, named in each Δ
 * header (the run's name when only one run is compared with the baseline).
 */
export function breakdownTable(entries: BreakdownEntry[], config: MetricConfig, baseline?: BreakdownEntry): Table {
  const by = entries[0].b.by;
  const withRun = entries.length > 1 || baseline !== undefined;
  const columns: TableColumn[] = [{ key: 'group', header: by === 'domain' ? 'Domain' : 'Slot', kind: 'label' }];
  if (withRun) columns.push({ key: 'run', header: 'Run', kind: 'text' });
  const deltaKeys: { key: string; header: string; latex: string; metric?: MetricTag }[] = [];
  if (by === 'domain') {
    const perDomainK = entries.some(
      (e) => e.b.by === 'domain' && e.b.signature.parts.some((p) => p.key === 'SA' && / per domain|of the domain/.test(p.text)),
    );
    columns.push({ key: 'dialogues', header: 'dialogues', kind: 'count' }, { key: 'turns', header: 'turns', kind: 'count' });
    if (perDomainK) columns.push({ key: 'K', header: 'K', kind: 'count' });
    for (const c of metricColumns(config)) {
      const metric = { id: c.metric, key: c.key };
      columns.push({ key: c.key, header: c.header, latex: c.latex, kind: 'percent', metric });
      deltaKeys.push({ key: c.key, header: c.header, latex: c.latex, metric });
    }
  } else {
    columns.push(
      { key: 'turns', header: 'turns', kind: 'count' },
      { key: 'correct', header: 'correct', kind: 'count' },
      { key: 'wrong', header: 'wrong', kind: 'count' },
      { key: 'missed', header: 'missed', kind: 'count' },
      { key: 'overshot', header: 'overshot', kind: 'count' },
      { key: 'precision', header: 'P', kind: 'percent' },
      { key: 'recall', header: 'R', kind: 'percent' },
      { key: 'F1', header: 'F1', kind: 'percent' },
      { key: 'C', header: 'C', kind: 'count' },
      { key: 'W', header: 'W', kind: 'count' },
      { key: 'M', header: 'M', kind: 'count' },
      { key: 'O', header: 'O', kind: 'count' },
      { key: 'confusions', header: 'most frequent confusions (gold → pred)', kind: 'text' },
    );
    deltaKeys.push(
      { key: 'precision', header: 'P', latex: 'P' },
      { key: 'recall', header: 'R', latex: 'R' },
      { key: 'F1', header: 'F1', latex: 'F1' },
    );
  }
  const others = baseline ? entries.filter((e) => e.b !== baseline.b) : [];
  const minuend = others.length === 1 ? others[0].name : 'run';
  if (baseline) {
    for (const d of deltaKeys) {
      // On screen and in Markdown the header names both runs; LaTeX and CSV keep it short (a paper's column
      // cannot wrap; CSV headers are keys) and say the subtraction in the note below the table.
      const header = `Δ${d.header} (${minuend} − ${baseline.name})`;
      columns.push({ key: `delta_${d.key}`, header, latex: `$\\Delta$${d.latex}`, kind: 'delta', metric: d.metric });
    }
  }

  const order: string[] = [];
  for (const e of entries) for (const g of e.b.groups) if (!order.includes(g.group)) order.push(g.group);
  const deltas = entries.map((e) => (baseline && e.b !== baseline.b ? breakdownDeltas(e.b, baseline.b, config) : null));
  const rows: TableRow[] = [];
  for (const group of order) {
    for (const [k, e] of entries.entries()) {
      const i = e.b.groups.findIndex((g) => g.group === group);
      if (i < 0) continue;
      const cells: Record<string, string | number | null> = { group };
      if (withRun) cells.run = e.name;
      if (e.b.by === 'domain') {
        const g = e.b.groups[i];
        cells.dialogues = g.scores.dialogues;
        cells.turns = g.scores.turns;
        cells.K = g.K;
        Object.assign(cells, deltaValues(e.b, i, config));
      } else {
        const g = e.b.groups[i];
        Object.assign(cells, {
          turns: g.turns,
          correct: g.correct,
          wrong: g.wrong,
          missed: g.missed,
          overshot: g.overshot,
          precision: g.precision,
          recall: g.recall,
          F1: g.F1,
          ...g.counts,
          confusions: confusionText(g, 3),
        });
      }
      const d = deltas[k]?.[group];
      if (d) for (const dk of deltaKeys) cells[`delta_${dk.key}`] = d[dk.key] ?? null;
      rows.push({ cells });
    }
  }
  const notes: string[] = [];
  if (by === 'domain') {
    const turns = entries[0].b.by === 'domain' ? entries[0].b.turns : 'active';
    notes.push(
      turns === 'active'
        ? 'Each domain: states restricted to its slots, over the turns where it is active in gold.'
        : 'Each domain: states restricted to its slots, over every turn of the dialogues that mention it in gold.',
    );
  } else notes.push('State-level classes per turn (belief sets); C, W, M, O: GCA counts of the slot’s changes.');
  if (baseline) notes.push(`Δ = ${others.length === 1 ? minuend : "the row's run"} − ${baseline.name}, in percentage points.`);
  return { columns, rows, signature: renderSignature(entries[0].b.signature), notes };
}
