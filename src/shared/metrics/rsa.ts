// Layer: shared (pure TS). RSA, relative slot accuracy (spec section 5):
// (T* - M - W) / T* over the slots of gold ∪ prediction, 0 when both are empty.
// With T* = C + W_val + M + O, M = missed slots and W = wrong values + overshot
// slots, this is correct / T*.

import type { BeliefComparison } from './compare';

export function rsaTurn(c: BeliefComparison): number {
  const total = c.correct + c.wrong + c.missed + c.overshot;
  if (total === 0) return 0;
  const m = c.missed;
  const w = c.wrong + c.overshot;
  return (total - m - w) / total;
}
