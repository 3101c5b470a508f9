// Layer: shared (pure TS). AUROC of confidence for correct (positive) against
// wrong (negative) pairs by the rank formula with ties averaged — the
// Mann–Whitney U over n_pos·n_neg:
//
//   AUROC = (R_pos − n_pos(n_pos + 1)/2) / (n_pos · n_neg)
//         = P(conf of a correct pair > conf of a wrong one) + ½ P(equal)
//
// which equals sklearn.metrics.roc_auc_score and Sun et al.'s
// roc_curve-then-auc (docs/reference/calibration.md). Computed from the two
// classes' sorted confidences in one merge sweep: U sums whole and half
// counts, exact in doubles, so the result does not depend on the order of
// the pairs. Undefined (null) when a class is empty.

/**
 * AUROC from ascending-sorted confidences of the correct pairs (`pos`) and
 * the wrong ones (`neg`); null when either is empty.
 */
export function aurocSorted(pos: ArrayLike<number>, neg: ArrayLike<number>): number | null {
  const P = pos.length;
  const N = neg.length;
  if (P === 0 || N === 0) return null;
  let u = 0;
  let i = 0;
  let j = 0;
  while (i < P) {
    const v = pos[i];
    while (j < N && neg[j] < v) j++;
    let ties = 0;
    while (j + ties < N && neg[j + ties] === v) ties++;
    let same = 0;
    while (i < P && pos[i] === v) {
      same++;
      i++;
    }
    // Each positive at v beats the j negatives below v and ties with `ties` of them.
    u += same * (j + ties / 2);
  }
  return u / (P * N);
}

/** AUROC of unsorted confidences with correctness flags (1/true correct). */
export function auroc(confidence: ArrayLike<number>, correct: ArrayLike<number | boolean>): number | null {
  let P = 0;
  for (let i = 0; i < correct.length; i++) if (correct[i]) P++;
  const pos = new Float64Array(P);
  const neg = new Float64Array(confidence.length - P);
  let a = 0;
  let b = 0;
  for (let i = 0; i < confidence.length; i++) {
    if (correct[i]) pos[a++] = confidence[i];
    else neg[b++] = confidence[i];
  }
  return aurocSorted(pos.sort(), neg.sort());
}
