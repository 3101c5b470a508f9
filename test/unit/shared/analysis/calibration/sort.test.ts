// The radix argsort equals a stable comparator sort of indices by value,
// on doubles of every sign and size, duplicates, −0 and +0.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { argsortDoubles } from '../../../../../src/shared/analysis/calibration/sort';

/** Ascending, −0 before +0. */
function cmp(x: number, y: number): number {
  if (x < y) return -1;
  if (x > y) return 1;
  if (x === 0) return (Object.is(x, -0) ? 0 : 1) - (Object.is(y, -0) ? 0 : 1);
  return 0;
}

describe('argsortDoubles', () => {
  it('is a stable ascending argsort', () => {
    const value = fc.oneof(
      fc.double({ noNaN: true, noDefaultInfinity: false }),
      fc.integer({ min: 0, max: 10 }).map((k) => k / 10),
      fc.constantFrom(0, -0, 1, -1, Number.MIN_VALUE, -Number.MIN_VALUE, 0.30000000000000004),
    );
    fc.assert(
      fc.property(fc.array(value, { maxLength: 200 }), (xs) => {
        const v = Float64Array.from(xs);
        const want = xs.map((_, i) => i).sort((a, b) => cmp(v[a], v[b]) || a - b);
        expect(Array.from(argsortDoubles(v))).toEqual(want);
      }),
      { numRuns: 500 },
    );
  });

  it('sorts a large array with digits in every pass', () => {
    let s = 3;
    const v = Float64Array.from({ length: 100_000 }, () => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32) * 2 - 1);
    const order = argsortDoubles(v);
    let sorted = true;
    for (let i = 1; i < order.length; i++) sorted &&= v[order[i - 1]] <= v[order[i]];
    expect(sorted).toBe(true);
    expect(new Set(order).size).toBe(v.length);
  });
});
