// Layer: shared (pure TS). Where the wrong turns come from, in the FGA
// paper's terms: a wrong turn (joint state not exact) is *fresh* (type-1: the
// turn's own update is wrong) or *carried* (type-2: the turn's update is
// right and an earlier mistake is still in the state). Each fresh error
// poisons the type-2 turns that follow it until the next exact or fresh
// turn, so every wrong turn belongs to exactly one fresh error, and a fresh
// error costs 1 + (turns it poisons) turns of JGA. Its *fresh slots* are the
// slots mistaken in that turn that were not mistaken the same way (same gold
// and predicted value) in the turn before; a fresh error's cost is shared
// equally among them, so the slots' costs add up to the wrong turns too.

import { FGA_TYPE1 } from '../metrics/defs/fga';
import type { Evaluation, SlotClass } from '../metrics/evaluate';
import { extendSignature, type Signature } from '../metrics/signature';
import { walkBelief } from '../metrics/belief-compare';
import type { Corpus } from '../model/corpus';

export interface RootSlotValue {
  slot: string;
  gold: string | null;
  pred: string | null;
  class: SlotClass;
}

export interface RootTurn {
  dialogue: string;
  /** Position of the turn in its dialogue (0-based), and its index as written in the file. */
  position: number;
  turn: number;
  /** Type-2 turns that follow it before the next exact or type-1 turn. */
  poisoned: number;
  /** 1 + poisoned: the turns of JGA it costs. */
  cost: number;
  /** cost / all turns: the JGA points it costs. */
  jga: number;
  /** Its fresh slots. */
  slots: RootSlotValue[];
}

export interface RootSlot {
  slot: string;
  /** Fresh errors in which the slot is a fresh slot. */
  fresh: number;
  /** Poisoned turns attributed to the slot (each fresh error's shared equally among its fresh slots). */
  poisoned: number;
  /** Turns of JGA attributed to the slot (fresh errors + poisoned turns, shared). */
  cost: number;
  jga: number;
  /** cost / wrong turns. */
  share: number;
  /** Its most costly fresh error, to open in the dialogue view. */
  worst: { dialogue: string; position: number; turn: number };
}

export interface ErrorOrigin {
  turns: number;
  /** Turns whose joint state is not exact (JGA = 0). */
  wrong: number;
  fresh: number;
  carried: number;
  freshShare: number | null;
  carriedShare: number | null;
  /** JGA points lost to fresh turns and to carried turns (fractions of all turns; they add up to 1 − JGA). */
  jgaLostFresh: number;
  jgaLostCarried: number;
  /** Fresh errors by the number of turns they poison. */
  poison: { poisoned: number; errors: number }[];
  meanPoisoned: number | null;
  /** The costliest fresh errors, costliest first (at most `top`). */
  rootTurns: RootTurn[];
  /** Every slot that is ever a fresh slot, costliest first. */
  rootSlots: RootSlot[];
  signature: Signature;
}

/** The slots of turn i that are not correct (belief sets, "none" = absent), sorted by slot id: flat [slot, gold, pred] with -1 for absent. */
export function mistakesOf(c: Corpus, i: number, out: number[] = []): number[] {
  out.length = 0;
  walkBelief(c, i, (slot, gold, pred) => {
    if (gold !== pred) out.push(slot, gold, pred);
  });
  return out;
}

function classOf(gold: number, pred: number): SlotClass {
  return gold < 0 ? 'overshot' : pred < 0 ? 'missed' : 'wrong';
}

export function errorOrigin(ev: Evaluation, top = 20): ErrorOrigin {
  const c = ev.source;
  const fga = ev.stats.fga;
  const T = c.turnIndex.length;
  const S = c.slots.size;
  let wrong = 0;
  let fresh = 0;
  let carried = 0;
  const poisonHist: number[] = [];
  const slotFresh = new Float64Array(S);
  const slotPoisoned = new Float64Array(S);
  const slotCost = new Float64Array(S);
  const slotWorst = new Int32Array(S).fill(-1);
  const slotWorstCost = new Float64Array(S);
  const roots: { i: number; d: number; poisoned: number; fresh: number[] }[] = [];
  const now: number[] = [];
  const before: number[] = [];
  for (let d = 0; d < c.dialogueIds.length; d++) {
    const first = c.dialogueStart[d];
    const last = c.dialogueStart[d + 1];
    for (let i = first; i < last; i++) {
      const code = fga[i];
      if (code === 0) continue;
      wrong++;
      if (code !== FGA_TYPE1) {
        carried++;
        continue;
      }
      fresh++;
      let poisoned = 0;
      while (i + 1 + poisoned < last && fga[i + 1 + poisoned] > 0) poisoned++;
      poisonHist[poisoned] = (poisonHist[poisoned] ?? 0) + 1;
      // Fresh slots: mistaken now and not mistaken the same way in the turn before.
      mistakesOf(c, i, now);
      if (i > first) mistakesOf(c, i - 1, before);
      else before.length = 0;
      const freshSlots: number[] = [];
      for (let k = 0; k < now.length; k += 3) {
        let same = false;
        for (let j = 0; j < before.length && !same; j += 3)
          same = before[j] === now[k] && before[j + 1] === now[k + 1] && before[j + 2] === now[k + 2];
        if (!same) freshSlots.push(now[k], now[k + 1], now[k + 2]);
      }
      const share = 1 / Math.max(1, freshSlots.length / 3);
      for (let k = 0; k < freshSlots.length; k += 3) {
        const s = freshSlots[k];
        slotFresh[s]++;
        slotPoisoned[s] += poisoned * share;
        slotCost[s] += (1 + poisoned) * share;
        if (slotWorst[s] < 0 || 1 + poisoned > slotWorstCost[s]) {
          slotWorst[s] = i;
          slotWorstCost[s] = 1 + poisoned;
        }
      }
      roots.push({ i, d, poisoned, fresh: freshSlots });
    }
  }
  const name = (v: number) => (v < 0 ? null : c.values.name(v));
  const dialogueOf = (i: number) => {
    let lo = 0;
    let hi = c.dialogueIds.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (c.dialogueStart[mid] <= i) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const place = (i: number, d = dialogueOf(i)) => ({ dialogue: c.dialogueIds[d], position: i - c.dialogueStart[d], turn: c.turnIndex[i] });
  const rootTurns = roots
    .sort((a, b) => b.poisoned - a.poisoned || a.i - b.i)
    .slice(0, top)
    .map((r): RootTurn => {
      const slots: RootSlotValue[] = [];
      for (let k = 0; k < r.fresh.length; k += 3)
        slots.push({
          slot: c.slots.name(r.fresh[k]),
          gold: name(r.fresh[k + 1]),
          pred: name(r.fresh[k + 2]),
          class: classOf(r.fresh[k + 1], r.fresh[k + 2]),
        });
      return { ...place(r.i, r.d), poisoned: r.poisoned, cost: 1 + r.poisoned, jga: (1 + r.poisoned) / T, slots };
    });
  const rootSlots: RootSlot[] = [];
  for (let s = 0; s < S; s++) {
    if (slotFresh[s] === 0) continue;
    const cost = slotCost[s];
    rootSlots.push({
      slot: c.slots.name(s),
      fresh: slotFresh[s],
      poisoned: slotPoisoned[s],
      cost,
      jga: cost / T,
      share: wrong === 0 ? 0 : cost / wrong,
      worst: place(slotWorst[s]),
    });
  }
  rootSlots.sort((a, b) => b.cost - a.cost || (a.slot < b.slot ? -1 : 1));
  const poison = Array.from(poisonHist, (errors, poisoned) => ({ poisoned, errors: errors ?? 0 }));
  const totalPoisoned = poison.reduce((a, p) => a + p.poisoned * p.errors, 0);
  return {
    turns: T,
    wrong,
    fresh,
    carried,
    freshShare: wrong === 0 ? null : fresh / wrong,
    carriedShare: wrong === 0 ? null : carried / wrong,
    jgaLostFresh: T === 0 ? 0 : fresh / T,
    jgaLostCarried: T === 0 ? 0 : carried / T,
    poison,
    meanPoisoned: fresh === 0 ? null : totalPoisoned / fresh,
    rootTurns,
    rootSlots,
    signature: extendSignature(ev.signature, [{ key: 'turns', text: 'error origin=FGA type-1/type-2' }]),
  };
}
