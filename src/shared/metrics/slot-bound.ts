// Layer: shared (pure TS). The largest number of slots active (value other
// than "none") in gold ∪ prediction at any turn of a corpus. SA divides by K:
// a turn can miss and get wrong up to that many slots, so with K below it SA
// can go negative (spec section 3); the CLI and the app warn when K is that low.

import { NONE_ID, type Corpus } from '../model/corpus';

export interface SlotBound {
  /** Active slots in gold ∪ prediction at the busiest turn. */
  slots: number;
  /** Where: the dialogue id and the turn index of the first such turn. */
  dialogue: string;
  turn: number;
}

export function largestActiveTurn(c: Corpus): SlotBound | null {
  let best: SlotBound | null = null;
  let d = 0;
  for (let i = 0; i < c.turnIndex.length; i++) {
    while (c.dialogueStart[d + 1] <= i) d++;
    // Both states are sorted by slot id: count the union in one merge.
    let g = c.goldStart[i];
    const gEnd = g + c.goldLen[i];
    let p = c.predStart[i];
    const pEnd = p + c.predLen[i];
    let n = 0;
    while (g < gEnd || p < pEnd) {
      while (g < gEnd && c.goldPairs[2 * g + 1] === NONE_ID) g++;
      while (p < pEnd && c.predPairs[2 * p + 1] === NONE_ID) p++;
      if (g >= gEnd && p >= pEnd) break;
      const gs = g < gEnd ? c.goldPairs[2 * g] : Infinity;
      const ps = p < pEnd ? c.predPairs[2 * p] : Infinity;
      n++;
      if (gs <= ps) g++;
      if (ps <= gs) p++;
    }
    if (best === null || n > best.slots) best = { slots: n, dialogue: c.dialogueIds[d], turn: c.turnIndex[i] };
  }
  return best;
}

/** The warning when K is below the busiest turn's active slots (null when it is not); `flag` names K's option ("--slots"). */
export function slotCountWarning(b: SlotBound | null, k: number, flag?: string): string | null {
  if (!b || k >= b.slots) return null;
  return `K = ${k}${flag ? ` (${flag})` : ''} is below the ${b.slots} slots active in one turn (dialogue ${JSON.stringify(b.dialogue)}, turn ${b.turn}): SA = (K − missed − wrong) / K can go negative there`;
}
