// Layer: shared (pure TS). FGA, flexible goal accuracy (spec section 6).
// A turn is classified once, independently of λ, as a code:
//   0 = exact, -1 = type-1 error, d > 0 = type-2 error at distance d = t - t_err.
// The score for any λ follows from the code, so λ can change without a re-walk:
// the metric has one variant (and one compensated sum) per λ of the config.

import { NONE_ID } from '../../model/corpus';
import { lambdaKey } from '../config';
import { addSum, sumAt, type Metric } from '../contract';

export const FGA_EXACT = 0;
export const FGA_TYPE1 = -1;

export type FgaClass = 'exact' | 'type1' | 'type2';

export function fgaClass(code: number): FgaClass {
  return code === FGA_EXACT ? 'exact' : code === FGA_TYPE1 ? 'type1' : 'type2';
}

export function fgaScore(code: number, lambda: number): number {
  if (code === FGA_EXACT) return 1;
  if (code === FGA_TYPE1) return 0;
  return 1 - Math.exp(-lambda * code);
}

/**
 * Step 4 of the rule: the turn's own changes are right. T = G_t \ G_{t-1} must be
 * in P_t and T' = P_t \ P_{t-1} in G_t; only non-"none" triples count.
 * Works on sorted pair ranges, without maps: the previous turn's gold
 * and predicted states are the ranges [pgs, pgs + pgl) and [pps, pps + ppl).
 * Every range is sorted by slot id with one pair per slot (the Corpus
 * invariant), so each lookup is a merge step.
 */
export function changesRightSorted(
  gp: Int32Array,
  gs: number,
  gl: number,
  pp: Int32Array,
  ps: number,
  pl: number,
  pgs: number,
  pgl: number,
  pps: number,
  ppl: number,
): boolean {
  return newPairsIn(gp, gs, gs + gl, pgs, pgs + pgl, pp, ps, ps + pl) && newPairsIn(pp, ps, ps + pl, pps, pps + ppl, gp, gs, gs + gl);
}

/** Every non-"none" pair of own[a, ae) that is not in own[prev, prevEnd) is in other[o, otherEnd). */
function newPairsIn(
  own: Int32Array,
  a: number,
  ae: number,
  prev: number,
  prevEnd: number,
  other: Int32Array,
  o: number,
  otherEnd: number,
): boolean {
  let j = prev;
  let k = o;
  for (let i = a; i < ae; i++) {
    const v = own[2 * i + 1];
    if (v === NONE_ID) continue;
    const s = own[2 * i];
    while (j < prevEnd && own[2 * j] < s) j++;
    if (j < prevEnd && own[2 * j] === s && own[2 * j + 1] === v) continue;
    while (k < otherEnd && other[2 * k] < s) k++;
    if (k >= otherEnd || other[2 * k] !== s || other[2 * k + 1] !== v) return false;
  }
  return true;
}

/** Walks one dialogue's turns in order and classifies each. */
export class FgaWalker {
  private tErr = -1;
  private prevExact = false;
  private first = true;

  reset(): void {
    this.tErr = -1;
    this.prevExact = false;
    this.first = true;
  }

  /** Whether the code of a turn with this `exact` depends on step 4 (see nextKnown). */
  needsRight(exact: boolean): boolean {
    return !exact && !this.first && !this.prevExact;
  }

  /** next() with step 4's answer given (only read when needsRight said so). */
  nextKnown(t: number, exact: boolean, right: boolean): number {
    let code: number;
    if (exact) code = FGA_EXACT;
    else if (this.first || this.prevExact || !right) code = FGA_TYPE1;
    else code = t - this.tErr;
    if (code === FGA_TYPE1) this.tErr = t;
    this.first = false;
    this.prevExact = exact;
    return code;
  }

  /** `t` is the integer turn index; `right` evaluates step 4 lazily. */
  next(t: number, exact: boolean, right: () => boolean): number {
    let code: number;
    if (exact) code = FGA_EXACT;
    else if (this.first || this.prevExact || !right()) code = FGA_TYPE1;
    else code = t - this.tErr;
    if (code === FGA_TYPE1) this.tErr = t;
    this.first = false;
    this.prevExact = exact;
    return code;
  }
}

export const metric: Metric = {
  id: 'FGA',
  order: 50,
  about: {
    name: 'Flexible goal accuracy',
    definition:
      'Exact turns score 1, fresh (type-1) errors 0, and a turn that only carries an older error d turns back scores 1 − e^(−λd); the mean over turns.',
    readme: '#the-metrics',
    spec: '6',
  },
  perTurn: true,
  headline: {
    rank: 20,
    label: (config) => `FGA λ=${lambdaKey(config.lambdas[0])}`,
    latex: (config) => `FGA$_{\\lambda=${lambdaKey(config.lambdas[0])}}$`,
  },
  variants: (config) => config.lambdas.map(lambdaKey),
  slots: (config) => config.lambdas.map(() => 'sum' as const),
  add: (r, t, config) => {
    const l = config.lambdas;
    for (let k = 0; k < l.length; k++) addSum(r.s, r.at + 2 * k, fgaScore(t.fga, l[k]));
  },
  turn: (t, config, variant) => fgaScore(t.fga, config.lambdas[variant]),
  score: (r, ctx, variant) => (ctx.turns === 0 ? 0 : sumAt(r.s, r.at + 2 * variant) / ctx.turns),
  signature: (config) => `FGA lambda=${config.lambdas.map(lambdaKey).join(',')}`,
};
