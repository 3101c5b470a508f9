// The CSV loader's fast path (src/shared/formats/csv-read-fast.ts, over
// csv-bytes.ts) against its plain path (csv.ts's loadCsvPlain: the decoded
// text split into strings, every cell given to JSON.parse): on generated files
// — every field quoted or only where needed, CRLF or LF, cells pretty-printed
// over several lines, unicode written raw or as \u escapes, quotes and
// backslashes inside values, total_state cells repeated and changed, missing
// and non-numeric confidences, ids with dashes and spaces, keys of digits
// only, keys written twice, cells that are not JSON — it either declines
// (null) or gives exactly the plain path's corpus (the same interned ids) and
// notes; where the plain path refuses a file, it declines. On the well-formed
// files it reads them itself.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadCsv, loadCsvPlain } from '../../../../src/shared/formats/csv';
import { readCsvFast } from '../../../../src/shared/formats/csv-read-fast';
import { llmBytes } from './llm-samples';

const enc = (s: string) => new TextEncoder().encode(s);

type Cell = string;
interface Doc {
  header: string[];
  rows: Cell[][];
}

/** JSON as Python's json.dumps(ensure_ascii=True) writes it: non-ASCII as \u escapes. */
const asciiJson = (s: string) => s.replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

const slotName = fc.constantFrom('area', 'bookday', 'price range', 'name', 'arriveby', 'ärea', 'leave_at');
const value = fc.constantFrom(
  'north',
  'cheap',
  '16:30',
  'a "b"',
  'back\\slash',
  'x\ny',
  'é',
  '\u2028',
  'modern european',
  '',
  'naïve',
  '\uFEFFbom',
);
const domainName = fc.constantFrom('hotel', 'train', 'restaurant', 'taxi', 'hôtel');
const stateArb = fc.dictionary(domainName, fc.dictionary(slotName, value, { maxKeys: 4 }), { maxKeys: 3 });
const updateArb = fc.dictionary(slotName, value, { maxKeys: 3 });
const score = fc.oneof(
  fc.double({ min: 0, max: 1, noNaN: true }),
  fc.constantFrom(0.5, 0.8, 1e-3, -0, 12, 1e21),
  fc.constantFrom('high', null, true),
);

/** One way of writing a JSON cell: compact, spaced, pretty over several lines, ASCII-escaped. */
const style = fc.constantFrom('plain', 'pretty', 'ascii', 'crlf-pretty');
function json(v: unknown, how: string): string {
  if (how === 'pretty') return JSON.stringify(v, null, 1);
  if (how === 'crlf-pretty') return JSON.stringify(v, null, 2).replaceAll('\n', '\r\n');
  if (how === 'ascii') return asciiJson(JSON.stringify(v));
  return JSON.stringify(v).replaceAll('":', '": ').replaceAll('",', '", ');
}

/** Cells that the plain path reads differently or refuses: the fast path must decline (or agree). */
const oddCell = fc.constantFrom(
  '{"area": "north", "area": "south"}',
  '{"12": "x", "area": "north"}',
  '{"hotel": {"area": "north"}, "hotel": {"stars": "4"}}',
  '{"hotel": {"2": "a", "area": "b"}}',
  '{',
  '3',
  '[]',
  '{"hotel": "north"}',
  '{"area": 4}',
  '{"area_north": {"x": 1}}',
  ' {"area": "north"} ',
  '{"area": "\\u00e9\\"q\\""}',
  '{"hotel": {"area": "n\\u0000"}}',
  '\u00a0',
);

/** A dialogue and a turn ("i": the row's number, so that turns rarely repeat; the rest as the plain path reads them or refuses). */
const idArb = fc.tuple(
  fc.constantFrom('mul0371', 'd-x', 'sng01 ', ' pmul9', 'é1', 'a"b'),
  fc.oneof({ arbitrary: fc.constant('i'), weight: 6 }, fc.constantFrom('1', '01', '0', '2.0')),
);

interface RowSpec {
  id: [string, string];
  domain: string;
  update: Record<string, string>;
  total: Record<string, Record<string, string>> | 'repeat';
  conf: (Record<string, unknown> | null)[];
  how: string;
  odd: [number, string] | null;
}

const rowArb = (confCols: number, odd: boolean): fc.Arbitrary<RowSpec> =>
  fc.record({
    id: idArb,
    domain: fc.oneof(domainName, fc.constantFrom('', ' train')),
    update: updateArb,
    total: fc.oneof(stateArb, fc.constant('repeat' as const), fc.constant('repeat' as const)),
    conf: fc.array(fc.option(fc.dictionary(fc.oneof(slotName, fc.constant('x')), score, { maxKeys: 3 })), {
      minLength: confCols,
      maxLength: confCols,
    }),
    how: style,
    odd: odd
      ? fc.oneof({ arbitrary: fc.constant(null), weight: 12 }, { arbitrary: fc.tuple(fc.nat(6), oddCell), weight: 1 })
      : fc.constant(null),
  });

/** Confidence keys as Sun et al. write them: "<slot>_<value>" for the update's pairs, some for other values. */
function confKeys(c: Record<string, unknown>, update: Record<string, string>, slotKeyed: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(c)) {
    const v = update[k];
    out[slotKeyed || v === undefined ? k : `${k}_${v}`] = x;
  }
  return out;
}

/** Files of 1–12 rows; `odd`: with cells the plain path refuses or reads in its own way, and ids that may repeat or be bad. */
const docArbOf = (odd: boolean) =>
  fc
    .record({
      withTotal: fc.boolean(),
      withRaw: fc.boolean(),
      valueConfidence: fc.boolean(),
      confCols: fc.integer({ min: 0, max: 2 }),
    })
    .chain((o) =>
      fc.record({ o: fc.constant(o), rows: fc.array(rowArb(o.confCols, odd), { minLength: 1, maxLength: 12 }), sorted: fc.boolean() }),
    )
    .map(({ o, rows, sorted }): Doc => {
      const header = ['id', 'gt_domain', 'turn_state'];
      if (o.withTotal) header.push('total_state');
      if (o.withRaw) header.push('raw');
      if (o.valueConfidence) header.push('value_confidence');
      for (let c = 0; c < o.confCols; c++) header.push(c === 0 ? 'pair_confidence' : 'slot_confidence');
      const specs = sorted ? [...rows].sort((a, b) => a.id[0].localeCompare(b.id[0])) : rows;
      let lastTotal = '{}';
      const out = specs.map((r, i) => {
        const cells: string[] = [odd && r.id[1] !== 'i' ? `${r.id[0]}-${r.id[1]}` : `${r.id[0]}-${i + 1}`, r.domain, json(r.update, r.how)];
        if (o.withTotal) {
          if (r.total !== 'repeat') lastTotal = json(r.total, r.how);
          cells.push(lastTotal);
        }
        if (o.withRaw) cells.push(`[${r.domain}] raw "text"\nline 2 ${r.id[0]}`);
        if (o.valueConfidence) cells.push('{"north": 0.5}');
        r.conf.forEach((c, k) => cells.push(c === null ? '' : json(confKeys(c, r.update, k === 1), r.how)));
        if (r.odd) cells[[2, 3, cells.length - 1, 2, 3, 1, 0][r.odd[0]] % cells.length] = r.odd[1];
        return cells;
      });
      return { header, rows: out };
    });
const docArb = docArbOf(true);

function write(doc: Doc, quoteAll: boolean, eol: string, finalEol: boolean): string {
  const q = (f: string) => (quoteAll || /[",\r\n]/.test(f) || f === '' ? `"${f.replaceAll('"', '""')}"` : f);
  return [doc.header, ...doc.rows].map((r) => r.map(q).join(',')).join(eol) + (finalEol ? eol : '');
}

type Outcome = { ok: true; value: unknown } | { ok: false; message: string };
function plain(bytes: Uint8Array): Outcome {
  try {
    const r = loadCsvPlain(bytes, { file: 'g.csv' });
    return { ok: true, value: { corpus: r.corpus, warnings: r.warnings } };
  } catch (e) {
    return { ok: false, message: (e as Error).message };
  }
}

describe('CSV fast path (csv-read-fast.ts) against the plain path', () => {
  it('reads the Sun et al. sample itself, exactly as the plain path', () => {
    const bytes = llmBytes('csv/sun2024-test_turn_few_example.csv');
    expect(readCsvFast(bytes, 'x.csv')).not.toBeNull();
    const fast = loadCsv(bytes, { file: 'x.csv' });
    const slow = loadCsvPlain(bytes, { file: 'x.csv' });
    expect(fast.corpus).toEqual(slow.corpus);
    expect(fast.warnings).toEqual(slow.warnings);
  });

  it('declines the sample whose cell is not JSON (the plain path reports it with row, column and line)', () => {
    expect(readCsvFast(llmBytes('csv/sun2024-test_turn_few_example-edge.csv'), 'x.csv')).toBeNull();
  });

  it('on generated files: declines or gives the plain path’s corpus and notes; never reads a file the plain path refuses', () => {
    let read = 0;
    let declined = 0;
    fc.assert(
      fc.property(docArb, fc.boolean(), fc.constantFrom('\r\n', '\n'), fc.boolean(), (doc, quoteAll, eol, finalEol) => {
        const bytes = enc(write(doc, quoteAll, eol, finalEol));
        const want = plain(bytes);
        const fast = readCsvFast(bytes, 'g.csv');
        if (fast === null) {
          declined++;
          return;
        }
        read++;
        expect(want.ok).toBe(true);
        const got = loadCsv(bytes, { file: 'g.csv' });
        expect({ corpus: got.corpus, warnings: got.warnings }).toEqual((want as { value: unknown }).value);
      }),
      { numRuns: 400 },
    );
    // Both branches ran (the generator is not all declines, nor never one).
    expect(read).toBeGreaterThan(100);
    expect(declined).toBeGreaterThan(20);
  });

  it('reads every well-formed file itself (no odd cells, ids the plain path accepts)', () => {
    fc.assert(
      fc.property(docArbOf(false), fc.boolean(), fc.constantFrom('\r\n', '\n'), (doc, quoteAll, eol) => {
        const bytes = enc(write(doc, quoteAll, eol, true));
        expect(plain(bytes).ok).toBe(true);
        expect(readCsvFast(bytes, 'g.csv')).not.toBeNull();
      }),
      { numRuns: 200 },
    );
  });

  it('a total_state repeated row after row is read once, and scores per row as written', () => {
    const head = '"id","gt_domain","turn_state","total_state"\r\n';
    const total = '"{""hotel"": {""area"": ""north"", ""stars"": ""4""}, ""taxi"": {""leaveat"": ""17:15""}}"';
    const grown = '"{""hotel"": {""area"": ""north"", ""stars"": ""5""}, ""taxi"": {""leaveat"": ""17:15"", ""arriveby"": ""18:00""}}"';
    const text = `${head}"d-1","hotel","{}",${total}\r\n"d-2","hotel","{}",${total}\r\n"d-3","taxi","{}",${grown}\r\n"e-1","taxi","{}",${total}\r\n`;
    const bytes = enc(text);
    expect(readCsvFast(bytes, 'r.csv')).not.toBeNull();
    expect(loadCsv(bytes, { file: 'r.csv' }).corpus).toEqual(loadCsvPlain(bytes, { file: 'r.csv' }).corpus);
    const c = loadCsv(bytes, { file: 'r.csv' }).corpus;
    expect(Array.from(c.predLen)).toEqual([3, 3, 4, 3]);
  });
});
