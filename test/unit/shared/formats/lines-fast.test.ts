// DST-as-Prompting's line-aligned generations read fast (src/shared/formats/
// lines.ts readLines(…, true): gold states read from the index's bytes by
// lines-fast.ts — a piece within the bytes a state shares with the one before
// is taken, each distinct piece parsed once —, prompts skipped by a quick scan,
// each distinct update parsed once) give exactly what the plain reading
// gives, or the fast reading throws and loadLines gives the plain reading's
// result or error. On the fixtures and on usual files it does not decline.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { loadLines, readLines } from '../../../../src/shared/formats/lines';
import { DstPieces, readAllDomainsFast } from '../../../../src/shared/formats/lines-fast';
import { parseDstString } from '../../../../src/shared/formats/dst-string';
import { PairBuffer } from '../../../../src/shared/formats/fga-buffers';
import { TurnCollector } from '../../../../src/shared/formats/collect';
import type { LoadOptions } from '../../../../src/shared/formats/types';
import { llmBytes } from './llm-samples';

const enc = (s: string) => new TextEncoder().encode(s);
const ALL = 'line-aligned/sdp-mw24-alldomains/';
const BY_SLOT = 'line-aligned/sdp-mw24-by-slot/';

/** Fast equals plain or throws; loadLines equals plain (result or error). Returns whether fast accepted. */
function check(bytes: Uint8Array, opts: LoadOptions): boolean {
  let plain: unknown;
  let plainError: Error | undefined;
  try {
    plain = readLines(bytes, opts, false);
  } catch (e) {
    plainError = e as Error;
  }
  let accepted = false;
  try {
    const fast = readLines(bytes, opts, true);
    accepted = true;
    expect(plainError).toBeUndefined();
    expect(fast).toEqual(plain);
  } catch (e) {
    if (accepted) throw e;
  }
  if (plainError) expect(() => loadLines(bytes, opts)).toThrow(plainError.message);
  else expect(loadLines(bytes, opts)).toEqual(plain);
  return accepted;
}

const piece = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      'hotel-area=north',
      'hotel-book day=monday',
      'train-leaveat=17:15',
      'taxi-destination=café',
      'hotel-area=south',
      'hotel-area=north east',
      'hotel-area=nort',
    ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      'area=north',
      'hotel-area',
      'hotel-area=',
      'hotel-a=b=c',
      '\uFEFFhotel-area=x',
      'Hotel-Area=North',
      'none',
      'NONE',
    ),
  },
);
const dst = fc.array(piece, { maxLength: 6 }).map((ps) => ps.join(', ') + (ps.length > 0 ? ', ' : ''));
const update = fc.oneof(dst, fc.constantFrom('none', 'None', '', 'hotel-area', 'hotel-area=north,'));

interface Row {
  d: string;
  t: number;
  dst: string;
  gen: string;
}

/** 1 to 10 turns of three dialogues; half the time each gold state extends the one before (cumulative states). */
const turnRows = fc
  .tuple(
    fc.array(fc.record({ d: fc.constantFrom('MUL1.json', 'MUL2.json', 'SNG3.json'), t: fc.nat(3), dst, gen: update }), {
      minLength: 1,
      maxLength: 10,
    }),
    fc.boolean(),
  )
  .map(([rows, cumulative]): Row[] => {
    if (cumulative) for (let i = 1; i < rows.length; i++) rows[i].dst = rows[i - 1].dst + rows[i].dst;
    return rows;
  });

function files(rows: Row[], escapes: boolean, prompt: string): { gen: Uint8Array; index: Uint8Array } {
  const index = rows.map((r) => {
    const line = JSON.stringify({ dialogue: prompt, dialogue_id: r.d, turn_id: r.t, dst: r.dst });
    return escapes ? line.replace(/é/g, '\\u00e9') : line;
  });
  return { gen: enc(rows.map((r) => r.gen).join('\n')), index: enc(index.join('\n')) };
}

describe('DST-as-Prompting, fast reading', () => {
  it('the fixtures: not declined, the same as the plain reading', () => {
    for (const name of ['generated_predictions.txt', 'generated_predictions-edge.txt']) {
      const index = { file: 'i.json', bytes: llmBytes(`${ALL}mw24_prompt_alldomains_test.json`) };
      expect(check(llmBytes(ALL + name), { file: name, index })).toBe(true);
    }
    const bySlot = { file: 'i.json', bytes: llmBytes(`${BY_SLOT}mw24_prompt_by_slot_test.json`) };
    expect(check(llmBytes(`${BY_SLOT}generated_predictions.txt`), { file: 'g.txt', index: bySlot })).toBe(true);
    expect(
      check(llmBytes(`${ALL}generated_predictions-short.txt`), {
        file: 'g.txt',
        index: { file: 'i', bytes: llmBytes(`${ALL}mw24_prompt_alldomains_test.json`) },
      }),
    ).toBe(false);
  });

  it('equals the plain reading or declines, on generated files (bad pieces, none, escapes, a BOM inside, cumulative states)', () => {
    let accepted = 0;
    fc.assert(
      fc.property(turnRows, fc.boolean(), fc.constantFrom('text', 'a "quoted" prompt', 'tab\there'), (rows, escapes, prompt) => {
        const f = files(rows, escapes, prompt);
        if (check(f.gen, { file: 'g.txt', index: { file: 'i.json', bytes: f.index } })) accepted++;
      }),
      // 800 runs: about 7% of these random files are read (the rest decline), ~56 on average; > 20 must not flake (at 400 runs it did).
      { numRuns: 800 },
    );
    expect(accepted).toBeGreaterThan(20);
  });

  it('usual files (turns in order, states growing) are read fast', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('hotel-area=north', 'train-day=monday', 'taxi-leaveat=17:15'), fc.boolean()), {
          minLength: 1,
          maxLength: 12,
        }),
        (steps) => {
          const rows: Row[] = [];
          let state: string[] = [];
          steps.forEach(([p, next], i) => {
            if (next || i === 0) state = [];
            state = [...state.filter((x) => x.split('=')[0] !== p.split('=')[0]), p];
            rows.push({
              d: `D${rows.filter((r) => r.t === 0).length + (next || i === 0 ? 1 : 0)}.json`,
              t: next || i === 0 ? 0 : rows[i - 1].t + 1,
              dst: state.map((x) => `${x}, `).join(''),
              gen: `${p},`,
            });
          });
          const f = files(rows, false, 'text');
          expect(check(f.gen, { file: 'g.txt', index: { file: 'i.json', bytes: f.index } })).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });
});

/** Whether the one-pass reading (readAllDomainsFast) reads the files, rather than declining. */
function onePass(gen: Uint8Array, index: Uint8Array): boolean {
  try {
    readAllDomainsFast(new TurnCollector(gen, 'g.txt', true), gen, index, 'i.json');
    return true;
  } catch {
    return false;
  }
}

describe('DST-as-Prompting, one pass over both files (readAllDomainsFast)', () => {
  // readLines(…, true) returns the one-pass reading whenever it does not decline, so check() above compares it with the plain reading.
  it('reads the all-domains fixtures, the same as the plain reading; declines the by-slot index and a count mismatch', () => {
    const index = llmBytes(`${ALL}mw24_prompt_alldomains_test.json`);
    for (const name of ['generated_predictions.txt', 'generated_predictions-edge.txt']) {
      expect(onePass(llmBytes(ALL + name), index)).toBe(true);
      expect(check(llmBytes(ALL + name), { file: name, index: { file: 'i.json', bytes: index } })).toBe(true);
    }
    expect(onePass(llmBytes(`${ALL}generated_predictions-short.txt`), index)).toBe(false);
    expect(onePass(llmBytes(`${BY_SLOT}generated_predictions.txt`), llmBytes(`${BY_SLOT}mw24_prompt_by_slot_test.json`))).toBe(false);
  });

  it('equals the plain reading or declines, on generated files (line endings, final newlines, blank index lines, repeated turns)', () => {
    let read = 0;
    fc.assert(
      fc.property(
        turnRows,
        fc.constantFrom('\n', '\r\n'),
        fc.constantFrom('', '\n', '\n\n', '\r\n'),
        fc.boolean(),
        (rows, eol, last, blank) => {
          const f = files(rows, false, 'text');
          const gen = enc(rows.map((r) => r.gen).join(eol) + last);
          const index = blank ? enc(new TextDecoder().decode(f.index).replace('\n', '\n\n  \n') + '\n') : f.index;
          const opts = { file: 'g.txt', index: { file: 'i.json', bytes: index } };
          if (onePass(gen, index)) {
            read++;
            expect(readLines(gen, opts, true)).toEqual(readLines(gen, opts, false));
          } else check(gen, opts);
        },
      ),
      { numRuns: 800 },
    );
    expect(read).toBeGreaterThan(20);
  });

  it('keys and ids: a repeated key is left to the plain reading (its error); an id written with escapes is the same id', () => {
    const gen = enc('hotel-area=north,\nnone');
    const line = (rest: string) => `{"dialogue": "text", "dialogue_id": "MUL1.json", ${rest}}`;
    const twice = [line('"turn_id": 0, "dst": "hotel-area=north, "'), line('"turn_id": 1, "dst": "", "dialogue": "again"')].join('\n');
    expect(onePass(gen, enc(twice))).toBe(false);
    expect(check(gen, { file: 'g.txt', index: { file: 'i.json', bytes: enc(twice) } })).toBe(false);
    const escapedKey = [line('"turn_id": 0, "dst": "hotel-area=north, "'), line('"turn_id": 1, "d\\u0073t": "hotel-area=north, "')].join(
      '\n',
    );
    expect(onePass(gen, enc(escapedKey))).toBe(false);
    check(gen, { file: 'g.txt', index: { file: 'i.json', bytes: enc(escapedKey) } });
    const escapedId = [
      line('"turn_id": 0, "dst": "hotel-area=north, "'),
      line('"turn_id": 1, "dst": "hotel-area=north, "').replace('MUL1', 'MUL\\u0031'),
    ].join('\n');
    expect(onePass(gen, enc(escapedId))).toBe(true);
    expect(check(gen, { file: 'g.txt', index: { file: 'i.json', bytes: enc(escapedId) } })).toBe(true);
    expect(readLines(gen, { file: 'g.txt', index: { file: 'i.json', bytes: enc(escapedId) } }, true).corpus.dialogueIds).toEqual([
      'MUL1.json',
    ]);
  });

  it('reads usual files (turns in order, states growing or changing a value, updates repeated)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(5), fc.constantFrom('north', 'south', 'cheap', '17:15'), fc.boolean()), { minLength: 1, maxLength: 20 }),
        (steps) => {
          const rows: Row[] = [];
          const state = new Map<string, string>();
          let d = 0;
          let t = 0;
          for (const [slot, value, next] of steps) {
            if (next && rows.length > 0) {
              state.clear();
              d++;
              t = 0;
            }
            const name = ['hotel-area', 'hotel-pricerange', 'train-leaveat', 'taxi-destination', 'hotel-book day', 'restaurant-food'][slot];
            state.set(name, value);
            rows.push({ d: `D${d}.json`, t: t++, dst: [...state].map(([s, v]) => `${s}=${v}, `).join(''), gen: `${name}=${value},` });
          }
          const f = files(rows, false, 'a prompt');
          expect(onePass(f.gen, f.index)).toBe(true);
          expect(check(f.gen, { file: 'g.txt', index: { file: 'i.json', bytes: f.index } })).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('DstPieces: a state read after another', () => {
  // A state shares bytes with the one before at its start and at its end (a value changed in the middle): the pieces
  // there are taken from the last state, the rest interned; the pairs are parseDstString's, or its problem.
  const unit = fc.constantFrom('a', 'b', '-', '=', ',', ' ', 'x=', 'a-b=', ', ', 'é', 'none');
  it("gives parseDstString's pairs or problem, whatever the bytes it shares with the state before", () => {
    fc.assert(
      fc.property(
        fc.string({ unit, maxLength: 30 }),
        fc.array(fc.record({ at: fc.nat(40), del: fc.nat(6), ins: fc.string({ unit, maxLength: 8 }), known: fc.boolean() }), {
          maxLength: 10,
        }),
        (first, edits) => {
          const states = [first];
          for (const ed of edits) {
            const prev = states[states.length - 1];
            const at = Math.min(ed.at, prev.length);
            states.push(prev.slice(0, at) + ed.ins + prev.slice(at + ed.del));
          }
          const bytes = enc(states.map((x) => `"${x}"`).join('\n'));
          const col = new TurnCollector(bytes, 'i.json', true);
          const pieces = new DstPieces();
          let s = 1;
          states.forEach((state, i) => {
            const e = s + enc(state).length;
            const out = new PairBuffer();
            const shared = i > 0 && edits[i - 1].known ? pieces.sharedWithLast(bytes, s) : -1;
            const got = pieces.read(col, bytes, s, e, out, shared);
            const want = parseDstString(state);
            if ('problem' in want) expect(got).toBe(want.problem);
            else {
              expect(got).toBeNull();
              expect([...out.a.subarray(0, out.n)]).toEqual(want.pairs.flatMap(([n, v]) => [col.flatSlot(n), col.value(v)]));
            }
            s = e + 3;
          });
        },
      ),
      { numRuns: 3000 },
    );
  });
});
