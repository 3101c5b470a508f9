// The CSV fast path's confidence templates (src/shared/formats/csv-read-fast.ts):
// a confidence cell whose bytes outside its numbers equal the last cell of its
// column read under the same turn_state is read as that cell's keys with new
// numbers. On generated files shaped like Sun et al.'s (a few turn_states
// repeated row after row, confidence cells over their pairs with scores
// spelled in many ways — Python's repr, exponents, integers, -0, digits past
// what a double holds — and now and then a key added, dropped or moved, other
// spacing, or a score that is not a number), the fast path gives exactly the
// plain path's corpus (same interned ids) and notes, reads every such file
// itself, and takes most cells from templates.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadCsv, loadCsvPlain } from '../../../../src/shared/formats/csv';
import { readCsvFast, type CsvFastCounts } from '../../../../src/shared/formats/csv-read-fast';

const enc = (s: string) => new TextEncoder().encode(s);

const slotName = fc.constantFrom('area', 'bookday', 'leave_at', 'name', 'ärea', 'stars');
const value = fc.constantFrom('north', '16:30', 'a "b"', 'modern european', 'é', 'x_y', '');
const updateArb = fc.dictionary(slotName, value, { minKeys: 1, maxKeys: 3 });

/** A score as written in the cell. */
const scoreText = fc.oneof(
  { arbitrary: fc.double({ min: 0, max: 1, noNaN: true }).map(String), weight: 6 },
  {
    arbitrary: fc.constantFrom(
      '1.0',
      '0.5',
      '1',
      '0',
      '-0',
      '-0.0',
      '0.6000000000000001',
      '2.8826524066971617e-05',
      '1E+2',
      '0.000001',
      '123456789012345678901234567890',
      '0.12345678901234567890123',
      '9007199254740993',
      '0.1e1',
    ),
    weight: 3,
  },
  { arbitrary: fc.constantFrom('"high"', 'null', 'true'), weight: 1 },
);

/** How a confidence cell differs from the plain "one score per pair, in order": the usual case most of the time. */
const variant = fc.oneof(
  { arbitrary: fc.constant('same'), weight: 8 },
  fc.constantFrom('reversed', 'extra', 'drop', 'compact', 'other-value', 'slot-keyed'),
);

interface RowSpec {
  update: number;
  conf: { variant: string; scores: string[] }[];
}

const COLUMNS = ['pair_verbalized', 'slot_confidence', 'pair_confidence'];

const docArb = fc.record({
  updates: fc.array(updateArb, { minLength: 1, maxLength: 3 }),
  rows: fc.array(
    fc.record({
      update: fc.nat(2),
      conf: fc.array(fc.record({ variant, scores: fc.array(scoreText, { minLength: 4, maxLength: 4 }) }), {
        minLength: COLUMNS.length,
        maxLength: COLUMNS.length,
      }),
    }),
    { minLength: 1, maxLength: 30 },
  ),
  total: fc.boolean(),
});

/** A cell as Sun et al.'s run.py writes it (json.dumps spacing) or compact, over the update's pairs. */
function confCell(update: Record<string, string>, col: number, c: RowSpec['conf'][number]): string {
  let keys = Object.entries(update).map(([s, v]) => (col === 1 || c.variant === 'slot-keyed' ? s : `${s}_${v}`));
  if (c.variant === 'reversed') keys = keys.reverse();
  if (c.variant === 'extra') keys = [...keys, 'x_north'];
  if (c.variant === 'drop') keys = keys.slice(1);
  if (c.variant === 'other-value') keys = keys.map((k) => `${k}_2`);
  const [colon, comma] = c.variant === 'compact' ? [':', ','] : [': ', ', '];
  return `{${keys.map((k, i) => `${JSON.stringify(k)}${colon}${c.scores[i % c.scores.length]}`).join(comma)}}`;
}

function write(doc: { updates: Record<string, string>[]; rows: RowSpec[]; total: boolean }): string {
  const header = ['id', 'gt_domain', 'turn_state', ...(doc.total ? ['total_state'] : []), ...COLUMNS];
  const q = (f: string) => `"${f.replaceAll('"', '""')}"`;
  const lines = [header.map(q).join(',')];
  doc.rows.forEach((r, i) => {
    const update = doc.updates[r.update % doc.updates.length];
    const cells = [`mul0001-${i + 1}`, 'hotel', JSON.stringify(update)];
    if (doc.total) cells.push(JSON.stringify({ hotel: update }));
    r.conf.forEach((c, col) => cells.push(confCell(update, col, c)));
    lines.push(cells.map(q).join(','));
  });
  return lines.join('\n') + '\n';
}

describe('CSV fast path: confidence cells read as templates', () => {
  it('gives the plain path’s corpus and notes, reads every such file itself, and takes most cells from templates', () => {
    const counts: CsvFastCounts = { templated: 0 };
    let cells = 0;
    fc.assert(
      fc.property(docArb, (doc) => {
        const bytes = enc(write(doc));
        const slow = loadCsvPlain(bytes, { file: 't.csv' });
        expect(readCsvFast(bytes, 't.csv', counts)).not.toBeNull();
        const fast = loadCsv(bytes, { file: 't.csv' });
        expect(fast.corpus).toEqual(slow.corpus);
        expect(fast.warnings).toEqual(slow.warnings);
        cells += doc.rows.length * COLUMNS.length;
      }),
      { numRuns: 300 },
    );
    // Most cells repeat an earlier one's keys and spacing under the same turn_state (the template path ran).
    expect(counts.templated).toBeGreaterThan(cells / 3);
  });

  it('a cell with the template’s keys but a score that is not a number is read in full (and counted as such)', () => {
    const head = '"id","gt_domain","turn_state","pair_confidence"\n';
    const row = (i: number, score: string) => `"d-${i}","hotel","{""area"": ""north""}","{""area_north"": ${score}}"\n`;
    const bytes = enc(head + row(1, '0.25') + row(2, '""high""') + row(3, '0.75') + row(4, 'null'));
    const counts: CsvFastCounts = { templated: 0 };
    expect(readCsvFast(bytes, 't.csv', counts)).not.toBeNull();
    expect(counts.templated).toBe(1); // row 3 (rows 2 and 4 hold no number)
    const fast = loadCsv(bytes, { file: 't.csv' });
    expect(fast.corpus).toEqual(loadCsvPlain(bytes, { file: 't.csv' }).corpus);
    expect(fast.warnings.join('\n')).toContain('2 confidence entries held no number');
    // Rows 1 and 3 have a score (the template's row and the row read from it), rows 2 and 4 none.
    const conf = fast.corpus.generation?.confidence;
    expect(Array.from(conf?.start ?? [])).toEqual([0, 1, 1, 2, 2]);
    expect(Array.from(conf?.values[0] ?? [])).toEqual([0.25, 0.75]);
  });
});

describe('CSV fast path: a template found while splitting, and one shared by the columns of a row', () => {
  const head = '"id","gt_domain","turn_state","pair_verbalized","pair_confidence","pair_minicons"\n';
  const row = (i: number, cells: string[]) =>
    [`d-${i}`, 'hotel', '{"area": "north", "stars": "4"}', ...cells].map((f) => `"${f.replaceAll('"', '""')}"`).join(',') + '\n';
  const cell = (a: string, b: string) => `{"area_north": ${a}, "stars_4": ${b}}`;

  it('reads a later column with an earlier column’s keys as that template, each score in its own column', () => {
    const bytes = enc(head + row(1, [cell('0.5', '1.0'), cell('0.25', '0.75'), cell('0.43697693777983204', '0.15594836394302547')]));
    const counts: CsvFastCounts = { templated: 0 };
    expect(readCsvFast(bytes, 't.csv', counts)).not.toBeNull();
    expect(counts.templated).toBe(2); // pair_confidence and pair_minicons from pair_verbalized's cell
    const fast = loadCsv(bytes, { file: 't.csv' });
    const slow = loadCsvPlain(bytes, { file: 't.csv' });
    expect(fast.corpus).toEqual(slow.corpus);
    const conf = fast.corpus.generation?.confidence;
    expect(conf?.values.map((col) => Array.from(col))).toEqual([
      [0.5, 1.0],
      [0.25, 0.75],
      [0.43697693777983204, 0.15594836394302547],
    ]);
  });

  it('a cell that matches its template up to the template’s end but goes on is read in full (or the plain path reports it)', () => {
    const rows = [cell('0.5', '1.0'), cell('0.25', '0.75'), cell('0.1', '0.2')];
    const endings = [' ', '  \n', 'x', ', "x_y": 0.5', '""'];
    for (const tail of endings) {
      const second = [cell('0.3', '0.4') + tail, cell('0.6', '0.7'), cell('0.8', '0.9') + tail];
      const bytes = enc(head + row(1, rows) + row(2, second) + row(3, rows));
      const fast = (() => {
        try {
          return loadCsv(bytes, { file: 't.csv' });
        } catch (e) {
          return String(e);
        }
      })();
      const slow = (() => {
        try {
          return loadCsvPlain(bytes, { file: 't.csv' });
        } catch (e) {
          return String(e);
        }
      })();
      if (typeof slow === 'string') expect(fast).toBe(slow);
      else {
        expect(typeof fast).toBe('object');
        if (typeof fast === 'object') {
          expect(fast.corpus).toEqual(slow.corpus);
          expect(fast.warnings).toEqual(slow.warnings);
        }
      }
    }
  });
});
