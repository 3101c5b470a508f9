// Layer: shared (pure TS). Loader for TRADE's `all_prediction_<name>.json`,
// written by TRADE's evaluate() (github.com/jasonwu0731/trade-dst,
// models/TRADE.py):
//   { "<dialogue id>": { "<turn id>": { "turn_belief": ["hotel-book day-sunday", …],
//                                       "pred_bs_ptr": ["hotel-book day-sunday", …] } } }
// Quirk: TRADE writes turns in batch order, not turn order; they are sorted by
// their integer key. One dialogue (the top-level value) is parsed at a time.

import { locate } from './errors';
import { JsonScanner } from './json-scanner';
import { collectTurns, type TurnCollector } from './collect';
import { ElementContext, forEachMember, isObject, parseValueHere, pathPush } from './json-walk';
import { splitTriple } from './slot-names';
import type { FormatLoader, LoadedCorpus, LoadOptions } from './types';

const HEAD = /^\uFEFF?\s*\{\s*"(?:[^"\\]|\\.)*"\s*:\s*\{\s*"[^"]*"\s*:\s*\{\s*"(turn_belief|pred_bs_ptr)"/;

export const tradeLoader: FormatLoader = {
  id: 'trade',
  label: 'TRADE all_prediction JSON',
  sniff(head) {
    if (!HEAD.test(head)) return 'no';
    if (/"pred_bs_ptr"\s*:/.test(head)) return 'yes';
    return { near: 'turns have "turn_belief" but no "pred_bs_ptr" (predictions)' };
  },
  load: loadTrade,
};

/** Reads a list of "domain-slot-value" strings into a flat state. */
export function readTriples(col: TurnCollector, ctx: ElementContext, list: unknown, path: string): number[] {
  const items = ctx.array(list, path, 'a list of "domain-slot-value" strings');
  const out: number[] = [];
  items.forEach((item, k) => {
    const p = pathPush(path, k);
    const s = ctx.string(item, p, 'a "domain-slot-value" string');
    const t = splitTriple(s);
    if (!t) throw ctx.error(p, `expected a "domain-slot-value" string, found ${JSON.stringify(s)}`);
    const problem = col.put(out, col.slotById(t.slot), col.value(t.value));
    if (problem) throw ctx.error(path, `the state ${problem}`);
  });
  return out;
}

export function loadTrade(bytes: Uint8Array, opts: LoadOptions): LoadedCorpus {
  const { corpus, warnings } = collectTurns(bytes, opts.file, (col) => {
    const sc = new JsonScanner(bytes, opts.file);
    const ctx = new ElementContext(bytes, opts.file, 0);
    forEachMember(sc, '$', 'an object of dialogues (TRADE all_prediction layout)', (id, dAt) => {
      const dPath = pathPush('$', id);
      let turns = 0;
      forEachMember(sc, dPath, 'an object of turns', (key, at) => {
        ctx.at = at;
        const tPath = pathPush(dPath, key);
        const index = ctx.turnIndex(key, tPath);
        const turn = parseValueHere(sc);
        if (!isObject(turn)) throw ctx.expected(tPath, 'a turn object with "turn_belief" and "pred_bs_ptr"', turn);
        const gold = readTriples(col, ctx, ctx.field(turn, 'turn_belief', tPath, 'the gold state'), pathPush(tPath, 'turn_belief'));
        const pred = readTriples(col, ctx, ctx.field(turn, 'pred_bs_ptr', tPath, 'the predicted state'), pathPush(tPath, 'pred_bs_ptr'));
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
