// Layer: shared (pure TS). mwzeval's four DST numbers from the turn stats of a
// corpus rewritten by the mwzeval preset (apply.ts), computed as
// Tomiinek/MultiWOZ_Evaluation @ 7f19ee0 mwzeval/metrics.py::get_dst does
// (L258-327): per turn `compare` gives tp = slots matched, fp = predicted
// slots not matched (wrong or overshot), fn = gold slots not matched (wrong or
// missed), and `is_matching` is our JGA turn; then, with its 1e-10 terms and
// its order of operations (IEEE doubles give the same bits as Python):
//   slot_p = tp / (tp + fp + 1e-10); slot_r = tp / (tp + fn + 1e-10)
//   slot_f1 = 2 * slot_p * slot_r / (slot_p + slot_r + 1e-10) * 100
//   joint_accuracy = joint / (turns + 1e-10) * 100
// Units as mwzeval returns them: joint_accuracy and slot_f1 in percent,
// slot_precision and slot_recall as fractions.

import type { TurnStats } from '../metrics/turn-stats';

export interface MwzevalScores {
  joint_accuracy: number;
  slot_f1: number;
  slot_precision: number;
  slot_recall: number;
}

export interface MwzevalCounts {
  turns: number;
  joint: number;
  tp: number;
  fp: number;
  fn: number;
}

/** Sums mwzeval's per-turn counts over turns [from, to) of `stats`. */
export function mwzevalCounts(stats: TurnStats, from = 0, to = stats.correct.length): MwzevalCounts {
  const c: MwzevalCounts = { turns: 0, joint: 0, tp: 0, fp: 0, fn: 0 };
  for (let i = from; i < to; i++) {
    const w = stats.wrong[i];
    c.turns++;
    c.tp += stats.correct[i];
    c.fp += w + stats.overshot[i];
    c.fn += w + stats.missed[i];
    if (w + stats.missed[i] + stats.overshot[i] === 0) c.joint++;
  }
  return c;
}

/** get_dst's returned dict, from the counts. */
export function mwzevalScores(c: MwzevalCounts): MwzevalScores {
  const slotP = c.tp / (c.tp + c.fp + 1e-10);
  const slotR = c.tp / (c.tp + c.fn + 1e-10);
  const slotF1 = ((2 * slotP * slotR) / (slotP + slotR + 1e-10)) * 100;
  const joint = (c.joint / (c.turns + 1e-10)) * 100;
  return { joint_accuracy: joint, slot_f1: slotF1, slot_precision: slotP, slot_recall: slotR };
}
