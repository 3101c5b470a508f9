// Layer: shared (pure TS). Resampling units with replacement for statistics
// that are not sums of per-dialogue metric states (calibration, agreement):
// the same MT19937 draws as compare's paired bootstrap (rng.ts), so resample
// b of n units is row b of numpy's
//
//   np.random.RandomState(seed).randint(0, n, size=(B, n))
//
// and a caller that numbers its units like compare numbers its dialogues
// gets the very resamples compare uses. Each resample is handed over as
// multiplicities (how often each unit was drawn); the statistic weights its
// units by them.

import { percentileInterval } from './percentile';
import { BoundedDraws, bootstrapStream } from './rng';

/**
 * Calls `visit(times, b)` for resamples b in [from, to): times[u] is how
 * often unit u (of n) is drawn in resample b. The draws of earlier resamples
 * are made and skipped, so any split of [0, B) gives the same resamples.
 * `times` is reused between calls (copy it to keep it).
 */
export function eachResample(n: number, seed: number, from: number, to: number, visit: (times: Int32Array, b: number) => void): void {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`the number of units must be a non-negative integer, got ${n}`);
  if (n === 0 || to <= from) return;
  const draws = new BoundedDraws(bootstrapStream(seed), n);
  for (let i = 0; i < from * n; i++) draws.next();
  const times = new Int32Array(n);
  for (let b = from; b < to; b++) {
    times.fill(0);
    for (let i = 0; i < n; i++) times[draws.next()]++;
    visit(times, b);
  }
}

/** A statistic's bootstrap summary: its percentile interval and how many resamples left it undefined (NaN). */
export interface ResampledInterval {
  /** Central percentile interval over the resamples where the statistic is defined; null when none is. */
  ci: [number, number] | null;
  /** Resamples on which the statistic was undefined (left out of the interval). */
  undefinedResamples: number;
}

/** The central `level` percentile interval (numpy's linear method) of the defined values, and the count of undefined ones. */
export function resampledInterval(values: ArrayLike<number>, level = 0.95): ResampledInterval {
  let nan = 0;
  for (let i = 0; i < values.length; i++) if (Number.isNaN(values[i])) nan++;
  return { ci: values.length ? percentileInterval(values, level) : null, undefinedResamples: nan };
}
