// Layer: shared (pure TS). Lets runs scored against one gold hold that gold
// once: when a corpus has exactly the dialogues, turns and gold states of
// another (same order), it is re-expressed on the other's gold columns and
// interners, keeping only its own predictions (re-mapped, compacted). Every
// turn stays where it was, so turn stats, list positions and the raw index
// need no change.

import { hasPair, type Corpus } from './corpus';
import { renameGenerationSlots } from './generation';

function sameInts(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Whether `other`'s gold states equal `base`'s turn by turn (same dialogues, turns and (slot, value) pairs, by name). */
export function sameGold(base: Corpus, other: Corpus): boolean {
  if (base.dialogueIds.length !== other.dialogueIds.length || base.turnIndex.length !== other.turnIndex.length) return false;
  for (let d = 0; d < base.dialogueIds.length; d++) if (base.dialogueIds[d] !== other.dialogueIds[d]) return false;
  if (
    !sameInts(base.dialogueStart, other.dialogueStart) ||
    !sameInts(base.turnIndex, other.turnIndex) ||
    !sameInts(base.goldLen, other.goldLen)
  )
    return false;
  // other's ids → base's ids, by name (-2: not looked up yet, -1: absent in base).
  const slotMap = new Int32Array(other.slots.size).fill(-2);
  const valueMap = new Int32Array(other.values.size).fill(-2);
  const bg = base.goldPairs;
  const og = other.goldPairs;
  for (let i = 0; i < base.turnIndex.length; i++) {
    const bs = base.goldStart[i];
    const os = other.goldStart[i];
    for (let k = 0; k < base.goldLen[i]; k++) {
      const s = og[2 * (os + k)];
      const v = og[2 * (os + k) + 1];
      if (slotMap[s] === -2) slotMap[s] = base.slots.lookup(other.slots.name(s)) ?? -1;
      if (valueMap[v] === -2) valueMap[v] = base.values.lookup(other.values.name(v)) ?? -1;
      // States are sorted by slot id, and the id orders of the two interners may differ: compare as sets.
      if (slotMap[s] < 0 || valueMap[v] < 0 || !hasPair(bg, bs, base.goldLen[i], slotMap[s], valueMap[v])) return false;
    }
  }
  return true;
}

/**
 * `other` on `base`'s gold: base's gold columns and interners (which grow by
 * other's predicted slots and values), other's predictions copied into a
 * compact array of their own. null when the gold differs.
 */
export function shareGold(base: Corpus, other: Corpus): Corpus | null {
  if (base === other || (base.goldPairs === other.goldPairs && base.slots === other.slots)) return other;
  if (!sameGold(base, other)) return null;
  const slotOf = other.slots.names.map((n) => base.slots.intern(n));
  const valueOf = other.values.names.map((n) => base.values.intern(n));
  let total = 0;
  for (let i = 0; i < other.predLen.length; i++) total += other.predLen[i];
  const pred = new Int32Array(2 * total);
  const predStart = new Int32Array(other.predLen.length);
  const op = other.predPairs;
  let at = 0;
  for (let i = 0; i < other.predLen.length; i++) {
    predStart[i] = at;
    const from = other.predStart[i];
    const n = other.predLen[i];
    const first = at;
    for (let k = 0; k < n; k++, at++) {
      // Re-mapped ids may order the slots differently: insert each pair in slot order (states are small).
      const s = slotOf[op[2 * (from + k)]];
      const v = valueOf[op[2 * (from + k) + 1]];
      let j = at;
      while (j > first && pred[2 * (j - 1)] > s) {
        pred[2 * j] = pred[2 * (j - 1)];
        pred[2 * j + 1] = pred[2 * (j - 1) + 1];
        j--;
      }
      pred[2 * j] = s;
      pred[2 * j + 1] = v;
    }
  }
  return {
    slots: base.slots,
    values: base.values,
    dialogueIds: base.dialogueIds,
    dialogueStart: base.dialogueStart,
    turnIndex: base.turnIndex,
    goldStart: base.goldStart,
    goldLen: base.goldLen,
    goldPairs: base.goldPairs,
    predStart,
    predLen: other.predLen,
    predPairs: pred,
    utterances: other.utterances,
    generation: renameGenerationSlots(other.generation, slotOf),
  };
}
