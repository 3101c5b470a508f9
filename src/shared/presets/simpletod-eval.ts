// Layer: shared (pure TS). The simpletod preset: SimpleTOD's belief items and
// cleaning switches, and its joint accuracy. Follows salesforce/simpletod @
// a6050a4d08dfb1515d472a3b1aea7ad6c1a8ab1b (BSD-3-Clause):
// * compute_joint_acc.py, per turn: a predicted item that is '<|endoftext|>',
//   '' or ' ', or whose last whitespace token is "none", is removed; every
//   predicted item is stripped; utils/dst.py::ignore_none drops items
//   containing "not mentioned" on both sides; --default_cleaning applies
//   utils/dst.py::default_cleaning (each item split on whitespace: "book" in
//   the item → slot = tokens 1-2, value = tokens 3…, else slot = token 1,
//   value = tokens 2…; GENERAL_TYPO looked up by the SLOT name, which never
//   matches; fix_mismatch_jason keyed on the slot without its domain; values
//   re-joined with single spaces; a value turned into "none" stays);
//   joint += set(target) == set(pred); joint_acc = joint / turns (a fraction,
//   printed "joint accuracy: X").
// * --type2_cleaning: as published it stops with NameError
//   (dialogue_target_final is never defined). We credit a wrong turn when every
//   target item is predicted and every predicted item is in the dialogue's
//   final turn's target (after the same cleaning), unless the turn is listed in
//   utils/dst.py::IGNORE_TURNS_TYPE2 (simpletod-data.ts) — the evident intent.
// * ignore_dontcare_in_pred is not SimpleTOD's: facebookresearch/FnCTOD
//   src/multiwoz/utils/compute_joint_acc.py::compute_jacc's switch, which
//   removes predicted items containing dontcare / dont care / do not care.
// The items are built from the corpus's (slot, value) pairs: "hotel-book day"
// = "monday" is "hotel book day monday"; the order of a generated list is not
// kept by the loaders, so the published loop's skipping of the item after a
// removed one (list.remove while iterating) is not reproduced (presets.md).

import { hasPair, NONE, type Corpus } from '../model/corpus';
import type { TurnStats } from '../metrics/turn-stats';
import { abbreviationFix, GENERAL_TYPO } from '../formats/trade-fixes';
import type { SimpletodSwitches } from './parts';
import { IGNORE_TURNS_TYPE2 } from './simpletod-data';

const pySplit = (s: string): string[] => s.split(/\s+/).filter(Boolean);

/** utils/dst.py::fix_mismatch_jason (slot without its domain). */
export function fixMismatchJason(slot: string, value: string): string {
  let v = value;
  if (
    (slot === 'type' &&
      ['nigh', 'moderate -ly priced', 'bed and breakfast', 'centre', 'venetian', 'intern', 'a cheap -er hotel'].includes(v)) ||
    (slot === 'internet' && v === '4') ||
    (slot === 'pricerange' && v === '2') ||
    (slot === 'type' && ['gastropub', 'la raza', 'galleria', 'gallery', 'science', 'm'].includes(v)) ||
    (slot.includes('area') && v === 'moderate') ||
    (slot.includes('day') && v === 't')
  )
    v = 'none';
  else if (slot === 'type' && ['hotel with free parking and free wifi', '4', '3 star hotel'].includes(v)) v = 'hotel';
  else if (slot === 'star' && v === '3 star hotel') v = '3';
  else v = abbreviationFix(slot, v);
  if (slot === 'area' && ['stansted airport', 'cambridge', 'silver street', 'norwich', 'ely', 'museum', 'same area as hotel'].includes(v))
    v = 'none';
  return v;
}

/** default_cleaning of one item (the prediction side also skips '' and ' ', which cannot occur here). */
export function defaultCleanItem(item: string): string {
  const t = pySplit(item);
  const domain = t[0];
  let slot: string;
  let val: string;
  if (item.includes('book')) {
    slot = t.slice(1, 3).join(' ');
    val = t.slice(3).join(' ');
  } else {
    slot = t[1];
    val = t.slice(2).join(' ');
  }
  if (Object.prototype.hasOwnProperty.call(GENERAL_TYPO, slot)) val = GENERAL_TYPO[slot];
  return `${domain} ${slot} ${fixMismatchJason(slot, val)}`;
}

/** The item of a canonical slot "domain-slot" and a value: "domain slot value". */
export function simpletodItem(slot: string, value: string): string {
  const i = slot.indexOf('-');
  return i < 0 ? `${slot} ${value}` : `${slot.slice(0, i)} ${slot.slice(i + 1)} ${value}`;
}

/**
 * The item SimpleTOD scores for one (slot, value) on one side, or null when it
 * removes it. The value may be NONE (the corpus's "none").
 */
export function simpletodScoredItem(slot: string, value: string, side: 'gold' | 'pred', sw: SimpletodSwitches): string | null {
  let item = simpletodItem(slot, value);
  if (side === 'pred') {
    const toks = pySplit(item);
    if (item === '' || item === ' ' || toks[toks.length - 1] === 'none') return null;
    item = item.replaceAll('<|endoftext|>', '').trim();
  }
  if (item.includes('not mentioned')) return null;
  if (side === 'pred' && sw.ignoreDontcareInPred && /dontcare|dont care|do not care/.test(item)) return null;
  if (sw.defaultCleaning) item = defaultCleanItem(item);
  return item;
}

/**
 * The value our corpus keeps for the item: the item after the slot's prefix
 * (so that equal items are equal values of the slot), NONE for a "none" value.
 */
export function simpletodValueOf(slot: string, item: string): string {
  const prefix = simpletodItem(slot, '');
  const v = item.startsWith(prefix) ? item.slice(prefix.length) : `\u0000${item}`;
  return v === NONE ? NONE : v;
}

/** Whether turn `turnId` (0-based position in the dialogue's list) of dialogue `dialogue` is in IGNORE_TURNS_TYPE2. */
export function type2Ignored(dialogue: string, turnId: number): boolean {
  const name = dialogue.split('.')[0];
  const list = Object.prototype.hasOwnProperty.call(IGNORE_TURNS_TYPE2, name) ? IGNORE_TURNS_TYPE2[name] : undefined;
  return list !== undefined && list.includes(turnId);
}

export interface SimpletodScores {
  /** compute_joint_acc.py's printed "joint accuracy", a fraction. */
  joint_accuracy: number;
  turns: number;
}

/** compute_joint_acc.py's joint accuracy on a corpus rewritten by the simpletod preset (apply.ts), with its turn stats. */
export function simpletodScores(c: Corpus, stats: TurnStats, sw: SimpletodSwitches): SimpletodScores {
  let joint = 0;
  const turns = c.turnIndex.length;
  for (let d = 0; d < c.dialogueIds.length; d++) {
    const from = c.dialogueStart[d];
    const to = c.dialogueStart[d + 1];
    for (let i = from; i < to; i++) {
      if (stats.wrong[i] + stats.missed[i] + stats.overshot[i] === 0) joint++;
      else if (sw.type2Cleaning && stats.wrong[i] + stats.missed[i] === 0 && predsInFinalTarget(c, i, to - 1)) {
        if (!type2Ignored(c.dialogueIds[d], i - from)) joint++;
      }
    }
  }
  return { joint_accuracy: turns > 0 ? joint / turns : 0, turns };
}

/** Whether every predicted (slot, value) of turn i is in the gold of turn `last` (the dialogue's final target). */
function predsInFinalTarget(c: Corpus, i: number, last: number): boolean {
  for (let k = c.predStart[i]; k < c.predStart[i] + c.predLen[i]; k++)
    if (!hasPair(c.goldPairs, c.goldStart[last], c.goldLen[last], c.predPairs[2 * k], c.predPairs[2 * k + 1])) return false;
  return true;
}
