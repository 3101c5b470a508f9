// Layer: shared (pure TS). The convlab3 preset: ConvLab-3's value comparison,
// the gold's slot set, and its four numbers. Follows ConvLab/ConvLab-3 @
// 2a168fc9843e54a468ddec71e001b7559c36aff4 (Apache-2.0)
// convlab/dst/evaluate_unified_datasets.py::evaluate:
//   for each sample, for each (domain, slot) of the GOLD state (the unified
//   datasets list every ontology slot, '' when empty; predicted slots
//   elsewhere are ignored): p = ''.join(pred.split()).lower() ('' if absent);
//   gold non-empty: p non-empty and any(alternative of p in alternatives of
//   gold) → TP, else p non-empty → FP and FN, else FN; gold empty and p
//   non-empty → FP. Alternatives: the value split on '|', each with all
//   whitespace removed and lower-cased. A turn is accurate when nothing
//   failed. precision = TP/(TP+FP) if TP+FP else 0; recall = TP/(TP+FN) if
//   TP+FN else 0; f1 = 2pr/(p+r) if p+r else 0; accuracy = mean over samples.
//   Returned as {slot_f1, slot_precision, slot_recall, accuracy}, fractions.
// "dontcare" and "none" are ordinary values there.

import type { Corpus } from '../model/corpus';
import { MULTIWOZ_SLOTS } from '../formats/slot-names';
import type { TurnStats } from '../metrics/turn-stats';

/** ''.join(v.split()).lower(): every whitespace run removed, lower-cased. */
export function convlabNormalise(v: string): string {
  return v.replace(/\s+/g, '').toLowerCase();
}

/** The alternatives of a value: split on '|', each normalised. */
export function convlabAlternatives(v: string): string[] {
  return v.split('|').map(convlabNormalise);
}

/** Whether a predicted value matches a gold value as evaluate() decides (the predicted value non-empty after normalising). */
export function convlabMatches(pred: string, gold: string): boolean {
  const golds = convlabAlternatives(gold);
  return convlabAlternatives(convlabNormalise(pred)).some((p) => golds.includes(p));
}

/**
 * The gold's slot set: ConvLab-3's unified gold state lists every slot of the
 * dataset's ontology, which our loaders do not keep (an empty gold slot is
 * inactive). We take every slot any gold state of the corpus has, plus, when
 * the corpus is MultiWOZ's, its unified ontology's (the 30 slots and
 * hospital-department).
 */
export function convlabGoldSlots(c: Corpus): Set<number> {
  const out = new Set<number>();
  // Turn by turn: a loaded corpus keeps gold and predicted pairs in one array.
  for (let i = 0; i < c.turnIndex.length; i++)
    for (let k = c.goldStart[i]; k < c.goldStart[i] + c.goldLen[i]; k++) out.add(c.goldPairs[2 * k]);
  const names = new Set(MULTIWOZ_SLOTS);
  if ([...out].some((s) => names.has(c.slots.name(s))))
    for (const n of [...MULTIWOZ_SLOTS, 'hospital-department']) {
      const id = c.slots.lookup(n);
      if (id !== undefined) out.add(id);
    }
  return out;
}

export interface Convlab3Scores {
  slot_f1: number;
  slot_precision: number;
  slot_recall: number;
  accuracy: number;
}

/** evaluate()'s dict from the turn stats of a corpus rewritten by the convlab3 preset (apply.ts). */
export function convlab3Scores(stats: TurnStats): Convlab3Scores {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let ok = 0;
  const n = stats.correct.length;
  for (let i = 0; i < n; i++) {
    const w = stats.wrong[i];
    tp += stats.correct[i];
    fp += w + stats.overshot[i];
    fn += w + stats.missed[i];
    if (w + stats.missed[i] + stats.overshot[i] === 0) ok++;
  }
  const precision = tp + fp > 0 ? tp / (tp + fp) : 0;
  const recall = tp + fn > 0 ? tp / (tp + fn) : 0;
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { slot_f1: f1, slot_precision: precision, slot_recall: recall, accuracy: n > 0 ? ok / n : 0 };
}
