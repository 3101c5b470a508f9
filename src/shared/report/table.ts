// Layer: shared (pure TS). Plain-text table in the papers' Table-2 style:
// percentages with 2 decimals, the signature underneath.

import type { MetricConfig } from '../metrics/config';
import { gcaCountsOf, metricValue } from '../metrics/values';
import { metricColumns, pct, type ReportRow } from './rows';

export function renderTable(rows: ReportRow[], config: MetricConfig, signature: string, title = 'Model'): string {
  const cols = metricColumns(config);
  const header = [title, 'turns', ...cols.map((c) => c.header)];
  const body = rows.map((r) => [r.label, String(r.turns), ...cols.map((c) => pct(c.get(r)))]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ').trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  const out = [line(header), rule, ...body.map(line), ''];
  if (rows.length === 1) {
    const v = rows[0].values;
    const c = gcaCountsOf(v);
    const r = (k: string) => pct(metricValue(v, k));
    out.push(`GCA detail: VP ${r('VP')}  VR ${r('VR')}  LP ${r('LP')}  LR ${r('LR')}  counts C=${c.C} W=${c.W} M=${c.M} O=${c.O}`);
  }
  out.push(`signature: ${signature}`);
  return out.join('\n') + '\n';
}
