// CSV cells (src/shared/report/csv.ts): quoting, and formula injection
// neutralised as OWASP's "CSV Injection" page recommends (a cell starting with
// =, +, -, @, tab or carriage return gets a leading single quote) in every
// CSV the app and CLI write — the table renderer and the annotation diff go
// through csvCell — while numbers, negative ones included, stay numbers.
import { describe, expect, it } from 'vitest';
import { csvCell, neutraliseFormula } from '../../../../src/shared/report/csv';
import { renderCsvTable, type Table } from '../../../../src/shared/report/tables';
import { renderDiff, type DiffRow } from '../../../../src/shared/annotations/export';

describe('csvCell', () => {
  it('quotes commas, quotes and line breaks; empty for null', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell('plain')).toBe('plain');
  });

  it('neutralises cells a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+cmd')).toBe("'+cmd");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1:A9)')).toBe("'@SUM(A1:A9)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
    expect(csvCell('-')).toBe("'-");
    // Only the first character counts.
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell('hotel-book stay')).toBe('hotel-book stay');
  });

  it('leaves numbers alone: negative ones, signed, with exponents, whether given as numbers or as text', () => {
    expect(csvCell(-0.5)).toBe('-0.5');
    expect(csvCell(-1e-7)).toBe('-1e-7');
    expect(csvCell('-0.5')).toBe('-0.5');
    expect(csvCell('+3')).toBe('+3');
    expect(csvCell('-.25')).toBe('-.25');
    expect(csvCell('-1E+4')).toBe('-1E+4');
    expect(csvCell('-12.')).toBe('-12.');
    // Not plain numbers: neutralised.
    expect(neutraliseFormula('-1-1')).toBe("'-1-1");
    expect(neutraliseFormula('-0x10')).toBe("'-0x10");
    expect(neutraliseFormula('-Infinity')).toBe("'-Infinity");
  });

  it('tables: a hostile label is neutralised, a negative delta stays a number', () => {
    const t: Table = {
      columns: [
        { key: 'run', header: 'run', kind: 'label' },
        { key: 'delta', header: 'Δ', kind: 'delta' },
      ],
      rows: [
        { cells: { run: '=cmd|"/c calc"!A1', delta: -0.5 } },
        { cells: { run: '@evil', delta: { value: -0.25, ci: [-0.5, -0.125] } } },
      ],
      signature: 'sig',
    };
    const lines = renderCsvTable(t).trim().split('\n');
    expect(lines[1]).toBe(`"'=cmd|""/c calc""!A1",-0.5,,,sig`);
    expect(lines[2]).toBe("'@evil,-0.25,-0.5,-0.125,sig");
  });

  it('the annotation diff: a note or value starting with = is neutralised', () => {
    const row: DiffRow = {
      dialogue: 'MUL1.json',
      turn: 0,
      slot: 'hotel-stars',
      old: '-1',
      new: '=2+2',
      category: 'wrong-value',
      status: 'confirmed',
      note: '@me',
      by: 'a',
      at: '2024-01-01T00:00:00Z',
      id: 'x',
    };
    const csv = renderDiff([row], 'csv', { gold: 'g', summary: { count: 1, hash: 'h' } as never });
    expect(csv.split('\n')[1]).toBe("MUL1.json,0,hotel-stars,-1,'=2+2,wrong-value,confirmed,'@me,a,2024-01-01T00:00:00Z,x");
  });
});
