// Layer: shared (pure TS). A corpus as plain data, to post between threads:
// its interners flattened to name arrays, the columns as they are (typed
// arrays are copied or transferred by the caller). One definition for the
// load worker, the FGA tail worker and the analysis worker.

import type { Corpus } from './corpus';
import { Interner } from './interner';

export interface CorpusPayload extends Omit<Corpus, 'slots' | 'values'> {
  slotNames: string[];
  valueNames: string[];
}

/**
 * The corpus as plain data; without utterances unless `utterances` is true,
 * and without its generation (generated text, unparseable turns,
 * confidences) unless `generation` is true. What the presets read is always
 * kept: the gold value lists, which turns the prediction file has, and the
 * gold slots carried over from earlier frames (without them a preset would
 * score the main thread's copy differently from the file).
 */
export function corpusPayload(c: Corpus, opts: { utterances?: boolean; generation?: boolean } = {}): CorpusPayload {
  const p: CorpusPayload = {
    ...(opts.generation && c.generation ? { generation: c.generation } : {}),
    slotNames: c.slots.names,
    valueNames: c.values.names,
    dialogueIds: c.dialogueIds,
    dialogueStart: c.dialogueStart,
    turnIndex: c.turnIndex,
    goldStart: c.goldStart,
    goldLen: c.goldLen,
    predStart: c.predStart,
    predLen: c.predLen,
    goldPairs: c.goldPairs,
    predPairs: c.predPairs,
    ...(c.valueLists ? { valueLists: c.valueLists } : {}),
    ...(c.predicted ? { predicted: c.predicted } : {}),
    ...(c.carriedGold ? { carriedGold: c.carriedGold } : {}),
  };
  if (opts.utterances && c.utterances) return { ...p, utterances: c.utterances };
  return p;
}

/** The corpus again from its plain data (interners rebuilt from their names). */
export function corpusFromPayload(p: CorpusPayload): Corpus {
  const { slotNames, valueNames, ...columns } = p;
  return { ...columns, slots: new Interner(slotNames), values: new Interner(valueNames) };
}

/** A payload's column arrays (their buffers are what a caller transfers instead of copying). */
export function payloadArrays(p: CorpusPayload): (Int32Array | Uint8Array | Float64Array)[] {
  const out: (Int32Array | Uint8Array | Float64Array)[] = [
    p.dialogueStart,
    p.turnIndex,
    p.goldStart,
    p.goldLen,
    p.predStart,
    p.predLen,
    p.goldPairs,
    p.predPairs,
  ];
  if (p.predicted) out.push(p.predicted);
  const g = p.generation;
  if (g?.unparseable) out.push(g.unparseable);
  if (g?.confidence) {
    out.push(g.confidence.start, g.confidence.slot);
    for (const v of g.confidence.values) out.push(v);
  }
  return out;
}
