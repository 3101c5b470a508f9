// Layer: shared (pure TS). Loader for TRADE's `all_prediction_<name>.json`,
// written by TRADE's evaluate() (github.com/jasonwu0731/trade-dst,
// models/TRADE.py):
//   { "<dialogue id>": { "<turn id>": { "turn_belief": ["hotel-book day-sunday", …],
//                                       "pred_bs_ptr": ["hotel-book day-sunday", …] } } }
// Quirk: TRADE writes turns in batch order, not turn order; they are sorted by
// their integer key. One dialogue (the top-level value) is parsed at a time.

import { locate } from './errors';
import { missingKey } from './field-policy';
import { JsonScanner } from './json-scanner';
import { collectTurns } from './collect';
import { ElementContext, forEachMember, IdSet, pathPush, UniqueKeys } from './json-walk';
import { StateReader } from './state-reader';
import type { FormatLoader, LoadedCorpus, LoadOptions } from './types';
import { tradeSniffer } from './sniffers';

export const tradeLoader: FormatLoader = { ...tradeSniffer, load: loadTrade };

/** The keys of a turn TRADE's evaluate() writes. */
const KNOWN = ['turn_belief', 'pred_bs_ptr', 'pred_bs_class'];

export function loadTrade(bytes: Uint8Array, opts: LoadOptions): LoadedCorpus {
  const { corpus, warnings } = collectTurns(bytes, opts.file, (col) => {
    const sc = new JsonScanner(bytes, opts.file);
    const ctx = new ElementContext(bytes, opts.file, 0);
    const states = new StateReader(col, sc);
    const keys = new UniqueKeys(sc);
    const ids = new IdSet(bytes, opts.file);
    forEachMember(sc, '$', 'an object of dialogues (TRADE all_prediction layout)', (id, dAt) => {
      const dPath = pathPush('$', id);
      ctx.at = dAt;
      ctx.dialogueId(id, dPath);
      ids.add(id, dAt, dPath);
      let turns = 0;
      forEachMember(sc, dPath, 'an object of turns', (key, at) => {
        ctx.at = at;
        const tPath = pathPush(dPath, key);
        const index = ctx.turnIndex(key, tPath);
        let gold: number[] | undefined;
        let pred: number[] | undefined;
        sc.openObject(tPath, 'a turn object with "turn_belief" and "pred_bs_ptr"');
        keys.reset();
        for (let first = true; sc.nextKey(first); first = false) {
          keys.add(tPath);
          if (sc.keyIs('turn_belief')) gold = states.triples(pathPush(tPath, 'turn_belief'));
          else if (sc.keyIs('pred_bs_ptr')) pred = states.triples(pathPush(tPath, 'pred_bs_ptr'));
          else sc.skipValue();
        }
        if (!gold) throw ctx.error(tPath, missingKey('turn_belief', 'the gold state', keys.names(), KNOWN));
        if (!pred) throw ctx.error(tPath, missingKey('pred_bs_ptr', 'the predicted state', keys.names(), KNOWN));
        col.turn(id, index, gold, pred, at);
        turns++;
      });
      if (turns === 0) col.warnings.push(`dialogue ${JSON.stringify(id)} (line ${locate(bytes, dAt).line}) has no turns; it is left out`);
      opts.onProgress?.(sc.pos / bytes.length);
    });
    sc.end();
  });
  return { corpus, format: tradeLoader.id, warnings };
}
