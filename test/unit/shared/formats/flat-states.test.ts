// The fast reading of flat states (src/shared/formats/flat-states.ts: a state
// whose bytes repeat, or begin like, the last one on its side or the last
// gold is taken from it) gives exactly what the one state reader
// (state-reader.ts) gives, or declines and leaves the state to it, with the
// same slot and value ids. Checked state by state on generated sequences of
// states that grow and change as a tracker's do (repeats, extensions, a value
// changed in the middle), with lists, nested domains, non-string values,
// keys without "-", blank names, a slot named twice or spelt two ways,
// escapes, whitespace and syntax errors.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TurnCollector } from '../../../../src/shared/formats/collect';
import { FlatStates } from '../../../../src/shared/formats/flat-states';
import { JsonScanner } from '../../../../src/shared/formats/json-scanner';
import { StateReader } from '../../../../src/shared/formats/state-reader';

const enc = (s: string) => new TextEncoder().encode(s);

const key = fc.constantFrom('hotel-area', 'hotel-book day', 'Hotel-Area', 'train-día', 'taxi-leave\\u0041t', 'area', '-x', 'hotel-');
const value = fc.oneof(
  // (values that begin like others: a changed value shares a prefix with the old one)
  {
    weight: 8,
    arbitrary: fc.constantFrom('"north"', '"nort"', '"northe"', '"nortx"', '"cheap"', '""', '"é"', '"a \\"q\\""', '"x\\u00e9"', '"x"'),
  },
  { weight: 1, arbitrary: fc.constantFrom('["a", "b"]', '[]', '3', 'null', '{"area": "north"}', '{}') },
);
const member = fc.tuple(key, value).map(([k, v]) => `"${k}": ${v}`);
const sep = fc.constantFrom(', ', ',', ' , ');

/** Sequences of states: each keeps a prefix of the last one's members (or all of them), maybe changes one, then adds some. */
const sequence = fc
  .array(
    fc.record({
      keep: fc.nat(5),
      change: fc.option(fc.tuple(fc.nat(4), member)),
      more: fc.array(member, { maxLength: 3 }),
      sep,
      side: fc.constantFrom<0 | 1>(0, 1),
      broken: fc.oneof({ weight: 12, arbitrary: fc.constant('') }, { weight: 1, arbitrary: fc.constantFrom(',', ' "x"', ':') }),
      again: fc.boolean(),
    }),
    { minLength: 1, maxLength: 12 },
  )
  .map((specs) => {
    let prev: string[] = [];
    let prevText = '{}';
    return specs.map(({ keep, change, more, sep: s, side, broken, again }) => {
      if (again) return { text: prevText, side };
      const members = [...prev.slice(0, keep), ...more];
      // A member changed in the middle (its key and value, or just the value).
      if (change && change[0] < members.length)
        members[change[0]] = change[0] % 2 ? change[1] : members[change[0]].replace(/: .*$/, ': "nort"');
      prev = members;
      prevText = `{${members.join(s)}${broken}}`;
      return { text: prevText, side };
    });
  });

describe('FlatStates', () => {
  it('each state: the state reader’s pairs and ids, or declined with the cursor unmoved', () => {
    let taken = 0;
    fc.assert(
      fc.property(sequence, (seq) => {
        const doc = enc(`[${seq.map((s) => s.text).join(',\n')}]`);
        const fastCol = new TurnCollector(doc, 'f.jsonl');
        const fastSc = new JsonScanner(doc, 'f.jsonl');
        const fast = new FlatStates(fastCol, fastSc);
        const fastReader = new StateReader(fastCol, fastSc);
        const plainCol = new TurnCollector(doc, 'f.jsonl');
        const plainSc = new JsonScanner(doc, 'f.jsonl');
        const plain = new StateReader(plainCol, plainSc);
        fastSc.pos = plainSc.pos = 1;
        for (const { side } of seq) {
          const opts = { lists: side === 0 ? ('join' as const) : ('first' as const) };
          let expected: number[] | Error;
          try {
            expected = plain.object('$', opts);
          } catch (e) {
            expected = e as Error;
          }
          fastSc.peek();
          const start = fastSc.pos;
          if (fast.read(side)) {
            taken++;
            expect(expected).not.toBeInstanceOf(Error);
            const out = fast.out[side];
            expect(Array.from(out.a.subarray(0, out.n))).toEqual(expected);
          } else {
            expect(fastSc.pos).toBe(start);
            let again: number[] | Error;
            try {
              again = fastReader.object('$', opts);
            } catch (e) {
              again = e as Error;
            }
            if (expected instanceof Error) {
              expect((again as Error).message).toBe(expected.message);
              return; // the loader stops at the first error
            }
            expect(again).toEqual(expected);
          }
          expect(fastSc.pos).toBe(plainSc.pos);
          expect(fastCol.builder.slots.names).toEqual(plainCol.builder.slots.names);
          expect(fastCol.builder.values.names).toEqual(plainCol.builder.values.names);
          for (const sc of [fastSc, plainSc]) {
            sc.peek();
            if (sc.bytes[sc.pos] === 0x2c) sc.pos++;
          }
        }
      }),
      { numRuns: 1000 },
    );
    expect(taken).toBeGreaterThan(1000);
  });

  it('takes a prediction equal to the gold, and a state extending the last one, from them', () => {
    const doc = enc('[{"hotel-area": "north"}, {"hotel-area": "north"}, {"hotel-area": "north", "taxi-leaveat": "17:15"}]');
    const col = new TurnCollector(doc, 'f.jsonl');
    const sc = new JsonScanner(doc, 'f.jsonl');
    const fast = new FlatStates(col, sc);
    sc.pos = 1;
    expect(fast.read(0)).toBe(true);
    sc.pos += 2;
    expect(fast.read(1)).toBe(true);
    expect(Array.from(fast.out[1].a.subarray(0, fast.out[1].n))).toEqual(Array.from(fast.out[0].a.subarray(0, fast.out[0].n)));
    sc.pos += 2;
    expect(fast.read(0)).toBe(true);
    expect(fast.out[0].n).toBe(4);
    expect(col.builder.slots.names).toEqual(['hotel-area', 'taxi-leaveat']);
  });
});
