// Layer: shared (pure TS). "Where do runs differ most" as a table (the one
// table model, report/tables.ts): one row per slice, in rank order, with its
// size, each run's value, the spread (high − low) with the paired-bootstrap
// interval, and which runs are high and low; and as JSON. `compare --differ`
// prints these; the app's finder shows the same rows.

import { renderSignature } from '../metrics/signature';
import { renderTableAs, type Table, type TableColumn, type TableRow } from '../report/tables';
import type { DifferResult } from './slices';

/** The finder's table; `names` replaces the result's run names (the app's ids) where given. */
export function differTable(r: DifferResult, names: readonly string[] = r.runs): Table {
  // CSV names a column by its key: the run's name, unless it clashes with another column's.
  const fixed = new Set(['slice', 'turns', 'dialogues', 'spread', 'high', 'low']);
  const keyOf = (n: string, k: number) => (fixed.has(n) || names.indexOf(n) !== k ? `run ${k + 1}: ${n}` : n);
  const columns: TableColumn[] = [
    { key: 'slice', header: 'Slice', kind: 'label' },
    { key: 'turns', header: 'turns', kind: 'count' },
    { key: 'dialogues', header: 'dialogues', kind: 'count' },
    ...names.map((n, k): TableColumn => ({ key: keyOf(n, k), header: n, kind: 'percent' })),
    { key: 'spread', header: `spread of ${r.metric} [95% CI]`, kind: 'delta' },
    { key: 'high', header: 'high', kind: 'text' },
    { key: 'low', header: 'low', kind: 'text' },
  ];
  const nameOf = (run: string | null) => (run === null ? null : (names[r.runs.indexOf(run)] ?? run));
  const rows: TableRow[] = r.rows.map((row) => ({
    cells: {
      slice: row.label,
      turns: row.turns,
      dialogues: row.dialogues,
      ...Object.fromEntries(row.values.map((v, k) => [keyOf(names[k], k), v])),
      spread: row.ci ? { value: row.spread, ci: row.ci } : row.spread,
      high: nameOf(row.high),
      low: nameOf(row.low),
    },
  }));
  const s = r.settings;
  return {
    columns,
    rows,
    signature: renderSignature(r.signature),
    notes: [
      `${r.ranked} slices ranked by the spread of ${r.metric} (max − min over the runs, percentage points), ${r.rows.length} shown; ${r.small} with fewer than ${s.minTurns} turns left out`,
      s.bootstrap > 0
        ? `CI: 95% paired bootstrap of high − low over the slice's dialogues (B=${s.bootstrap}, seed=${s.seed})`
        : 'no intervals (bootstrap 0)',
    ],
  };
}

/** The finder as JSON: the result with the run names given. */
export function differJson(r: DifferResult, names: readonly string[] = r.runs): string {
  const nameOf = (run: string | null) => (run === null ? null : (names[r.runs.indexOf(run)] ?? run));
  const out = {
    metric: r.metric,
    runs: names,
    signature: renderSignature(r.signature),
    settings: r.settings,
    ranked: r.ranked,
    small: r.small,
    rows: r.rows.map((row) => ({ ...row, high: nameOf(row.high), low: nameOf(row.low) })),
  };
  return JSON.stringify(out, null, 2) + '\n';
}

/** The finder in a table format (table, csv, markdown, latex) or JSON. */
export function renderDiffer(format: 'table' | 'csv' | 'markdown' | 'latex' | 'json', r: DifferResult, names?: readonly string[]): string {
  if (format === 'json') return differJson(r, names);
  return renderTableAs(format, differTable(r, names));
}
