// Layer: shared (pure TS). One call for the app: attach the utterances of a
// dialogue file (any source layout: MultiWOZ 2.1 data.json, TRADE
// test_dials.json, MultiWOZ 2.2 / SGD dialogues) to a corpus, with what
// matched as messages. A folder is read on the Node side (readReference) and
// passed to attachUtterances directly.

import type { Corpus } from '../model/corpus';
import { noMatch } from './detect';
import { loadReference } from './dialogue-sources';
import { LoadError } from './errors';
import { attachUtterances, describeJoin } from './join';
import { dialogueKey } from './reference';
import type { JoinSummary } from './types';

export interface AttachFileResult {
  corpus: Corpus;
  /** Dialogues of the corpus that found their text. */
  matched: number;
  summary: JoinSummary;
  warnings: string[];
}

export function attachUtteranceFile(corpus: Corpus, bytes: Uint8Array, file: string): AttachFileResult {
  const wanted = new Set(corpus.dialogueIds.map(dialogueKey));
  const ref = loadReference(bytes, { file, wanted });
  if (ref.dialogues.size === 0) throw new LoadError(file, noMatch(corpus.dialogueIds));
  const { corpus: out, summary } = attachUtterances(corpus, ref);
  if (summary.matched === 0) throw new LoadError(file, noMatch(corpus.dialogueIds));
  const warnings = [...ref.warnings];
  if (summary.missingInSource.length > 0 || summary.turnsUnmatched > 0) warnings.push(describeJoin(summary));
  return { corpus: out, matched: summary.matched, summary, warnings };
}
