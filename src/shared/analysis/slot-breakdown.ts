// Layer: shared (pure TS). The per-slot breakdown (spec section 13): over all
// turns, each slot's state-level classes (section 8: correct, wrong, missed,
// overshot on belief sets, "none" = absent), precision, recall and F1 from
// them, GCA's change counts attributed to the slot of the change that
// produced each (GcaWalker's perSlot), and the most frequent (gold → predicted)
// value pairs among its wrong turns. Counts over slots add up to the corpus's.

import type { GcaCounts } from '../metrics/defs/gca';
import { GcaWalker, zeroCounts } from '../metrics/defs/gca';
import { extendSignature, type Signature } from '../metrics/signature';
import { walkBelief } from '../metrics/belief-compare';
import type { Corpus } from '../model/corpus';

export interface Confusion {
  gold: string;
  pred: string;
  /** Turns where the slot had this gold and this predicted value. */
  count: number;
}

export interface SlotGroup {
  group: string;
  /** Turns where the slot is in gold ∪ prediction. */
  turns: number;
  correct: number;
  wrong: number;
  missed: number;
  overshot: number;
  /** correct / (correct + wrong + overshot); null when the slot is never predicted. */
  precision: number | null;
  /** correct / (correct + wrong + missed); null when the slot is never in gold. */
  recall: number | null;
  F1: number | null;
  /** GCA's counts of the changes of this slot. */
  counts: GcaCounts;
  /** The most frequent (gold → predicted) pairs of its wrong turns, most frequent first. */
  confusions: Confusion[];
}

export interface SlotBreakdown {
  by: 'slot';
  groups: SlotGroup[];
  signature: Signature;
}

export function prf(
  correct: number,
  wrong: number,
  missed: number,
  overshot: number,
): { precision: number | null; recall: number | null; F1: number | null } {
  const p = correct + wrong + overshot;
  const g = correct + wrong + missed;
  const precision = p === 0 ? null : correct / p;
  const recall = g === 0 ? null : correct / g;
  const F1 = precision === null || recall === null ? null : precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, F1 };
}

export function slotBreakdown(corpus: Corpus, signature: Signature, topConfusions = 5): SlotBreakdown {
  const S = corpus.slots.size;
  const V = corpus.values.size;
  const cls = new Float64Array(4 * S); // correct, wrong, missed, overshot
  const gca = new Int32Array(4 * S);
  const confusions: (Map<number, number> | undefined)[] = new Array(S);
  const walker = new GcaWalker();
  const out = zeroCounts();
  const { goldPairs: gp, predPairs: pp, goldStart, goldLen, predStart, predLen, dialogueStart } = corpus;
  const countSlot = (s: number, gv: number, pv: number) => {
    if (pv < 0) cls[4 * s + 2]++;
    else if (gv < 0) cls[4 * s + 3]++;
    else if (gv === pv) cls[4 * s]++;
    else {
      cls[4 * s + 1]++;
      const m = (confusions[s] ??= new Map());
      const key = gv * V + pv;
      m.set(key, (m.get(key) ?? 0) + 1);
    }
  };
  for (let d = 0; d < corpus.dialogueIds.length; d++) {
    walker.reset();
    for (let t = dialogueStart[d]; t < dialogueStart[d + 1]; t++) {
      walker.turn(gp, goldStart[t], goldLen[t], pp, predStart[t], predLen[t], out, undefined, gca);
      // Belief-level classes over the two states ("none" = absent).
      walkBelief(corpus, t, countSlot);
    }
  }
  const groups: SlotGroup[] = [];
  for (let s = 0; s < S; s++) {
    const [correct, wrong, missed, overshot] = [cls[4 * s], cls[4 * s + 1], cls[4 * s + 2], cls[4 * s + 3]];
    const counts = { C: gca[4 * s], W: gca[4 * s + 1], M: gca[4 * s + 2], O: gca[4 * s + 3] };
    const turns = correct + wrong + missed + overshot;
    if (turns === 0 && counts.C + counts.W + counts.M + counts.O === 0) continue;
    const top = [...(confusions[s] ?? new Map<number, number>()).entries()]
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, topConfusions)
      .map(([key, count]) => ({ gold: corpus.values.name(Math.floor(key / V)), pred: corpus.values.name(key % V), count }));
    groups.push({
      group: corpus.slots.name(s),
      turns,
      correct,
      wrong,
      missed,
      overshot,
      ...prf(correct, wrong, missed, overshot),
      counts,
      confusions: top,
    });
  }
  groups.sort((a, b) => (a.group < b.group ? -1 : a.group > b.group ? 1 : 0));
  return { by: 'slot', groups, signature: extendSignature(signature, [{ key: 'domain', text: 'by=slot' }]) };
}
