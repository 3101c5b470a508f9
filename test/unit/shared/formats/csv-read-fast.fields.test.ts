// The CSV fast path reads a row's fields in order and a JSON cell in place
// (src/shared/formats/csv-bytes.ts CsvRecords.begin/locate/open/close/finish,
// used by csv-read-fast.ts): a total_state or confidence cell that is the
// next field is parsed from its first byte and ends where its JSON ends,
// instead of being scanned for its closing quote first. Checked here:
//   - CsvRecords read field by field (some fields opened and closed at their
//     true ends, the others located, in any order) gives next()'s records, and
//     declines on the same texts;
//   - on Sun-shaped files with the columns in any order and cells that go on
//     after their JSON (spaces, a line end, a stray byte, a doubled quote, a
//     brace, a lone quote) or do not begin with "{", the fast path gives the
//     plain path's corpus and notes or declines, never reads a file the plain
//     path refuses, reads every well-formed such file itself, and reads cells
//     in place.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CsvRecords, Decline } from '../../../../src/shared/formats/csv-bytes';
import { loadCsv, loadCsvPlain } from '../../../../src/shared/formats/csv';
import { readCsvFast, type CsvFastCounts } from '../../../../src/shared/formats/csv-read-fast';

const enc = (s: string) => new TextEncoder().encode(s);

/** Records read by next(): [start, end, text] per field; null where it declines. */
function byNext(bytes: Uint8Array): [number, number, string][][] | null {
  try {
    const rec = new CsvRecords(bytes);
    const out: [number, number, string][][] = [];
    while (rec.next()) out.push(Array.from({ length: rec.count }, (_, k) => [rec.start[k], rec.end[k], rec.text(k)]));
    return out;
  } catch (e) {
    if (e instanceof Decline) return null;
    throw e;
  }
}

/** The same records read field by field: field k opened and closed at its true end where plan says so, else located. */
function byFields(bytes: Uint8Array, truth: [number, number, string][][], plan: boolean[][]): [number, number, string][][] | null {
  try {
    const rec = new CsvRecords(bytes);
    const out: [number, number, string][][] = [];
    let r = 0;
    while (rec.begin()) {
      const want = truth[r];
      for (let k = 0; k < want.length; k++) {
        const s = plan[r % plan.length][k % plan[0].length] ? rec.open(k) : -1;
        if (s >= 0) {
          expect(s).toBe(want[k][0]);
          rec.close(k, want[k][1]);
        } else rec.locate(k);
      }
      rec.finish();
      out.push(Array.from({ length: rec.count }, (_, k) => [rec.start[k], rec.end[k], rec.text(k)]));
      r++;
    }
    return out;
  } catch (e) {
    if (e instanceof Decline) return null;
    throw e;
  }
}

describe('CsvRecords field by field', () => {
  it('gives next()’s records with some fields closed by the caller at their ends (repeated prefixes included)', () => {
    const cell = fc.array(fc.constantFrom('a', '"', ',', '\n', '{', '}', ' ', 'é'), { maxLength: 8 }).map((xs) => xs.join(''));
    const q = (f: string) => `"${f.replaceAll('"', '""')}"`;
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.tuple(cell, fc.boolean()), { minLength: 3, maxLength: 3 }), { minLength: 1, maxLength: 6 }),
        fc.array(fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }), { minLength: 1, maxLength: 3 }),
        fc.constantFrom('\n', '\r\n'),
        (rows, plan, eol) => {
          // Fields quoted or not (then as written: a quote or line end in it makes a text next() declines), each row's
          // fields beginning like the first row's (the scan skips a shared prefix: closed fields must keep it right).
          const text = rows.map((row) => row.map(([f, quoted], k) => (quoted ? q(rows[0][k][0] + f) : f)).join(',')).join(eol);
          const bytes = enc(text);
          const truth = byNext(bytes);
          if (truth === null) return;
          expect(byFields(bytes, truth, plan)).toEqual(truth);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('declines a record with fewer fields than asked for, and a short or long row at finish', () => {
    const rec = new CsvRecords(enc('"a","b"\n"c"\n'));
    expect(rec.next()).toBe(true);
    expect(rec.begin()).toBe(true);
    expect(() => rec.open(1)).toThrow(Decline);
    const long = new CsvRecords(enc('"a"\n"b","c"\n'));
    long.next();
    long.begin();
    long.locate(0);
    expect(() => long.finish()).toThrow(Decline);
  });
});

const COLUMNS = ['id', 'gt_domain', 'turn_state', 'total_state', 'pair_verbalized', 'slot_confidence', 'value_confidence', 'pair_minicons'];
const slotName = fc.constantFrom('area', 'stars', 'leave_at', 'name');
const value = fc.constantFrom('north', '16:30', 'a "b"', 'x_y', 'é');
const score = fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }).map(String), fc.constantFrom('0.5', '1.0', '1e-7', '"high"'));
/** What follows a JSON cell inside its quotes (or, for the last three, a cell that does not begin with its JSON). */
const tail = fc.oneof(
  { arbitrary: fc.constant(''), weight: 20 },
  fc.constantFrom(' ', '\n', ' \r\n ', 'x', '""', '}', '"', ',', '{', 'LEAD ', 'LEAD\n', 'EMPTY'),
);

interface RowSpec {
  update: number;
  newTotal: boolean;
  scores: string[];
  tails: string[];
}
const docArb = fc.record({
  order: fc.shuffledSubarray(COLUMNS, { minLength: COLUMNS.length }),
  updates: fc.array(fc.dictionary(slotName, value, { minKeys: 1, maxKeys: 3 }), { minLength: 1, maxLength: 3 }),
  rows: fc.array(
    fc.record({
      update: fc.nat(2),
      newTotal: fc.boolean(),
      scores: fc.array(score, { minLength: 3, maxLength: 3 }),
      tails: fc.array(tail, { minLength: 5, maxLength: 5 }),
    }),
    { minLength: 1, maxLength: 12 },
  ),
  quoteAll: fc.boolean(),
});

function write(doc: { order: string[]; updates: Record<string, string>[]; rows: RowSpec[]; quoteAll: boolean }, odd: boolean): string {
  const q = (f: string) => (doc.quoteAll || /[",\r\n]/.test(f) || f === '' ? `"${f.replaceAll('"', '""')}"` : f);
  const dict = (entries: [string, string][]) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}: ${v}`).join(', ')}}`;
  const state: Record<string, string> = {};
  const lines = [doc.order.map(q).join(',')];
  doc.rows.forEach((r, i) => {
    const update = doc.updates[r.update % doc.updates.length];
    if (r.newTotal) Object.assign(state, update);
    const pairs = Object.entries(update);
    const cells: Record<string, string> = {
      id: `mul0001-${i + 1}`,
      gt_domain: 'hotel',
      turn_state: JSON.stringify(update).replaceAll('":', '": ').replaceAll('",', '", '),
      total_state: JSON.stringify({ hotel: state }).replaceAll('":', '": ').replaceAll('",', '", '),
      pair_verbalized: dict(pairs.map(([s, v], k) => [`${s}_${v}`, r.scores[k % 3]])),
      slot_confidence: dict(pairs.map(([s], k) => [s, r.scores[(k + 1) % 3]])),
      value_confidence: dict(pairs.map(([, v]) => [v, '1.0'])),
      pair_minicons: dict(pairs.map(([s, v], k) => [`${s}_${v}`, r.scores[(k + 2) % 3]])),
    };
    if (odd)
      ['total_state', 'pair_verbalized', 'slot_confidence', 'value_confidence', 'pair_minicons'].forEach((c, k) => {
        const t = r.tails[k];
        if (t === 'EMPTY') cells[c] = '';
        else if (t.startsWith('LEAD')) cells[c] = t.slice(4) + cells[c];
        else cells[c] += t;
      });
    lines.push(doc.order.map((c) => q(cells[c])).join(','));
  });
  // A lone quote in a tail is written as is (not doubled) half the time: text after a closing quote, which the CSV refuses.
  return lines.join('\n') + '\n';
}

type Outcome = { ok: true; value: unknown } | { ok: false };
function plain(bytes: Uint8Array): Outcome {
  try {
    const r = loadCsvPlain(bytes, { file: 'f.csv' });
    return { ok: true, value: { corpus: r.corpus, warnings: r.warnings } };
  } catch {
    return { ok: false };
  }
}

describe('CSV fast path: JSON cells read in place, columns in any order', () => {
  it('gives the plain path’s corpus and notes or declines; never reads a file the plain path refuses', () => {
    let read = 0;
    let refused = 0;
    fc.assert(
      fc.property(docArb, (doc) => {
        const bytes = enc(write(doc, true));
        const want = plain(bytes);
        const fast = readCsvFast(bytes, 'f.csv');
        if (!want.ok) refused++;
        if (fast === null) return;
        read++;
        expect(want.ok).toBe(true);
        const got = loadCsv(bytes, { file: 'f.csv' });
        expect({ corpus: got.corpus, warnings: got.warnings }).toEqual((want as { value: unknown }).value);
      }),
      { numRuns: 600 },
    );
    expect(read).toBeGreaterThan(100);
    expect(refused).toBeGreaterThan(50);
  });

  it('reads every well-formed such file itself, cells in place, as the plain path does', () => {
    const counts: CsvFastCounts = { templated: 0, inPlace: 0 };
    fc.assert(
      fc.property(docArb, (doc) => {
        const bytes = enc(write(doc, false));
        const fast = readCsvFast(bytes, 'f.csv', counts);
        expect(fast).not.toBeNull();
        const slow = loadCsvPlain(bytes, { file: 'f.csv' });
        const got = loadCsv(bytes, { file: 'f.csv' });
        expect(got.corpus).toEqual(slow.corpus);
        expect(got.warnings).toEqual(slow.warnings);
      }),
      { numRuns: 300 },
    );
    expect(counts.inPlace).toBeGreaterThan(500);
  });
});

describe('CSV fast path: a total_state that begins as the last one', () => {
  const head = '"id","gt_domain","turn_state","total_state"\n';
  const row = (i: number, total: string) => `"d-${i}","hotel","{}","${total.replaceAll('"', '""')}"\n`;
  const h = '"hotel": {"area": "north", "stars": "4"}';
  const t = '"taxi": {"leaveat": "17:15"}';
  const r = '"restaurant": {"food": "thai"}';

  it('takes the domains inside the shared bytes from the last cell and reads the rest, as the plain path', () => {
    const totals = [
      `{${h}, ${t}, ${r}}`,
      `{${h}, ${t}, "restaurant": {"food": "thai", "area": "east"}}`, // the last domain grows
      `{${h}, "taxi": {"leaveat": "17:30"}, ${r}}`, // the middle one changes
      `{${h}, "taxi": {"leaveat": "17:30"}}`, // the last one dropped
      `{${h}, "taxi": {"leaveat": "17:30"}, ${r}, "train": {"day": "monday"}}`, // two added
      `{${h}}`,
      `{"hotel": {"area": "north", "stars": "4", "name": "x"}}`,
    ];
    const bytes = enc(head + totals.map((x, i) => row(i + 1, x)).join(''));
    expect(readCsvFast(bytes, 't.csv')).not.toBeNull();
    const fast = loadCsv(bytes, { file: 't.csv' });
    const slow = loadCsvPlain(bytes, { file: 't.csv' });
    expect(fast.corpus).toEqual(slow.corpus);
    expect(Array.from(fast.corpus.predLen)).toEqual([4, 5, 4, 3, 5, 2, 3]);
  });

  it('declines a domain written twice when its first object is among the shared bytes', () => {
    const bytes = enc(head + row(1, `{${h}, ${t}}`) + row(2, `{${h}, ${t}, "hotel": {"area": "south"}}`));
    expect(readCsvFast(bytes, 't.csv')).toBeNull();
    expect(loadCsv(bytes, { file: 't.csv' }).corpus).toEqual(loadCsvPlain(bytes, { file: 't.csv' }).corpus);
  });
});
