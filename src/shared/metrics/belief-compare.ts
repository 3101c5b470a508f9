// Layer: shared (pure TS). Compares one turn's gold and predicted belief sets
// (value "none" = absent) slot by slot. JGA, SA, AGA and RSA are all functions
// of these four counts; see spec sections 2-5.

import { NONE_ID, type Corpus } from '../model/corpus';

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
export function compareBelief(
  gp: Int32Array,
  gs: number,
  gl: number,
  pp: Int32Array,
  ps: number,
  pl: number,
  out: BeliefComparison,
): BeliefComparison {
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

/**
 * The same merge walk as compareBelief, telling `visit` every slot present in
 * gold or prediction of turn `i` with both values (-1 for absent; "none" is
 * absent), in slot order. For the analyses and queries that need each slot;
 * compareBelief stays the metrics' own loop, counts only.
 */
export function walkBelief(
  c: Pick<Corpus, 'goldPairs' | 'predPairs' | 'goldStart' | 'goldLen' | 'predStart' | 'predLen'>,
  i: number,
  visit: (slot: number, gold: number, pred: number) => void,
): void {
  const gp = c.goldPairs;
  const pp = c.predPairs;
  let a = c.goldStart[i];
  let b = c.predStart[i];
  const ae = a + c.goldLen[i];
  const be = b + c.predLen[i];
  while (a < ae || b < be) {
    if (a < ae && gp[2 * a + 1] === NONE_ID) {
      a++;
      continue;
    }
    if (b < be && pp[2 * b + 1] === NONE_ID) {
      b++;
      continue;
    }
    if (b >= be || (a < ae && gp[2 * a] < pp[2 * b])) {
      visit(gp[2 * a], gp[2 * a + 1], -1);
      a++;
    } else if (a >= ae || pp[2 * b] < gp[2 * a]) {
      visit(pp[2 * b], -1, pp[2 * b + 1]);
      b++;
    } else {
      visit(gp[2 * a], gp[2 * a + 1], pp[2 * b + 1]);
      a++;
      b++;
    }
  }
}
