// Layer: shared (pure TS). Writes a corpus as DST Inspector's interchange
// format, JSON Lines with one turn per line (read back by jsonl.ts):
//   {"dialogue_id":"MUL0001.json","turn":0,"gold":{"hotel-area":"north"},"pred":{},"system":"…","user":"…"}
// Slot names are canonical; values are written as they are in the corpus
// (an explicit "none" stays). Yields chunks, so huge corpora stream out.

import type { Corpus } from '../model/corpus';

export function stateObject(c: Corpus, pairs: Int32Array, start: number, len: number): Record<string, string> {
  const out: Record<string, string> = Object.create(null); // a slot named "__proto__" stays an ordinary key
  for (let k = start; k < start + len; k++) out[c.slots.name(pairs[2 * k])] = c.values.name(pairs[2 * k + 1]);
  return out;
}

export function* writeJsonl(c: Corpus): Generator<string> {
  let buf = '';
  for (let d = 0; d < c.dialogueIds.length; d++) {
    for (let i = c.dialogueStart[d]; i < c.dialogueStart[d + 1]; i++) {
      const line: Record<string, unknown> = {
        dialogue_id: c.dialogueIds[d],
        turn: c.turnIndex[i],
        gold: stateObject(c, c.goldPairs, c.goldStart[i], c.goldLen[i]),
        pred: stateObject(c, c.predPairs, c.predStart[i], c.predLen[i]),
      };
      if (c.utterances) {
        if (c.utterances.system[i] !== undefined) line.system = c.utterances.system[i];
        if (c.utterances.user[i] !== undefined) line.user = c.utterances.user[i];
      }
      buf += JSON.stringify(line) + '\n';
      if (buf.length > 1 << 16) {
        yield buf;
        buf = '';
      }
    }
  }
  if (buf) yield buf;
}
