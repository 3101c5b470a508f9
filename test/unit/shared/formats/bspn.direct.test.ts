// The belief-span loader's direct reading (src/shared/formats/bspn.ts): an
// object of dialogues has its turns handed straight to the corpus builder,
// not gathered by the turn collector (collect.ts). It must give exactly what
// the plain path gives (loadBspn(…, fast = false): the collector, every span
// through parseSpan) or decline — and then the collector's reading says what
// is wrong, or sorts the turns. Files here are written by hand, so that they
// can hold what JSON.stringify cannot: a key written twice, an escaped key,
// two keys naming one turn; with turns out of order, UBAR header entries,
// user utterances, dialogues without turns, unparseable and missing spans.
import { afterEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { loadBspn } from '../../../../src/shared/formats/bspn';
import { TurnCollector } from '../../../../src/shared/formats/collect';
import { multiwozSlotVocab } from '../../../../src/shared/formats/slot-vocab';
import type { Corpus } from '../../../../src/shared/model/corpus';
import type { LoadedCorpus } from '../../../../src/shared/formats/types';

const enc = (s: string) => new TextEncoder().encode(s);
const q = (s: string) => JSON.stringify(s);

const SPANS = [
  '<sos_b> [hotel] area north stars 4 <eos_b>',
  '<sos_b> [hotel] area north stars 4 [train] day monday <eos_b>',
  '<sos_b> [hotel] area north stars 5 [train] day monday <eos_b>',
  '<sos_b> [train] day monday leave 17:15 <eos_b>',
  '<sos_b> <eos_b>',
  '',
  '<sos_b> [hotel] area <eos_b>', // unparseable: a slot without a value
  '<sos_b> [hotel] área north <eos_b>', // non-ASCII: parseSpan reads it
];

/** What can be odd about a dialogue (most are ordinary). */
const ODD = [
  'none',
  'none',
  'none',
  'none',
  'reversed', // turn keys last first
  'twice', // "1" and "01" name one turn
  'key-twice', // a turn object with "resp" twice
  'escaped', // a key written with an escape ("bsp\u006e")
  'missing', // a turn without "bspn_gen"
  'header', // UBAR's header entry first ("trun_num")
  'user', // user utterances
  'empty', // no turns
  'list', // turns in a list with turn_num
  'pptod', // PPTOD's keys: dial_id (read once per dialogue when it repeats), turn_num, user, bsdx, bspn_reform
  'blank-id', // PPTOD's keys, the last turn's dial_id blank (refused, after ids that repeat)
] as const;

type Odd = (typeof ODD)[number];

interface TurnSpec {
  gold: number;
  gen: number;
}

const dialogue = fc.tuple(
  fc.array(fc.record({ gold: fc.nat(SPANS.length - 1), gen: fc.oneof(fc.constant(-1), fc.nat(SPANS.length - 1)) }), {
    minLength: 1,
    maxLength: 5,
  }),
  fc.constantFrom(...ODD),
);

/** One turn object's text; `key` the turn's JSON key or undefined (a list element, with turn_num). */
function turnText(t: TurnSpec, i: number, odd: Odd, n: number, id: string): string {
  const gold = SPANS[t.gold];
  const gen = t.gen < 0 ? gold : SPANS[t.gen];
  const members: string[] = [];
  if (odd === 'list') members.push(`"turn_num": ${i}`);
  if (odd === 'pptod' || odd === 'blank-id') {
    members.push(
      `"dial_id": ${q(odd === 'blank-id' && i === n - 1 ? ' ' : id)}`,
      `"turn_num": ${i}`,
      `"user": ${q(`i need a hotel ${i}`)}`,
    );
    members.push(`"bsdx": "[hotel] area", "bspn_reform": ${q(gold.replace(/ north/, ' = north'))}`);
  }
  if (odd === 'user') members.push(`"user": ${q(`<sos_u> i need a hotel ${i} <eos_u>`)}`);
  members.push(`${odd === 'escaped' && i === n - 1 ? '"bsp\\u006e"' : '"bspn"'}: ${q(gold)}`);
  if (!(odd === 'missing' && i === n - 1)) members.push(`"bspn_gen": ${q(gen)}`);
  members.push(`"resp": "i have booked it for you ."`);
  if (odd === 'key-twice' && i === n - 1) members.push(`"resp": "again"`);
  return `{${members.join(', ')}}`;
}

function dialogueText(turns: TurnSpec[], odd: Odd, id: string): string {
  const n = turns.length;
  if (odd === 'empty') return '{}';
  if (odd === 'list') return `[${turns.map((t, i) => turnText(t, i, odd, n, id)).join(', ')}]`;
  const keys = turns.map((_, i) => (odd === 'twice' && i === n - 1 && n > 1 ? `0${i - 1}` : String(i)));
  const members = turns.map((t, i) => `${q(keys[i])}: ${turnText(t, i, odd, n, id)}`);
  if (odd === 'reversed') members.reverse();
  if (odd === 'header') members.unshift(`"h": {"dial_id": "x", "trun_num": 0, "bspn": "", "bspn_gen": ""}`);
  return `{${members.join(', ')}}`;
}

const file = fc
  .array(dialogue, { minLength: 1, maxLength: 4 })
  .chain((ds) => fc.tuple(fc.constant(ds), fc.boolean()))
  .map(([ds, repeatId]) => {
    const ids = ds.map((_, d) => (repeatId && d === ds.length - 1 && d > 0 ? 'pmul1000' : `pmul${1000 + d}`));
    return `{${ds.map(([turns, odd], d) => `${q(ids[d])}: ${dialogueText(turns, odd, ids[d])}`).join(',\n')}}`;
  });

/** Everything a loaded file says, by name (slot and value ids may be numbered differently). */
function described(r: LoadedCorpus) {
  const c: Corpus = r.corpus;
  const state = (pairs: Int32Array, s: number, n: number) => {
    const out: string[] = [];
    for (let k = s; k < s + n; k++) out.push(`${c.slots.name(pairs[2 * k])}=${c.values.name(pairs[2 * k + 1])}`);
    return out.sort();
  };
  const turns = [];
  for (let i = 0; i < c.turnIndex.length; i++)
    turns.push({
      t: c.turnIndex[i],
      gold: state(c.goldPairs, c.goldStart[i], c.goldLen[i]),
      pred: state(c.predPairs, c.predStart[i], c.predLen[i]),
      user: c.utterances?.user[i],
    });
  const g = c.generation;
  return {
    ids: c.dialogueIds,
    start: [...c.dialogueStart],
    turns,
    raw: g?.raw,
    unparseable: g?.unparseable ? [...g.unparseable] : undefined,
    problem: g?.problem,
    warnings: r.warnings,
    scoreNotes: r.scoreNotes,
  };
}

function outcome(text: string, goldReplaced: boolean, fast: boolean) {
  try {
    return { ok: described(loadBspn(enc(text), { file: 'r.json', slotVocab: multiwozSlotVocab(), goldReplaced }, fast)) };
  } catch (e) {
    return { error: (e as Error).message };
  }
}

describe('belief-span direct reading', () => {
  afterEach(() => vi.restoreAllMocks());

  it('gives what the collector and parseSpan give, or declines to them (turns out of order or twice, keys twice or escaped, …)', () => {
    const turn = vi.spyOn(TurnCollector.prototype, 'turn');
    const seen = { direct: 0, declined: 0, errors: 0 };
    fc.assert(
      fc.property(file, fc.boolean(), (text, goldReplaced) => {
        turn.mockClear();
        const fast = outcome(text, goldReplaced, true);
        // The direct reading hands no turn to the collector; a declined one reads the file again through it.
        if (turn.mock.calls.length === 0 && fast.ok) seen.direct++;
        if (turn.mock.calls.length > 0) seen.declined++;
        if (fast.error) seen.errors++;
        expect(fast).toEqual(outcome(text, goldReplaced, false));
      }),
      { numRuns: 400 },
    );
    // Not vacuous: many files are read directly, many declined, some refused with a message.
    expect(seen.direct).toBeGreaterThan(40);
    expect(seen.declined).toBeGreaterThan(40);
    expect(seen.errors).toBeGreaterThan(20);
  });

  it('reads an ordinary object of dialogues without the collector, and sorts turns out of order through it', () => {
    const turn = vi.spyOn(TurnCollector.prototype, 'turn');
    const a = SPANS[0];
    const b = SPANS[1];
    const inOrder = `{"pmul1": {"0": {"bspn": ${q(a)}, "bspn_gen": ${q(a)}}, "1": {"bspn": ${q(b)}, "bspn_gen": ${q(a)}}}}`;
    const r = loadBspn(enc(inOrder), { file: 'r.json' });
    expect(turn).not.toHaveBeenCalled();
    expect(described(r)).toEqual(outcome(inOrder, false, false).ok);
    turn.mockClear();
    const reversed = `{"pmul1": {"1": {"bspn": ${q(b)}, "bspn_gen": ${q(a)}}, "0": {"bspn": ${q(a)}, "bspn_gen": ${q(a)}}}}`;
    const s = loadBspn(enc(reversed), { file: 'r.json' });
    expect(turn).toHaveBeenCalledTimes(2);
    expect(s.warnings.join('\n')).toMatch(/out of order/);
    expect([...s.corpus.turnIndex]).toEqual([0, 1]);
    expect(s.corpus.generation?.raw).toEqual([a, a]);
  });
});
