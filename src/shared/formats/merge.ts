// Layer: shared (pure TS). Merges corpora loaded from several files of one
// layout (the SGD baseline writes one prediction file per dataset file) into
// one corpus, in file order. A dialogue id found in two files is refused.

import { CorpusBuilder } from '../model/builder';
import type { Corpus } from '../model/corpus';
import { concatGenerations } from '../model/generation';
import { LoadError } from './errors';
import type { LoadedCorpus } from './types';

export function mergeLoaded(parts: { file: string; loaded: LoadedCorpus }[]): LoadedCorpus {
  if (parts.length === 1) return parts[0].loaded;
  const b = new CorpusBuilder();
  const seen = new Map<string, string>();
  const generations: Parameters<typeof concatGenerations>[0] = [];
  for (const { file, loaded } of parts) {
    const c: Corpus = loaded.corpus;
    const slot = c.slots.names.map((n) => b.slots.intern(n));
    generations.push({ g: c.generation, turns: c.turnIndex.length, slotMap: slot });
    const value = c.values.names.map((v) => b.values.intern(v));
    for (let d = 0; d < c.dialogueIds.length; d++) {
      const id = c.dialogueIds[d];
      const other = seen.get(id);
      if (other !== undefined) throw new LoadError(file, `dialogue id ${JSON.stringify(id)} is also in ${other}`);
      seen.set(id, file);
      b.beginDialogue(id);
      for (let i = c.dialogueStart[d]; i < c.dialogueStart[d + 1]; i++) {
        const state = (pairs: Int32Array, start: number, len: number) => {
          const out: number[] = [];
          for (let k = start; k < start + len; k++) out.push(slot[pairs[2 * k]], value[pairs[2 * k + 1]]);
          return out;
        };
        b.addTurn(
          c.turnIndex[i],
          state(c.goldPairs, c.goldStart[i], c.goldLen[i]),
          state(c.predPairs, c.predStart[i], c.predLen[i]),
          c.utterances?.system[i],
          c.utterances?.user[i],
        );
      }
      b.endDialogue();
    }
  }
  const first = parts[0].loaded;
  // Each file's turns arrive sorted and in order, so the merged corpus lays the files' turns end to end.
  const generation = concatGenerations(generations);
  const corpus = b.build();
  return {
    ...first,
    corpus: generation ? { ...corpus, generation } : corpus,
    warnings: parts.flatMap((p) => p.loaded.warnings.map((w) => `${p.file}: ${w}`)),
    scoreNotes: parts.flatMap((p) => (p.loaded.scoreNotes ?? []).map((w) => `${p.file}: ${w}`)),
    needsGold: parts.find((p) => p.loaded.needsGold)?.loaded.needsGold,
  };
}
