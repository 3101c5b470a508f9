// Layer: shared (pure TS). The analysis view's other tables in the one Table
// model (report/tables.ts), so the CLI (`analyze`, `traits`), the screen and
// every export print the same rows with the same signature: turn position
// (values with bootstrap intervals), error origin (summary, root-cause turns
// and slots), a correlation matrix, and the spurious-trait correlations.

import { headerOfKey, metricColumns, type ReportRow } from '../report/rows';
import type { Table, TableColumn, TableRow } from '../report/tables';
import { renderSignature } from '../metrics/signature';
import type { MetricConfig } from '../metrics/config';
import type { CorrelationMatrix } from './correlations';
import type { ErrorOrigin } from './error-origin';
import type { TraitsView } from './traits-points';
import { hiddenNote, type TurnPosition } from './turn-position';
import { gcaCountsOf } from '../metrics/values';
import { maxOf, minOf } from '../arrays';

/** Turn position: one row per turn index (or length) with its counts and every metric, intervals on the banded ones. */
export function positionTable(p: TurnPosition, config: MetricConfig): Table {
  const cols = metricColumns(config);
  const columns: TableColumn[] = [
    { key: 'key', header: p.by === 'index' ? 'turn' : 'length', kind: 'count' },
    { key: 'dialogues', header: 'dialogues', kind: 'count' },
    { key: 'turns', header: 'turns', kind: 'count' },
    { key: 'changes', header: 'GCA changes', kind: 'count' },
    ...cols.map((c): TableColumn => ({
      key: c.key,
      header: c.header,
      latex: c.latex,
      kind: 'percent',
      metric: { id: c.metric, key: c.key },
    })),
  ];
  const rows: TableRow[] = p.buckets.map((b) => {
    const row: ReportRow = { label: '', turns: b.turns, values: b.values };
    const g = gcaCountsOf(b.values);
    const cells: TableRow['cells'] = { key: b.key, dialogues: b.dialogues, turns: b.turns, changes: g.C + g.W + g.M + g.O };
    for (const c of cols) {
      const band = b.bands[c.key];
      (cells as Record<string, unknown>)[c.key] = band ? { value: c.get(row), ci: band } : c.get(row);
    }
    return { cells };
  });
  const notes = [
    p.by === 'index'
      ? 'Each row: the corpus metrics of the turns with that index (as written in the file).'
      : 'Each row: the corpus metrics of the dialogues with that many turns.',
    'GCA changes: the changes GCA counts in the row (C + W + M + O); few changes make its value and interval rest on little.',
    p.banded.length
      ? `[lo, hi]: ${Math.round(p.level * 100)}% percentile bootstrap interval, ${p.replicates} resamples of the dialogues (seed ${p.seed}).`
      : '',
    hiddenNote(p) ?? '',
  ].filter(Boolean);
  return { columns, rows, signature: renderSignature(p.signature), notes };
}

/** Error origin, the summary: wrong turns split into fresh (type-1) and carried (type-2). */
export function originSummaryTable(o: ErrorOrigin): Table {
  const columns: TableColumn[] = [
    { key: 'what', header: 'wrong turns', kind: 'label' },
    { key: 'turns', header: 'turns', kind: 'count' },
    { key: 'share', header: 'share of wrong turns', kind: 'percent' },
    { key: 'jga', header: 'JGA lost (pp)', kind: 'percent' },
  ];
  const rows: TableRow[] = [
    { cells: { what: 'fresh (type-1)', turns: o.fresh, share: o.freshShare, jga: o.jgaLostFresh } },
    { cells: { what: 'carried (type-2)', turns: o.carried, share: o.carriedShare, jga: o.jgaLostCarried } },
    { cells: { what: 'all wrong turns', turns: o.wrong, share: o.wrong ? 1 : null, jga: o.turns ? o.wrong / o.turns : 0 } },
  ];
  const notes = [
    `${o.turns} turns; a fresh error poisons ${o.meanPoisoned === null ? '–' : o.meanPoisoned.toFixed(2)} later turns on average.`,
  ];
  return { columns, rows, signature: renderSignature(o.signature), notes };
}

/** The costliest fresh errors. */
export function rootTurnsTable(o: ErrorOrigin): Table {
  const columns: TableColumn[] = [
    { key: 'dialogue', header: 'dialogue', kind: 'label' },
    { key: 'turn', header: 'turn', kind: 'count' },
    { key: 'poisoned', header: 'turns poisoned', kind: 'count' },
    { key: 'cost', header: 'turns lost', kind: 'count' },
    { key: 'jga', header: 'JGA cost (pp)', kind: 'percent' },
    { key: 'slots', header: 'fresh slots (gold → pred)', kind: 'text' },
  ];
  const rows = o.rootTurns.map((r) => ({
    cells: {
      dialogue: r.dialogue,
      turn: r.turn,
      poisoned: r.poisoned,
      cost: r.cost,
      jga: r.jga,
      slots: r.slots.map((s) => `${s.slot}: ${s.gold ?? '∅'} → ${s.pred ?? '∅'}`).join('; '),
    },
  }));
  return {
    columns,
    rows,
    signature: renderSignature(o.signature),
    notes: ['turns lost: the fresh turn and the type-2 turns that carry its error.'],
  };
}

/** The slots whose fresh errors cost the most. */
export function rootSlotsTable(o: ErrorOrigin): Table {
  const columns: TableColumn[] = [
    { key: 'slot', header: 'slot', kind: 'label' },
    { key: 'fresh', header: 'fresh errors', kind: 'count' },
    { key: 'poisoned', header: 'turns poisoned', kind: 'number', decimals: 1 },
    { key: 'cost', header: 'turns lost', kind: 'number', decimals: 1 },
    { key: 'jga', header: 'JGA cost (pp)', kind: 'percent' },
    { key: 'share', header: 'share of wrong turns', kind: 'percent' },
    { key: 'worst', header: 'costliest error', kind: 'text' },
  ];
  const rows = o.rootSlots.map((s) => ({
    cells: {
      slot: s.slot,
      fresh: s.fresh,
      poisoned: s.poisoned,
      cost: s.cost,
      jga: s.jga,
      share: s.share,
      worst: `${s.worst.dialogue} turn ${s.worst.turn}`,
    },
  }));
  return {
    columns,
    rows,
    signature: renderSignature(o.signature),
    notes: ["A fresh error's turns lost are shared equally among its fresh slots."],
  };
}

/** A correlation matrix as a table: one row and one column per metric, n in the notes. */
export function correlationTable(m: CorrelationMatrix): Table {
  const columns: TableColumn[] = [
    {
      key: 'metric',
      header: m.method === 'pearson' ? "Pearson's r" : "Spearman's ρ",
      latex: m.method === 'pearson' ? '$r$' : '$\\rho$',
      kind: 'label',
    },
  ];
  for (const k of m.metrics) columns.push({ key: k, ...headerOfKey(k), kind: 'number', decimals: 3 });
  const rows = m.metrics.map((a, i) => ({
    cells: { metric: headerOfKey(a).header, ...Object.fromEntries(m.metrics.map((b, j) => [b, m.matrix[i][j]])) },
  }));
  const ns = m.n.flat();
  const lo = minOf(ns);
  const hi = maxOf(ns);
  const unit = m.level === 'turn' ? 'turns' : 'dialogues';
  const pairwise = m.level === 'turn' ? 'AGA and IAGA only where gold is not empty' : 'GCA only on dialogues with a change';
  return {
    columns,
    rows,
    signature: renderSignature(m.signature),
    notes: [lo === hi ? `n = ${hi} ${unit}.` : `n = ${lo}–${hi} ${unit} (pairwise: ${pairwise}).`],
  };
}

/** The GCA paper's spurious-trait correlations. */
export function traitsTable(t: TraitsView): Table {
  const columns: TableColumn[] = [
    { key: 'trait', header: 'trait', kind: 'label' },
    { key: 'rFGA', header: 'r(FGA)', kind: 'number', decimals: 3 },
    { key: 'rGCA', header: 'r(GCA)', kind: 'number', decimals: 3 },
    { key: 'difference', header: 'r(FGA) − r(GCA)', kind: 'number', decimals: 3 },
    { key: 'lower', header: '95% CI low (Zou)', kind: 'number', decimals: 3 },
    { key: 'upper', header: '95% CI high', kind: 'number', decimals: 3 },
    { key: 'differ', header: 'differ?', kind: 'text' },
  ];
  const rows = t.analysis.correlations.map((c) => ({
    cells: {
      trait: c.trait,
      rFGA: c.withFGA,
      rGCA: c.withGCA,
      difference: c.difference?.difference ?? null,
      lower: c.difference?.lower ?? null,
      upper: c.difference?.upper ?? null,
      differ: c.difference ? (c.difference.significant ? 'yes' : 'no') : null,
    },
  }));
  const a = t.analysis;
  return {
    columns,
    rows,
    signature: renderSignature(t.signature),
    notes: [
      `${a.dialogues} dialogues, ${a.dropped} dropped (FGA = GCA = 100, or no mistakes), ${a.kept} kept (|FGA_z − GCA_z| ≥ ${t.threshold}); r(FGA, GCA) = ${a.fgaGca === null ? '–' : a.fgaGca.toFixed(3)}; FGA with λ = ${t.lambda}.`,
    ],
  };
}

/** The JSON of `traits --format json`. */
export function traitsJson(t: TraitsView, file?: string): Record<string, unknown> {
  const a = t.analysis;
  return {
    signature: renderSignature(t.signature),
    ...(file !== undefined ? { file } : {}),
    lambda: t.lambda,
    dialogues: a.dialogues,
    dropped: a.dropped,
    /** Of the dropped, the dialogues without any change (GCA undefined there). */
    droppedNoChanges: a.droppedNoChanges,
    kept: a.kept,
    threshold: t.threshold,
    fgaGca: a.fgaGca,
    correlations: a.correlations.map((c) => ({
      trait: c.trait,
      FGA: c.withFGA,
      GCA: c.withGCA,
      difference: c.difference?.difference ?? null,
      ci: c.difference ? [c.difference.lower, c.difference.upper] : null,
      significant: c.difference?.significant ?? null,
    })),
    lines: t.lines,
    points: t.points,
  };
}
