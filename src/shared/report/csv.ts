// Layer: shared (pure TS). CSV with raw fractions (not percent), one row per
// model or per dialogue; each row carries the metric signature.

import type { MetricConfig } from '../metrics/config';
import { detailColumns, metricColumns, type ReportRow } from './rows';

export function csvCell(v: string | number | null | undefined): string {
  if (v === null || v === undefined) return '';
  const s = String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function renderCsv(rows: ReportRow[], config: MetricConfig, signature: string, idHeader = 'id'): string {
  const cols = metricColumns(config);
  const details = rows.length ? detailColumns(rows[0].values) : [];
  const withTraits = rows.some((r) => r.TO !== undefined);
  const header = [idHeader, 'turns', ...cols.map((c) => c.key), ...details.map((c) => c.key)];
  if (withTraits) header.push('TO', 'NU');
  header.push('signature');
  const lines = [header.join(',')];
  for (const r of rows) {
    const cells: (string | number | null | undefined)[] = [r.label, r.turns, ...cols.map((c) => c.get(r)), ...details.map((c) => c.get(r))];
    if (withTraits) cells.push(r.TO, r.NU);
    cells.push(signature);
    lines.push(cells.map(csvCell).join(','));
  }
  return lines.join('\n') + '\n';
}
