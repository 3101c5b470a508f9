// Layer: shared (pure TS). CSV with raw fractions (not percent), one row per
// model or per dialogue; each row carries the metric signature.

import { lambdaKey, type MetricConfig } from '../metrics/config';
import type { ReportRow } from './rows';

function cell(v: string | number | null | undefined): string {
  if (v === null || v === undefined) return '';
  const s = String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function renderCsv(rows: ReportRow[], config: MetricConfig, signature: string, idHeader = 'id'): string {
  const keys = config.lambdas.map(lambdaKey);
  const withTraits = rows.some((r) => r.TO !== undefined);
  const header = [idHeader, 'turns', 'JGA', 'SA', 'AGA', 'RSA', ...keys.map((k) => `FGA_${k}`), 'GCA', 'VP', 'VR', 'LP', 'LR', 'C', 'W', 'M', 'O'];
  if (withTraits) header.push('TO', 'NU');
  header.push('signature');
  const lines = [header.join(',')];
  for (const r of rows) {
    const s = r.scores;
    const cells: (string | number | null | undefined)[] = [r.label, r.turns, s.JGA, s.SA, s.AGA, s.RSA, ...keys.map((k) => s.FGA[k]), s.GCA, s.VP, s.VR, s.LP, s.LR];
    cells.push(s.counts.C, s.counts.W, s.counts.M, s.counts.O);
    if (withTraits) cells.push(r.TO, r.NU);
    cells.push(signature);
    lines.push(cells.map(cell).join(','));
  }
  return lines.join('\n') + '\n';
}
