// Layer: shared (pure TS). "Confident but wrong" for the dialogue list (issue
// 18 item 3; docs/guide/inspect.md#confident-but-wrong): per dialogue, the
// highest confidence of a wrong predicted pair — the pairs and their
// correctness as the calibration analysis takes them (corpus.ts, rule
// `domain`: a predicted pair is wrong when its value is not the gold value of
// its slot in its turn's gold state), in the run's first confidence column.
// The list sorts by it (sort key `confidentWrong`) and filters with the
// search term `confident-wrong:T` (a wrong pair with confidence ≥ T).

import type { Corpus } from '../../model/corpus';
import type { CalibrationPairs } from './pairs';
import { confidenceColumns, corpusPairs } from './corpus';

/** Per dialogue, the highest confidence of its wrong pairs; NaN for a dialogue without a wrong pair that has a confidence. */
export function maxWrongConfidence(pairs: CalibrationPairs, dialogues: number): Float64Array {
  const out = new Float64Array(dialogues).fill(Number.NaN);
  const d = pairs.dialogue;
  if (!d && pairs.confidence.length > 0) throw new RangeError('maxWrongConfidence needs the pairs’ dialogue indices');
  for (let i = 0; i < pairs.confidence.length; i++) {
    if (pairs.correct[i]) continue;
    const k = (d as Int32Array)[i];
    const c = pairs.confidence[i];
    if (!(out[k] >= c)) out[k] = c;
  }
  return out;
}

/** The column the list uses (the run's first confidence column), or null when the run carries no confidences. */
export function confidentWrongColumn(corpus: Corpus): string | null {
  return confidenceColumns(corpus)[0] ?? null;
}

/** Per dialogue of a corpus, its most confident wrong pair's confidence (NaN: none); null when the run carries no confidences. */
export function confidentWrongByDialogue(corpus: Corpus): Float64Array | null {
  const column = confidentWrongColumn(corpus);
  if (column === null) return null;
  return maxWrongConfidence(corpusPairs(corpus, column, 'domain'), corpus.dialogueIds.length);
}

/** Whether a dialogue with most confident wrong pair `max` (NaN: none) passes `confident-wrong:threshold`. */
export function passesConfidentWrong(max: number, threshold: number): boolean {
  return max >= threshold;
}
