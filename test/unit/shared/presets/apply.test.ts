// Applying a preset's parts to a corpus (src/shared/presets/apply.ts): the
// exact parts change nothing; a fuzzy matcher only turns wrong values into
// correct ones (never the other way) and keeps every turn; the gold policy
// and the scope do what mwzeval's parse_state and get_dst do.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyPresetParts } from '../../../../src/shared/presets/apply';
import { EXACT_PARTS, PRESETS, type PresetParts } from '../../../../src/shared/presets/parts';
import { analyseCorpus } from '../../../../src/shared/metrics/turn-stats';
import { slotRecords } from '../../../../src/shared/metrics/evaluate';
import { CorpusBuilder } from '../../../../src/shared/model/builder';
import { buildCorpus, corpusArb, type Naming } from '../../../helpers/random-corpus';

// Values that overlap as substrings, with spaces and case, so partial_ratio accepts some pairs and not others.
const naming: Naming = {
  slot: (s) => `${['hotel', 'train', 'taxi'][s % 3]}-slot${s}`,
  value: (v) => ['none', 'centre', ' centre', 'the centre', 'Centre'][v],
};
const fuzzyOnly: PresetParts = {
  ...EXACT_PARTS,
  matcher: { kind: 'fuzzy', scorer: 'partial_ratio', threshold: 95, backend: 'levenshtein' },
};
const joint = (c: ReturnType<typeof buildCorpus>) => {
  const s = analyseCorpus(c);
  return Array.from(s.correct, (_, i) => s.wrong[i] + s.missed[i] + s.overshot[i] === 0);
};

describe('applyPresetParts', () => {
  it('the exact parts return the corpus itself', () => {
    fc.assert(
      fc.property(corpusArb(4), (ds) => {
        const c = buildCorpus(ds, naming);
        const p = applyPresetParts(c, EXACT_PARTS);
        expect(p.corpus).toBe(c);
        expect(p.notes).toEqual([]);
      }),
      { numRuns: 30 },
    );
  });

  it('a fuzzy matcher keeps every turn and only turns wrong into correct', () => {
    fc.assert(
      fc.property(corpusArb(6), (ds) => {
        const c = buildCorpus(ds, naming);
        const p = applyPresetParts(c, fuzzyOnly);
        expect(p.corpus.turnIndex.length).toBe(c.turnIndex.length);
        const before = joint(c);
        const after = joint(p.corpus);
        for (let i = 0; i < before.length; i++) if (before[i]) expect(after[i]).toBe(true);
        const sa = analyseCorpus(c);
        const sb = analyseCorpus(p.corpus);
        for (let i = 0; i < before.length; i++) {
          expect(sb.correct[i]).toBeGreaterThanOrEqual(sa.correct[i]);
          expect(sb.correct[i] + sb.wrong[i]).toBe(sa.correct[i] + sa.wrong[i]);
          expect(sb.missed[i]).toBe(sa.missed[i]);
          expect(sb.overshot[i]).toBe(sa.overshot[i]);
        }
        // Every acceptance beyond equality is noted with its score.
        for (const n of p.notes) expect(n.how).toMatchObject({ scorer: 'partial_ratio' });
      }),
      { numRuns: 60 },
    );
  });

  it("mwzeval's gold policy: dontcare dropped (also inside a list), first of a list, frames present, predicted turns only", () => {
    const b = new CorpusBuilder();
    const s = (n: string) => b.slots.intern(n);
    const v = (x: string) => b.values.intern(x);
    b.beginDialogue('d1');
    b.addTurn(0, [s('restaurant-food'), v('dontcare'), s('restaurant-area'), v('centre')], [s('restaurant-area'), v(' centre')]);
    b.addTurn(
      1,
      [s('attraction-type'), v('dontcare|museum'), s('attraction-name'), v('cinema x|museum y')],
      [s('attraction-name'), v('museum y')],
    );
    b.addTurn(2, [s('hotel-area'), v('north')], []);
    b.addTurn(3, [s('hotel-area'), v('north'), s('taxi-leaveat'), v('10:15')], [s('hotel-area'), v('none')]);
    b.endDialogue();
    const built = b.build();
    const corpus = {
      ...built,
      valueLists: new Map([
        ['dontcare|museum', ['dontcare', 'museum']],
        ['cinema x|museum y', ['cinema x', 'museum y']],
      ]),
      predicted: Uint8Array.from([1, 1, 0, 1]),
      carriedGold: new Map([[3, [built.slots.lookup('taxi-leaveat')!]]]),
    };
    const p = applyPresetParts(corpus, PRESETS.mwzeval.parts);
    expect(p.droppedDontcare).toBe(2);
    expect(p.droppedTurns).toBe(1);
    expect(Array.from(p.sourceTurn)).toEqual([0, 1, 3]);
    const recs = [0, 1, 2].map((i) => slotRecords(p.corpus, i, new Set()).map((r) => [r.slot, r.gold, r.pred, r.class]));
    expect(recs[0]).toEqual([['restaurant-area', 'centre', 'centre', 'correct']]); // ' centre' accepted: partial_ratio 100
    expect(recs[1]).toEqual([['attraction-name', 'cinema x', 'museum y', 'wrong']]); // first value only
    // Carried slot not scored; the literal "none" is a value (wrong against north).
    expect(recs[2]).toEqual([['hotel-area', 'north', 'none', 'wrong']]);
    expect(p.notes[0]).toMatchObject({
      turn: 0,
      slot: 'restaurant-area',
      pred: ' centre',
      gold: 'centre',
      how: { scorer: 'partial_ratio', score: 100 },
    });
  });
});
