// Layer: shared (pure TS). Loader for IC-DST's `running_log.json`, written by
// IC-DST's run_codex_experiment.py (github.com/Yushi-Hu/IC-DST): a list of
// turns with the gold state `slot_values` and the predicted state `pred`, both
// flat {"domain-slot": value}, plus the dialogue history:
//   [ { "ID": "MUL0001.json", "turn_id": 2, "slot_values": {"hotel-book day": "sunday"},
//       "pred": {…}, "dialog": {"sys": [… , "last system turn"], "usr": [… , "user turn"]} } ]
// Gold alternatives joined with "|" are kept verbatim ("--values alternatives").

import { JsonScanner } from './json-scanner';
import { collectTurns } from './collect';
import { readFlatState } from './nested-state';
import { ElementContext, forEachElement, isObject, parseValueHere, pathPush } from './json-walk';
import type { FormatLoader, LoadedCorpus, LoadOptions } from './types';

export const icdstLoader: FormatLoader = {
  id: 'icdst',
  label: 'IC-DST running_log JSON',
  sniff(head) {
    if (!/^\uFEFF?\s*\[\s*\{/.test(head) || !/"ID"\s*:/.test(head) || !/"turn_id"\s*:/.test(head)) return 'no';
    if (/"pred"\s*:/.test(head) && /"slot_values"\s*:/.test(head)) return 'yes';
    return { near: 'entries have "ID" and "turn_id" but lack "pred" or "slot_values"' };
  },
  load: loadIcdst,
};

function last(v: unknown): string | undefined {
  return Array.isArray(v) && typeof v[v.length - 1] === 'string' ? (v[v.length - 1] as string) : undefined;
}

export function loadIcdst(bytes: Uint8Array, opts: LoadOptions): LoadedCorpus {
  const { corpus, warnings } = collectTurns(bytes, opts.file, (col) => {
    const sc = new JsonScanner(bytes, opts.file);
    const ctx = new ElementContext(bytes, opts.file, 0);
    forEachElement(sc, '$', 'a list of IC-DST log entries', (i, at) => {
      ctx.at = at;
      const path = pathPush('$', i);
      const e = ctx.object(parseValueHere(sc), path, 'a log entry with "ID", "turn_id", "slot_values" and "pred"');
      const id = ctx.string(ctx.field(e, 'ID', path, 'the dialogue id'), pathPush(path, 'ID'), 'a dialogue id string');
      const index = ctx.turnIndex(ctx.field(e, 'turn_id', path, 'the turn index'), pathPush(path, 'turn_id'));
      const gold = readFlatState(col, ctx, ctx.field(e, 'slot_values', path, 'the gold state'), pathPush(path, 'slot_values'), { lists: 'join' });
      const pred = readFlatState(col, ctx, ctx.field(e, 'pred', path, 'the predicted state'), pathPush(path, 'pred'), { lists: 'first' });
      const dialog = isObject(e.dialog) ? e.dialog : {};
      col.turn(id, index, gold, pred, at, { system: last(dialog.sys) || undefined, user: last(dialog.usr) });
      if ((i & 0xfff) === 0) opts.onProgress?.(sc.pos / bytes.length);
    });
    sc.end();
  });
  return { corpus, format: icdstLoader.id, warnings };
}
