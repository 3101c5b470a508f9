// Measuring a suspects ranking against known errors
// (src/shared/annotations/suspects-eval.ts): AP, P@k, R@k and ranks on hand
// computed cases; AP equals scikit-learn's average_precision_score
// (sklearn/metrics/_ranking.py, average_precision_score: Σ (R_n − R_{n−1}) P_n)
// when each suspect hits one known error at most; the turn tolerance; the
// seeded random baseline is reproducible and its mean AP is near the share of
// relevant candidates.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  evaluateRanking,
  hitsOf,
  qualityOf,
  shuffledOrder,
  type KnownError,
  type RankedPlace,
} from '../../../../src/shared/annotations/suspects-eval';
import { mt19937 } from '../../../../src/shared/analysis/rng';

const place = (dialogue: string, turn: number, slot = 'hotel-area', turns: number[] = [turn]): RankedPlace => ({ dialogue, slot, turns });
const order = (n: number) => Int32Array.from({ length: n }, (_, i) => i);

describe('suspects --against: ranking quality', () => {
  it('computes AP, P@k, R@k and ranks on a hand-worked case', () => {
    // Ranking: hit, miss, hit, miss; 3 known errors (one never found).
    const cands = [place('D1', 1), place('D1', 2), place('D2', 0), place('D3', 0)];
    const known: KnownError[] = [
      { dialogue: 'D1', turn: 1, slot: 'hotel-area' },
      { dialogue: 'D2', turn: 0, slot: 'hotel-area' },
      { dialogue: 'D9', turn: 0, slot: 'hotel-area' },
    ];
    const q = qualityOf(hitsOf(cands, known), known.length, order(4), [1, 2, 4, 10]);
    // AP = (1/3)(1/1) + (1/3)(2/3) = 5/9.
    expect(q.ap).toBeCloseTo(5 / 9, 12);
    expect(q.ranks).toEqual([1, 3, null]);
    expect(q.found).toBe(2);
    expect(q.atK).toEqual([
      { k: 1, precision: 1, recall: 1 / 3 },
      { k: 2, precision: 0.5, recall: 1 / 3 },
      { k: 4, precision: 0.5, recall: 2 / 3 },
      { k: 10, precision: 0.2, recall: 2 / 3 },
    ]);
    expect(q.curve).toEqual([
      [1 / 3, 1],
      [2 / 3, 2 / 3],
    ]);
  });

  it('matches places by dialogue key and canonical slot, within the turn tolerance, each known error once', () => {
    const cands = [place('PMUL0001.json', 3, 'hotel-book day', [3, 4, 5]), place('pmul0001', 7, 'hotel-day')];
    const known: KnownError[] = [{ dialogue: 'PMUL0001', turn: 6, slot: 'hotel-bookday' }];
    expect(hitsOf(cands, known, 0).map((h) => [...h])).toEqual([[], []]);
    expect(hitsOf(cands, known, 1).map((h) => [...h])).toEqual([[0], [0]]);
    // The second suspect hits an error the first already hit: not relevant.
    const q = qualityOf(hitsOf(cands, known, 1), 1, order(2), [2]);
    expect(q).toMatchObject({ ap: 1, ranks: [1], atK: [{ k: 2, precision: 0.5, recall: 1 }] });
    // A record without a slot stands for every slot of its turn.
    expect([...hitsOf([place('D1', 2, 'taxi-leaveat')], [{ dialogue: 'D1', turn: 2 }])[0]]).toEqual([0]);
  });

  it('AP = Σ (R_n − R_{n−1}) P_n = mean precision at the relevant ranks (one known error per suspect)', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 1, maxLength: 60 }), fc.integer({ min: 0, max: 5 }), (rel, unfound) => {
        const cands = rel.map((r, i) => place(r ? 'K' : 'X', i));
        const known = rel.flatMap((r, i) => (r ? [{ dialogue: 'K', turn: i, slot: 'hotel-area' }] : []));
        for (let u = 0; u < unfound; u++) known.push({ dialogue: 'U', turn: u, slot: 'hotel-area' });
        const q = qualityOf(hitsOf(cands, known), known.length, order(cands.length));
        let hits = 0;
        let sum = 0;
        rel.forEach((r, i) => {
          if (r) sum += ++hits / (i + 1);
        });
        expect(q.ap).toBeCloseTo(known.length ? sum / known.length : 0, 12);
      }),
    );
  });

  it('the random baseline is seeded, reproducible and near the share of relevant candidates', () => {
    const cands = Array.from({ length: 200 }, (_, i) => place(i % 10 === 0 ? 'K' : 'X', i));
    const known = cands.filter((c) => c.dialogue === 'K').map((c) => ({ dialogue: 'K', turn: c.turns[0], slot: 'hotel-area' }));
    const a = evaluateRanking(cands, known, { seed: 7, shuffles: 200 });
    const b = evaluateRanking(cands, known, { seed: 7, shuffles: 200 });
    expect(b.random).toEqual(a.random);
    expect(evaluateRanking(cands, known, { seed: 8, shuffles: 200 }).random.ap).not.toBe(a.random.ap);
    expect(a.random.ap).toBeGreaterThan(0.07);
    expect(a.random.ap).toBeLessThan(0.16);
    expect(a.random.atK.find((x) => x.k === 100)!.recall).toBeCloseTo(0.5, 1);
    // A perfect ranking: known errors first.
    const perfect = [...cands].sort((x, y) => (x.dialogue === 'K' ? 0 : 1) - (y.dialogue === 'K' ? 0 : 1));
    expect(evaluateRanking(perfect, known, { seed: 7, shuffles: 1 }).ranking.ap).toBeCloseTo(1, 12);
  });

  it('shuffles with every order reachable and the same draws for the same seed', () => {
    const seen = new Set<string>();
    const src = mt19937(3);
    for (let i = 0; i < 400; i++) seen.add([...shuffledOrder(3, src)].join(''));
    expect(seen.size).toBe(6);
    expect([...shuffledOrder(10, mt19937(5))]).toEqual([...shuffledOrder(10, mt19937(5))]);
  });
});
