// Layer: shared (pure TS). SA, slot accuracy in TRADE's formulation (spec
// section 3): SA_t = (K - missed - wrong) / K, where a wrong value counts once
// (as missed) and an overshot slot once. The error count is an integer, so a
// corpus keeps the sum of errors and any K can be applied afterwards.

import type { BeliefComparison } from './compare';

export const DEFAULT_SLOT_COUNT = 30;

/** missed triples (wrong values + missed slots) + wrong triples whose slot was not missed (overshot slots). */
export function saErrors(c: BeliefComparison): number {
  return c.wrong + c.missed + c.overshot;
}

export function saTurn(c: BeliefComparison, k: number): number {
  return (k - saErrors(c)) / k;
}

/** SA over `turns` turns with `errors` summed errors. */
export function saFromErrors(errors: number, turns: number, k: number): number {
  return turns === 0 ? 0 : (turns * k - errors) / (turns * k);
}
