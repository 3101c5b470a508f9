// The one-sort, one-sweep path of the calibration statistics (summary.ts:
// sortWithCodes, and calibrationSharedSort, which pairCalibration now uses)
// against the plain path kept beside it: each class sorted natively,
// levelsOf, summariseLevels (and calibrationByGroup per group) — bit for bit,
// on random columns with ties, −0, crowded buckets (many distinct values
// within 1/65536, and runs of equal values), confidences outside [0, 1]
// (outOfRange 'like-originals') and both binnings.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pairsOf } from '../../../../../src/shared/analysis/calibration/pairs';
import {
  calibrationByGroup,
  calibrationSharedSort,
  levelsOf,
  pairCalibration,
  resolveOptions,
  sortedByClass,
  sortWithCodes,
  summariseLevels,
} from '../../../../../src/shared/analysis/calibration/summary';

const confidenceArb = fc.oneof(
  fc.double({ min: 0, max: 1, noNaN: true }),
  fc.integer({ min: 0, max: 10 }).map((k) => k / 10),
  fc.constantFrom(-0, 0, 1, 0.5, 0.30000000000000004),
  // Many distinct values in one bucket of the first pass, and equal ones.
  fc.integer({ min: 0, max: 40 }).map((k) => 1 - k * 1e-7),
  fc.integer({ min: 0, max: 40 }).map((k) => 0.25 + k * 1e-8),
);
const outsideArb = fc.oneof(confidenceArb, fc.constantFrom(-0.5, -1e-9, 1.5, 1 + 1e-12, 7));

describe('sortWithCodes', () => {
  it('orders the values ascending and keeps each value with its code', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(outsideArb, fc.integer({ min: 0, max: 50 })), { maxLength: 400 }), (items) => {
        const r = sortWithCodes(
          Float64Array.from(items, (x) => x[0]),
          Uint32Array.from(items, (x) => x[1]),
        );
        for (let i = 1; i < r.value.length; i++) expect(r.value[i - 1] <= r.value[i]).toBe(true);
        const key = (v: number, c: number) => `${v === 0 ? 0 : v}/${c}`;
        const want = items.map((x) => key(x[0], x[1])).sort();
        const got = Array.from(r.value, (v, i) => key(v, r.code[i])).sort();
        expect(got).toEqual(want);
      }),
      { numRuns: 300 },
    );
  });
});

describe('the one-sweep path equals the plain path, bit for bit', () => {
  const itemsArb = fc.array(
    fc.record({
      confidence: outsideArb,
      correct: fc.boolean(),
      slot: fc.integer({ min: 0, max: 6 }),
      domain: fc.integer({ min: 0, max: 2 }),
    }),
    { maxLength: 300 },
  );
  it('pairCalibration equals native sorts + levelsOf + summariseLevels; each group equals calibrationByGroup', () => {
    fc.assert(
      fc.property(itemsArb, fc.constantFrom('setsumbt' as const, 'sun2024' as const), (items, binning) => {
        const opts = { binning, outOfRange: 'like-originals' as const };
        const p = pairsOf(items.map((x) => ({ confidence: x.confidence, correct: x.correct, group: x.slot })));
        const { pos, neg } = sortedByClass(p);
        const outside = items.filter((x) => x.confidence < 0 || x.confidence > 1).length;
        const plain = summariseLevels(levelsOf(pos, neg), resolveOptions(opts).binning, outside);
        expect(pairCalibration(p, opts)).toEqual(plain);
        const slot = Int32Array.from(items, (x) => x.slot);
        const domain = Int32Array.from(items, (x) => x.domain);
        const r = calibrationSharedSort(p, [slot, domain], opts);
        expect(r.all).toEqual(plain);
        expect(r.groups[0]).toEqual(calibrationByGroup(p, opts));
        const pd = pairsOf(items.map((x) => ({ confidence: x.confidence, correct: x.correct, group: x.domain })));
        expect(r.groups[1]).toEqual(calibrationByGroup(pd, opts));
      }),
      { numRuns: 300 },
    );
  });
});
