// Layer: shared (pure TS). Compares one turn's gold and predicted belief sets
// (value "none" = absent) slot by slot. JGA, SA, AGA and RSA are all functions
// of these four counts; see spec sections 2-5.

import { NONE_ID } from '../model/corpus';

export interface BeliefComparison {
  /** Slots in both with the same value. */
  correct: number;
  /** Slots in both with different values. */
  wrong: number;
  /** Slots in gold only. */
  missed: number;
  /** Slots in prediction only. */
  overshot: number;
}

/**
 * Merge-walks two states (pair ranges sorted by slot id): gold in `gp`, the
 * prediction in `pp`. `gs`, `ps` are pair offsets, `gl`, `pl` pair counts.
 */
export function compareBelief(gp: Int32Array, gs: number, gl: number, pp: Int32Array, ps: number, pl: number, out: BeliefComparison): BeliefComparison {
  let correct = 0;
  let wrong = 0;
  let missed = 0;
  let overshot = 0;
  let i = gs;
  let j = ps;
  const ge = gs + gl;
  const pe = ps + pl;
  while (i < ge || j < pe) {
    if (i < ge && gp[2 * i + 1] === NONE_ID) {
      i++;
      continue;
    }
    if (j < pe && pp[2 * j + 1] === NONE_ID) {
      j++;
      continue;
    }
    if (j >= pe || (i < ge && gp[2 * i] < pp[2 * j])) {
      missed++;
      i++;
    } else if (i >= ge || pp[2 * j] < gp[2 * i]) {
      overshot++;
      j++;
    } else {
      if (gp[2 * i + 1] === pp[2 * j + 1]) correct++;
      else wrong++;
      i++;
      j++;
    }
  }
  out.correct = correct;
  out.wrong = wrong;
  out.missed = missed;
  out.overshot = overshot;
  return out;
}
