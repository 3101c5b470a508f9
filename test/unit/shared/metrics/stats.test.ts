// Pearson's r, the normal quantile and Zou's interval against values computed
// independently with SciPy 1.17.1 / NumPy 2.4.6 on this machine
// (scipy.stats.pearsonr, scipy.stats.norm.ppf, and Zou's formulas written out
// in Python with norm.ppf and numpy.arctanh).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fisherInterval, normalQuantile, pearson, zouOverlapInterval, zScores } from '../../../../src/shared/metrics/stats';

describe('pearson', () => {
  it('matches scipy.stats.pearsonr', () => {
    const x = [0.1, 0.4, 0.35, 0.8, 0.55, 0.2, 0.9, 0.05];
    const y = [1.2, 2.1, 1.9, 3.5, 2.2, 1.1, 4.0, 0.7];
    expect(pearson(x, y)).toBeCloseTo(0.9847969930867124, 12);
  });
  it('is null for a constant variable or fewer than two points', () => {
    expect(pearson([1, 1, 1], [1, 2, 3])).toBeNull();
    expect(pearson([1], [2])).toBeNull();
  });
  it('is symmetric, in [-1, 1], and invariant to positive affine maps', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: -10_000, max: 10_000 }), fc.integer({ min: -10_000, max: 10_000 })), {
          minLength: 3,
          maxLength: 30,
        }),
        (pts) => {
          const x = pts.map((p) => p[0] / 100);
          const y = pts.map((p) => p[1] / 100);
          const r = pearson(x, y);
          if (r === null) return;
          expect(Math.abs(r)).toBeLessThanOrEqual(1);
          expect(pearson(y, x)).toBeCloseTo(r, 9);
          const r2 = pearson(
            x.map((v) => 3 * v + 7),
            y,
          );
          if (r2 !== null) expect(r2).toBeCloseTo(r, 6);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('normalQuantile', () => {
  it('matches scipy.stats.norm.ppf', () => {
    expect(normalQuantile(0.975)).toBeCloseTo(1.959963984540054, 8);
    expect(normalQuantile(0.995)).toBeCloseTo(2.5758293035489004, 8);
    expect(normalQuantile(0.01)).toBeCloseTo(-2.3263478740408408, 8);
    expect(normalQuantile(0.5)).toBe(0);
  });
  it('rejects probabilities outside (0, 1)', () => {
    expect(() => normalQuantile(0)).toThrow(RangeError);
    expect(() => normalQuantile(1.5)).toThrow(RangeError);
  });
});

describe('zouOverlapInterval', () => {
  it('matches the independent SciPy computation', () => {
    const a = zouOverlapInterval(0.396, 0.179, 0.088, 66);
    expect(a.lower).toBeCloseTo(-0.09290192167481043, 7);
    expect(a.upper).toBeCloseTo(0.5167599724816173, 7);
    expect(a.significant).toBe(false);
    const b = zouOverlapInterval(-0.3, 0.25, 0.6, 120);
    expect(b.lower).toBeCloseTo(-0.6881385771797063, 7);
    expect(b.upper).toBeCloseTo(-0.39764185560040305, 7);
    expect(b.significant).toBe(true);
  });
  it('contains the difference and narrows as n grows', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -0.9, max: 0.9, noNaN: true }),
        fc.double({ min: -0.9, max: 0.9, noNaN: true }),
        fc.double({ min: -0.5, max: 0.5, noNaN: true }),
        (r1, r2, r3) => {
          const small = zouOverlapInterval(r1, r2, r3, 30);
          const big = zouOverlapInterval(r1, r2, r3, 3000);
          if (!Number.isFinite(small.lower) || !Number.isFinite(big.lower)) return;
          expect(small.lower).toBeLessThanOrEqual(small.difference + 1e-12);
          expect(small.upper).toBeGreaterThanOrEqual(small.difference - 1e-12);
          expect(big.upper - big.lower).toBeLessThan(small.upper - small.lower);
        },
      ),
      { numRuns: 200 },
    );
  });
  it('equals the Fisher interval difference logic for identical correlations (width > 0, centred on 0)', () => {
    const r = zouOverlapInterval(0.4, 0.4, 0.5, 100);
    expect(r.difference).toBe(0);
    expect(r.lower).toBeCloseTo(-r.upper, 12);
    const [l, u] = fisherInterval(0.4, 100);
    expect(l).toBeLessThan(0.4);
    expect(u).toBeGreaterThan(0.4);
  });
});

describe('zScores', () => {
  it('has mean 0 and sample standard deviation 1', () => {
    const z = zScores([1, 2, 3, 4, 10]);
    const m = z.reduce((a, b) => a + b, 0) / z.length;
    const sd = Math.sqrt(z.reduce((a, b) => a + (b - m) ** 2, 0) / (z.length - 1));
    expect(m).toBeCloseTo(0, 12);
    expect(sd).toBeCloseTo(1, 12);
  });
});
