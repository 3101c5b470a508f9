// Pair-level calibration against an independent, straightforward computation
// written from the definitions (docs/reference/calibration.md): ECE by
// looping over the bins and their members, AUROC by comparing every correct
// pair with every wrong one (O(n²)); fast-check properties (bounds,
// symmetry, perfect calibration, Jensen's bound, order and shard
// independence) and edge cases (no pair, one class, ties, empty bins).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { auroc } from '../../../../../src/shared/analysis/calibration/auroc';
import type { BinningName } from '../../../../../src/shared/analysis/calibration/binning';
import { concatPairs, pairsOf, selectPairs, type PairRow } from '../../../../../src/shared/analysis/calibration/pairs';
import { calibrationByGroup, pairCalibration } from '../../../../../src/shared/analysis/calibration/summary';

type Item = { confidence: number; correct: boolean };

/** Edges straight from the definitions: k/n (setsumbt); numpy linspace = k·(1/n), last 1 (sun2024). */
function edgesOf(binning: BinningName, n: number): number[] {
  if (binning === 'setsumbt') return Array.from({ length: n + 1 }, (_, k) => k / n);
  return [...Array.from({ length: n }, (_, k) => k * (1 / n)), 1];
}

/** ECE by definition (the originals' loops, written out). */
function eceByDefinition(items: Item[], binning: BinningName, n = 10): number | null {
  const e = edgesOf(binning, n);
  if (binning === 'setsumbt') {
    if (items.length === 0) return null;
    let ece = 0;
    for (let b = 0; b < n; b++) {
      const members = items.filter((x) => (b === 0 ? e[0] <= x.confidence : e[b] < x.confidence) && x.confidence <= e[b + 1]);
      if (members.length === 0) continue;
      const conf = members.reduce((s, x) => s + x.confidence, 0) / members.length;
      const acc = members.filter((x) => x.correct).length / members.length;
      ece += (Math.abs(conf - acc) * members.length) / items.length;
    }
    return ece;
  }
  const counts = Array.from(
    { length: n },
    (_, b) => items.filter((x) => e[b] <= x.confidence && (b === n - 1 ? x.confidence <= e[b + 1] : x.confidence < e[b + 1])).length,
  );
  const total = counts.reduce((s, x) => s + x, 0);
  if (total === 0) return null;
  let ece = 0;
  for (let b = 0; b < n; b++) {
    const buf = items.filter((x) => e[b] < x.confidence && x.confidence <= e[b + 1]);
    const acc = buf.length ? buf.filter((x) => x.correct).length / buf.length : 0;
    ece += (counts[b] / total) * Math.abs(acc - (e[b] + e[b + 1]) / 2);
  }
  return ece;
}

/** AUROC by comparing every correct pair with every wrong one. */
function aurocPairwise(items: Item[]): number | null {
  const pos = items.filter((x) => x.correct);
  const neg = items.filter((x) => !x.correct);
  if (pos.length === 0 || neg.length === 0) return null;
  let u = 0;
  for (const p of pos) for (const q of neg) u += p.confidence > q.confidence ? 1 : p.confidence === q.confidence ? 0.5 : 0;
  return u / (pos.length * neg.length);
}

/** Confidences that hit the edges, their neighbours and arbitrary doubles. */
const confidenceArb = fc.oneof(
  fc.double({ min: 0, max: 1, noNaN: true }),
  fc.integer({ min: 0, max: 20 }).map((k) => k / 20),
  fc.integer({ min: 0, max: 10 }).map((k) => k * 0.1),
  fc.constantFrom(0, 1, 0.30000000000000004, 0.7000000000000001, 0.6000000000000001, 0.1, 0.9),
);
const itemsArb = fc.array(fc.record({ confidence: confidenceArb, correct: fc.boolean() }), { maxLength: 60 });
const RUNS = { numRuns: 300 };

function near(a: number | null, b: number | null, tol = 1e-12): boolean {
  return a === null || b === null ? a === b : Math.abs(a - b) <= tol;
}

describe('pair calibration = the definitions', () => {
  for (const binning of ['setsumbt', 'sun2024'] as const)
    for (const n of [10, 7, 15])
      it(`ECE (${binning}, ${n} bins) equals the loop over bins and members`, () => {
        fc.assert(
          fc.property(itemsArb, (items) => {
            const got = pairCalibration(pairsOf(items), { binning, binCount: n }).ece;
            expect(near(got, eceByDefinition(items, binning, n)), `${got} vs ${eceByDefinition(items, binning, n)}`).toBe(true);
          }),
          RUNS,
        );
      });

  it('AUROC equals the pairwise comparison (ties count ½)', () => {
    fc.assert(
      fc.property(itemsArb, (items) => {
        const r = pairCalibration(pairsOf(items));
        expect(near(r.auroc, aurocPairwise(items))).toBe(true);
        expect(
          near(
            auroc(
              Float64Array.from(items, (x) => x.confidence),
              items.map((x) => x.correct),
            ),
            aurocPairwise(items),
          ),
        ).toBe(true);
      }),
      RUNS,
    );
  });

  it('counts, accuracy, mean confidence and histograms', () => {
    fc.assert(
      fc.property(itemsArb, (items) => {
        const r = pairCalibration(pairsOf(items));
        expect(r.count).toBe(items.length);
        expect(r.correct).toBe(items.filter((x) => x.correct).length);
        if (items.length) {
          expect(r.accuracy).toBe(r.correct / items.length);
          expect(near(r.meanConfidence, items.reduce((s, x) => s + x.confidence, 0) / items.length, 1e-15)).toBe(true);
        } else expect([r.accuracy, r.meanConfidence]).toEqual([null, null]);
        r.bins.forEach((b, k) => expect(r.histogram.correct[k] + r.histogram.wrong[k]).toBe(b.count));
        expect(r.histogram.correct.reduce((s, x) => s + x, 0)).toBe(r.correct);
      }),
      RUNS,
    );
  });
});

describe('properties', () => {
  it('AUROC ∈ [0, 1], and AUROC(1 − conf) = 1 − AUROC (grid confidences: no new or lost ties)', () => {
    const grid = fc.array(fc.record({ confidence: fc.integer({ min: 0, max: 1000 }).map((k) => k / 1000), correct: fc.boolean() }), {
      maxLength: 60,
    });
    fc.assert(
      fc.property(grid, (items) => {
        const a = pairCalibration(pairsOf(items)).auroc;
        const flipped = pairCalibration(pairsOf(items.map((x) => ({ ...x, confidence: 1 - x.confidence })))).auroc;
        if (a === null) {
          expect(flipped).toBeNull();
          return;
        }
        expect(a).toBeGreaterThanOrEqual(0);
        expect(a).toBeLessThanOrEqual(1);
        expect(Math.abs((flipped as number) - (1 - a))).toBeLessThanOrEqual(1e-12);
      }),
      RUNS,
    );
  });

  it('swapping the classes turns AUROC into 1 − AUROC', () => {
    fc.assert(
      fc.property(itemsArb, (items) => {
        const a = pairCalibration(pairsOf(items)).auroc;
        const b = pairCalibration(pairsOf(items.map((x) => ({ ...x, correct: !x.correct })))).auroc;
        expect(a === null ? b === null : Math.abs((b as number) - (1 - a)) <= 1e-12).toBe(true);
      }),
      RUNS,
    );
  });

  it('ECE ∈ [0, 1] and, for setsumbt, ECE ≥ |mean confidence − accuracy| (Jensen)', () => {
    fc.assert(
      fc.property(itemsArb, (items) => {
        for (const binning of ['setsumbt', 'sun2024'] as const) {
          const r = pairCalibration(pairsOf(items), { binning });
          if (items.length === 0) expect(r.ece).toBeNull();
          else {
            expect(r.ece as number).toBeGreaterThanOrEqual(0);
            expect(r.ece as number).toBeLessThanOrEqual(1);
          }
          if (binning === 'setsumbt' && items.length)
            expect(r.ece as number).toBeGreaterThanOrEqual(Math.abs((r.meanConfidence as number) - (r.accuracy as number)) - 1e-12);
        }
      }),
      RUNS,
    );
  });

  it('perfectly calibrated data (each confidence c held by pairs a fraction c of which is right) has ECE 0 under setsumbt, for any bin count', () => {
    // Confidence j/m held by m pairs, j of them correct: within any bin, mean confidence = accuracy.
    const arb = fc.record({
      groups: fc.array(fc.record({ m: fc.integer({ min: 1, max: 12 }), j: fc.nat() }), { minLength: 1, maxLength: 12 }),
      bins: fc.integer({ min: 1, max: 40 }),
    });
    fc.assert(
      fc.property(arb, ({ groups, bins }) => {
        const items: PairRow[] = [];
        for (const { m, j } of groups) {
          const k = j % (m + 1);
          for (let i = 0; i < m; i++) items.push({ confidence: k / m, correct: i < k });
        }
        expect(pairCalibration(pairsOf(items), { binCount: bins }).ece as number).toBeLessThanOrEqual(1e-12);
      }),
      RUNS,
    );
  });

  it('sun2024 is 0 on perfectly calibrated data at the bin centres (its confidence is the centre)', () => {
    // Bin b's centre (2b + 1)/20 held by 20·r pairs, (2b + 1)·r of them correct.
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 9 }), fc.integer({ min: 1, max: 3 })), { minLength: 1, maxLength: 10 }),
        (gs) => {
          const items: PairRow[] = [];
          for (const [b, r] of gs) {
            const centre = (b * 0.1 + (b + 1 === 10 ? 1 : (b + 1) * 0.1)) / 2;
            for (let i = 0; i < 20 * r; i++) items.push({ confidence: centre, correct: i < (2 * b + 1) * r });
          }
          expect(pairCalibration(pairsOf(items), { binning: 'sun2024' }).ece as number).toBeLessThanOrEqual(1e-12);
        },
      ),
      RUNS,
    );
  });

  it('the result does not depend on the order of pairs or on how shards are concatenated: bit for bit', () => {
    const arb = itemsArb.chain((items) =>
      fc.tuple(
        fc.constant(items),
        fc.shuffledSubarray(items, { minLength: items.length, maxLength: items.length }),
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: items.length, maxLength: items.length }),
        fc.shuffledSubarray([0, 1, 2, 3], { minLength: 4, maxLength: 4 }),
      ),
    );
    fc.assert(
      fc.property(arb, ([items, shuffled, shardOf, shardOrder]) => {
        for (const binning of ['setsumbt', 'sun2024'] as const) {
          const whole = pairCalibration(pairsOf(items), { binning });
          expect(pairCalibration(pairsOf(shuffled), { binning })).toEqual(whole);
          const shards = shardOrder.map((s) => pairsOf(items.filter((_, i) => shardOf[i] === s)));
          expect(pairCalibration(concatPairs(shards), { binning })).toEqual(whole);
        }
      }),
      RUNS,
    );
  });

  it('per group equals the calibration of each group’s pairs alone', () => {
    const arb = fc.array(fc.record({ confidence: confidenceArb, correct: fc.boolean(), group: fc.integer({ min: 0, max: 4 }) }), {
      maxLength: 60,
    });
    fc.assert(
      fc.property(arb, (rows) => {
        const all = pairsOf(rows, ['group']);
        const by = calibrationByGroup(all, { binning: 'sun2024' });
        const groups = [...new Set(rows.map((r) => r.group))].sort((a, b) => a - b);
        expect([...by.keys()]).toEqual(groups);
        for (const g of groups) {
          const idx = rows.flatMap((r, i) => (r.group === g ? [i] : []));
          expect(by.get(g)).toEqual(pairCalibration(selectPairs(all, idx), { binning: 'sun2024' }));
        }
      }),
      RUNS,
    );
  });
});

describe('edge cases', () => {
  it('no pair: counts 0, every statistic null, all bins empty', () => {
    for (const binning of ['setsumbt', 'sun2024'] as const) {
      const r = pairCalibration(pairsOf([]), { binning });
      expect([r.count, r.correct, r.accuracy, r.meanConfidence, r.ece, r.auroc]).toEqual([0, 0, null, null, null, null]);
      expect(r.bins.every((b) => b.count === 0)).toBe(true);
    }
  });

  it('one class only: AUROC null, ECE defined', () => {
    const right = pairCalibration(pairsOf([0.3, 0.9].map((confidence) => ({ confidence, correct: true }))));
    expect(right.auroc).toBeNull();
    expect(right.ece).toBeCloseTo((0.7 + 0.1) / 2, 15);
    const wrong = pairCalibration(pairsOf([0.3, 0.9].map((confidence) => ({ confidence, correct: false }))));
    expect(wrong.auroc).toBeNull();
    expect(wrong.ece).toBeCloseTo((0.3 + 0.9) / 2, 15);
  });

  it('all pairs tied: AUROC ½; a perfect ranking 1, a reversed one 0', () => {
    expect(pairCalibration(pairsOf([true, false, false].map((correct) => ({ confidence: 0.4, correct })))).auroc).toBe(0.5);
    const ranked = [0.1, 0.2, 0.8, 0.9].map((confidence, i) => ({ confidence, correct: i >= 2 }));
    expect(pairCalibration(pairsOf(ranked)).auroc).toBe(1);
    expect(pairCalibration(pairsOf(ranked.map((x) => ({ ...x, correct: !x.correct })))).auroc).toBe(0);
  });

  it('confidence 0 is counted by sun2024 but never in an accuracy; setsumbt puts it in bin 0', () => {
    const r = pairCalibration(pairsOf([{ confidence: 0, correct: true }]), { binning: 'sun2024' });
    expect(r.bins[0]).toMatchObject({ count: 1, accuracyMembers: 0, accuracy: 0 });
    expect(r.ece).toBe(0.05);
    const s = pairCalibration(pairsOf([{ confidence: 0, correct: true }]));
    expect(s.bins[0]).toMatchObject({ count: 1, accuracy: 1, confidence: 0 });
    expect(s.ece).toBe(1);
  });

  it('a single pair: ECE = |confidence − correct| under setsumbt', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), fc.boolean(), (c, ok) => {
        expect(pairCalibration(pairsOf([{ confidence: c, correct: ok }])).ece).toBe(Math.abs(c - (ok ? 1 : 0)));
      }),
    );
  });

  it('subsets of pairs by index', () => {
    const p = pairsOf([
      { confidence: 0.1, correct: true, group: 2 },
      { confidence: 0.5, correct: false, group: 1 },
    ]);
    expect(selectPairs(p, [1])).toEqual({
      confidence: Float64Array.of(0.5),
      correct: Uint8Array.of(0),
      group: Int32Array.of(1),
    });
  });
});
