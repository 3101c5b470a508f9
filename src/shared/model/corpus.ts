// Layer: shared (pure TS). The normalised corpus every loader produces and every
// metric reads. Columnar: one Int32Array holds all (slot, value) pairs of all
// states, so a million-turn corpus costs tens of megabytes, not millions of objects.
// Gold and predicted states may live in different arrays (a shared gold).
//
// A state is a run of pairs sorted by slot id, one pair per slot. Value id 0 is
// always the literal "none" (inactive); metrics other than GCA skip it.

import type { Generation } from './generation';
import { Interner } from './interner';

export const NONE = 'none';
export const NONE_ID = 0;
/** Turn indices are stored as Int32: larger ones are refused at load time. */
export const MAX_TURN_INDEX = 0x7fffffff;

export interface Corpus {
  /** Canonical slot names, "domain-slot" (e.g. "hotel-book day"). */
  readonly slots: Interner;
  /** Value strings; id 0 is "none". */
  readonly values: Interner;
  readonly dialogueIds: string[];
  /** Turn range of dialogue d: [dialogueStart[d], dialogueStart[d + 1]). */
  readonly dialogueStart: Int32Array;
  /** Integer turn index as written in the file (may have gaps). */
  readonly turnIndex: Int32Array;
  /** Pair ranges: gold state of turn i is pairs [goldStart[i], goldStart[i] + goldLen[i]) of goldPairs. */
  readonly goldStart: Int32Array;
  readonly goldLen: Int32Array;
  readonly predStart: Int32Array;
  readonly predLen: Int32Array;
  /**
   * Interleaved (slot, value) ids; pair k is goldPairs[2k], goldPairs[2k + 1].
   * A loaded corpus keeps both sides in one array (goldPairs === predPairs);
   * runs that share a gold share its goldPairs (and interners) instead.
   */
  readonly goldPairs: Int32Array;
  readonly predPairs: Int32Array;
  /** Optional utterances, indexed by global turn number. */
  readonly utterances?: { system: (string | undefined)[]; user: (string | undefined)[] };
  /** Optional, from LLM-era layouts: generated text, unparseable turns, confidences of predicted pairs (generation.ts). */
  readonly generation?: Generation;
  /**
   * Gold values that a source gave as a list of acceptable values (MultiWOZ
   * 2.2 / SGD), keyed by the joined string the state holds ("a|b"), so that a
   * value containing "|" is never split and a list is never re-split.
   */
  readonly valueLists?: ReadonlyMap<string, readonly string[]>;
  /** Per global turn: 1 when the prediction file has the turn, 0 when a gold source added it (joinGold). Absent: all predicted. */
  readonly predicted?: Uint8Array;
  /**
   * Gold slots (ids) of a global turn that a MultiWOZ 2.2 / SGD source carried
   * over from an earlier turn: their service has no frame in the turn. Only
   * turns with such slots are keys. The official evaluators score the frames
   * present; the exact preset keeps the carried state.
   */
  readonly carriedGold?: ReadonlyMap<number, readonly number[]>;
}

/**
 * Copies of a corpus's pair arrays, to rewrite: one array when gold and
 * predictions share one (a loaded corpus), else one copy each.
 */
export function copyPairs(c: Corpus): { goldPairs: Int32Array; predPairs: Int32Array } {
  const goldPairs = c.goldPairs.slice();
  return { goldPairs, predPairs: c.predPairs === c.goldPairs ? goldPairs : c.predPairs.slice() };
}

export function domainOf(slotName: string): string {
  const i = slotName.indexOf('-');
  return i < 0 ? slotName : slotName.slice(0, i);
}

/** Whether the state in pairs [start, start + len) (sorted by slot id) holds slot = value: a binary search. */
export function hasPair(pairs: Int32Array, start: number, len: number, slot: number, value: number): boolean {
  let lo = start;
  let hi = start + len - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const s = pairs[2 * mid];
    if (s === slot) return pairs[2 * mid + 1] === value;
    if (s < slot) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}
