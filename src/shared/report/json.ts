// Layer: shared (pure TS). The JSON report (fractions, not percent), written as
// a sequence of chunks so that a per-turn report of a million turns is never
// one giant string.

import { dialogueResults, type Evaluation } from '../metrics/evaluate';

export interface JsonOptions {
  perDialogue: boolean;
  perTurn: boolean;
  /** Added as "file" when several files are reported together. */
  file?: string;
}

export function* jsonChunks(ev: Evaluation, signature: string, opts: JsonOptions): Generator<string> {
  const head: Record<string, unknown> = { signature };
  if (opts.file !== undefined) head.file = opts.file;
  head.corpus = ev.corpus;
  const headText = JSON.stringify(head, null, 1);
  if (!opts.perDialogue && !opts.perTurn) {
    yield headText + '\n';
    return;
  }
  yield headText.slice(0, -2) + ',\n "dialogues": [\n';
  let first = true;
  for (const d of dialogueResults(ev, opts.perTurn)) {
    yield (first ? '  ' : ',\n  ') + JSON.stringify(d);
    first = false;
  }
  yield '\n ]\n}\n';
}
