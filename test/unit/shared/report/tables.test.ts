// The table model's renderers (src/shared/report/tables.ts): the same table as
// text, Markdown, CSV, LaTeX and JSON; bold best per column (ties both bold,
// compared as printed); signed deltas with intervals and marks; LaTeX that
// compiles with booktabs when pdflatex is installed.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileLatex, pdfText, toolAvailable } from '../../../helpers/tools';
import { latexEscape } from '../../../../src/shared/report/latex';
import {
  DEFAULT_MAX_CELL,
  LONGTABLE_ROWS,
  renderCsvTable,
  renderJsonTable,
  renderLatex,
  renderMarkdown,
  renderText,
  shortenCell,
  type Table,
} from '../../../../src/shared/report/tables';

const table: Table = {
  columns: [
    { key: 'run', header: 'Run', kind: 'label' },
    { key: 'JGA', header: 'JGA', kind: 'percent', best: 'max' },
    { key: 'dJGA', header: 'Δ JGA', latex: '$\\Delta$JGA', kind: 'delta' },
    { key: 'n', header: 'turns', kind: 'count' },
  ],
  rows: [
    { cells: { run: 'base_line', JGA: 0.5, dJGA: null, n: 10 } },
    { cells: { run: 'new & better', JGA: 0.5625, dJGA: { value: 0.0625, ci: [0.01, 0.1], mark: '†' }, n: 10 } },
    { cells: { run: 'tied', JGA: 0.56251, dJGA: { value: -0.003, ci: [-0.02, 0.01] }, n: 10 } },
  ],
  signature: 'GCA alpha=10/11 | FGA lambda=0.5 | SA K=30 | values=exact | none=inactive | app 0.2.0',
  caption: 'Two models_compared',
  notes: ['† significant at p < 0.05 (approximate randomization)'],
};

describe('tables', () => {
  it('text: aligned, percentages with 2 decimals, signed deltas with intervals, best marked', () => {
    const t = renderText(table);
    expect(t).toContain('new & better  56.25*  +6.25† [+1.00, +10.00]');
    expect(t).toMatch(/tied {10}56.25\* +-0\.30 \[-2\.00, \+1\.00\]/);
    expect(t).toMatch(/signature: GCA alpha=10\/11/);
  });
  it('markdown: bold best, escaped pipes, the signature', () => {
    const m = renderMarkdown({ ...table, rows: [...table.rows, { cells: { run: 'a|b', JGA: 0.1, n: 1 } }] });
    expect(m).toContain('| **56.25** |');
    expect(m).toContain('a\\|b');
    expect(m).toContain('Signature: `GCA alpha=10/11');
  });
  it('csv: raw fractions, intervals and marks in their own columns, the signature on every row', () => {
    const lines = renderCsvTable(table).trim().split('\n');
    expect(lines[0]).toBe('run,JGA,dJGA,dJGA_lo,dJGA_hi,dJGA_mark,n,signature');
    expect(lines[2]).toMatch(/^new & better,0\.5625,0\.0625,0\.01,0\.1,†,10,GCA/);
  });
  it('latex: booktabs, escaped labels, bold best, minus signs in math, the signature as a comment', () => {
    const l = renderLatex(table, { label: 'tab:cmp' });
    expect(l.split('\n')[0]).toBe(`% ${table.signature}`);
    expect(l).toContain('\\toprule');
    expect(l).toContain('new \\& better & \\textbf{56.25} & +6.25$^{\\dagger}$ {\\scriptsize [+1.00, +10.00]} & 10 \\\\');
    expect(l).toContain('$-$0.30');
    expect(l).toContain('\\caption{Two models\\_compared}');
    expect(l).toContain('\\label{tab:cmp}');
  });
  it('latex: a caption given as LaTeX is written verbatim (and wins over the plain one); text and Markdown keep the plain caption', () => {
    const t = { ...table, captionLatex: 'At $\\lambda=0.5$ \\cite{k}' };
    expect(renderLatex(t)).toContain('\\begin{table}[t]');
    expect(renderLatex(t)).toContain('\\caption{At $\\lambda=0.5$ \\cite{k}}');
    expect(renderLatex(t)).not.toContain('Two models');
    expect(renderLatex({ ...t, caption: undefined })).toContain('\\caption{At $\\lambda=0.5$ \\cite{k}}');
    expect(renderText(t)).toMatch(/^Two models_compared\n/);
    expect(renderMarkdown(t)).toMatch(/^\*\*Two models_compared\*\*\n/);
  });
  it('json: raw values with their marks and intervals', () => {
    const j = JSON.parse(renderJsonTable(table));
    expect(j.rows[1].dJGA).toEqual({ value: 0.0625, ci: [0.01, 0.1], mark: '†' });
    expect(j.signature).toBe(table.signature);
  });
  it.runIf(toolAvailable('pdflatex'))('latex compiles with pdflatex and booktabs', () => {
    expect(existsSync(compileLatex(renderLatex(table)).pdf)).toBe(true);
  });
});

describe('long cells', () => {
  // A hallucinated 600-character value made a real table 2,272 pt wide.
  const long = 'the guesthouse in the north with free parking and wifi '.repeat(11).slice(0, 600);
  const t: Table = {
    columns: [
      { key: 'slot', header: 'slot', kind: 'label' },
      { key: 'pred', header: 'predicted value', kind: 'text' },
      { key: 'n', header: 'turns', kind: 'count' },
    ],
    rows: [{ cells: { slot: 'hotel-name', pred: long, n: 3 } }, { cells: { slot: 'hotel-area', pred: 'north', n: 123456 } }],
    signature: 'sig',
  };

  it('LaTeX and Markdown shorten text cells to the maximum with "…" and say so under the table', () => {
    const md = renderMarkdown(t);
    const cut = shortenCell(long, DEFAULT_MAX_CELL);
    expect(Array.from(cut)).toHaveLength(DEFAULT_MAX_CELL);
    expect(cut.endsWith('…')).toBe(true);
    expect(md).toContain(`| hotel-name | ${cut} | 3 |`);
    expect(md).toContain('1 cell longer than 40 characters shortened with “…”; the CSV and JSON exports hold every value whole.');
    expect(md).not.toContain(long);
    const tex = renderLatex(t);
    expect(tex).toContain(`hotel-name & ${cut.replace('…', '\\ldots{}')} & 3 \\\\`);
    expect(tex).toMatch(/^% 1 cell longer than 40 characters shortened/m);
    expect(tex).toContain('hotel-area & north & 123456 \\\\');
    // A chosen width, and 0 for none.
    expect(renderMarkdown(t, { maxCell: 8 })).toContain('| hotel-n… |');
    expect(renderMarkdown(t, { maxCell: 8 })).toContain('3 cells longer than 8 characters');
    expect(renderMarkdown(t, { maxCell: 0 })).toContain(long);
    expect(renderMarkdown(t, { maxCell: 0 })).not.toContain('shortened');
  });

  it('CSV, JSON and the plain-text table keep every value whole', () => {
    expect(renderCsvTable(t)).toContain(long);
    expect(JSON.parse(renderJsonTable(t)).rows[0].pred.value).toBe(long);
    expect(renderText(t)).toContain(long);
  });

  it('cuts by characters, not UTF-16 units: an emoji is never split', () => {
    expect(shortenCell('ab😀cdef', 4)).toBe('ab😀…');
    expect(shortenCell('😀😀😀😀', 4)).toBe('😀😀😀😀');
    expect(shortenCell('abc', 0)).toBe('abc');
  });

  it.runIf(toolAvailable('pdflatex'))(
    'the shortened table compiles and fits the text width (no overfull box); the whole one does not',
    () => {
      expect(compileLatex(renderLatex(t)).log).not.toMatch(/Overfull \\hbox/);
      expect(compileLatex(renderLatex(t, { maxCell: 0 })).log).toMatch(/Overfull \\hbox \((\d{4,})\.\d+pt too wide\)/);
    },
  );
});

describe('longtable', () => {
  const rows = (n: number): Table => ({
    columns: [
      { key: 'dialogue', header: 'Dialogue', kind: 'label' },
      { key: 'JGA', header: 'JGA', kind: 'percent' },
      { key: 'FGA', header: 'FGA λ=0.5', latex: 'FGA$_{\\lambda=0.5}$', kind: 'percent' },
    ],
    rows: Array.from({ length: n }, (_, i) => ({
      cells: { dialogue: `PMUL${String(i).padStart(4, '0')}.json`, JGA: i / n, FGA: 1 - i / n },
    })),
    signature: 'sig',
  });

  it(`a tabular up to ${LONGTABLE_ROWS} rows, a longtable above (header repeated on every page, caption on top)`, () => {
    expect(renderLatex(rows(LONGTABLE_ROWS))).toContain('\\begin{tabular}{lrr}');
    const l = renderLatex({ ...rows(LONGTABLE_ROWS + 1), caption: 'Per dialogue' }, { label: 'tab:d' });
    expect(l).not.toContain('\\begin{table}');
    expect(l).toContain('% requires \\usepackage{booktabs} and \\usepackage{longtable}');
    expect(l).toContain('\\begin{longtable}{lrr}\n\\caption{Per dialogue}\\label{tab:d} \\\\\n\\toprule');
    expect(l.match(/Dialogue & JGA & FGA\$_\{\\lambda=0\.5\}\$ \\\\/g)).toHaveLength(2);
    expect(l).toContain('\\endfirsthead');
    expect(l).toContain('\\endhead');
    expect(l).toContain('\\bottomrule\n\\endlastfoot');
    // Forced either way.
    expect(renderLatex(rows(3), { longtable: true })).toContain('\\begin{longtable}');
    expect(renderLatex(rows(100), { longtable: false })).toContain('\\begin{tabular}');
  });

  it.runIf(toolAvailable('pdflatex') && toolAvailable('pdftotext'))(
    'a 120-row longtable compiles with booktabs and longtable and breaks across pages, its header on each',
    () => {
      const { pdf } = compileLatex(renderLatex({ ...rows(120), caption: 'Per dialogue' }, { label: 'tab:d' }), ['longtable']);
      const pages = pdfText(pdf)
        .split('\f')
        .filter((p) => p.trim() !== '');
      expect(pages.length).toBeGreaterThanOrEqual(3);
      for (const p of pages) expect(p).toContain('Dialogue');
      expect(pages[0]).toContain('Table 1: Per dialogue');
      expect(pages[1]).toContain('(continued)');
      expect(pages.at(-1)).toContain('PMUL0119.json');
    },
  );
});

describe('LaTeX escaping', () => {
  it('escapes every character LaTeX treats specially, and | < > that print as other glyphs under OT1', () => {
    expect(latexEscape('a_b & c% #1 $x$ {y} ~z^2 \\w')).toBe(
      'a\\_b \\& c\\% \\#1 \\$x\\$ \\{y\\} \\textasciitilde{}z\\textasciicircum{}2 \\textbackslash{}w',
    );
    expect(latexEscape('A|B <t> 5')).toBe('A\\textbar{}B \\textless{}t\\textgreater{} 5');
    // Greek and math signs pdflatex's input encoding does not typeset.
    expect(latexEscape('FGA λ=0.5: r(FGA) − r(GCA) ≥ 0.1, slots ∅')).toBe(
      'FGA $\\lambda$=0.5: r(FGA) $-$ r(GCA) $\\geq$ 0.1, slots $\\emptyset$',
    );
  });

  it('text of a table with 200,000 rows (score --per-dialogue on 1M turns: the rows once went through a spread and overflowed the stack)', () => {
    const big: Table = {
      columns: [
        { key: 'id', header: 'dialogue', kind: 'label' },
        { key: 'n', header: 'turns', kind: 'count' },
      ],
      rows: Array.from({ length: 200_000 }, (_, i) => ({ cells: { id: `D${i}`, n: i % 14 } })),
      signature: 'sig',
    };
    const lines = renderText(big).split('\n');
    expect(lines[0]).toBe('dialogue  turns');
    expect(lines[2]).toBe('D0            0');
    expect(lines[200_001]).toBe('D199999       9');
    expect(lines.at(-2)).toBe('signature: sig');
  });
});
