// Resampling units: the multiplicities of resample b are row b of numpy's
// RandomState(seed).randint(0, n, size=(B, n)) (the draws compare's paired
// bootstrap makes), any split of the resamples gives the same rows, and the
// percentile interval skips undefined values and counts them.
import { describe, expect, it } from 'vitest';
import { bootstrapValues } from '../../../../src/shared/analysis/paired';
import { eachResample, resampledInterval } from '../../../../src/shared/analysis/resample';
import { BoundedDraws, bootstrapStream } from '../../../../src/shared/analysis/rng';

describe('eachResample', () => {
  it('hands over the counts of numpy-compatible draws, resample after resample', () => {
    const n = 7;
    const draws = new BoundedDraws(bootstrapStream(42), n);
    const want: number[][] = [];
    for (let b = 0; b < 5; b++) {
      const t = new Array<number>(n).fill(0);
      for (let i = 0; i < n; i++) t[draws.next()]++;
      want.push(t);
    }
    const got: number[][] = [];
    eachResample(n, 42, 0, 5, (times, b) => {
      expect(b).toBe(got.length);
      got.push(Array.from(times));
    });
    expect(got).toEqual(want);
    const tail: number[][] = [];
    eachResample(n, 42, 3, 5, (times) => tail.push(Array.from(times)));
    expect(tail).toEqual(want.slice(3));
  });

  it('draws the same resamples as compare’s paired bootstrap', () => {
    // compare sums the drawn dialogues' rows: with row d = e_d, a resample's sum is its counts.
    const n = 5;
    const rows = new Float64Array(n * n);
    for (let d = 0; d < n; d++) rows[d * n + d] = 1;
    const scorer = {
      folded: { width: n },
      columns: Array.from({ length: n }),
      score: (acc: Float64Array, at: number, out: Float64Array, b: number, m: number) => {
        for (let c = 0; c < n; c++) out[c * m + b] = acc[at + c];
      },
    };
    const [vals] = bootstrapValues([rows], n, scorer as never, 4, 9);
    eachResample(n, 9, 0, 4, (times, b) => {
      for (let d = 0; d < n; d++) expect(times[d]).toBe(vals[d * 4 + b]);
    });
  });

  it('does nothing without units or resamples, and refuses a bad unit count', () => {
    let calls = 0;
    eachResample(0, 1, 0, 10, () => calls++);
    eachResample(3, 1, 5, 5, () => calls++);
    expect(calls).toBe(0);
    expect(() => eachResample(-1, 1, 0, 1, () => {})).toThrow(RangeError);
  });
});

describe('resampledInterval', () => {
  it('is numpy’s percentile interval of the defined values, counting the others', () => {
    expect(resampledInterval([1, 2, Number.NaN, 3, 4])).toEqual({ ci: [1.075, 3.925], undefinedResamples: 1 });
    expect(resampledInterval([Number.NaN])).toEqual({ ci: null, undefinedResamples: 1 });
    expect(resampledInterval([])).toEqual({ ci: null, undefinedResamples: 0 });
  });
});
