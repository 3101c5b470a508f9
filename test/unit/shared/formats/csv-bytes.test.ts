// The CSV fast path's byte readers (src/shared/formats/csv-bytes.ts): the
// byte splitter gives splitCsvFast's records of the decoded text (csv-fast.ts,
// itself checked against csv-parse) or declines, on random texts over the
// characters that matter and with a BOM; JSON read in place from a quoted
// field (quotes doubled) gives JSON.parse's keys, strings and numbers, or
// declines; equal byte ranges get one id.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ByteRanges, CellJson, CsvRecords, Decline } from '../../../../src/shared/formats/csv-bytes';
import { splitCsvFast } from '../../../../src/shared/formats/csv-fast';
import { ByteInterner } from '../../../../src/shared/formats/byte-interner';
import { Interner } from '../../../../src/shared/model/interner';

const enc = (s: string) => new TextEncoder().encode(s);

function records(bytes: Uint8Array): string[][] | null {
  try {
    const rec = new CsvRecords(bytes);
    const out: string[][] = [];
    while (rec.next()) out.push(Array.from({ length: rec.count }, (_, k) => rec.text(k)));
    return out;
  } catch (e) {
    if (e instanceof Decline) return null;
    throw e;
  }
}

const piece = fc.constantFrom('a', 'b', ' ', ',', '"', '""', '\n', '\r', '\r\n', 'é', '{"k": 1}', '\u2028', '\uFEFF');

describe('CsvRecords', () => {
  it('declines or gives splitCsvFast’s records of the decoded text', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), fc.boolean(), (parts, bom) => {
        const bytes = enc((bom ? '\uFEFF' : '') + parts.join(''));
        const got = records(bytes);
        if (got === null) return;
        expect(got).toEqual(splitCsvFast(new TextDecoder().decode(bytes)));
      }),
      { numRuns: 5000 },
    );
  });

  it('reads records that repeat the previous one in part (the shared bytes are skipped) as splitCsvFast does', () => {
    const cell = fc.array(fc.constantFrom('a', '"', ',', '\n', '{', 'é'), { maxLength: 8 }).map((xs) => xs.join(''));
    fc.assert(
      fc.property(fc.array(fc.tuple(cell, cell), { minLength: 1, maxLength: 6 }), (rows) => {
        const q = (f: string) => `"${f.replaceAll('"', '""')}"`;
        // Each row's second field begins with the first row's: long shared prefixes, quotes at their ends.
        const text = rows.map(([a, b]) => `${q(a)},${q(rows[0][1] + b)}`).join('\r\n');
        expect(records(enc(text))).toEqual(splitCsvFast(text));
      }),
      { numRuns: 2000 },
    );
  });
});

/** Reads a flat object of strings and numbers from a CSV-quoted JSON text with CellJson, as [key, value][]; null on decline. */
function readCell(json: string): [string, string | number][] | null {
  const field = json.replaceAll('"', '""');
  const bytes = enc(`"${field}"`);
  const cj = new CellJson(bytes);
  const keys = new ByteInterner(new Interner());
  try {
    cj.begin(1, bytes.length - 1);
    cj.openObject();
    const out: [string, string | number][] = [];
    for (let f = true; cj.nextKey(f); f = false) {
      const k = keys.target.name(cj.intern(keys));
      if (cj.stringHere()) out.push([k, cj.decoded()]);
      else out.push([k, cj.scalar()]);
    }
    cj.end();
    return out;
  } catch (e) {
    if (e instanceof Decline) return null;
    throw e;
  }
}

describe('CellJson', () => {
  it('reads keys, strings (escapes, unicode) and numbers as JSON.parse does', () => {
    const value = fc.oneof(fc.string({ unit: 'binary', maxLength: 6 }), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer());
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(fc.string({ unit: 'grapheme', maxLength: 5 }), value), { selector: ([k]) => k, maxLength: 4 }),
        fc.boolean(),
        (pairs, ascii) => {
          let json = JSON.stringify(Object.fromEntries(pairs));
          if (ascii) json = json.replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
          const got = readCell(json);
          if (got === null) return;
          const want = JSON.parse(json) as Record<string, unknown>;
          expect(Object.fromEntries(got)).toEqual(want);
          expect(got.map(([k]) => k)).toEqual(Object.keys(want));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it.each(['{"a": 1,}', '{"a" 1}', '{"a": 01}', '{"a": 1.}', '{"a": "\\x"}', '{"a": [1]}', '{"a": 1} x', '{"a": "\u0001"}'])(
    'declines %j',
    (json) => {
      expect(readCell(json)).toBeNull();
    },
  );
});

describe('ByteRanges', () => {
  it('gives equal byte ranges one id, different ones different ids', () => {
    const bytes = enc('abcdefghij|abcdefghij|abcdefghiJ|ab|ab|abc');
    const r = new ByteRanges(bytes);
    expect(r.id(0, 10)).toBe(r.id(11, 21));
    expect(r.id(0, 10)).not.toBe(r.id(22, 32));
    expect(r.id(33, 35)).toBe(r.id(36, 38));
    expect(r.id(33, 35)).not.toBe(r.id(39, 42));
  });
});
