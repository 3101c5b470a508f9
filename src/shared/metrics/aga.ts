// Layer: shared (pure TS). AGA, average goal accuracy (spec section 4):
// |gold ∩ pred| / |gold| on turns whose gold belief set is non-empty.

import type { BeliefComparison } from './compare';

/** The turn's AGA, or null when gold is empty (the turn is skipped). */
export function agaTurn(c: BeliefComparison): number | null {
  const gold = c.correct + c.wrong + c.missed;
  return gold === 0 ? null : c.correct / gold;
}
