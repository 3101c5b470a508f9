// Layer: shared (pure TS). JGA, joint goal accuracy (spec section 2): a turn
// scores 1 when gold and predicted belief sets are equal.

import type { BeliefComparison } from './compare';

export function jgaTurn(c: BeliefComparison): number {
  return c.wrong + c.missed + c.overshot === 0 ? 1 : 0;
}
