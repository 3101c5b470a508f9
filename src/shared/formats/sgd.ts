// Layer: shared (pure TS). Loader for MultiWOZ 2.2 / SGD dialogue files used as
// predictions: the SGD baseline (and MultiWOZ 2.2 models following it) writes
// its output in the dataset's own layout with the predicted states filled in
// (see sgd-dialogue.ts). The gold comes from the reference dialogues (--gold).
// A predicted value list keeps its first value.

import { JsonScanner } from './json-scanner';
import { collectTurns } from './collect';
import { readSgdDialogue } from './sgd-dialogue';
import { ElementContext, forEachElement, IdSet, parseValueHere, pathPush } from './json-walk';
import type { FormatLoader, LoadedCorpus, LoadOptions } from './types';
import { sgdSniffer } from './sniffers';

export const sgdLoader: FormatLoader = { ...sgdSniffer, load: loadSgdPredictions };

export function loadSgdPredictions(bytes: Uint8Array, opts: LoadOptions): LoadedCorpus {
  const { corpus, warnings } = collectTurns(bytes, opts.file, (col) => {
    const sc = new JsonScanner(bytes, opts.file);
    const ctx = new ElementContext(bytes, opts.file, 0);
    const ids = new IdSet(bytes, opts.file);
    forEachElement(sc, '$', 'a list of dialogues (MultiWOZ 2.2 / SGD layout)', (i, at) => {
      ctx.at = at;
      const path = pathPush('$', i);
      const { id, turns } = readSgdDialogue(ctx, parseValueHere(sc, path), path);
      ids.add(id, at, path);
      for (const t of turns) {
        // readSgdDialogue applied the reading rule: each slot once per turn.
        const pred: number[] = [];
        for (const [slot, values] of t.state) pred.push(col.slotById(slot), col.value(values[0]));
        col.turn(id, t.index, [], pred, at, { system: t.system, user: t.user });
      }
    });
    sc.end();
  });
  return { corpus, format: sgdLoader.id, warnings, needsGold: 'MultiWOZ 2.2 / SGD dialogues used as predictions carry no separate gold' };
}
