// The one p-value format (src/shared/report/p-value.ts), used by the CLI's
// tables and the app's compare view: APA style with a leading zero — three
// decimals, "< 0.001" below a thousandth — and the raw value in CSV and JSON.
import { describe, expect, it } from 'vitest';
import { formatP, P_FLOOR, pText } from '../../../../src/shared/report/p-value';
import { renderCsvTable, renderLatex, renderMarkdown, renderText, type Table } from '../../../../src/shared/report/tables';

describe('p-values', () => {
  it('three decimals, "< 0.001" below the floor, "–" when there is none', () => {
    expect(formatP(0.0123)).toBe('0.012');
    expect(formatP(0.05)).toBe('0.050');
    expect(formatP(1)).toBe('1.000');
    expect(formatP(P_FLOOR)).toBe('0.001');
    expect(formatP(0.000999)).toBe('< 0.001');
    // The smallest approximate-randomization p with 10,000 trials: 1/10001.
    expect(formatP(1 / 10001)).toBe('< 0.001');
    expect(formatP(null)).toBe('–');
    expect(formatP(Number.NaN)).toBe('–');
  });

  it('in running text: "p = 0.012", "p < 0.001"', () => {
    expect(pText(0.0123)).toBe('p = 0.012');
    expect(pText(0.0001)).toBe('p < 0.001');
    expect(pText(null)).toBe('p = –');
  });

  it('tables print a p column this way (LaTeX with a math "<"), CSV keeps the raw number', () => {
    const t: Table = {
      columns: [
        { key: 'run', header: 'Run', kind: 'label' },
        { key: 'p', header: 'p', kind: 'p' },
      ],
      rows: [{ cells: { run: 'a', p: 0.0001 } }, { cells: { run: 'b', p: 0.2346 } }],
      signature: 'sig',
    };
    expect(renderText(t)).toMatch(/^a +< 0\.001$/m);
    expect(renderText(t)).toMatch(/^b +0\.235$/m);
    expect(renderMarkdown(t)).toContain('| a | < 0.001 |');
    expect(renderLatex(t)).toContain('a & $<$ 0.001 \\\\');
    expect(renderCsvTable(t).split('\n')[1]).toBe('a,0.0001,sig');
  });
});
