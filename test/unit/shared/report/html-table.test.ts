// The HTML table renderer prints the same values as the text renderer (percent
// with 2 decimals, intervals, marks), bolds the best per column, escapes every
// cell, and ends with the notes and the signature.
import { describe, expect, it } from 'vitest';
import { escapeHtml, renderHtmlTable } from '../../../../src/shared/report/html-table';
import { renderText, type Table } from '../../../../src/shared/report/tables';

const table: Table = {
  columns: [
    { key: 'run', header: 'Run', kind: 'label' },
    { key: 'JGA', header: 'JGA', kind: 'percent', best: 'max' },
    { key: 'd', header: 'Δ', kind: 'delta' },
  ],
  rows: [
    { cells: { run: '<b>a&b</b>', JGA: 0.31428571, d: { value: 0.0123, ci: [0.001, 0.02], mark: '†' } } },
    { cells: { run: 'second', JGA: 0.5, d: null } },
  ],
  signature: 'GCA alpha=10/11 | "quoted"',
  notes: ['† p < 0.05'],
};

describe('renderHtmlTable', () => {
  const html = renderHtmlTable(table, { testid: 'scores' });
  it('prints the same numbers as the text table', () => {
    for (const v of ['31.43', '50.00', '+1.23†', '[+0.10, +2.00]']) {
      expect(renderText(table)).toContain(v);
      expect(html).toContain(v);
    }
  });
  it('escapes cell text, the signature and attributes', () => {
    expect(html).toContain('&lt;b&gt;a&amp;b&lt;/b&gt;');
    expect(html).not.toContain('<b>a&b</b>');
    expect(html).toContain('&quot;quoted&quot;');
    expect(html).toContain('data-testid="scores"');
  });
  it('sets the best value of a column in bold and says so', () => {
    expect(html).toContain('<strong>50.00</strong>');
    expect(html).not.toContain('<strong>31.43</strong>');
    expect(html).toContain('Bold: best in its column.');
  });
  it('puts the notes and the signature under the table', () => {
    expect(html.indexOf('† p &lt; 0.05')).toBeGreaterThan(html.indexOf('</table>'));
    expect(html).toMatch(/Signature: <code>GCA alpha=10\/11/);
  });
  it('escapeHtml escapes the five characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
