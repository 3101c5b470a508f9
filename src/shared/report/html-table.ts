// Layer: shared (pure TS). A table of the one table model (tables.ts) as an
// HTML <table>: the same printed values as the text and Markdown renderers
// (percentages with 2 decimals, intervals, marks), the best value per column
// in bold, notes and the signature under it. Used by the HTML report, whose
// numbers must be readable with scripts off.

import { bestRows, cellOf, cellText, type Table } from './tables';

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** `t` as an HTML table with a caption, its notes and its signature in a footer. */
export function renderHtmlTable(t: Table, attrs: { testid?: string } = {}): string {
  const best = bestRows(t);
  const numeric = (k: number) => t.columns[k].kind !== 'label' && t.columns[k].kind !== 'text';
  const out: string[] = [`<table class="report-table"${attrs.testid ? ` data-testid="${escapeHtml(attrs.testid)}"` : ''}>`];
  if (t.caption) out.push(`<caption>${escapeHtml(t.caption)}</caption>`);
  out.push('<thead><tr>');
  t.columns.forEach((c, k) => out.push(`<th scope="col"${numeric(k) ? ' class="num"' : ''}>${escapeHtml(c.header)}</th>`));
  out.push('</tr></thead><tbody>');
  t.rows.forEach((r, i) => {
    out.push('<tr>');
    t.columns.forEach((col, k) => {
      const text = escapeHtml(cellText(col, cellOf(r.cells[col.key]), true));
      const cell = best.get(col.key)?.has(i) ? `<strong>${text}</strong>` : text;
      out.push(k === 0 ? `<th scope="row">${cell}</th>` : `<td${numeric(k) ? ' class="num"' : ''}>${cell}</td>`);
    });
    out.push('</tr>');
  });
  out.push('</tbody></table>');
  const foot: string[] = [];
  if ([...best.values()].some((s) => s.size > 0)) foot.push('Bold: best in its column.');
  for (const n of t.notes ?? []) foot.push(escapeHtml(n));
  foot.push(`Signature: <code>${escapeHtml(t.signature)}</code>`);
  out.push(`<p class="table-notes">${foot.join('<br>')}</p>`);
  return out.join('');
}
