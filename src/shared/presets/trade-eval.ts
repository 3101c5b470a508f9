// Layer: shared (pure TS). The trade preset: TRADE's gold label fix and its
// three numbers. Follows jasonwu0731/trade-dst @ b77fcf110af4fb286965966ce39e0d4f20d1d3b9
// (MIT, README "License"):
// * utils/utils_multiWOZ_DST.py::read_langs applies utils/fix_label.py::
//   fix_general_label_error(labels, False, SLOTS) to the gold belief state —
//   only to the 30 SLOTS, whole-value GENERAL_TYPO map then slot rules (the
//   map and rules: src/shared/formats/trade-fixes.ts) — and keeps every entry,
//   so a value the fix turns into "none" stays as "slot-none" in turn_belief.
//   Predictions get no fix, and TRADE never predicts "none" (models/TRADE.py::
//   evaluate skips gate none and a generated "none").
// * models/TRADE.py::evaluate_metrics over "slot-value" strings:
//     joint += set(turn_belief) == set(pred); turn_acc += compute_acc(gold, pred, slot_temp);
//     F1 += compute_prf(gold, pred)[0]  (per turn; an empty gold gives 1 if pred is empty, else 0)
//   compute_acc: miss_gold = gold items not predicted (their slot g.rsplit("-", 1)[0] remembered),
//   wrong_pred = predicted items not in gold whose p.rsplit("-", 1)[0] is not a remembered slot,
//   (30 - miss_gold - wrong_pred) / 30 — len(slot_temp) = 30 whatever the corpus's slots, and a "-"
//   inside a value moves rsplit's cut (kept: the strings are compared as TRADE compares them).
//   Printed as {"Joint Acc", "Turn Acc", "Joint F1"}, fractions.

import { NONE, NONE_ID, type Corpus } from '../model/corpus';
import { MULTIWOZ_SLOTS } from '../formats/slot-names';
import { tradeFix } from '../formats/trade-fixes';
import { analyseCorpus, type TurnStats } from '../metrics/turn-stats';

/** TRADE's SLOTS (get_slot_information on MultiWOZ 2.1's ontology): the canonical names of the 30 slots. */
export const TRADE_SLOTS: ReadonlySet<string> = new Set(MULTIWOZ_SLOTS);
/** len(slot_temp) in compute_acc. */
export const TRADE_SLOT_COUNT = 30;

/** The gold value TRADE scores for `slot` (fix_general_label_error on its 30 slots; others as they are). */
export function tradeGoldValue(slot: string, value: string): string {
  return TRADE_SLOTS.has(slot) ? tradeFix(slot, value) : value;
}

export interface TradeScores {
  'Joint Acc': number;
  'Turn Acc': number;
  'Joint F1': number;
}

/** compute_acc of TRADE's models/TRADE.py, on sets of "slot-value" strings. */
export function tradeComputeAcc(gold: ReadonlySet<string>, pred: ReadonlySet<string>, slotCount = TRADE_SLOT_COUNT): number {
  let missGold = 0;
  const missSlot: string[] = [];
  for (const g of gold)
    if (!pred.has(g)) {
      missGold++;
      missSlot.push(rsplitHead(g));
    }
  let wrongPred = 0;
  for (const p of pred) if (!gold.has(p) && !missSlot.includes(rsplitHead(p))) wrongPred++;
  return (slotCount - missGold - wrongPred) / slotCount;
}

/** compute_prf's F1 of TRADE's models/TRADE.py. */
export function tradeComputeF1(gold: ReadonlySet<string>, pred: ReadonlySet<string>): number {
  let tp = 0;
  let fn = 0;
  let fp = 0;
  for (const g of gold)
    if (pred.has(g)) tp++;
    else fn++;
  for (const p of pred) if (!gold.has(p)) fp++;
  return prfF1(tp, fp, fn);
}

/** compute_prf's F1 from its counts: an empty gold (tp + fn = 0) gives 1 when nothing is predicted, else 0. */
function prfF1(tp: number, fp: number, fn: number): number {
  if (tp + fn === 0) return fp === 0 ? 1 : 0;
  const precision = tp + fp !== 0 ? tp / (tp + fp) : 0;
  const recall = tp + fn !== 0 ? tp / (tp + fn) : 0;
  return precision + recall !== 0 ? (2 * precision * recall) / (precision + recall) : 0;
}

/** Python's s.rsplit("-", 1)[0]. */
function rsplitHead(s: string): string {
  const i = s.lastIndexOf('-');
  return i < 0 ? s : s.slice(0, i);
}

/** The "slot-value" items of one side of turn i: gold keeps a literal "none", a predicted "none" is no item. */
export function tradeItems(c: Corpus, i: number, side: 'gold' | 'pred'): Set<string> {
  const pairs = side === 'gold' ? c.goldPairs : c.predPairs;
  const start = side === 'gold' ? c.goldStart[i] : c.predStart[i];
  const len = side === 'gold' ? c.goldLen[i] : c.predLen[i];
  const out = new Set<string>();
  for (let k = start; k < start + len; k++) {
    const v = pairs[2 * k + 1];
    if (v === NONE_ID) continue;
    const name = c.values.name(v);
    if (side === 'pred' && name === NONE) continue;
    out.add(`${c.slots.name(pairs[2 * k])}-${name}`);
  }
  return out;
}

/**
 * evaluate_metrics on a corpus rewritten by the trade preset (apply.ts). A
 * turn without a "-" in any of its values is scored from its slot classes
 * (one item per slot: an item is in both sets exactly when the slot is
 * correct, and rsplit cuts at the slot); a turn with one is scored on the
 * strings, as TRADE does.
 */
export function tradeScores(c: Corpus, stats: TurnStats = analyseCorpus(c)): TradeScores {
  let total = 0;
  let joint = 0;
  let turnAcc = 0;
  let f1 = 0;
  const dash = new Int8Array(c.values.size).fill(-1);
  const hasDash = (pairs: Int32Array, start: number, len: number): boolean => {
    for (let k = start; k < start + len; k++) {
      const v = pairs[2 * k + 1];
      if (dash[v] < 0) dash[v] = c.values.name(v).includes('-') ? 1 : 0;
      if (dash[v] === 1) return true;
    }
    return false;
  };
  for (let i = 0; i < c.turnIndex.length; i++) {
    total++;
    if (hasDash(c.goldPairs, c.goldStart[i], c.goldLen[i]) || hasDash(c.predPairs, c.predStart[i], c.predLen[i])) {
      const gold = tradeItems(c, i, 'gold');
      const pred = tradeItems(c, i, 'pred');
      if (gold.size === pred.size && [...gold].every((g) => pred.has(g))) joint++;
      turnAcc += tradeComputeAcc(gold, pred);
      f1 += tradeComputeF1(gold, pred);
      continue;
    }
    const w = stats.wrong[i];
    const m = stats.missed[i];
    const o = stats.overshot[i];
    if (w + m + o === 0) joint++;
    turnAcc += (TRADE_SLOT_COUNT - (w + m) - o) / TRADE_SLOT_COUNT;
    f1 += prfF1(stats.correct[i], w + o, w + m);
  }
  // F1_count counts every turn (compute_prf returns count 1 in each branch).
  return {
    'Joint Acc': total !== 0 ? joint / total : 0,
    'Turn Acc': total !== 0 ? turnAcc / total : 0,
    'Joint F1': total !== 0 ? f1 / total : 0,
  };
}
