// Property tests of the suspects ranking (fast-check): the ranking does not
// depend on the order of the dialogues in the file, nor on the order of the
// runs (beyond which run carries the gold); every suspect's turns are sorted,
// start at its turn and lie in its dialogue; scores are in [0, 1] and sorted;
// places are unique.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rankSuspects, type Suspect } from '../../../../src/shared/annotations/suspects';
import { runsOf, type DialogueSpec } from '../../../helpers/suspect-rows';

const VALUES = [null, null, 'north', 'south', 'centre', ' centre', 'center', 'dontcare'];
const SLOTS = ['hotel-area', 'restaurant-area'];

const dialogueArb = (id: string, runs: number, withText: boolean) =>
  fc.integer({ min: 1, max: 5 }).chain((n) => {
    const col = fc.array(fc.constantFrom(...VALUES), { minLength: n, maxLength: n });
    const state = fc.record(Object.fromEntries(SLOTS.map((s) => [s, col])) as Record<string, typeof col>);
    const words = fc.array(fc.constantFrom('hi', 'north', 'south', 'the centre', 'book it', 'any area'), { minLength: n, maxLength: n });
    return fc
      .record({
        gold: state,
        preds: fc.array(state, { minLength: runs, maxLength: runs }),
        user: withText ? words.map((w) => w as string[] | undefined) : fc.constant(undefined),
      })
      .map((d): DialogueSpec => ({ id, gold: d.gold, preds: d.preds, user: d.user }));
  });

const corpusArb = fc
  .record({ runs: fc.integer({ min: 1, max: 3 }), dialogues: fc.integer({ min: 1, max: 5 }), text: fc.boolean() })
  .chain(({ runs, dialogues, text }) => fc.tuple(...Array.from({ length: dialogues }, (_, k) => dialogueArb(`D${k}`, runs, text))));

const key = (s: Suspect) =>
  [
    s.dialogue,
    s.turn,
    s.slot,
    s.score.toFixed(12),
    s.turns.join(' '),
    s.to,
    s.reasons.map((r) => `${r.kind}:${r.weight.toFixed(12)}`).join(','),
  ].join('|');

describe('suspects ranking properties', () => {
  it('is the same whatever the order of the dialogues in the file', () => {
    fc.assert(
      fc.property(corpusArb, fc.integer({ min: 0, max: 1000 }), (ds, seed) => {
        const shuffled = [...ds].sort(
          (a, b) => ((a.id.charCodeAt(1) * 7919 + seed) % 13) - ((b.id.charCodeAt(1) * 7919 + seed) % 13) || (a.id < b.id ? 1 : -1),
        );
        const a = rankSuspects(runsOf(ds));
        const b = rankSuspects(runsOf(shuffled));
        expect(b.items.map(key)).toEqual(a.items.map(key));
        expect(b.format.count).toBe(a.format.count);
        expect(b.versions).toEqual(a.versions);
      }),
      { numRuns: 60 },
    );
  });

  it('lists each place once, scores in [0, 1] best first, turns sorted from the first', () => {
    fc.assert(
      fc.property(corpusArb, (ds) => {
        const { items } = rankSuspects(runsOf(ds));
        const places = items.map((s) => `${s.dialogue}|${s.turn}|${s.slot}`);
        expect(new Set(places).size).toBe(places.length);
        for (let i = 0; i < items.length; i++) {
          const s = items[i];
          expect(s.score).toBeGreaterThan(0);
          expect(s.score).toBeLessThanOrEqual(1);
          if (i > 0) expect(items[i - 1].score).toBeGreaterThanOrEqual(s.score);
          expect(s.turns[0]).toBe(s.turn);
          expect([...s.turns].sort((x, y) => x - y)).toEqual(s.turns);
          const n = Object.values(ds.find((d) => d.id === s.dialogue)!.gold)[0].length;
          expect(s.turns.every((t) => t >= 0 && t < n)).toBe(true);
          // The noisy-OR of its reasons.
          expect(s.score).toBeCloseTo(1 - s.reasons.reduce((q, r) => q * (1 - r.weight), 1), 12);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('does not depend on the order of the runs after the first', () => {
    fc.assert(
      fc.property(corpusArb, (ds) => {
        if (ds[0].preds.length < 3) return;
        const swap = ds.map((d) => ({ ...d, preds: [d.preds[0], d.preds[2], d.preds[1]] }));
        const strip = (s: Suspect) => key(s).replace(/\d+ of \d+ runs/g, '');
        expect(rankSuspects(runsOf(swap)).items.map(strip)).toEqual(rankSuspects(runsOf(ds)).items.map(strip));
      }),
      { numRuns: 40 },
    );
  });
});
