// Layer: shared (pure TS). How good a suspects ranking is, measured against
// a list of known label errors (an annotation file of corrections, e.g. one
// `gold diff` wrote): average precision, precision@k and recall@k, each
// known error's rank, and the same numbers for seeded random orders of the
// same candidates (the baseline a ranking has to beat).
//
// Matching. A known error is a place (dialogue, turn, slot; a record without
// a slot stands for every slot of its turn). A suspect hits it when they
// share the dialogue and slot and one of the turns the suspect affects is
// within `tolerance` turns of the known error's turn (turn indices as in the
// file). Walking the ranking best first, a suspect is relevant when it hits a
// known error no better-ranked suspect hit; every known error counts once.
//
// Average precision is Σ_i (R_i − R_{i−1}) · P_i over the ranks i, with P_i
// the share of relevant suspects in the top i and R_i the share of known
// errors hit by them (scikit-learn's average_precision_score, no
// interpolation; it equals the usual mean of P at each relevant rank when a
// suspect hits one known error at most). Known errors no suspect hits lower
// the recall (and AP) but have no rank.

import { BoundedDraws, mt19937 } from '../analysis/rng';
import { dialogueKey } from '../formats/reference';
import { canonicalSlotName } from './record';

export interface KnownError {
  dialogue: string;
  turn: number;
  /** Undefined: every slot of the turn. */
  slot?: string;
}

export interface RankedPlace {
  dialogue: string;
  slot: string;
  /** Every turn the suspect affects (turn indices). */
  turns: readonly number[];
}

export const EVAL_KS = [10, 50, 100, 500] as const;

export interface AtK {
  k: number;
  precision: number;
  recall: number;
}

export interface RankingQuality {
  candidates: number;
  known: number;
  /** Known errors some suspect hits (the recall of the whole ranking × known). */
  found: number;
  ap: number;
  atK: AtK[];
  /** Per known error, in the order given: the 1-based rank of the suspect that hits it first, or null. */
  ranks: (number | null)[];
  /** The precision–recall curve: one point per rank where recall rises, [recall, precision]. */
  curve: [number, number][];
}

export interface RandomBaseline {
  seed: number;
  shuffles: number;
  /** Mean over the shuffles. */
  ap: number;
  atK: AtK[];
  /** The first shuffle's curve (what the figure draws). */
  curve: [number, number][];
}

export interface EvalOptions {
  tolerance?: number;
  ks?: readonly number[];
}

/** The known errors each candidate hits (indices into `known`), computed once. */
export function hitsOf(candidates: readonly RankedPlace[], known: readonly KnownError[], tolerance = 0): Int32Array[] {
  const bySlot = new Map<string, number[]>();
  const byTurn = new Map<string, number[]>();
  known.forEach((k, i) => {
    const d = dialogueKey(k.dialogue);
    if (k.slot === undefined) push(byTurn, d, i);
    else push(bySlot, `${d}\u0000${canonicalSlotName(k.slot)}`, i);
  });
  return candidates.map((c) => {
    const d = dialogueKey(c.dialogue);
    const out: number[] = [];
    for (const i of [...(bySlot.get(`${d}\u0000${canonicalSlotName(c.slot)}`) ?? []), ...(byTurn.get(d) ?? [])])
      if (c.turns.some((t) => Math.abs(t - known[i].turn) <= tolerance)) out.push(i);
    return Int32Array.from(out);
  });
}

function push(m: Map<string, number[]>, k: string, v: number): void {
  const a = m.get(k);
  if (a) a.push(v);
  else m.set(k, [v]);
}

/** The quality of one order of the candidates (`order[i]`: the candidate at rank i + 1). */
export function qualityOf(
  hits: readonly Int32Array[],
  knownCount: number,
  order: ArrayLike<number>,
  ks: readonly number[] = EVAL_KS,
): RankingQuality {
  const ranks: (number | null)[] = new Array<number | null>(knownCount).fill(null);
  const curve: [number, number][] = [];
  const atK: AtK[] = [];
  const kSet = [...ks].sort((a, b) => a - b);
  let ki = 0;
  let relevant = 0;
  let found = 0;
  let ap = 0;
  const n = order.length;
  for (let i = 0; i < n; i++) {
    let fresh = 0;
    for (const j of hits[order[i]])
      if (ranks[j] === null) {
        ranks[j] = i + 1;
        fresh++;
      }
    if (fresh > 0) {
      relevant++;
      found += fresh;
      const p = relevant / (i + 1);
      if (knownCount > 0) {
        ap += (fresh / knownCount) * p;
        curve.push([found / knownCount, p]);
      }
    }
    while (ki < kSet.length && kSet[ki] === i + 1) {
      atK.push({ k: kSet[ki], precision: relevant / kSet[ki], recall: knownCount ? found / knownCount : 0 });
      ki++;
    }
  }
  // A k beyond the ranking: precision over k (the missing places count as not relevant), recall as at the end.
  for (; ki < kSet.length; ki++) atK.push({ k: kSet[ki], precision: relevant / kSet[ki], recall: knownCount ? found / knownCount : 0 });
  return { candidates: n, known: knownCount, found, ap, atK, ranks, curve };
}

/** A seeded Fisher–Yates shuffle of 0 … n − 1 (MT19937, numpy's bounded draws). */
export function shuffledOrder(n: number, draws: ReturnType<typeof mt19937>): Int32Array {
  const o = new Int32Array(n);
  for (let i = 0; i < n; i++) o[i] = i;
  for (let i = n - 1; i > 0; i--) {
    const j = new BoundedDraws(draws, i + 1).next();
    const t = o[i];
    o[i] = o[j];
    o[j] = t;
  }
  return o;
}

/** The ranking's quality and that of `shuffles` seeded random orders of the same candidates. */
export function evaluateRanking(
  candidates: readonly RankedPlace[],
  known: readonly KnownError[],
  opts: EvalOptions & { seed: number; shuffles: number },
): { ranking: RankingQuality; random: RandomBaseline } {
  const ks = opts.ks ?? EVAL_KS;
  const hits = hitsOf(candidates, known, opts.tolerance ?? 0);
  const n = candidates.length;
  const identity = new Int32Array(n);
  for (let i = 0; i < n; i++) identity[i] = i;
  const ranking = qualityOf(hits, known.length, identity, ks);
  const src = mt19937(opts.seed);
  let ap = 0;
  const sums = ks.map(() => ({ p: 0, r: 0 }));
  let curve: [number, number][] = [];
  const S = Math.max(1, opts.shuffles);
  for (let s = 0; s < S; s++) {
    const q = qualityOf(hits, known.length, shuffledOrder(n, src), ks);
    ap += q.ap;
    q.atK.forEach((a, i) => {
      sums[i].p += a.precision;
      sums[i].r += a.recall;
    });
    if (s === 0) curve = q.curve;
  }
  const sortedKs = [...ks].sort((a, b) => a - b);
  return {
    ranking,
    random: {
      seed: opts.seed,
      shuffles: S,
      ap: ap / S,
      atK: sortedKs.map((k, i) => ({ k, precision: sums[i].p / S, recall: sums[i].r / S })),
      curve,
    },
  };
}
