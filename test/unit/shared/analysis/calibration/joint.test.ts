// Joint-goal calibration against ConvLab-3 SetSUMBT's own _jg_ece and _l2_err
// (ConvLab/ConvLab-3, convlab/dst/setsumbt/datasets/metrics.py,
// BeliefStateUncertainty), run by the research notes' reference script on
// belief distributions built from per-pair confidences (the two-point
// reading; test/fixtures/calibration/calibration-joint.json, provenance in
// test/fixtures/README.md), and against a straightforward recomputation.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jointCalibration, jointTurns, turnColumn } from '../../../../../src/shared/analysis/calibration/joint';
import { CalibrationInputError, PairBuilder, pairsOf } from '../../../../../src/shared/analysis/calibration/pairs';
import { pairCalibration } from '../../../../../src/shared/analysis/calibration/summary';
import { FIXTURES } from '../../../../helpers/fixtures';

interface Slot {
  confidence: number;
  correct: boolean;
}
interface Turn {
  slots: Slot[];
  jga_correct: boolean;
}
interface ExpectedBin {
  lo: number;
  hi: number;
  count: number;
  accuracy: number | null;
  confidence: number | null;
}
interface JointCase {
  name: string;
  input: { turns: Turn[] };
  expected: {
    count: number;
    accuracy: number;
    ece: number;
    ece_percent_as_setsumbt_reports: number;
    l2: number;
    l2_one_hot: number;
    l2_ratio_percent: number | null;
    bins: ExpectedBin[];
  };
  original_setsumbt: { ece: number; l2: number; l2_one_hot: number; bins_accuracy: (number | null)[]; bins_confidence: (number | null)[] };
}
const ref = JSON.parse(readFileSync(join(FIXTURES, 'calibration', 'calibration-joint.json'), 'utf8')) as { cases: JointCase[] };

/** Pairs with turn indices and the turns' JGA labels. */
function build(turns: readonly Turn[]) {
  const b = new PairBuilder(['turn']);
  turns.forEach((t, i) => t.slots.forEach((s) => b.add(s.confidence, s.correct, { turn: i })));
  return { pairs: b.build(), labels: { jgaCorrect: Uint8Array.from(turns, (t) => (t.jga_correct ? 1 : 0)) } };
}

const close = (a: number | null, b: number | null, tol = 1e-12) => (a === null || b === null ? a === b : Math.abs(a - b) <= tol);

describe('joint calibration = SetSUMBT’s _jg_ece and _l2_err', () => {
  for (const c of ref.cases) {
    it(c.name, () => {
      const { pairs, labels } = build(c.input.turns);
      const r = jointCalibration(pairs, labels);
      const e = c.expected;
      expect([r.turns, r.count, r.turnsWithoutConfidence]).toEqual([e.count, e.count, 0]);
      expect(close(r.accuracy, e.accuracy)).toBe(true);
      expect(close(r.ece, e.ece), `${r.ece} vs ${e.ece}`).toBe(true);
      expect(close((r.ece as number) * 100, e.ece_percent_as_setsumbt_reports, 1e-10)).toBe(true);
      r.bins.forEach((b, k) => {
        expect([b.lo, b.hi, b.count]).toEqual([e.bins[k].lo, e.bins[k].hi, e.bins[k].count]);
        expect(close(b.accuracy, e.bins[k].accuracy)).toBe(true);
        expect(close(b.confidence, e.bins[k].confidence)).toBe(true);
        expect(close(b.confidence, c.original_setsumbt.bins_confidence[k])).toBe(true);
        // The original's bin accuracies are float32.
        expect(close(b.accuracy === null ? null : Math.fround(b.accuracy), c.original_setsumbt.bins_accuracy[k], 0)).toBe(true);
      });
      expect(Math.abs((r.ece as number) - c.original_setsumbt.ece)).toBeLessThan(1e-7);
      expect(close(r.l2, e.l2)).toBe(true);
      expect(close(r.l2, c.original_setsumbt.l2)).toBe(true);
      expect(close(r.l2OneHot, e.l2_one_hot)).toBe(true);
      expect(close(r.l2OneHot, c.original_setsumbt.l2_one_hot)).toBe(true);
      expect(close(r.l2Ratio === null ? null : r.l2Ratio * 100, e.l2_ratio_percent, 1e-10)).toBe(true);
    });
  }
});

const turnArb = fc.record({
  slots: fc.array(fc.record({ confidence: fc.double({ min: 0, max: 1, noNaN: true }), correct: fc.boolean() }), { maxLength: 5 }),
  jga_correct: fc.boolean(),
});

describe('joint calibration = the definitions', () => {
  it('turn confidence = min, JGA labels, two-point and one-hot L2, turns without confidence left out and counted', () => {
    fc.assert(
      fc.property(fc.array(turnArb, { maxLength: 30 }), (turns) => {
        const { pairs, labels } = build(turns);
        const r = jointCalibration(pairs, labels, { binning: 'sun2024' });
        const used = turns.filter((t) => t.slots.length > 0);
        expect(r.turns).toBe(turns.length);
        expect(r.turnsWithoutConfidence).toBe(turns.length - used.length);
        const items = used.map((t) => ({ confidence: Math.min(...t.slots.map((s) => s.confidence)), correct: t.jga_correct }));
        const { turns: _t, turnsWithoutConfidence: _w, l2, l2OneHot, l2Ratio, ...cal } = r;
        expect(cal).toEqual(pairCalibration(pairsOf(items), { binning: 'sun2024' }));
        const mean = (x: number[]) => (x.length ? x.reduce((s, v) => s + v, 0) / x.length : null);
        const want = mean(
          used.map((t) => Math.sqrt(t.slots.reduce((s, x) => s + (x.correct ? 2 * (1 - x.confidence) ** 2 : 2 * x.confidence ** 2), 0))),
        );
        const oneHot = mean(used.map((t) => Math.sqrt(2 * t.slots.filter((x) => !x.correct).length)));
        expect(close(l2, want)).toBe(true);
        expect(close(l2OneHot, oneHot)).toBe(true);
        expect(close(l2Ratio, oneHot ? (oneHot - (want as number)) / oneHot : null)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('the turn column: one pair per turn with confidence, its dialogue carried', () => {
    const turns: Turn[] = [
      {
        slots: [
          { confidence: 0.9, correct: true },
          { confidence: 0.4, correct: false },
        ],
        jga_correct: false,
      },
      { slots: [], jga_correct: false },
      { slots: [{ confidence: 0.7, correct: true }], jga_correct: true },
    ];
    const { pairs, labels } = build(turns);
    const col = turnColumn(pairs, { ...labels, dialogue: Int32Array.of(0, 0, 1) });
    expect(col).toEqual({
      confidence: Float64Array.of(0.4, 0.7),
      correct: Uint8Array.of(0, 1),
      turn: Int32Array.of(0, 2),
      dialogue: Int32Array.of(0, 1),
    });
    const jt = jointTurns(pairs, 3);
    expect(Array.from(jt.pairs)).toEqual([2, 0, 1]);
    expect(Number.isNaN(jt.confidence[1]) && Number.isNaN(jt.l2[1])).toBe(true);
    expect(jt.l2[2]).toBeCloseTo(Math.sqrt(2 * 0.09), 15);
  });

  it('edge cases: no turn, no pair, an all-correct turn set (ratio undefined), a bad turn index', () => {
    const none = jointCalibration(pairsOf([], ['turn']), { jgaCorrect: new Uint8Array(0) });
    expect([none.count, none.ece, none.l2, none.l2OneHot, none.l2Ratio]).toEqual([0, null, null, null, null]);
    const empty = jointCalibration(pairsOf([], ['turn']), { jgaCorrect: Uint8Array.of(0, 1) });
    expect([empty.turns, empty.turnsWithoutConfidence, empty.ece]).toEqual([2, 2, null]);
    const right = build([{ slots: [{ confidence: 0.6, correct: true }], jga_correct: true }]);
    const r = jointCalibration(right.pairs, right.labels);
    expect([r.l2OneHot, r.l2Ratio]).toEqual([0, null]);
    expect(r.l2).toBeCloseTo(Math.sqrt(2 * 0.16), 15);
    expect(() => jointCalibration(pairsOf([{ confidence: 0.5, correct: true, turn: 3 }]), { jgaCorrect: Uint8Array.of(1) })).toThrow(
      CalibrationInputError,
    );
    expect(() => jointCalibration(pairsOf([{ confidence: 0.5, correct: true }]), { jgaCorrect: Uint8Array.of(1) })).toThrow(/turn indices/);
  });
});
