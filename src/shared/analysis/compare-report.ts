// Layer: shared (pure TS). A comparison as the CLI writes it: the JSON shape
// of issue 7 ({signature, runs: [{name, file, corpus}], comparisons: [...]}),
// and the tables of report/tables.ts — the runs' scores (best per column in
// bold), the deltas against the baseline (with 95% intervals, significant ones
// marked), the comparisons one per line with their p-values (text, Markdown),
// one CSV row per run and metric, and a series table when runs have an x;
// with a caption, each LaTeX table in a float of its own.

import { renderSignature } from '../metrics/signature';
import { latexEscape } from '../report/latex';
import { flatScores, JSON_SCHEMA_VERSION } from '../report/json';
import { renderTableAs, type Table, type TableColumn, type TableFormat, type TableRow } from '../report/tables';
import { metricValue } from '../metrics/values';
import type { CompareRunsResult } from '../calls/compare-view';
import type { Comparison, CompareOutput } from './run-comparison';
import type { StatColumn } from './columns';
import { SIGNIFICANCE, SIGNIFICANT_MARK, significant } from './significance';
import { checkMetricSubset, GCA_PARTS, keepsMetric, PART_TAGS } from '../report/metric-subset';
import type { MetricTag } from '../report/tables';

/** The JSON report: the schema's version, then exactly the keys of issue 7 (plus "x" on runs of a series). */
export function compareJson(out: CompareOutput, xs?: readonly (number | null)[]): string {
  const body = {
    schemaVersion: JSON_SCHEMA_VERSION,
    signature: renderSignature(out.signature),
    runs: out.runs.map((r, k) => {
      const o: Record<string, unknown> = { name: r.name, file: r.file, corpus: flatScores(r.corpus) };
      if (xs && xs[k] !== null && xs[k] !== undefined) o.x = xs[k];
      return o;
    }),
    comparisons: out.comparisons.map((c) => {
      const o: Record<string, unknown> = { baseline: c.baseline, run: c.run, metric: c.metric };
      if (c.lambda !== undefined) o.lambda = c.lambda;
      o.delta = c.delta;
      o.ci = c.ci;
      o.p = c.p;
      return o;
    }),
  };
  return JSON.stringify(body, null, 1) + '\n';
}

function statNote(out: CompareOutput): string[] {
  const s = out.settings;
  const notes: string[] = [];
  if (s.bootstrap) notes.push(`[lo, hi]: 95% paired-bootstrap interval (${s.bootstrap} resamples of dialogues, percentile)`);
  if (s.trials)
    notes.push(`${SIGNIFICANT_MARK} p < ${SIGNIFICANCE} (two-sided approximate randomization, ${s.trials} trials, dialogues swapped)`);
  return notes;
}

/** The compare view's answer (compareRuns) as the report the CLI writes, so both export the same tables. */
export function outputOfRuns(r: CompareRunsResult): CompareOutput {
  return {
    signature: r.signature,
    columns: r.columns,
    runs: r.runs.map((x) => ({ name: x.name, file: x.file, corpus: x.scores, ci: x.ci })),
    comparisons: r.comparisons,
    notes: r.notes,
    settings: r.settings,
  };
}

export { GCA_PARTS };

/** A statistics column's metric tag (metric-subset.ts). */
function tagOf(c: StatColumn): MetricTag {
  return { id: c.metric, key: c.key };
}

/**
 * The report restricted to some metrics (`--metrics JGA,FGA,GCA,VP`: metric
 * ids, an FGA column key such as FGA_0.5, or GCA's parts), in the order of the
 * engine's columns — a paper's table rarely shows all fourteen. The rule is
 * metric-subset.ts's, which the app's column chooser follows too. Throws a
 * RangeError naming an unknown id and the known ones.
 */
export function restrictMetrics(out: CompareOutput, wanted: readonly string[]): CompareOutput {
  checkMetrics(out.columns, wanted);
  const columns = out.columns.filter((c) => keepsMetric(tagOf(c), wanted));
  const keys = new Set(columns.map((c) => c.key));
  return {
    ...out,
    columns,
    comparisons: out.comparisons.filter((c) => keys.has(c.key)),
    parts: GCA_PARTS.filter((k) => wanted.includes(k)),
  };
}

/** Throws a RangeError naming the ids in `wanted` that are no column (metric id or key) nor a GCA part. */
export function checkMetrics(columns: readonly StatColumn[], wanted: readonly string[]): void {
  checkMetricSubset([...columns.map(tagOf), ...PART_TAGS], wanted);
}

/** Runs × metrics: each run's corpus scores, GCA's VP, VR, LP, LR, the best of each column in bold. */
export function scoresTable(out: CompareOutput): Table {
  const parts = out.parts ?? GCA_PARTS;
  const columns: TableColumn[] = [
    { key: 'run', header: 'Run', kind: 'label' },
    { key: 'turns', header: 'turns', kind: 'count' },
    ...out.columns.map((c): TableColumn => ({
      key: c.key,
      header: c.header,
      latex: c.latex,
      kind: 'percent',
      best: 'max',
      metric: tagOf(c),
    })),
    ...parts.map((k): TableColumn => ({ key: k, header: k, kind: 'percent', best: 'max', metric: { id: k, key: k, part: true } })),
  ];
  const rows: TableRow[] = out.runs.map((r) => {
    const cells: Record<string, number | string | null> = { run: r.name, turns: r.corpus.turns };
    for (const c of out.columns) cells[c.key] = metricValue(r.corpus.values, c.metric, c.variant);
    for (const k of parts) cells[k] = metricValue(r.corpus.values, k);
    return { cells };
  });
  return { columns, rows, signature: renderSignature(out.signature) };
}

function deltaCell(c: Comparison | undefined) {
  if (!c) return null;
  return { value: c.delta, ...(c.ci ? { ci: c.ci } : {}), ...(significant(c) ? { mark: SIGNIFICANT_MARK } : {}) };
}

/** Runs × metrics: each run's delta against the baseline with its interval, significant ones marked. */
export function deltaTable(out: CompareOutput): Table {
  const base = out.runs[0].name;
  const columns: TableColumn[] = [
    { key: 'run', header: `Δ vs ${base}`, latex: `$\\Delta$ vs ${latexEscape(base)}`, kind: 'label' },
    ...out.columns.map((c): TableColumn => ({ key: c.key, header: c.header, latex: c.latex, kind: 'delta', metric: tagOf(c) })),
  ];
  const rows: TableRow[] = out.runs.slice(1).map((r) => {
    const cells: Record<string, ReturnType<typeof deltaCell> | string> = { run: r.name };
    for (const c of out.columns) cells[c.key] = deltaCell(out.comparisons.find((x) => x.run === r.name && x.key === c.key));
    return { cells };
  });
  return { columns, rows, signature: renderSignature(out.signature), notes: ['Δ: run − baseline, in percentage points', ...statNote(out)] };
}

/** One line per comparison: baseline and run values, the delta with its interval and mark, the p-value. */
export function comparisonsTable(out: CompareOutput): Table {
  const columns: TableColumn[] = [
    { key: 'run', header: 'Run', kind: 'label' },
    { key: 'metric', header: 'Metric', kind: 'text' },
    { key: 'base', header: out.runs[0].name, kind: 'percent' },
    { key: 'value', header: 'value', kind: 'percent' },
    { key: 'delta', header: 'Δ [95% CI]', kind: 'delta' },
    { key: 'p', header: 'p', kind: 'p' },
  ];
  const rows: TableRow[] = out.comparisons.map((c) => {
    const col = out.columns.find((x) => x.key === c.key)!;
    const run = out.runs.find((r) => r.name === c.run)!;
    return {
      cells: {
        run: c.run,
        metric: col.header,
        base: metricValue(out.runs[0].corpus.values, col.metric, col.variant),
        value: metricValue(run.corpus.values, col.metric, col.variant),
        delta: deltaCell(c),
        p: c.p,
      },
    };
  });
  return { columns, rows, signature: renderSignature(out.signature), notes: ['Δ: run − baseline, in percentage points', ...statNote(out)] };
}

/** CSV: one row per run and metric (raw fractions): value with its interval, and against the baseline the delta with its interval, mark and p. */
export function longTable(out: CompareOutput, xs?: readonly (number | null)[]): Table {
  const columns: TableColumn[] = [
    { key: 'run', header: 'run', kind: 'label' },
    { key: 'file', header: 'file', kind: 'text' },
    ...(xs ? [{ key: 'x', header: 'x', kind: 'number', decimals: 6 } as TableColumn] : []),
    { key: 'metric', header: 'metric', kind: 'text' },
    { key: 'lambda', header: 'lambda', kind: 'number' },
    { key: 'value', header: 'value', kind: 'percent' },
    { key: 'baseline', header: 'baseline', kind: 'text' },
    { key: 'delta', header: 'delta', kind: 'delta' },
    { key: 'p', header: 'p', kind: 'p' },
  ];
  const rows: TableRow[] = [];
  out.runs.forEach((r, k) => {
    for (const col of out.columns) {
      const cmp = out.comparisons.find((x) => x.run === r.name && x.key === col.key);
      const ci = r.ci[col.key];
      rows.push({
        cells: {
          run: r.name,
          file: r.file,
          ...(xs ? { x: xs[k] ?? null } : {}),
          metric: col.metric,
          lambda: col.lambda ?? null,
          value: { value: metricValue(r.corpus.values, col.metric, col.variant), ...(ci ? { ci } : {}) },
          baseline: k === 0 ? null : out.runs[0].name,
          delta: deltaCell(cmp),
          p: cmp?.p ?? null,
        },
      });
    }
    // GCA's parts when --metrics asked for them: the run's value only (no interval or test is computed for them).
    for (const part of out.parts ?? []) {
      rows.push({
        cells: {
          run: r.name,
          file: r.file,
          ...(xs ? { x: xs[k] ?? null } : {}),
          metric: part,
          lambda: null,
          value: metricValue(r.corpus.values, part),
          baseline: k === 0 ? null : out.runs[0].name,
          delta: null,
          p: null,
        },
      });
    }
  });
  return { columns, rows, signature: renderSignature(out.signature) };
}

/** Decimals that write every x as given (0.1, 0.05, 1 → 2: 0.10, 0.05, 1.00), at most 6. */
function xDecimals(xs: readonly (number | null)[]): number {
  let d = 0;
  for (const x of xs) {
    if (x === null || !Number.isFinite(x)) continue;
    const m = /\.(\d+)$/.exec(String(Number(x.toFixed(6))));
    if (m) d = Math.max(d, m[1].length);
  }
  return Math.min(6, d);
}

/** Series: one row per run in order of x, each metric with the run's own 95% bootstrap interval. */
export function seriesTable(out: CompareOutput, xs: readonly (number | null)[]): Table {
  const columns: TableColumn[] = [
    { key: 'x', header: 'x', kind: 'number', decimals: xDecimals(xs) },
    { key: 'run', header: 'Run', kind: 'label' },
    ...out.columns.map((c): TableColumn => ({
      key: c.key,
      header: c.header,
      latex: c.latex,
      kind: 'percent',
      best: 'max',
      metric: tagOf(c),
    })),
  ];
  const order = out.runs
    .map((_, k) => k)
    .filter((k) => xs[k] !== null)
    .sort((a, b) => (xs[a] as number) - (xs[b] as number));
  const rows: TableRow[] = order.map((k) => {
    const r = out.runs[k];
    const cells: Record<string, unknown> = { x: xs[k], run: r.name };
    for (const c of out.columns) {
      const ci = r.ci[c.key];
      cells[c.key] = { value: metricValue(r.corpus.values, c.metric, c.variant), ...(ci ? { ci } : {}) };
    }
    return { cells: cells as TableRow['cells'] };
  });
  return {
    columns,
    rows,
    signature: renderSignature(out.signature),
    notes: ["each run with its own 95% bootstrap interval (the run's dialogues resampled)"],
  };
}

/** Captions of a compare report (`compare --caption/--caption-latex/--label`). */
export interface CompareCaptions {
  /** Plain text: a title line above the report (text, Markdown); in LaTeX (escaped) each table's caption, with what the table holds in parentheses. */
  caption?: string;
  /** LaTeX source used verbatim instead of the escaped caption (LaTeX only). */
  captionLatex?: string;
  /** LaTeX: \label{KEY} on the scores table, KEY-delta on the deltas, KEY-series on the series table. */
  label?: string;
  /** LaTeX, Markdown: the longest text cell (run names), as renderTableAs takes it. */
  maxCell?: number;
}

/**
 * The whole report in one format. LaTeX: without a caption, the tabulars are
 * separated by \bigskip (blank lines around it, so each stands in its own
 * paragraph); with one, each tabular is a table float of its own.
 */
export function renderCompare(
  format: TableFormat,
  out: CompareOutput,
  xs?: readonly (number | null)[],
  captions: CompareCaptions = {},
): string {
  if (format === 'json') return compareJson(out, xs);
  if (format === 'csv') return renderTableAs('csv', longTable(out, xs));
  const notes = out.notes.map((n) => `note: ${n}`);
  const series = xs && xs.some((x) => x !== null) ? seriesTable(out, xs) : undefined;
  const parts: string[] = [];
  if (format === 'latex') {
    const { caption, captionLatex, label, maxCell } = captions;
    const head = captionLatex ?? (caption !== undefined ? latexEscape(caption) : undefined);
    const tables: { table: Table; what: string; suffix: string }[] = [
      { table: scoresTable(out), what: 'scores', suffix: '' },
      { table: deltaTable(out), what: `differences against ${latexEscape(out.runs[0].name)}`, suffix: '-delta' },
      ...(series ? [{ table: series, what: 'series', suffix: '-series' }] : []),
    ];
    tables.forEach(({ table, what, suffix }, k) => {
      if (head === undefined) {
        if (k > 0) parts.push('\\bigskip\n');
        parts.push(renderTableAs('latex', table, { maxCell }));
      } else
        parts.push(
          renderTableAs(
            'latex',
            { ...table, captionLatex: `${head} (${what})` },
            { maxCell, ...(label !== undefined ? { label: label + suffix } : {}) },
          ),
        );
    });
    for (const n of notes) parts.push(`% ${n}\n`);
    return parts.join('\n');
  }
  const opts = { maxCell: captions.maxCell };
  parts.push(
    renderTableAs(format, { ...scoresTable(out), caption: captions.caption }, opts),
    renderTableAs(format, comparisonsTable(out), opts),
  );
  if (notes.length) parts.push(notes.join('\n') + '\n');
  if (series) parts.push(renderTableAs(format, series, opts));
  return parts.join('\n');
}
