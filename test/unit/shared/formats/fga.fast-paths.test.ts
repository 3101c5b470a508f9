// The FGA loader's fast paths (it skips a state or a domain object whose bytes
// repeat one already read, parses turn keys from bytes, appends turns in file
// order and reorders them afterwards) give exactly the corpus a plain
// JSON.parse-based reading gives: same dialogues, turns, states, scores.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { generateText } from '../../../../bench/generate.js';
import { loadFga } from '../../../../src/shared/formats/fga';
import { LoadError } from '../../../../src/shared/formats/errors';
import { canonicalSlot } from '../../../../src/shared/formats/slot-names';
import { CorpusBuilder } from '../../../../src/shared/model/builder';
import type { Corpus } from '../../../../src/shared/model/corpus';
import { defaultConfig } from '../../../../src/shared/metrics/config';
import { dialogueResults, evaluate } from '../../../../src/shared/metrics/evaluate';

type State = Record<string, Record<string, string>>;
type File = Record<string, Record<string, { gt: State; pr: State }>>;

const enc = (s: string) => new TextEncoder().encode(s);
const config = defaultConfig({ lambdas: [0.25, 1] });

/** The reference reading: JSON.parse, then the builder with canonical slot names, turn keys sorted numerically. */
function slowCorpus(text: string): Corpus {
  const data = JSON.parse(text) as File;
  const b = new CorpusBuilder();
  const flat = (s: State) =>
    Object.entries(s).flatMap(([d, slots]) =>
      Object.entries(slots).flatMap(([k, v]) => [b.slots.intern(canonicalSlot(d, k)), b.values.intern(v)]),
    );
  for (const [id, turns] of Object.entries(data)) {
    b.beginDialogue(id);
    const keys = Object.keys(turns).sort((x, y) => Number(x) - Number(y));
    for (const k of keys) expect(b.addTurn(Number(k), flat(turns[k].gt), flat(turns[k].pr))).toBeNull();
    expect(b.endDialogue()).toBeNull();
  }
  return b.build();
}

/** Everything a corpus says, by name (ids may be numbered differently). */
function described(c: Corpus) {
  const state = (pairs: Int32Array, s: number, n: number) => {
    const out: string[] = [];
    for (let k = s; k < s + n; k++) out.push(`${c.slots.name(pairs[2 * k])}=${c.values.name(pairs[2 * k + 1])}`);
    return out.sort();
  };
  return c.dialogueIds.map((id, d) => {
    const turns = [];
    for (let i = c.dialogueStart[d]; i < c.dialogueStart[d + 1]; i++) {
      turns.push({
        t: c.turnIndex[i],
        gold: state(c.goldPairs, c.goldStart[i], c.goldLen[i]),
        pred: state(c.predPairs, c.predStart[i], c.predLen[i]),
      });
    }
    return { id, turns };
  });
}

function sameAsSlow(text: string): void {
  const fast = loadFga(enc(text), { file: 'x.json' }).corpus;
  const slow = slowCorpus(text);
  expect(described(fast)).toEqual(described(slow));
  const a = [...dialogueResults(evaluate(fast, config), true)];
  const b = [...dialogueResults(evaluate(slow, config), true)];
  expect(a).toEqual(b);
}

/** Re-serialises a file with another layout: indentation, reversed turn order, shuffled keys. */
function rewrite(text: string, indent: number, reverseTurns: boolean): string {
  const data = JSON.parse(text) as File;
  const out: File = {};
  for (const [id, turns] of Object.entries(data)) {
    const keys = Object.keys(turns);
    // Object key order is insertion order except integer-like keys; encode the turn order by hand.
    out[id] = Object.fromEntries((reverseTurns ? keys.reverse() : keys).map((k) => [k, turns[k]]));
  }
  if (!reverseTurns) return JSON.stringify(out, null, indent);
  const parts = Object.entries(out).map(
    ([id, turns]) =>
      `${JSON.stringify(id)}: {${Object.keys(turns)
        .reverse()
        .map((k) => `${JSON.stringify(k)}: ${JSON.stringify(turns[k], null, indent)}`)
        .join(', ')}}`,
  );
  return `{${parts.join(',\n')}}`;
}

describe('FGA loader fast paths', () => {
  it('generated corpora load exactly as JSON.parse reads them (compact, indented, turns in reverse order)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e6 }), fc.constantFrom(0, 1, 4), fc.boolean(), (seed, indent, reverse) => {
        const { text } = generateText(150, seed);
        sameAsSlow(text);
        sameAsSlow(rewrite(text, indent, reverse));
      }),
      { numRuns: 25 },
    );
  });

  it('repeated states, repeated domain objects and a prediction equal to gold are read as written', () => {
    const s1 = { hotel: { area: 'north', stars: '4' }, train: { day: 'monday' } };
    const s2 = { hotel: { area: 'north', stars: '4' }, train: { day: 'friday' } };
    const text = JSON.stringify({
      'A.json': { 0: { gt: s1, pr: s1 }, 1: { gt: s1, pr: s2 }, 2: { pr: s2, gt: s2 }, 3: { gt: s2, pr: s1 } },
      'B.json': { 0: { gt: s2, pr: {} }, 1: { gt: {}, pr: s2 } },
    });
    sameAsSlow(text);
    const c = loadFga(enc(text), { file: 'x.json' }).corpus;
    expect(described(c)[0].turns[3].pred).toEqual(['hotel-area=north', 'hotel-stars=4', 'train-day=monday']);
  });

  it('a domain object that shares a prefix with the last one reuses only complete pairs', () => {
    const h = (o: Record<string, string>) => ({ hotel: o });
    const states = [
      h({ area: 'north', stars: '4', type: 'hotel' }),
      h({ area: 'north', stars: '45', type: 'hotel' }), // value grows: "4" must not be reused
      h({ area: 'north', stars: '4' }), // a slot dropped at the end
      h({ area: 'north', star: '4' }), // key is a prefix of the old key
      h({ area: 'north', star: '4', type: 'guest house', name: 'avalon' }), // slots added at the end
      h({ area: 'nort', star: '4' }), // value is a prefix of the old value
      h({ area: 'north', parking: 'yes', star: '4' }), // slot inserted in the middle
      h({}),
      h({ area: 'north' }),
    ];
    const turns: Record<string, { gt: State; pr: State }> = {};
    states.forEach((s, i) => (turns[i] = { gt: s, pr: states[(i + 3) % states.length] }));
    sameAsSlow(JSON.stringify({ 'P.json': turns }));
    sameAsSlow(JSON.stringify({ 'P.json': turns }, null, 2));
  });

  it('turn keys: out of order, with gaps, with leading zeros; a duplicate is refused with its path', () => {
    const st = { hotel: { area: 'north' } };
    const text = `{"D.json": {"10": ${JSON.stringify({ gt: st, pr: {} })}, "007": ${JSON.stringify({ gt: {}, pr: st })}, "2": ${JSON.stringify({ gt: st, pr: st })}}}`;
    const c = loadFga(enc(text), { file: 'x.json' }).corpus;
    expect([...c.turnIndex]).toEqual([2, 7, 10]);
    sameAsSlow(text);
    const dup = `{"D.json": {"1": {"gt": {}, "pr": {}}, "0": {"gt": {}, "pr": {}}, "1": {"gt": {}, "pr": {}}}}`;
    expect(() => loadFga(enc(dup), { file: 'x.json' })).toThrow(LoadError);
    expect(() => loadFga(enc(dup), { file: 'x.json' })).toThrow(
      'x.json:1:67: at $["D.json"]["1"]: turn 1 appears twice in this dialogue (first at 1:13 $["D.json"]["1"])',
    );
    const bad = `{"D.json": {"007": {"gt": {"hotel": {"area": 3}}, "pr": {}}}}`;
    expect(() => loadFga(enc(bad), { file: 'x.json' })).toThrow(
      /\$\["D\.json"\]\["007"\]\.gt\.hotel\.area: expected a string value, found number 3/,
    );
  });

  it('a shape error right after a repeated state still names its place', () => {
    const st = JSON.stringify({ hotel: { area: 'north' } });
    const text = `{"D.json": {"0": {"gt": ${st}, "pr": ${st}}, "1": {"gt": ${st}, "pr": {"hotel": {"area": null}}}}}`;
    expect(() => loadFga(enc(text), { file: 'x.json' })).toThrow(
      /x\.json:1:\d+: at \$\["D\.json"\]\["1"\]\.pr\.hotel\.area: expected a string value, found null/,
    );
  });
});
