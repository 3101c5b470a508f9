// Layer: shared (pure TS). Loader for SOM-DST's `preds_<epoch>.json`, written
// by SOM-DST's evaluation.py (github.com/clovaai/som-dst):
//   { "<dialogue id>_<turn id>": [ [pred "domain-slot-value", …], [gold …] ] }
// Quirks: the prediction comes FIRST; turns outside the five domains are
// skipped, so turn indices can have gaps (kept as they are).

import { JsonScanner } from './json-scanner';
import { collectTurns } from './collect';
import { ElementContext, forEachElement, forEachMember, pathPush } from './json-walk';
import { StateReader } from './state-reader';
import type { FormatLoader, LoadedCorpus, LoadOptions } from './types';
import { somdstSniffer } from './sniffers';

export const somdstLoader: FormatLoader = { ...somdstSniffer, load: loadSomdst };

export function loadSomdst(bytes: Uint8Array, opts: LoadOptions): LoadedCorpus {
  const { corpus, warnings } = collectTurns(bytes, opts.file, (col) => {
    const sc = new JsonScanner(bytes, opts.file);
    const ctx = new ElementContext(bytes, opts.file, 0);
    const reader = new StateReader(col, sc);
    let n = 0;
    forEachMember(sc, '$', 'an object of "<dialogue>_<turn>" → [prediction, gold]', (key, at) => {
      ctx.at = at;
      const path = pathPush('$', key);
      const cut = key.lastIndexOf('_');
      if (cut <= 0 || !/^[0-9]+$/.test(key.slice(cut + 1)))
        throw ctx.error(path, `expected a key "<dialogue id>_<turn index>", found ${JSON.stringify(key)}`);
      const index = ctx.turnIndex(key.slice(cut + 1), path);
      ctx.dialogueId(key.slice(0, cut), path);
      const states: number[][] = [];
      forEachElement(sc, path, 'a list [prediction, gold]', (k) => {
        if (k > 1) throw ctx.error(path, 'expected a list of two states [prediction, gold], found more items');
        states.push(reader.triples(pathPush(path, k)));
      });
      if (states.length !== 2) throw ctx.error(path, `expected a list of two states [prediction, gold], found ${states.length} item(s)`);
      const [pred, gold] = states;
      col.turn(key.slice(0, cut), index, gold, pred, at);
      if ((++n & 0xfff) === 0) opts.onProgress?.(sc.pos / bytes.length);
    });
    sc.end();
  });
  return { corpus, format: somdstLoader.id, warnings };
}
