// Layer: shared (pure TS). Spurious-trait measures of the GCA paper (spec
// section 9): tail-orientedness TO and non-uniformity NU of where a dialogue's
// mistakes (GCA's M + W + O per turn) fall.

import type { TRAIT_VARIANTS } from './config';

export type TraitVariant = (typeof TRAIT_VARIANTS)[number];

/**
 * `mistakes[t]` = mistakes added in the t-th turn (by position). The paper's
 * definition returns null when there are no mistakes; the authors' notebook
 * passes n + 1 as the turn count to TO and returns 0 instead of undefined.
 */
export function tailOrientedness(mistakes: ArrayLike<number>, variant: TraitVariant = 'paper'): number | null {
  const n = mistakes.length;
  let m = 0;
  let weighted = 0;
  for (let t = 0; t < n; t++) {
    m += mistakes[t];
    weighted += t * mistakes[t];
  }
  if (m === 0) return variant === 'paper' ? null : 0;
  const turns = variant === 'paper' ? n : n + 1;
  const et = weighted / m;
  return (et - (turns - 1) / 2) / turns;
}

export function nonUniformity(mistakes: ArrayLike<number>, variant: TraitVariant = 'paper'): number | null {
  const n = mistakes.length;
  let m = 0;
  for (let t = 0; t < n; t++) m += mistakes[t];
  if (m === 0) return variant === 'paper' ? null : 0;
  const em = m / n;
  let dev = 0;
  for (let t = 0; t < n; t++) dev += Math.abs(mistakes[t] - em);
  return dev / em;
}
