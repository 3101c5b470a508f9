// The corpus builder's two ways to record confidences (src/shared/model/builder.ts):
// TurnExtra.confidence objects (csv, bspn, the collected JSON Lines reading)
// and the flat API (beginConfidence, addConfidenceEntry, setConfidence: the
// direct JSON Lines reading) give the same corpus and the same count of
// dropped entries — entries sorted by slot within each turn, an entry naming
// no predicted pair or a slot already scored dropped, a column made after
// some entries NaN for them, dialogues whose turns arrive out of order
// permuted with their entries.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CorpusBuilder } from '../../../../src/shared/model/builder';

const entry = fc.record({
  slot: fc.nat(5),
  value: fc.nat(3),
  // Scores by column name (a column first named here is made here).
  scores: fc.array(fc.tuple(fc.constantFrom('softmax', 'verbalized', 'pair'), fc.double({ min: 0, max: 1, noNaN: true })), {
    maxLength: 3,
  }),
});
const turn = fc.record({
  pred: fc.uniqueArray(fc.tuple(fc.nat(5), fc.nat(3)), { selector: ([s]) => s, maxLength: 5 }),
  conf: fc.option(fc.array(entry, { maxLength: 6 })),
});

describe('CorpusBuilder confidences', () => {
  it('the flat API gives what TurnExtra.confidence gives', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.array(turn, { minLength: 1, maxLength: 4 }), fc.boolean()), { minLength: 1, maxLength: 4 }),
        (dialogues) => {
          const byObjects = new CorpusBuilder();
          const flat = new CorpusBuilder();
          for (const b of [byObjects, flat]) for (let s = 0; s < 6; s++) b.slots.intern(`d-s${s}`);
          for (const b of [byObjects, flat]) for (let v = 0; v < 4; v++) b.values.intern(`v${v}`);
          dialogues.forEach(([turns, reversed], d) => {
            for (const b of [byObjects, flat]) b.beginDialogue(`d${d}`);
            turns.forEach((t, i) => {
              const index = reversed ? turns.length - 1 - i : i;
              const pred = t.pred.flat();
              // Objects: columns made as the entries are read, as jsonl.ts and csv.ts do.
              const extra = t.conf
                ? {
                    confidence: t.conf.map((e) => {
                      const scores: (number | undefined)[] = [];
                      for (const [name, x] of e.scores) scores[byObjects.confidenceColumn(name)] = x;
                      return { slot: e.slot, value: e.value, scores };
                    }),
                  }
                : undefined;
              expect(byObjects.addTurn(index, [], pred.slice(), undefined, undefined, extra)).toBeNull();
              expect(flat.addTurnPairs(index, [], 0, pred.slice(), pred.length)).toBeNull();
              if (t.conf) {
                flat.beginConfidence();
                for (const e of t.conf) {
                  const columns = e.scores.map(([name]) => flat.confidenceColumn(name));
                  const k = flat.addConfidenceEntry(e.slot, e.value);
                  if (k >= 0) e.scores.forEach(([, x], j) => flat.setConfidence(k, columns[j], x));
                }
              }
            });
            for (const b of [byObjects, flat]) expect(b.endDialogue()).toBeNull();
          });
          expect(flat.build()).toEqual(byObjects.build());
          expect(flat.confidenceDropped).toBe(byObjects.confidenceDropped);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('sorts a turn’s entries by slot and drops those naming no predicted pair or a slot twice', () => {
    const b = new CorpusBuilder();
    for (let s = 0; s < 4; s++) b.slots.intern(`d-s${s}`);
    b.values.intern('v1');
    b.beginDialogue('d');
    b.addTurnPairs(0, [], 0, [3, 1, 1, 1, 2, 1], 6);
    b.beginConfidence();
    const col = b.confidenceColumn('softmax');
    b.setConfidence(b.addConfidenceEntry(3, 1), col, 0.3);
    expect(b.addConfidenceEntry(0, 1)).toBe(-1); // not predicted
    expect(b.addConfidenceEntry(2, 0)).toBe(-1); // another value
    b.setConfidence(b.addConfidenceEntry(1, 1), col, 0.1);
    expect(b.addConfidenceEntry(3, 1)).toBe(-1); // scored already
    b.addConfidenceEntry(2, 1); // no score: NaN
    const c = b.build().generation!.confidence!;
    expect(Array.from(c.slot)).toEqual([1, 2, 3]);
    expect(Array.from(c.values[0])).toEqual([0.1, Number.NaN, 0.3]);
    expect(Array.from(c.start)).toEqual([0, 3]);
    expect(b.confidenceDropped).toBe(3);
  });
});
