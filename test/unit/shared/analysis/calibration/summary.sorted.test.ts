// The shared-sort path of the calibration analysis (summary.ts
// calibrationSharedSort: one sort's worth of work serving the whole
// column, per-slot and per-domain statistics) against a straightforward
// computation written here: each group's pairs filtered out, ECE by looping
// over the bins and their members, AUROC by the rank formula with ties
// averaged, counts and histograms by counting; and bit for bit against
// pairCalibration and calibrationByGroup. Random columns
// with ties, −0, all-correct and all-wrong groups, and empty bins.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pairsOf } from '../../../../../src/shared/analysis/calibration/pairs';
import {
  calibrationByGroup,
  calibrationSharedSort,
  pairCalibration,
  type PairCalibration,
} from '../../../../../src/shared/analysis/calibration/summary';

type Item = { confidence: number; correct: boolean; slot: number; domain: number };

/** setsumbt ECE by definition: bins [0, .1], (.1, .2], …; mean confidence per bin; empty bins skipped. */
function eceByDefinition(items: Item[]): number | null {
  if (items.length === 0) return null;
  let ece = 0;
  for (let b = 0; b < 10; b++) {
    const lo = b / 10;
    const hi = (b + 1) / 10;
    const members = items.filter((x) => (b === 0 ? lo <= x.confidence : lo < x.confidence) && x.confidence <= hi);
    if (members.length === 0) continue;
    const conf = members.reduce((s, x) => s + x.confidence, 0) / members.length;
    const acc = members.filter((x) => x.correct).length / members.length;
    ece += (Math.abs(conf - acc) * members.length) / items.length;
  }
  return ece;
}

/** AUROC by the rank formula: ranks of all pairs (ties get their average rank), U = Σ ranks of correct − P(P+1)/2. */
function aurocByRanks(items: Item[]): number | null {
  const P = items.filter((x) => x.correct).length;
  const N = items.length - P;
  if (P === 0 || N === 0) return null;
  const sorted = [...items].sort((a, b) => a.confidence - b.confidence);
  let rankSum = 0;
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j < sorted.length && sorted[j].confidence === sorted[i].confidence) j++;
    const avg = (i + 1 + j) / 2;
    for (let k = i; k < j; k++) if (sorted[k].correct) rankSum += avg;
    i = j;
  }
  return (rankSum - (P * (P + 1)) / 2) / (P * N);
}

function expectLike(c: PairCalibration, items: Item[]): void {
  const close = (a: number | null, b: number | null) =>
    a === null || b === null ? expect(a).toBe(b) : expect(Math.abs(a - b)).toBeLessThanOrEqual(1e-12);
  expect(c.count).toBe(items.length);
  expect(c.correct).toBe(items.filter((x) => x.correct).length);
  close(c.ece, eceByDefinition(items));
  close(c.auroc, aurocByRanks(items));
  close(c.meanConfidence, items.length ? items.reduce((s, x) => s + x.confidence, 0) / items.length : null);
  expect(c.histogram.correct.reduce((s, x) => s + x, 0)).toBe(c.correct);
  expect(c.histogram.wrong.reduce((s, x) => s + x, 0)).toBe(c.count - c.correct);
}

const confidenceArb = fc.oneof(
  fc.double({ min: 0, max: 1, noNaN: true }),
  fc.integer({ min: 0, max: 10 }).map((k) => k / 10),
  fc.constantFrom(-0, 0, 1, 0.5, 0.30000000000000004, 0.7000000000000001),
);
const itemsArb = fc.array(
  fc.record({
    confidence: confidenceArb,
    correct: fc.boolean(),
    slot: fc.integer({ min: 0, max: 6 }),
    domain: fc.integer({ min: 0, max: 2 }),
  }),
  { maxLength: 80 },
);

function column(items: Item[]) {
  const p = pairsOf(items.map((x) => ({ confidence: x.confidence, correct: x.correct, group: x.slot })));
  const slot = Int32Array.from(items, (x) => x.slot);
  const domain = Int32Array.from(items, (x) => x.domain);
  return { p, slot, domain };
}

describe('calibrationSharedSort (one sort for column, slots, domains)', () => {
  it('equals the straightforward computation per column and per group', () => {
    fc.assert(
      fc.property(itemsArb, (items) => {
        const { p, slot, domain } = column(items);
        const r = calibrationSharedSort(p, [slot, domain]);
        expectLike(r.all, items);
        for (const [k, groups] of [
          ['slot', r.groups[0]],
          ['domain', r.groups[1]],
        ] as const) {
          const present = [...new Set(items.map((x) => x[k]))].sort((a, b) => a - b);
          expect([...groups.keys()]).toEqual(present);
          for (const g of present)
            expectLike(
              groups.get(g)!,
              items.filter((x) => x[k] === g),
            );
        }
      }),
      { numRuns: 300 },
    );
  });

  it('gives bit for bit what pairCalibration and calibrationByGroup give', () => {
    fc.assert(
      fc.property(itemsArb, fc.constantFrom('setsumbt' as const, 'sun2024' as const), (items, binning) => {
        const { p, slot, domain } = column(items);
        const r = calibrationSharedSort(p, [slot, domain], { binning });
        expect(r.all).toEqual(pairCalibration(p, { binning }));
        expect(r.groups[0]).toEqual(calibrationByGroup({ ...p, group: slot }, { binning }));
        expect(r.groups[1]).toEqual(calibrationByGroup({ ...p, group: domain }, { binning }));
      }),
      { numRuns: 300 },
    );
  });

  it('handles no pairs, one class only, and ties across classes', () => {
    const none = calibrationSharedSort(pairsOf([]), [new Int32Array(0)]);
    expect(none.all.count).toBe(0);
    expect(none.all.ece).toBeNull();
    expect(none.groups[0].size).toBe(0);
    const tied: Item[] = [0.5, 0.5, 0.5, 0.5].map((confidence, i) => ({ confidence, correct: i % 2 === 0, slot: 0, domain: 0 }));
    const r = calibrationSharedSort(column(tied).p, [column(tied).slot]);
    expect(r.all.auroc).toBe(0.5);
    const allCorrect = tied.map((x) => ({ ...x, correct: true }));
    expect(calibrationSharedSort(column(allCorrect).p, []).all.auroc).toBeNull();
  });
});
