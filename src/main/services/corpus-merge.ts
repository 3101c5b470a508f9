// Layer: main (Node). Concatenates corpora into one (for the demo, which joins
// several example files), prefixing dialogue ids so they stay unique.

import { CorpusBuilder } from '../../shared/model/builder';
import type { Corpus } from '../../shared/model/corpus';

export function mergeCorpora(parts: { corpus: Corpus; prefix: string }[]): Corpus {
  const b = new CorpusBuilder();
  for (const { corpus: c, prefix } of parts) {
    const slotMap = c.slots.names.map((n) => b.slots.intern(n));
    const valueMap = c.values.names.map((n) => b.values.intern(n));
    const state = (pairs: Int32Array, start: number, len: number): number[] => {
      const out: number[] = [];
      for (let k = start; k < start + len; k++) out.push(slotMap[pairs[2 * k]], valueMap[pairs[2 * k + 1]]);
      return out;
    };
    for (let d = 0; d < c.dialogueIds.length; d++) {
      const id = prefix + c.dialogueIds[d];
      const dup = b.beginDialogue(id);
      if (dup) throw new Error(`demo: ${dup}`);
      for (let i = c.dialogueStart[d]; i < c.dialogueStart[d + 1]; i++) {
        const problem = b.addTurn(
          c.turnIndex[i],
          state(c.goldPairs, c.goldStart[i], c.goldLen[i]),
          state(c.predPairs, c.predStart[i], c.predLen[i]),
          c.utterances?.system[i],
          c.utterances?.user[i],
        );
        if (problem) throw new Error(`demo: ${id}: ${problem}`);
      }
      b.endDialogue();
    }
  }
  return b.build();
}
