// JSON Lines (src/shared/formats/jsonl.ts): the loader's shortcuts give what
// reading every byte gives. A "pred" written byte for byte as the line's
// "gold" takes the gold's pairs (unless a list was read: the gold joins
// alternatives, the prediction keeps the first), and "confidence" objects are
// read from the bytes (jsonl-confidence.ts); the same file with the
// prediction and the confidences spaced differently (so that no shortcut
// applies to them) gives the same corpus: states, values and their ids,
// confidences, warnings.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadJsonl } from '../../../../src/shared/formats/jsonl';

const enc = (s: string) => new TextEncoder().encode(s);

const slot = fc.constantFrom('hotel-area', 'hotel-book day', 'taxi-leaveat', 'train-día');
const value = fc.oneof(fc.constantFrom('north', 'cheap', '17:15', 'é', '\uFEFFx', 'a "q"', ''), fc.constant(['north', 'south']));
const state = fc.dictionary(slot, value, { maxKeys: 3 });

/** JSON with a space after every ':' and ',' outside strings (the same value, other bytes). */
const spaced = (v: unknown) => JSON.stringify(v, null, 1).replace(/\n\s*/g, ' ');

const turn = fc.record({
  dialogue: fc.constantFrom('d1', 'd2'),
  gold: state,
  same: fc.boolean(),
  pred: state,
  conf: fc.option(
    fc.dictionary(slot, fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), fc.constant({ softmax: 0.5, verbalized: 0.25 }))),
  ),
});

describe('JSON Lines shortcuts', () => {
  it('a file gives the corpus of the same file spaced so that no shortcut applies', () => {
    fc.assert(
      fc.property(fc.array(turn, { minLength: 1, maxLength: 8 }), (ts) => {
        const turnOf = new Map<string, number>();
        const lines = (spacedOut: boolean) => {
          turnOf.clear();
          return ts
            .map((t) => {
              const n = turnOf.get(t.dialogue) ?? 0;
              turnOf.set(t.dialogue, n + 1);
              const gold = JSON.stringify(t.gold);
              const pred = t.same ? t.gold : t.pred;
              const conf = t.conf === null ? '' : `, "confidence": ${spacedOut ? spaced(t.conf) : JSON.stringify(t.conf)}`;
              return `{"dialogue_id": "${t.dialogue}", "turn": ${n}, "gold": ${gold}, "pred": ${spacedOut ? spaced(pred) : JSON.stringify(pred)}${conf}}`;
            })
            .join('\n');
        };
        const read = (text: string) => {
          try {
            const r = loadJsonl(enc(text), { file: 'f.jsonl' });
            return { corpus: r.corpus, warnings: r.warnings };
          } catch {
            return { error: true }; // (its line:column differs with the spacing)
          }
        };
        const a = lines(false);
        const b = lines(true);
        expect(read(a)).toEqual(read(b));
      }),
      { numRuns: 300 },
    );
  });
});
