// Paired bootstrap of ΔECE and ΔAUROC between confidence columns: against an
// independent numpy/sklearn implementation that rebuilds every resample
// (test/fixtures/calibration/bootstrap_reference.py → bootstrap.numpy.json),
// against rebuilding the resampled pairs here and scoring them with
// pairCalibration, and for splits, seeds, undefined resamples and bad input.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  calibrationBootstrapValues,
  compareCalibration,
  prepareCalibrationBootstrap,
} from '../../../../../src/shared/analysis/calibration/bootstrap';
import {
  CalibrationInputError,
  pairsOf,
  selectPairs,
  type CalibrationPairs,
  type PairRow,
} from '../../../../../src/shared/analysis/calibration/pairs';
import { pairCalibration } from '../../../../../src/shared/analysis/calibration/summary';
import { BoundedDraws, bootstrapStream } from '../../../../../src/shared/analysis/rng';
import { FIXTURES } from '../../../../helpers/fixtures';

interface Expected {
  columns: Record<
    string,
    {
      ece: number;
      auroc: number;
      ece_ci: [number, number] | null;
      auroc_ci: [number, number] | null;
      ece_undefined: number;
      auroc_undefined: number;
      first_resamples_ece: number[];
      first_resamples_auroc: number[];
    }
  >;
  delta: Record<'ece' | 'auroc', { delta: number; ci: [number, number] | null; undefined: number }>;
}
const ref = JSON.parse(readFileSync(join(FIXTURES, 'calibration', 'bootstrap.numpy.json'), 'utf8')) as {
  dialogues: number;
  bootstrap: number;
  seed: number;
  columns: Record<string, PairRow[]>;
  expected: Record<'setsumbt' | 'sun2024', Expected>;
};

const near = (a: number | null, b: number | null, tol = 1e-12) => (a === null || b === null ? a === b : Math.abs(a - b) <= tol);
const nearPair = (a: [number, number] | null, b: [number, number] | null) =>
  a === null || b === null ? a === b : near(a[0], b[0]) && near(a[1], b[1]);

describe('paired calibration bootstrap = numpy + sklearn, resample by resample', () => {
  for (const binning of ['setsumbt', 'sun2024'] as const) {
    it(`${binning}: observed values, intervals, Δ intervals`, () => {
      const cols = ['softmax', 'verbalized'].map((name) => ({ name, pairs: pairsOf(ref.columns[name]) }));
      const r = compareCalibration(cols, ref.dialogues, { bootstrap: ref.bootstrap, seed: ref.seed }, { binning });
      const e = ref.expected[binning];
      for (const c of r.columns) {
        const x = e.columns[c.name];
        expect(near(c.ece, x.ece) && near(c.auroc, x.auroc)).toBe(true);
        expect(nearPair(c.eceInterval.ci, x.ece_ci), `${c.name} ece ci ${c.eceInterval.ci} vs ${x.ece_ci}`).toBe(true);
        expect(nearPair(c.aurocInterval.ci, x.auroc_ci), `${c.name} auroc ci`).toBe(true);
        expect([c.eceInterval.undefinedResamples, c.aurocInterval.undefinedResamples]).toEqual([x.ece_undefined, x.auroc_undefined]);
      }
      const [cmp] = r.comparisons;
      expect([cmp.baseline, cmp.column]).toEqual(['softmax', 'verbalized']);
      for (const stat of ['ece', 'auroc'] as const) {
        expect(near(cmp[stat].delta, e.delta[stat].delta)).toBe(true);
        expect(nearPair(cmp[stat].ci, e.delta[stat].ci), `Δ${stat}`).toBe(true);
        expect(cmp[stat].undefinedResamples).toBe(e.delta[stat].undefined);
      }
      const prep = prepareCalibrationBootstrap(
        cols.map((c) => c.pairs),
        ref.dialogues,
        { binning },
      );
      const v = calibrationBootstrapValues(prep, ref.seed, 0, 5);
      cols.forEach((c, k) => {
        const x = e.columns[c.name];
        for (let b = 0; b < 5; b++) {
          expect(near(v.ece[k][b], x.first_resamples_ece[b])).toBe(true);
          expect(near(v.auroc[k][b], x.first_resamples_auroc[b])).toBe(true);
        }
      });
    });
  }
});

/** Resample b rebuilt: the pairs of the drawn dialogues, in draw order (numpy's randint rows). */
function rebuilt(p: CalibrationPairs, D: number, seed: number, B: number): CalibrationPairs[] {
  const draws = new BoundedDraws(bootstrapStream(seed), D);
  const out: CalibrationPairs[] = [];
  for (let b = 0; b < B; b++) {
    const idx: number[] = [];
    for (let j = 0; j < D; j++) {
      const d = draws.next();
      for (let i = 0; i < p.confidence.length; i++) if ((p.dialogue as Int32Array)[i] === d) idx.push(i);
    }
    out.push(selectPairs(p, idx));
  }
  return out;
}

const columnArb = (D: number) =>
  fc.array(
    fc.record({
      confidence: fc.oneof(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 0, max: 10 }).map((k) => k / 10),
      ),
      correct: fc.boolean(),
      dialogue: fc.integer({ min: 0, max: D - 1 }),
    }),
    { maxLength: 40 },
  );

describe('resample statistics = scoring the rebuilt resample', () => {
  it('ECE (both binnings) and AUROC of every resample, NaN exactly where undefined', () => {
    const D = 6;
    fc.assert(
      fc.property(columnArb(D), fc.integer({ min: 0, max: 2 ** 32 - 1 }), (rows, seed) => {
        const p = pairsOf(rows, ['dialogue']);
        for (const binning of ['setsumbt', 'sun2024'] as const) {
          const v = calibrationBootstrapValues(prepareCalibrationBootstrap([p], D, { binning }), seed, 0, 8);
          rebuilt(p, D, seed, 8).forEach((q, b) => {
            const s = pairCalibration(q, { binning });
            expect(near(Number.isNaN(v.ece[0][b]) ? null : v.ece[0][b], s.ece)).toBe(true);
            expect(near(Number.isNaN(v.auroc[0][b]) ? null : v.auroc[0][b], s.auroc)).toBe(true);
          });
        }
      }),
      { numRuns: 100 },
    );
  });

  it('any split of the resamples gives the same values', () => {
    const p = pairsOf(ref.columns.softmax);
    const prep = prepareCalibrationBootstrap([p], ref.dialogues);
    const whole = calibrationBootstrapValues(prep, 7, 0, 40);
    const a = calibrationBootstrapValues(prep, 7, 0, 13);
    const b = calibrationBootstrapValues(prep, 7, 13, 40);
    expect(Float64Array.from([...a.ece[0], ...b.ece[0]])).toEqual(whole.ece[0]);
    expect(Float64Array.from([...a.auroc[0], ...b.auroc[0]])).toEqual(whole.auroc[0]);
  });
});

describe('comparison', () => {
  const cols = ['softmax', 'verbalized'].map((name) => ({ name, pairs: pairsOf(ref.columns[name]) }));

  it('is reproducible for a seed and changes with it', () => {
    const s = { bootstrap: 100, seed: 5 };
    expect(compareCalibration(cols, ref.dialogues, s)).toEqual(compareCalibration(cols, ref.dialogues, s));
    expect(compareCalibration(cols, ref.dialogues, { ...s, seed: 6 }).comparisons[0].ece.ci).not.toEqual(
      compareCalibration(cols, ref.dialogues, s).comparisons[0].ece.ci,
    );
  });

  it('a column against itself: Δ = 0 with the interval [0, 0]', () => {
    const r = compareCalibration([cols[0], { ...cols[0], name: 'again' }], ref.dialogues, { bootstrap: 50, seed: 1 });
    expect(r.comparisons[0].ece).toEqual({ delta: 0, ci: [0, 0], undefinedResamples: 0 });
    expect(r.comparisons[0].auroc).toEqual({ delta: 0, ci: [0, 0], undefinedResamples: 0 });
  });

  it('the observed values are pairCalibration’s; B = 0 gives no interval', () => {
    const r = compareCalibration(cols, ref.dialogues, { bootstrap: 0, seed: 1 }, { binning: 'sun2024' });
    const obs = pairCalibration(cols[1].pairs, { binning: 'sun2024' });
    expect([r.columns[1].ece, r.columns[1].auroc]).toEqual([obs.ece, obs.auroc]);
    expect(r.columns[1].eceInterval).toEqual({ ci: null, undefinedResamples: 0 });
    expect(r.comparisons[0].auroc.ci).toBeNull();
  });

  it('resamples without a wrong pair leave AUROC undefined: left out and counted', () => {
    // Dialogue 0 holds the only wrong pair; a resample that misses it has no AUROC.
    const p = pairsOf([
      { confidence: 0.3, correct: false, dialogue: 0 },
      { confidence: 0.6, correct: true, dialogue: 1 },
      { confidence: 0.9, correct: true, dialogue: 2 },
    ]);
    const r = compareCalibration(
      [
        { name: 'a', pairs: p },
        { name: 'b', pairs: p },
      ],
      3,
      { bootstrap: 200, seed: 3 },
    );
    const n = r.columns[0].aurocInterval.undefinedResamples;
    // P(dialogue 0 not drawn in 3 draws) = (2/3)^3 ≈ 0.30.
    expect(n).toBeGreaterThan(30);
    expect(n).toBeLessThan(100);
    expect(r.comparisons[0].auroc.undefinedResamples).toBe(n);
    expect(r.columns[0].aurocInterval.ci).toEqual([1, 1]);
  });

  it('refuses pairs without dialogues, dialogues out of range, bad settings and duplicate names', () => {
    const bare = pairsOf([{ confidence: 0.5, correct: true }]);
    expect(() => compareCalibration([{ name: 'a', pairs: bare }], 1, { bootstrap: 10, seed: 1 })).toThrow(CalibrationInputError);
    const far = pairsOf([{ confidence: 0.5, correct: true, dialogue: 4 }]);
    expect(() => compareCalibration([{ name: 'a', pairs: far }], 2, { bootstrap: 10, seed: 1 })).toThrow(/dialogue 4 is not below/);
    expect(() => compareCalibration(cols, ref.dialogues, { bootstrap: -1, seed: 1 })).toThrow(RangeError);
    expect(() => compareCalibration(cols, ref.dialogues, { bootstrap: 10, seed: 2 ** 32 })).toThrow(/seed/);
    expect(() => compareCalibration(cols, ref.dialogues, { bootstrap: 10, seed: 1, level: 1 })).toThrow(/level/);
    expect(() => compareCalibration([cols[0], cols[0]], ref.dialogues, { bootstrap: 10, seed: 1 })).toThrow(/two confidence columns/);
  });
});
