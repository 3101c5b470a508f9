// Layer: shared (pure TS). A booktabs `tabular` ready to paste into a paper,
// percentages with 2 decimals, the signature as a comment.

import type { MetricConfig } from '../metrics/config';
import { metricColumns, pct, type ReportRow } from './rows';

export function latexEscape(s: string): string {
  return s.replace(/[\\{}&%$#_^~]/g, (c) => {
    if (c === '\\') return '\\textbackslash{}';
    if (c === '^') return '\\textasciicircum{}';
    if (c === '~') return '\\textasciitilde{}';
    return `\\${c}`;
  });
}

export function renderLatex(rows: ReportRow[], config: MetricConfig, signature: string, title = 'Model'): string {
  const cols = metricColumns(config);
  const lines = [
    `% ${signature}`,
    `% requires \\usepackage{booktabs}`,
    `\\begin{tabular}{l${'r'.repeat(cols.length)}}`,
    '\\toprule',
    `${title} & ${cols.map((c) => c.latex).join(' & ')} \\\\`,
    '\\midrule',
    ...rows.map((r) => `${latexEscape(r.label)} & ${cols.map((c) => pct(c.get(r)).replace('–', '--')).join(' & ')} \\\\`),
    '\\bottomrule',
    '\\end{tabular}',
  ];
  return lines.join('\n') + '\n';
}
