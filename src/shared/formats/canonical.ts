// Layer: shared (pure TS). Renames a corpus's slots to their canonical
// spelling after loading (used for the FGA layout, whose fast loader keeps the
// file's spelling). When every slot keeps a distinct name this is O(slots); if
// two spellings meet (a state naming "hotel-day" and "hotel-book day"), states
// are re-sorted and a repeated slot is refused as an error.

import { Interner } from '../model/interner';
import { copyPairs, type Corpus } from '../model/corpus';
import { renameGenerationSlots } from '../model/generation';
import { LoadError, pathPush } from './errors';
import { canonicalFlatSlot } from './slot-names';

export function canonicaliseSlots(corpus: Corpus, file: string, rename: (name: string) => string = canonicalFlatSlot): Corpus {
  const names = corpus.slots.names.map(rename);
  const slots = new Interner();
  const map = names.map((n) => slots.intern(n));
  let same = slots.size === names.length;
  if (same) for (let i = 0; i < names.length && same; i++) same = names[i] === corpus.slots.name(i);
  if (same) return corpus;
  if (slots.size === names.length) return { ...corpus, slots };
  const out = copyPairs(corpus);
  for (const pairs of out.goldPairs === out.predPairs ? [out.goldPairs] : [out.goldPairs, out.predPairs]) {
    for (let k = 0; k < pairs.length; k += 2) pairs[k] = map[pairs[k]];
  }
  const fix = (pairs: Int32Array, start: number, len: number, side: string, i: number): void => {
    const run: [number, number][] = [];
    for (let k = start; k < start + len; k++) run.push([pairs[2 * k], pairs[2 * k + 1]]);
    run.sort((a, b) => a[0] - b[0]);
    for (let j = 1; j < run.length; j++) {
      if (run[j][0] === run[j - 1][0]) {
        const d = dialogueOf(corpus, i);
        const path = pathPush(pathPush(pathPush('$', corpus.dialogueIds[d]), String(corpus.turnIndex[i])), side === 'gold' ? 'gt' : 'pr');
        throw new LoadError(
          file,
          `${side} state names slot ${JSON.stringify(slots.name(run[j][0]))} twice under different spellings`,
          undefined,
          path,
        );
      }
    }
    run.forEach(([s, v], j) => {
      pairs[2 * (start + j)] = s;
      pairs[2 * (start + j) + 1] = v;
    });
  };
  for (let i = 0; i < corpus.turnIndex.length; i++) {
    fix(out.goldPairs, corpus.goldStart[i], corpus.goldLen[i], 'gold', i);
    fix(out.predPairs, corpus.predStart[i], corpus.predLen[i], 'predicted', i);
  }
  return { ...corpus, slots, ...out, generation: renameGenerationSlots(corpus.generation, map) };
}

function dialogueOf(c: Corpus, turn: number): number {
  let lo = 0;
  let hi = c.dialogueIds.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (c.dialogueStart[mid] <= turn) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
