// Layer: shared (pure TS). Agreement of several annotators on one rating
// table (docs/reference/agreement.md): Cohen's κ for two raters, Fleiss' κ
// for three or more, Krippendorff's α (nominal) always; each with the items
// it used and a seeded percentile-bootstrap interval. The bootstrap resamples
// the items the coefficient uses, with replacement (the item is the unit of
// sampling), with the project's MT19937 draws (analysis/resample.ts: row b of
// numpy's RandomState(seed).randint(0, n, size=(B, n))). This is the plain
// nonparametric bootstrap over units that Zapf et al. (2016, BMC Med Res
// Methodol 16:93) use for Fleiss' κ and α alike, not Krippendorff's own
// bootstrap (Hayes & Krippendorff 2007), which samples from the coincidence
// matrix; resamples on which a coefficient is undefined (every drawn rating
// the same category) are left out of its interval and counted.

import { eachResample, resampledInterval, type ResampledInterval } from '../../analysis/resample';
import { MAX_BOOTSTRAP, MAX_SEED } from '../../analysis/seed';
import {
  alphaOfUnits,
  cohenOfUnits,
  countUnits,
  fleissOfUnits,
  pairUnits,
  unitCount,
  type CohenKappa,
  type CountUnits,
  type FleissKappa,
  type KrippendorffAlpha,
  type PairUnits,
} from './coefficients';
import { ratingCounts, type RatingCounts, type RatingTable } from './table';

export interface AgreementSettings {
  /** Bootstrap resamples B (0: no intervals). */
  bootstrap: number;
  seed: number;
  /** Interval level (default 0.95). */
  level?: number;
}

export interface AgreementReport extends RatingCounts {
  raters: string[];
  categories: string[];
  /** Two raters only. */
  cohen: (CohenKappa & { interval: ResampledInterval }) | null;
  /** Three or more raters only. */
  fleiss: (FleissKappa & { interval: ResampledInterval }) | null;
  alpha: KrippendorffAlpha & { interval: ResampledInterval };
  bootstrap: number;
  seed: number;
  level: number;
}

/** The statistic on B resamples of its n units (NaN where undefined). */
function resampled(n: number, B: number, seed: number, score: (times: Int32Array) => number | null): Float64Array {
  const out = new Float64Array(B).fill(Number.NaN);
  eachResample(n, seed, 0, B, (times, b) => {
    out[b] = score(times) ?? Number.NaN;
  });
  return out;
}

/** Cohen's or Fleiss' κ (by the number of raters) and Krippendorff's α, with counts and bootstrap intervals. */
export function agreement(t: RatingTable, settings: AgreementSettings): AgreementReport {
  const B = settings.bootstrap;
  if (!Number.isInteger(B) || B < 0 || B > MAX_BOOTSTRAP)
    throw new RangeError(`bootstrap resamples must be an integer in [0, ${MAX_BOOTSTRAP}], got ${B}`);
  if (!Number.isInteger(settings.seed) || settings.seed < 0 || settings.seed > MAX_SEED)
    throw new RangeError(`seed must be an integer in [0, ${MAX_SEED}], got ${settings.seed}`);
  const level = settings.level ?? 0.95;
  if (!(level > 0 && level < 1)) throw new RangeError(`the interval level must lie in (0, 1), got ${level}`);
  const R = t.raters.length;
  const seed = settings.seed;
  let cohen: AgreementReport['cohen'] = null;
  let fleiss: AgreementReport['fleiss'] = null;
  if (R === 2) {
    const u: PairUnits = pairUnits(t, 0, 1);
    cohen = {
      ...cohenOfUnits(u),
      interval: resampledInterval(
        resampled(unitCount(u), B, seed, (w) => cohenOfUnits(u, w).kappa),
        level,
      ),
    };
  } else if (R >= 3) {
    const u: CountUnits = countUnits(t, R);
    fleiss = {
      ...fleissOfUnits(u, R),
      interval: resampledInterval(
        resampled(unitCount(u), B, seed, (w) => fleissOfUnits(u, R, w).kappa),
        level,
      ),
    };
  }
  const au = countUnits(t, 2);
  const alpha = {
    ...alphaOfUnits(au),
    interval: resampledInterval(
      resampled(unitCount(au), B, seed, (w) => alphaOfUnits(au, w).alpha),
      level,
    ),
  };
  return {
    ...ratingCounts(t),
    raters: [...t.raters],
    categories: [...t.categories],
    cohen,
    fleiss,
    alpha,
    bootstrap: B,
    seed,
    level,
  };
}
