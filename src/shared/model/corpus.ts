// Layer: shared (pure TS). The normalised corpus every loader produces and every
// metric reads. Columnar: one Int32Array holds all (slot, value) pairs of all
// states, so a million-turn corpus costs tens of megabytes, not millions of objects.
//
// A state is a run of pairs sorted by slot id, one pair per slot. Value id 0 is
// always the literal "none" (inactive); metrics other than GCA skip it.

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
  /** Pair ranges: gold state of turn i is [goldStart[i], goldStart[i] + goldLen[i]). */
  readonly goldStart: Int32Array;
  readonly goldLen: Int32Array;
  readonly predStart: Int32Array;
  readonly predLen: Int32Array;
  /** Interleaved (slot, value) ids; pair k is pairs[2k], pairs[2k + 1]. */
  readonly pairs: Int32Array;
  /** Optional utterances, indexed by global turn number. */
  readonly utterances?: { system: (string | undefined)[]; user: (string | undefined)[] };
}

export function domainOf(slotName: string): string {
  const i = slotName.indexOf('-');
  return i < 0 ? slotName : slotName.slice(0, i);
}
