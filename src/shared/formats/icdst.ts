// Layer: shared (pure TS). Loader for IC-DST's `running_log.json`, written by
// IC-DST's run_codex_experiment.py (github.com/Yushi-Hu/IC-DST): a list of
// turns with the gold state `slot_values` and the predicted state `pred`, both
// flat {"domain-slot": value}, plus the dialogue history:
//   [ { "ID": "MUL0001.json", "turn_id": 2, "slot_values": {"hotel-book day": "sunday"},
//       "pred": {…}, "dialog": {"sys": [… , "last system turn"], "usr": [… , "user turn"]} } ]
// Gold alternatives joined with "|" are kept verbatim ("--values alternatives").

import { JsonScanner } from './json-scanner';
import { collectTurns } from './collect';
import { StateScanner } from './scan-state';
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

const decoder = new TextDecoder('utf-8', { fatal: false });

export function loadIcdst(bytes: Uint8Array, opts: LoadOptions): LoadedCorpus {
  const { corpus, warnings } = collectTurns(bytes, opts.file, (col) => {
    const sc = new JsonScanner(bytes, opts.file);
    const ctx = new ElementContext(bytes, opts.file, 0);
    const states = new StateScanner(col, sc);
    forEachElement(sc, '$', 'a list of IC-DST log entries', (i, at) => {
      ctx.at = at;
      const path = pathPush('$', i);
      sc.openObject(path, 'a log entry with "ID", "turn_id", "slot_values" and "pred"');
      let id: string | undefined;
      let index: number | undefined;
      let gold: number[] | undefined;
      let pred: number[] | undefined;
      let dialog: unknown;
      for (let first = true; sc.nextKey(first); first = false) {
        if (sc.keyIs('slot_values')) gold = states.read(pathPush(path, 'slot_values'), 'join');
        else if (sc.keyIs('pred')) pred = states.read(pathPush(path, 'pred'), 'first');
        else if (sc.keyIs('ID')) {
          if (!sc.isString()) sc.wrongType(pathPush(path, 'ID'), 'a dialogue id string');
          id = sc.readString();
        } else if (sc.keyIs('turn_id')) {
          sc.peek();
          const s = sc.pos;
          sc.skipValue();
          index = ctx.turnIndex(JSON.parse(decoder.decode(bytes.subarray(s, sc.pos))), pathPush(path, 'turn_id'));
        } else if (sc.keyIs('dialog')) dialog = parseValueHere(sc);
        else sc.skipValue();
      }
      if (id === undefined) throw ctx.error(path, 'lacks "ID" (the dialogue id)');
      if (index === undefined) throw ctx.error(path, 'lacks "turn_id" (the turn index)');
      if (gold === undefined) throw ctx.error(path, 'lacks "slot_values" (the gold state)');
      if (pred === undefined) throw ctx.error(path, 'lacks "pred" (the predicted state)');
      const d = isObject(dialog) ? dialog : {};
      col.turn(id, index, gold, pred, at, { system: last(d.sys) || undefined, user: last(d.usr) });
      if ((i & 0xfff) === 0) opts.onProgress?.(sc.pos / bytes.length);
    });
    sc.end();
  });
  return { corpus, format: icdstLoader.id, warnings };
}
