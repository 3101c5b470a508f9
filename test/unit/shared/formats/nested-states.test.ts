// The fast reading of nested states (src/shared/formats/nested-states.ts: a
// state or domain object whose bytes repeat one read before is taken, not
// read) gives exactly what the one state reader (state-reader.ts) gives, or
// declines and leaves the state to it. Checked state by state on generated
// sequences of states (repeats, "" values, lists, flat keys, a domain or slot
// named twice, two spellings of one slot, blank and '-' names, escapes,
// syntax errors), and for whole ConvLab-3 files: loadConvlab with and
// without the fast reading gives the same corpus, or the same error.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { TurnCollector } from '../../../../src/shared/formats/collect';
import { loadConvlab } from '../../../../src/shared/formats/convlab';
import { JsonScanner } from '../../../../src/shared/formats/json-scanner';
import { NestedStates } from '../../../../src/shared/formats/nested-states';
import { StateReader } from '../../../../src/shared/formats/state-reader';
import { llmBytes } from './llm-samples';

const enc = (s: string) => new TextEncoder().encode(s);

type Value = string | string[] | number;
type Domain = [string, [string, Value][] | Value];
const value = fc.oneof(
  fc.constantFrom<Value>('', 'north', 'cheap', 'é', 'do not care', 'a"b', 'x\\u00e9'.replace('\\\\', '\\')),
  fc.constantFrom<Value>(['x', 'y'], [], [''], 3),
);
const slotKey = fc.constantFrom('area', 'price range', 'pricerange', 'book day', 'day', '', ' ', 'name\\u0041');
const domainKey = fc.constantFrom('hotel', 'Hotel', 'train', 'restaurant', '', 'a-b', 'taxi');
// A few small domain objects, so that the same one (and two spellings of one domain) often meet in one state.
const pooled = fc.tuple(
  fc.constantFrom('hotel', 'Hotel', 'train'),
  fc.array(fc.tuple(fc.constantFrom('area', 'day'), fc.constantFrom<Value>('north', '')), { maxLength: 2 }),
);
const domain: fc.Arbitrary<Domain> = fc.oneof(
  { weight: 8, arbitrary: fc.tuple(domainKey, fc.array(fc.tuple(slotKey, value), { maxLength: 5 })) },
  { weight: 8, arbitrary: pooled },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('hotel-area', 'area'), value) },
);
const stateArb = fc.array(domain, { maxLength: 4 });

/** A state as JSON text, keys written as given (repeats too; key strings may carry JSON escapes). */
function text(st: Domain[], broken: boolean): string {
  const v = (x: Value) => (typeof x === 'string' ? `"${x.replace(/"/g, '\\"')}"` : JSON.stringify(x));
  const body = st.map(
    ([k, inner]) =>
      `"${k}": ${Array.isArray(inner) && Array.isArray(inner[0]) ? `{${(inner as [string, Value][]).map(([s, x]) => `"${s}": ${v(x)}`).join(', ')}}` : Array.isArray(inner) && inner.length === 0 ? '{}' : v(inner as Value)}`,
  );
  return `{${body.join(', ')}${broken ? ',' : ''}}`;
}

describe('NestedStates', () => {
  it('each state: the same pairs as the state reader, or declined with the cursor unmoved', () => {
    let taken = 0;
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(5), stateArb, fc.constantFrom(0, 1) as fc.Arbitrary<0 | 1>, fc.boolean()), {
          minLength: 1,
          maxLength: 12,
        }),
        (steps) => {
          // Earlier states again (by index), so that repeats of whole states and domain objects occur.
          const seq: { t: string; side: 0 | 1 }[] = [];
          for (const [back, st, side, broken] of steps) {
            const t = back < seq.length && back % 2 === 0 ? seq[seq.length - 1 - back].t : text(st, broken && back === 5);
            seq.push({ t, side });
          }
          const doc = enc(`[${seq.map((s) => s.t).join(',')}]`);
          const fastCol = new TurnCollector(doc, 'f.json');
          const fastSc = new JsonScanner(doc, 'f.json');
          const fast = new NestedStates(fastCol, fastSc);
          const fastReader = new StateReader(fastCol, fastSc);
          const plainCol = new TurnCollector(doc, 'f.json');
          const plainSc = new JsonScanner(doc, 'f.json');
          const plain = new StateReader(plainCol, plainSc);
          fastSc.pos = plainSc.pos = 1;
          for (let i = 0; i < seq.length; i++) {
            const opts = { drop: new Set(['']), lists: seq[i].side === 0 ? ('join' as const) : ('first' as const) };
            let expected: number[] | Error;
            try {
              expected = plain.object('$', opts);
            } catch (e) {
              expected = e as Error;
            }
            fastSc.peek();
            const start = fastSc.pos;
            const got = fast.read(seq[i].side);
            if (got === null) {
              expect(fastSc.pos).toBe(start);
              // The state reader reads it (in the loader): it must get the same as the plain one.
              let again: number[] | Error;
              try {
                again = fastReader.object('$', opts);
              } catch (e) {
                again = e as Error;
              }
              if (expected instanceof Error) {
                expect(again).toBeInstanceOf(Error);
                expect((again as Error).message).toBe(expected.message);
                return; // the loader stops at the first error
              }
              expect(again).toEqual(expected);
            } else {
              taken++;
              expect(expected).not.toBeInstanceOf(Error);
              expect(got).toEqual(expected);
            }
            expect(fastSc.pos).toBe(plainSc.pos);
            // Both collectors interned the same names in the same order.
            expect(fastCol.builder.slots.names).toEqual(plainCol.builder.slots.names);
            expect(fastCol.builder.values.names).toEqual(plainCol.builder.values.names);
            for (const sc of [fastSc, plainSc]) if (sc.peek() === 0x2c) sc.pos++;
          }
        },
      ),
      { numRuns: 500 },
    );
    expect(taken).toBeGreaterThan(100);
  });

  it('a domain object taken from the cache still counts for "each slot once": two spellings of one domain are refused', () => {
    const doc = enc('[{"hotel": {"area": "north"}}, {"Hotel": {"area": "north"}, "hotel": {"area": "north"}}]');
    const col = new TurnCollector(doc, 'f.json');
    const sc = new JsonScanner(doc, 'f.json');
    const fast = new NestedStates(col, sc);
    sc.pos = 1;
    expect(fast.read(0)).toHaveLength(2);
    sc.pos++;
    expect(fast.read(0)).toBeNull();
    expect(() => new StateReader(col, sc).object('$[1]', { drop: new Set(['']) })).toThrow(/named twice in this state/);
  });

  const sample = (d: string, t: string, gold: string, pred: string) =>
    `{"dialogue_id": ${d}, "turn_id": ${t}, "state": ${gold}, "predictions": {"state": ${pred}}}`;

  it('whole ConvLab-3 files: the same corpus with and without the fast reading, or the same error', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.constantFrom('"d1"', '"d1"', '"d2"', '"d\\u0031"', '""', '3'),
            fc.constantFrom('"0"', '"1"', '1', '"2"', '"01"', '"x"', '2', '"1234567890"'),
            stateArb,
            stateArb,
            fc.boolean(),
          ),
          { minLength: 1, maxLength: 10 },
        ),
        (rows) => {
          const doc = enc(
            `[${rows.map(([d, t, g, p, same]) => sample(d, t, text(g, false), same ? text(g, false) : text(p, false))).join(',\n')}]`,
          );
          const run = (plain: boolean) => {
            try {
              return loadConvlab(doc, { file: 'p.json' }, 'turn_id', plain);
            } catch (e) {
              return (e as Error).message;
            }
          };
          expect(run(false)).toEqual(run(true));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('the fixtures: the same with and without the fast reading', () => {
    for (const name of [
      'llm-multiwoz21_dst.json',
      'llm-multiwoz21_dst-no-dialogue-id.json',
      'llm-multiwoz21_dst-edge.json',
      'setsumbt-predictions-test.json',
    ]) {
      const bytes = llmBytes(`convlab3/${name}`);
      expect(loadConvlab(bytes, { file: name }, 'turn_id')).toEqual(loadConvlab(bytes, { file: name }, 'turn_id', true));
    }
  });
});
