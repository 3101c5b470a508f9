// The fast split of plain CSV (src/shared/formats/csv-fast.ts) against
// csv-parse with the loader's options (csv.ts): on random texts over the
// characters that matter (quotes, commas, CR, LF, spaces, non-ASCII) it
// either declines (null) or gives exactly csv-parse's records; on
// well-formed files (any fields, quoted where needed, CRLF or LF, with or
// without a final line end) it never declines; and it declines each case it
// leaves to csv-parse.
import fc from 'fast-check';
import { parse } from 'csv-parse/browser/esm/sync';
import { describe, expect, it } from 'vitest';
import { splitCsvFast } from '../../../../src/shared/formats/csv-fast';

const OPTS = { bom: true, relax_column_count: false, skip_empty_lines: true };

function csvParse(text: string): string[][] | Error {
  try {
    return parse(text, OPTS) as string[][];
  } catch (e) {
    return e as Error;
  }
}

const piece = fc.constantFrom('a', 'b', ' ', ',', '"', '""', '\n', '\r', '\r\n', 'é', '{"k": 1}', '\u2028');
const field = fc.array(fc.constantFrom('a', ' ', ',', '"', '\n', '\r\n', 'é', '{', ':', '1'), { maxLength: 6 }).map((xs) => xs.join(''));

const quote = (f: string) => (/[",\r\n]/.test(f) || f === '' ? `"${f.replaceAll('"', '""')}"` : f);

describe('splitCsvFast', () => {
  it('declines or equals csv-parse on random texts', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (parts) => {
        const text = parts.join('');
        const fast = splitCsvFast(text);
        if (fast === null) return;
        expect(fast).toEqual(csvParse(text));
      }),
      { numRuns: 5000 },
    );
  });

  it('reads every well-formed file itself, as csv-parse does', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 5 })
          .chain((w) => fc.array(fc.array(field, { minLength: w, maxLength: w }), { minLength: 1, maxLength: 6 })),
        fc.constantFrom('\r\n', '\n'),
        fc.boolean(),
        fc.boolean(),
        (rows, eol, finalEol, quoteAll) => {
          // A record of one empty field reads like an empty line, which the fast path leaves to csv-parse.
          fc.pre(!rows.some((r) => r.length === 1 && r[0] === ''));
          const text =
            rows.map((r) => r.map((f) => (quoteAll ? `"${f.replaceAll('"', '""')}"` : quote(f))).join(',')).join(eol) +
            (finalEol ? eol : '');
          const fast = splitCsvFast(text);
          expect(fast).not.toBeNull();
          expect(fast).toEqual(csvParse(text));
          expect(fast).toEqual(rows);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it.each([
    ['a,b\r\n"c', 'an unclosed quote'],
    ['a,b\r\nc"d,e', 'a quote inside an unquoted field'],
    ['"a" ,b', 'text after a closing quote'],
    ['a,b\rc,d', 'a lone CR'],
    ['a,b\r\nc,d\ne,f', 'mixed line ends'],
    ['a,b\nc\n', 'a short row'],
    ['a,b\n\nc,d', 'an empty line'],
    ['\uFEFFa,b', 'a BOM left in the text'],
    ['', 'nothing'],
  ])('declines %j (%s)', (text) => {
    expect(splitCsvFast(text)).toBeNull();
  });
});
