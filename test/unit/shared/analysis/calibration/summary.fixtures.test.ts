// Pair-level calibration against reference values computed by the original
// code (test/fixtures/calibration, provenance in test/fixtures/README.md):
// Sun et al. 2024's plot_reliability / plot_roc_curve
// (jennycs0830/Confidence_Score_DST, evaluation_minicons.py), ConvLab-3
// SetSUMBT's BeliefStateUncertainty._fill_bins / _bin_confidence and the ECE
// line of _jg_ece (ConvLab/ConvLab-3, convlab/dst/setsumbt/datasets/metrics.py),
// and sklearn.metrics.roc_auc_score — every case, every bin, 1e-12.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { binningOf, type ReliabilityBin } from '../../../../../src/shared/analysis/calibration/binning';
import { CalibrationInputError, pairsOf } from '../../../../../src/shared/analysis/calibration/pairs';
import { pairCalibration, type PairCalibration } from '../../../../../src/shared/analysis/calibration/summary';
import { FIXTURES } from '../../../../helpers/fixtures';

interface ExpectedBin {
  lo: number;
  hi: number;
  count: number;
  accuracy: number | null;
  confidence: number | null;
  accuracy_members?: number;
}
interface PairCase {
  name: string;
  input: { pairs: { confidence: number; correct: boolean }[] };
  expected: {
    count: number;
    accuracy: number;
    setsumbt: { ece: number; bins: ExpectedBin[] };
    sun2024: { ece: number | null; bins: ExpectedBin[] };
    auroc: number | null;
    auroc_sklearn_roc_auc_score: number | string;
    auroc_sun_roc_curve_then_auc: number | null;
    histograms_sun_plot_empirical: { correct: number[]; wrong: number[] };
  };
  original_values: { setsumbt_ece_run_with_float32_bin_accuracy: number; sun2024_ece: number };
}
const DIR = join(FIXTURES, 'calibration');
const ref = JSON.parse(readFileSync(join(DIR, 'calibration-pairs.json'), 'utf8')) as {
  sun2024_bin_edges: number[];
  sun2024_bin_centres: number[];
  setsumbt_bin_edges: number[];
  cases: PairCase[];
};
const TOL = 1e-12;

function close(actual: number | null, expected: number | null, what: string, tol = TOL): void {
  if (expected === null) expect(actual, what).toBeNull();
  else {
    expect(actual, what).not.toBeNull();
    expect(Math.abs((actual as number) - expected), `${what}: ${actual} vs ${expected}`).toBeLessThanOrEqual(tol);
  }
}

function expectBins(got: ReliabilityBin[], want: ExpectedBin[], what: string): void {
  expect(got.length).toBe(want.length);
  want.forEach((w, b) => {
    const g = got[b];
    expect(g.lo, `${what} bin ${b} lo`).toBe(w.lo);
    expect(g.hi, `${what} bin ${b} hi`).toBe(w.hi);
    expect(g.count, `${what} bin ${b} count`).toBe(w.count);
    close(g.accuracy, w.accuracy, `${what} bin ${b} accuracy`);
    close(g.confidence, w.confidence, `${what} bin ${b} confidence`);
    if (w.accuracy_members !== undefined) expect(g.accuracyMembers, `${what} bin ${b} members`).toBe(w.accuracy_members);
  });
}

/** SetSUMBT's ECE as their code computes it: each bin's accuracy is acc_.float().mean(), a float32. */
function setsumbtFloat32(r: PairCalibration): number {
  let ece = 0;
  for (const b of r.bins) {
    if (b.count === 0) continue;
    ece += (Math.abs((b.confidence as number) - Math.fround(b.accuracy as number)) * b.count) / r.count;
  }
  return ece;
}

describe('calibration fixtures (original code = sklearn = definitions)', () => {
  it('the bin edges and centres are the originals’ doubles, bit for bit', () => {
    expect(Array.from(binningOf('sun2024').edges)).toEqual(ref.sun2024_bin_edges);
    expect(Array.from(binningOf('setsumbt').edges)).toEqual(ref.setsumbt_bin_edges);
    const sun = pairCalibration(pairsOf([]), { binning: 'sun2024' });
    expect(sun.bins.map((b) => b.confidence)).toEqual(ref.sun2024_bin_centres);
  });

  for (const c of ref.cases) {
    const outOfRange = c.name.startsWith('out-of-range');
    const opts = outOfRange ? ({ outOfRange: 'like-originals' } as const) : {};
    const pairs = pairsOf(c.input.pairs);

    it(`${c.name}: setsumbt binning, AUROC, counts`, () => {
      const r = pairCalibration(pairs, { ...opts, binning: 'setsumbt' });
      expect(r.count).toBe(c.expected.count);
      close(r.accuracy, c.expected.accuracy, 'accuracy');
      close(r.ece, c.expected.setsumbt.ece, 'ece');
      expectBins(r.bins, c.expected.setsumbt.bins, 'setsumbt');
      close(r.auroc, c.expected.auroc, 'auroc (rank formula)');
      const sk = c.expected.auroc_sklearn_roc_auc_score;
      if (typeof sk === 'number') close(r.auroc, sk, 'auroc vs sklearn roc_auc_score');
      else expect(r.auroc).toBeNull(); // sklearn raises: one class only
      close(r.auroc, c.expected.auroc_sun_roc_curve_then_auc, 'auroc vs Sun et al. roc_curve + auc');
      expect(r.outOfRange).toBe(outOfRange ? 2 : 0);
      // SetSUMBT's own number differs only by its float32 bin accuracies: reproduced exactly, and below 1e-7.
      const f32 = setsumbtFloat32(r);
      close(f32, c.original_values.setsumbt_ece_run_with_float32_bin_accuracy, 'float32 reading = the original', 1e-15);
      expect(Math.abs(f32 - (r.ece as number))).toBeLessThan(1e-7);
    });

    it(`${c.name}: sun2024 binning and histograms`, () => {
      const r = pairCalibration(pairs, { ...opts, binning: 'sun2024' });
      close(r.ece, c.expected.sun2024.ece, 'ece');
      close(r.ece, c.original_values.sun2024_ece, 'ece vs the original run');
      expectBins(r.bins, c.expected.sun2024.bins, 'sun2024');
      expect(r.histogram).toEqual(c.expected.histograms_sun_plot_empirical);
    });
  }

  it('the product refuses out-of-range confidences by default, naming the pair', () => {
    const c = ref.cases.find((x) => x.name.startsWith('out-of-range')) as PairCase;
    let err: unknown;
    try {
      pairCalibration(pairsOf(c.input.pairs));
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(CalibrationInputError);
    expect((err as CalibrationInputError).index).toBe(0);
    expect((err as Error).message).toBe('pair 0: a confidence must lie in [0, 1], got 1.2');
  });

  it('the four pairs at 0.8 (three correct): setsumbt 0.05, sun2024 0.85', () => {
    const pairs = pairsOf([0, 1, 2, 3].map((i) => ({ confidence: 0.8, correct: i !== 1 })));
    close(pairCalibration(pairs).ece, 0.05, 'setsumbt', 1e-15);
    close(pairCalibration(pairs, { binning: 'sun2024' }).ece, 0.85, 'sun2024', 1e-15);
  });
});

interface SunColumn {
  pairs: { dialogue: number; confidence: number; correct_sun2024: boolean; correct_domain: boolean }[];
  expected: {
    rule_sun2024: {
      pairs: number;
      correct: number;
      ece_sun2024_original: number;
      bins_sun2024: ExpectedBin[];
      ece_setsumbt: number;
      auroc_original: number | null;
      auroc: number | null;
    };
    rule_domain: { pairs: number; correct: number; ece_setsumbt: number; ece_sun2024: number; auroc: number | null };
  };
}
const sun = JSON.parse(readFileSync(join(DIR, 'sun2024-example.json'), 'utf8')) as { columns: Record<string, SunColumn> };

describe('Sun et al.’s pipeline on the example CSV (each confidence column, both correctness rules)', () => {
  for (const [name, col] of Object.entries(sun.columns)) {
    it(`${name}, rule sun2024: their plot_reliability and plot_roc_curve`, () => {
      const e = col.expected.rule_sun2024;
      const pairs = pairsOf(col.pairs.map((p) => ({ confidence: p.confidence, correct: p.correct_sun2024, dialogue: p.dialogue })));
      const s = pairCalibration(pairs, { binning: 'sun2024' });
      expect(s.count).toBe(e.pairs);
      expect(s.correct).toBe(e.correct);
      close(s.ece, e.ece_sun2024_original, 'ece sun2024');
      expectBins(s.bins, e.bins_sun2024, 'sun2024');
      close(s.auroc, e.auroc, 'auroc');
      close(s.auroc, e.auroc_original, 'auroc vs their roc_curve + auc');
      close(pairCalibration(pairs).ece, e.ece_setsumbt, 'ece setsumbt');
    });

    it(`${name}, rule domain`, () => {
      const e = col.expected.rule_domain;
      const pairs = pairsOf(col.pairs.map((p) => ({ confidence: p.confidence, correct: p.correct_domain })));
      const s = pairCalibration(pairs);
      expect([s.count, s.correct]).toEqual([e.pairs, e.correct]);
      close(s.ece, e.ece_setsumbt, 'ece setsumbt');
      close(pairCalibration(pairs, { binning: 'sun2024' }).ece, e.ece_sun2024, 'ece sun2024');
      close(s.auroc, e.auroc, 'auroc');
    });
  }
});
