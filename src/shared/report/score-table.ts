// Layer: shared (pure TS). The tables `score` prints, in the one table model
// (tables.ts): one row per model file (the papers' Table 2: the best value of
// each metric in bold when several models are listed) or per dialogue, every
// metric of the registry as a percentage; CSV adds GCA's parts and counts
// (and TO/NU per dialogue) as raw values. The app's "Copy LaTeX" of the
// corpus scores uses the same builder.

import type { MetricConfig } from '../metrics/config';
import { gcaCountsOf, hasNoChanges, metricValue } from '../metrics/values';
import { detailColumns, metricColumns, pct, type ReportRow } from './rows';
import type { Table, TableColumn, TableRow } from './tables';

export interface ScoreTableOptions {
  /** Header of the label column: "Model" (corpus rows) or "Dialogue". */
  title?: string;
  /** Key of the label column in CSV and JSON (file, dialogue). */
  labelKey?: string;
  /** Rows are dialogues: no "best" marks (they are not competing models). */
  perDialogue?: boolean;
  /** The turns column (text, Markdown, CSV; a paper's LaTeX table leaves it out). */
  turns?: boolean;
  /** GCA's VP, VR, LP, LR, the counts C, W, M, O and TO/NU as extra raw columns (CSV). */
  details?: boolean;
  caption?: string;
  /** Per dialogue, sorted by |FGA − GCA| or GCA's mistakes: that column too, so the order can be read. */
  sortKey?: string;
}

export function scoreTable(rows: readonly ReportRow[], config: MetricConfig, signature: string, opts: ScoreTableOptions = {}): Table {
  const metrics = metricColumns(config);
  const columns: TableColumn[] = [{ key: opts.labelKey ?? 'label', header: opts.title ?? 'Model', kind: 'label' }];
  if (opts.turns !== false) columns.push({ key: 'turns', header: 'turns', kind: 'count' });
  for (const m of metrics)
    columns.push({
      key: m.key,
      header: m.header,
      latex: m.latex,
      kind: 'percent',
      best: opts.perDialogue ? undefined : 'max',
      metric: { id: m.metric, key: m.key },
    });
  const details = opts.details && rows.length ? detailColumns(rows[0].values) : [];
  for (const d of details) {
    const count = ['C', 'W', 'M', 'O'].includes(d.key);
    // GCA's parts (kept by a metric subset that names them) and its counts (kept with GCA).
    const metric = count ? { id: 'GCA', key: 'GCA', part: true } : { id: d.key, key: d.key, part: true };
    columns.push({ key: d.key, header: d.key, kind: count ? 'count' : 'percent', metric });
  }
  const sortColumn = opts.perDialogue && (opts.sortKey === 'disagreement' || opts.sortKey === 'mistakes') ? opts.sortKey : null;
  if (sortColumn === 'disagreement')
    columns.push({ key: 'disagreement', header: '|FGA−GCA|', latex: '$|\\mathrm{FGA}-\\mathrm{GCA}|$', kind: 'percent' });
  if (sortColumn === 'mistakes') columns.push({ key: 'mistakes', header: 'mistakes', kind: 'count' });
  const traits = !!opts.details && rows.some((r) => r.TO !== undefined);
  if (traits)
    columns.push({ key: 'TO', header: 'TO', kind: 'number', decimals: 3 }, { key: 'NU', header: 'NU', kind: 'number', decimals: 3 });

  const body: TableRow[] = rows.map((r) => {
    const cells: Record<string, number | string | null> = { [columns[0].key]: r.label, turns: r.turns };
    for (const m of metrics) cells[m.key] = m.get(r);
    for (const d of details) cells[d.key] = d.get(r);
    if (sortColumn === 'disagreement') {
      const f = metricValue(r.values, 'FGA', config);
      const g = metricValue(r.values, 'GCA');
      cells.disagreement = hasNoChanges(r.values) || f === null || g === null ? null : Math.abs(f - g);
    }
    if (sortColumn === 'mistakes') {
      const c = gcaCountsOf(r.values);
      cells.mistakes = c.M + c.W + c.O;
    }
    if (traits) {
      cells.TO = r.TO ?? null;
      cells.NU = r.NU ?? null;
    }
    return { cells };
  });
  const notes: string[] = [];
  if (rows.length === 1 && !opts.details) {
    const v = rows[0].values;
    const c = gcaCountsOf(v);
    const r = (k: string) => pct(metricValue(v, k));
    notes.push(`GCA detail: VP ${r('VP')}  VR ${r('VR')}  LP ${r('LP')}  LR ${r('LR')}  counts C=${c.C} W=${c.W} M=${c.M} O=${c.O}`);
  }
  return { columns, rows: body, signature, caption: opts.caption, notes };
}
