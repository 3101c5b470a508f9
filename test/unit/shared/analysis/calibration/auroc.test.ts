// AUROC by the rank formula: equal to comparing every correct pair with every
// wrong one (ties ½), from sorted or unsorted input, exact with many ties,
// null with one class.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { auroc, aurocSorted } from '../../../../../src/shared/analysis/calibration/auroc';

function pairwise(pos: number[], neg: number[]): number | null {
  if (pos.length === 0 || neg.length === 0) return null;
  let u = 0;
  for (const p of pos) for (const q of neg) u += p > q ? 1 : p === q ? 0.5 : 0;
  return u / (pos.length * neg.length);
}

describe('AUROC', () => {
  it('equals the pairwise comparison, from sorted classes or unsorted pairs', () => {
    const v = fc.oneof(
      fc.double({ min: 0, max: 1, noNaN: true }),
      fc.integer({ min: 0, max: 5 }).map((k) => k / 5),
    );
    fc.assert(
      fc.property(fc.array(v, { maxLength: 40 }), fc.array(v, { maxLength: 40 }), (pos, neg) => {
        const want = pairwise(pos, neg);
        const sorted = aurocSorted(Float64Array.from(pos).sort(), Float64Array.from(neg).sort());
        const mixed = auroc([...pos, ...neg], [...pos.map(() => true), ...neg.map(() => false)]);
        for (const got of [sorted, mixed]) expect(want === null ? got === null : Math.abs((got as number) - want) <= 1e-12).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('is exact with many ties: 100,000 × 100,000 pairs at one confidence give ½', () => {
    expect(aurocSorted(new Float64Array(100_000).fill(0.7), new Float64Array(100_000).fill(0.7))).toBe(0.5);
  });

  it('is null with one class; −0 ties with 0', () => {
    expect(auroc([0.2, 0.4], [true, true])).toBeNull();
    expect(auroc([], [])).toBeNull();
    expect(auroc([-0, 0], [true, false])).toBe(0.5);
  });
});
