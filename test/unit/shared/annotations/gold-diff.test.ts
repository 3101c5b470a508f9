// gold diff on small golds: identical golds give no record; scopes (onward
// where NEW keeps the change over the run OLD keeps its value, turn where it
// does not); each category guess; an explicit "none" against an absent slot;
// slots with spaces and values with "|"; dialogues and turns in one gold only
// reported; and, property-tested on random gold pairs (fast-check), OLD with
// the diff applied as score --corrections applies it is NEW exactly — states
// and every score — with every record's `from` OLD's own value there.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { diffGolds, guessCategory, sameButFormat, type GoldDiffResult } from '../../../../src/shared/annotations/gold-diff';
import { applyCorrections } from '../../../../src/shared/annotations/apply';
import { parseAnnotations } from '../../../../src/shared/annotations/file';
import { headerLine, recordLine } from '../../../../src/shared/annotations/record';
import { applyDiff, corpusOf, expectSameScores, goldOnly, goldStates, type CorpusSpec, type State } from '../../../helpers/gold-diff';

const OPTS = { by: 'gold-diff', at: '2026-01-01T00:00:00.000Z' };
const S = 'hotel-book day'; // a slot with a space in its name

/** One dialogue "D" with one slot's value per turn (undefined: absent). */
function row(values: (string | undefined)[]): Record<string, State[]> {
  return { D: values.map((v): State => (v === undefined ? {} : { [S]: v })) };
}

function diffRows(oldRow: (string | undefined)[], newRow: (string | undefined)[]): GoldDiffResult {
  const oldC = corpusOf(goldOnly(row(oldRow)));
  const newC = corpusOf(goldOnly(row(newRow)));
  const r = diffGolds(oldC, newC, OPTS);
  expect(goldStates(applyDiff(oldC, r.records))).toEqual(goldStates(newC));
  return r;
}

const brief = (r: GoldDiffResult) => r.records.map((x) => [x.turn, x.from, x.to, x.scope, x.category]);

describe('gold diff', () => {
  it('identical golds give an empty diff', () => {
    const spec = goldOnly({ A: [{ [S]: 'monday' }, { [S]: 'monday', 'hotel-area': 'none' }], B: [{}] });
    const r = diffGolds(corpusOf(spec), corpusOf(spec), OPTS);
    expect(r.records).toEqual([]);
    expect(r.issues).toEqual([]);
    expect(r.stats).toMatchObject({ dialogues: 2, dialoguesChanged: 0, turns: 3, turnsChanged: 0, places: 0, records: 0, onward: 0 });
  });

  it('a change NEW keeps while OLD keeps its value is one onward record', () => {
    expect(brief(diffRows(['a', 'a', 'a', 'a'], ['b', 'b', 'b', 'b']))).toEqual([[0, 'a', 'b', 'onward', 'wrong-value']]);
    // The run ends where OLD changes the slot for its own reasons.
    const r = diffRows(['a', 'a', 'c', 'c'], ['b', 'b', 'c', 'c']);
    expect(brief(r)).toEqual([[0, 'a', 'b', 'onward', 'wrong-value']]);
    expect(r.records[0].note).toBe('turns 0–1');
    // Two changes of one run's value are two onward records.
    expect(brief(diffRows(['a', 'a', 'c', 'c'], ['b', 'b', 'd', 'd']))).toEqual([
      [0, 'a', 'b', 'onward', 'wrong-value'],
      [2, 'c', 'd', 'onward', 'wrong-value'],
    ]);
  });

  it('a change that does not persist is a turn record; from is always OLD’s value at its turn', () => {
    expect(brief(diffRows(['a', 'a', 'a'], ['b', 'a', 'a']))).toEqual([[0, 'a', 'b', 'turn', 'wrong-value']]);
    // NEW keeps b for three of OLD's five turns of a: one record per turn (an onward record would reach all five).
    expect(brief(diffRows(['a', 'a', 'a', 'a', 'a'], ['b', 'b', 'b', 'a', 'a']))).toEqual([
      [0, 'a', 'b', 'turn', 'wrong-value'],
      [1, 'a', 'b', 'turn', 'wrong-value'],
      [2, 'a', 'b', 'turn', 'wrong-value'],
    ]);
    // …and where the tail is a run of its own, onward again.
    expect(brief(diffRows(['a', 'a', 'a', 'a'], ['b', 'c', 'c', 'c']))).toEqual([
      [0, 'a', 'b', 'turn', 'wrong-value'],
      [1, 'a', 'c', 'onward', 'wrong-value'],
    ]);
  });

  it('guesses missing, extra, wrong value and early / late (one turn)', () => {
    expect(brief(diffRows([undefined, undefined, undefined], [undefined, 'v', 'v']))).toEqual([[1, null, 'v', 'onward', 'missing-slot']]);
    expect(brief(diffRows(['v', 'v', 'v'], [undefined, undefined, undefined]))).toEqual([[0, 'v', null, 'onward', 'extra-slot']]);
    expect(brief(diffRows(['v', 'v', 'v'], ['v', 'w', 'v']))).toEqual([[1, 'v', 'w', 'turn', 'wrong-value']]);
    // Delayed: the user gives v at turn 1, OLD adds it at turn 2.
    const late = diffRows([undefined, undefined, 'v', 'v'], [undefined, 'v', 'v', 'v']);
    expect(brief(late)).toEqual([[1, null, 'v', 'turn', 'early-or-late']]);
    expect(late.records[0].note).toBe('OLD makes this change one turn later');
    // Early: OLD adds v a turn before NEW.
    const early = diffRows([undefined, 'v', 'v'], [undefined, undefined, 'v']);
    expect(brief(early)).toEqual([[1, 'v', null, 'turn', 'early-or-late']]);
    expect(early.records[0].note).toBe('OLD makes this change one turn early');
    // A change of value a turn late, and a removal a turn late.
    expect(brief(diffRows(['a', 'a', 'b'], ['a', 'b', 'b']))).toEqual([[1, 'a', 'b', 'turn', 'early-or-late']]);
    expect(brief(diffRows(['v', 'v', undefined], ['v', undefined, undefined]))).toEqual([[1, 'v', null, 'turn', 'early-or-late']]);
    // Two turns late is not a one-turn shift: a missing slot over both turns.
    expect(brief(diffRows([undefined, undefined, undefined, 'v'], [undefined, 'v', 'v', 'v']))).toEqual([
      [1, null, 'v', 'onward', 'missing-slot'],
    ]);
    // A value NEW has only at the last turn is missing (there is no later turn to be late to).
    expect(brief(diffRows([undefined, undefined], [undefined, 'v']))).toEqual([[1, null, 'v', 'turn', 'missing-slot']]);
  });

  it('tells an explicit "none" from an absent slot, and format-only differences, as normalisation', () => {
    const a = diffRows(['none', 'none'], [undefined, undefined]);
    expect(brief(a)).toEqual([[0, 'none', null, 'onward', 'normalisation']]);
    expect(a.records[0].note).toMatch(/OLD writes "none" where NEW leaves the slot out/);
    expect(brief(diffRows([undefined, 'none'], ['none', 'none']))).toEqual([[0, null, 'none', 'turn', 'normalisation']]);
    // "none" → a value is a missing slot like absent → a value; from "none" matches either.
    expect(brief(diffRows(['none', undefined, 'none'], ['x', 'x', 'x']))).toEqual([[0, 'none', 'x', 'onward', 'missing-slot']]);
    expect(brief(diffRows(['Centre', 'Centre'], ['centre', 'centre']))).toEqual([[0, 'Centre', 'centre', 'onward', 'normalisation']]);
    expect(brief(diffRows(["king's college"], ['kings college']))).toEqual([
      [0, "king's college", 'kings college', 'turn', 'normalisation'],
    ]);
    expect(sameButFormat('a  b', 'A b')).toBe(true);
    expect(sameButFormat('a', 'a')).toBe(false);
    expect(sameButFormat('cheap', 'moderate')).toBe(false);
  });

  it('keeps values with "|" and slots with spaces verbatim, and writes records that read back', () => {
    const r = diffRows(['a|b', 'a|b'], ['c|d', 'c|d']);
    expect(brief(r)).toEqual([[0, 'a|b', 'c|d', 'onward', 'wrong-value']]);
    expect(r.records[0]).toMatchObject({ slot: 'hotel-book day', dialogue: 'D', status: 'confirmed', by: 'gold-diff', rev: 1 });
    expect(r.records[0].id).toMatch(/^gd-[0-9a-f]{16}$/);
    const text = [headerLine('old.json', OPTS.at), ...r.records.map(recordLine)].join('\n') + '\n';
    const parsed = parseAnnotations(text, 'x.jsonl');
    expect(parsed.problems).toEqual([]);
    expect(parsed.records.map((k) => k.record)).toEqual(r.records);
  });

  it('gives the same id to the same change in any diff, different ids to different changes', () => {
    const a = diffRows(['a', 'a'], ['b', 'b']).records[0].id;
    expect(diffRows(['a', 'a'], ['b', 'b']).records[0].id).toBe(a);
    expect(diffRows(['a', 'a'], ['c', 'c']).records[0].id).not.toBe(a);
  });

  it('orders records by dialogue (OLD’s order), turn and slot, and counts them', () => {
    const old = goldOnly({ B: [{ 'hotel-area': 'north', 'hotel-name': 'x' }, {}], A: [{}] });
    const neu = goldOnly({ A: [{ 'taxi-leaveat': '10:00' }], B: [{ 'hotel-area': 'south', 'hotel-name': 'y' }, { 'hotel-stars': '4' }] });
    const r = diffGolds(corpusOf(old), corpusOf(neu), OPTS);
    expect(r.records.map((x) => [x.dialogue, x.turn, x.slot])).toEqual([
      ['B', 0, 'hotel-area'],
      ['B', 0, 'hotel-name'],
      ['B', 1, 'hotel-stars'],
      ['A', 0, 'taxi-leaveat'],
    ]);
    expect(r.stats).toMatchObject({ dialogues: 2, dialoguesChanged: 2, turns: 3, turnsChanged: 3, places: 4, records: 4, onward: 0 });
    expect(r.stats.categories).toMatchObject({ 'wrong-value': 2, 'missing-slot': 2 });
    expect(goldStates(applyDiff(corpusOf(old), r.records))).toEqual(goldStates(corpusOf(neu)));
  });

  it('reports dialogues and turns in one gold only and diffs the rest', () => {
    const old: CorpusSpec = {
      'MUL0001.json': [
        { turn: 0, gold: { 'hotel-area': 'north' } },
        { turn: 1, gold: { 'hotel-area': 'north' } },
        { turn: 2, gold: { 'hotel-area': 'north' } },
      ],
      'MUL0002.json': [{ turn: 0, gold: {} }],
      'mul0002.json': [{ turn: 0, gold: { 'hotel-area': 'x' } }],
    };
    const neu: CorpusSpec = {
      mul0001: [
        { turn: 0, gold: { 'hotel-area': 'south' } },
        { turn: 2, gold: { 'hotel-area': 'south' } },
        { turn: 3, gold: {} },
      ],
      'MUL0003.json': [{ turn: 0, gold: {} }],
    };
    const r = diffGolds(corpusOf(old), corpusOf(neu), OPTS);
    expect(r.issues.map((i) => [i.kind, i.dialogue, i.turns])).toEqual([
      ['same-key', 'mul0002.json', undefined],
      ['dialogue-only-in-new', 'MUL0003.json', undefined],
      ['turns-only-in-old', 'MUL0001.json', [1]],
      ['turns-only-in-new', 'MUL0001.json', [3]],
      ['dialogue-only-in-old', 'MUL0002.json', undefined],
    ]);
    expect(r.issues[2].message).toBe('dialogue "MUL0001.json": turn 1 only in OLD (left as OLD has them)');
    // Turn 1, only in OLD, stays as OLD has it: the change at 0 cannot reach over it, so two turn records.
    expect(brief(r)).toEqual([
      [0, 'north', 'south', 'turn', 'wrong-value'],
      [2, 'north', 'south', 'turn', 'wrong-value'],
    ]);
    expect(r.records[0].dialogue).toBe('MUL0001.json'); // as OLD spells it
    const fixed = goldStates(applyDiff(corpusOf(old), r.records)).get('mul0001')!;
    expect(fixed).toEqual([
      [0, ['hotel-area=south']],
      [1, ['hotel-area=north']],
      [2, ['hotel-area=south']],
    ]);
  });

  it('within: only the dialogues asked for, the others left out without an issue', () => {
    const old = goldOnly({ A: [{ 'hotel-area': 'north' }], B: [{ 'hotel-area': 'north' }], C: [{}], 'c.json': [{}] });
    const neu = goldOnly({ A: [{ 'hotel-area': 'south' }], B: [{ 'hotel-area': 'south' }], D: [{}] });
    const r = diffGolds(corpusOf(old), corpusOf(neu), { ...OPTS, within: new Set(['a']) });
    expect(r.records.map((x) => x.dialogue)).toEqual(['A']);
    expect(r.issues).toEqual([]);
    expect(r.stats).toMatchObject({ dialogues: 1, outside: 3, records: 1 });
    // Without it, B is diffed and C, D are reported.
    const all = diffGolds(corpusOf(old), corpusOf(neu), OPTS);
    expect(all.records.map((x) => x.dialogue)).toEqual(['A', 'B']);
    expect(all.issues.map((i) => i.kind).sort()).toEqual(['dialogue-only-in-new', 'dialogue-only-in-old', 'same-key']);
  });

  it('names the slots NEW adds that OLD never has and MultiWOZ does not know (applied only with a schema or predictions naming them)', () => {
    const oldC = corpusOf(goldOnly({ D: [{ 'restaurants_1-city': 'sj' }, {}] }));
    const newC = corpusOf(goldOnly({ D: [{ 'restaurants_1-city': 'sj', 'restaurants_1-party size': '2' }, { 'hotel-book stay': '3' }] }));
    const r = diffGolds(oldC, newC, OPTS);
    expect(r.newSlots).toEqual(['restaurants_1-party size']);
    const kept = r.records.map((record, k) => ({ record, line: k + 2 }));
    expect(applyCorrections(oldC, kept).issues.map((i) => i.kind)).toEqual(['unknown-slot']);
    const withSchema = applyCorrections(oldC, kept, { schemaSlots: ['restaurants_1-party size'] });
    expect(withSchema.issues).toEqual([]);
    expect(goldStates(withSchema.corpus)).toEqual(goldStates(newC));
  });

  it('guessCategory reads a row: one-turn shifts only, the first turn’s “before” is absent', () => {
    const A = -1;
    const name = (v: number) => `v${v}`;
    const inactive = (v: number) => v === A || v === 0;
    expect(guessCategory([A, 5], [5, 5], 0, true, inactive, name).category).toBe('early-or-late');
    expect(guessCategory([5, 5], [A, 5], 0, true, inactive, name).category).toBe('early-or-late');
    // The same change with onward scope is not a one-turn shift.
    expect(guessCategory([A, 5], [5, 5], 0, false, inactive, name).category).toBe('missing-slot');
    expect(guessCategory([0], [A], 0, true, inactive, name).category).toBe('normalisation');
  });
});

// ---- property: OLD + diff = NEW, on random gold pairs ----

const SLOTS = ['hotel-book day', 'hotel-area', 'train-leaveat', 'restaurant-name'];
const VALUES = ['none', 'monday', 'Monday', 'north', 'a|b', '10:15', 'pizza hut'];
/** A slot's value at a turn: an index into VALUES, or -1 for absent. */
const valueArb = fc.integer({ min: -1, max: VALUES.length - 1 });
/** A row made of runs (values persist, as gold states do). */
const rowArb = (n: number) =>
  fc
    .array(fc.record({ len: fc.integer({ min: 1, max: 4 }), v: valueArb }), { minLength: 1, maxLength: n })
    .map((runs) => runs.flatMap((r) => Array<number>(r.len).fill(r.v)).slice(0, n))
    .map((r) => [...r, ...Array<number>(Math.max(0, n - r.length)).fill(r[r.length - 1] ?? -1)]);

type Edit =
  { kind: 'same' } | { kind: 'point'; at: number; v: number } | { kind: 'shift'; by: 1 | -1 } | { kind: 'run'; from: number; v: number };
const editArb: fc.Arbitrary<Edit> = fc.oneof(
  fc.constant<Edit>({ kind: 'same' }),
  fc.record({ kind: fc.constant('point' as const), at: fc.nat(), v: valueArb }),
  fc.record({ kind: fc.constant('shift' as const), by: fc.constantFrom(1 as const, -1 as const) }),
  fc.record({ kind: fc.constant('run' as const), from: fc.nat(), v: valueArb }),
);

/** NEW's row from OLD's: unchanged, one place changed, shifted a turn (a delayed or early annotation), or changed from a turn on. */
function edit(row: number[], e: Edit): number[] {
  const n = row.length;
  const out = [...row];
  if (e.kind === 'point') out[e.at % n] = e.v;
  if (e.kind === 'shift') for (let p = 0; p < n; p++) out[p] = row[Math.min(n - 1, Math.max(0, p - e.by))];
  if (e.kind === 'run') for (let p = e.from % n; p < n && row[p] === row[e.from % n]; p++) out[p] = e.v;
  return out;
}

const dialogueArb = fc.integer({ min: 1, max: 7 }).chain((n) =>
  fc.record({
    n: fc.constant(n),
    old: fc.array(rowArb(n), { minLength: SLOTS.length, maxLength: SLOTS.length }),
    edits: fc.array(fc.array(editArb, { maxLength: 2 }), { minLength: SLOTS.length, maxLength: SLOTS.length }),
    pred: fc.array(rowArb(n), { minLength: SLOTS.length, maxLength: SLOTS.length }),
  }),
);

function statesOf(rows: number[][], n: number): State[] {
  return Array.from({ length: n }, (_, p) => {
    const s: State = {};
    rows.forEach((r, k) => {
      if (r[p] >= 0) s[SLOTS[k]] = VALUES[r[p]];
    });
    return s;
  });
}

describe('gold diff round trip (property)', () => {
  it('OLD with the diff applied is NEW: every state, every score; from is OLD’s value; one record per place at most', () => {
    fc.assert(
      fc.property(fc.array(dialogueArb, { minLength: 1, maxLength: 4 }), (ds) => {
        const olds: Record<string, State[]> = {};
        const news: Record<string, State[]> = {};
        const preds: Record<string, State[]> = {};
        ds.forEach((d, k) => {
          const newRows = d.old.map((r, s) => d.edits[s].reduce(edit, r));
          olds[`D${k}`] = statesOf(d.old, d.n);
          news[`D${k}`] = statesOf(newRows, d.n);
          preds[`D${k}`] = statesOf(d.pred, d.n);
        });
        const oldC = corpusOf(goldOnly(olds, preds));
        const newC = corpusOf(goldOnly(news, preds));
        const r = diffGolds(oldC, newC, OPTS);
        expect(r.issues).toEqual([]);
        const fixed = applyDiff(oldC, r.records);
        expect(goldStates(fixed)).toEqual(goldStates(newC));
        expectSameScores(fixed, newC);
        const places = new Set<string>();
        for (const x of r.records) {
          const p = `${x.dialogue}/${x.turn}/${x.slot}`;
          expect(places.has(p)).toBe(false);
          places.add(p);
          const was = olds[x.dialogue][x.turn][x.slot!];
          expect(x.from).toBe(was ?? null);
        }
        expect(r.stats.records).toBeLessThanOrEqual(r.stats.places);
        if (r.stats.places === 0) expect(r.records).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it('with turns missing on either side: common turns become NEW’s, turns only in OLD stay as they were', () => {
    fc.assert(
      fc.property(
        dialogueArb,
        fc.array(fc.boolean(), { minLength: 7, maxLength: 7 }),
        fc.array(fc.boolean(), { minLength: 7, maxLength: 7 }),
        (d, dropOld, dropNew) => {
          const newRows = d.old.map((r, s) => d.edits[s].reduce(edit, r));
          // Each side keeps at least its first turn (a dialogue without turns is no dialogue).
          const keep = (states: State[], drop: boolean[]) =>
            states.map((gold, turn) => ({ turn, gold })).filter((t) => !drop[t.turn] || t.turn === 0);
          const oldT = keep(statesOf(d.old, d.n), dropOld);
          const newT = keep(statesOf(newRows, d.n), dropNew);
          const oldC = corpusOf({ D: oldT });
          const r = diffGolds(oldC, corpusOf({ D: newT }), OPTS);
          const fixed = new Map(goldStates(applyDiff(oldC, r.records)).get('d')!);
          const want = new Map(goldStates(corpusOf({ D: newT })).get('d')!);
          const was = new Map(goldStates(oldC).get('d')!);
          for (const [turn, s] of fixed) expect([turn, s]).toEqual([turn, want.get(turn) ?? was.get(turn)]);
          const onlyOld = oldT.filter((t) => !want.has(t.turn)).map((t) => t.turn);
          const onlyNew = newT.filter((t) => !was.has(t.turn)).map((t) => t.turn);
          expect(r.issues.find((i) => i.kind === 'turns-only-in-old')?.turns ?? []).toEqual(onlyOld);
          expect(r.issues.find((i) => i.kind === 'turns-only-in-new')?.turns ?? []).toEqual(onlyNew);
        },
      ),
      { numRuns: 200 },
    );
  });
});
