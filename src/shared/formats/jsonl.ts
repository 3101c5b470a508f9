// Layer: shared (pure TS). Loader for DST Inspector's interchange format,
// JSON Lines with one turn per line (what `dst-inspector convert --to jsonl` writes):
//   {"dialogue_id": "MUL0001.json", "turn": 0, "gold": {"hotel-area": "north"}, "pred": {...}}
// States may be flat ("domain-slot" keys) or nested ({domain: {slot: value}}).
// Optional "system" and "user" carry the turn's utterances (strings). Blank
// lines are skipped. A key written twice on a line is an error.

import { missingKey } from './field-policy';
import { JsonScanner } from './json-scanner';
import { collectTurns } from './collect';
import { ElementContext, pathPush, UniqueKeys } from './json-walk';
import { StateReader } from './state-reader';
import type { FormatLoader, LoadedCorpus, LoadOptions } from './types';

export const jsonlLoader: FormatLoader = {
  id: 'jsonl',
  label: 'JSON Lines, one turn per line',
  sniff(head) {
    const first = /^\uFEFF?\s*(\{[^\n]*)(\n|$)/.exec(head);
    if (!first || !/"dialogue_id"\s*:/.test(first[1])) return 'no';
    if (/"turn"\s*:/.test(first[1]) && /"gold"\s*:/.test(first[1]) && /"pred"\s*:/.test(first[1])) return 'yes';
    if (/"turn_id"\s*:/.test(first[1]) && (/"domain_slot"\s*:/.test(first[1]) || /"dst"\s*:/.test(first[1])))
      return {
        near: 'the first line has "dialogue_id", "turn_id" and "domain_slot" or "dst", as a DST-as-Prompting index: give the generations (generated_predictions.txt) as the prediction file and this file with --index',
      };
    return { near: 'the first line has "dialogue_id" but lacks "turn", "gold" or "pred"' };
  },
  load: loadJsonl,
};

/** Skips spaces and tabs (not newlines); returns the next byte. */
function peekInLine(sc: JsonScanner): number | undefined {
  const b = sc.bytes;
  let p = sc.pos;
  while (b[p] === 0x20 || b[p] === 0x09 || b[p] === 0x0d) p++;
  sc.pos = p;
  return b[p];
}

/** The keys a turn line may have. */
const KNOWN = ['dialogue_id', 'turn', 'gold', 'pred', 'system', 'user'];

export function loadJsonl(bytes: Uint8Array, opts: LoadOptions): LoadedCorpus {
  const { corpus, warnings } = collectTurns(bytes, opts.file, (col) => {
    const sc = new JsonScanner(bytes, opts.file);
    const ctx = new ElementContext(bytes, opts.file, 0);
    const states = new StateReader(col, sc);
    const keys = new UniqueKeys(sc);
    let line = 0;
    while (sc.pos < bytes.length) {
      line++;
      const c = peekInLine(sc);
      if (c === 0x0a) {
        sc.pos++;
        continue;
      }
      if (c === undefined) break;
      const at = sc.pos;
      ctx.at = at;
      const path = `line ${line}`;
      sc.openObject(path, 'a turn object {"dialogue_id", "turn", "gold", "pred"}');
      let id: string | undefined;
      let index: number | undefined;
      let gold: number[] | undefined;
      let pred: number[] | undefined;
      let system: string | undefined;
      let user: string | undefined;
      keys.reset();
      for (let first = true; sc.nextKey(first); first = false) {
        keys.add(path);
        if (sc.keyIs('gold')) gold = states.object(pathPush(path, 'gold'), { lists: 'join' });
        else if (sc.keyIs('pred')) pred = states.object(pathPush(path, 'pred'), { lists: 'first' });
        else if (sc.keyIs('dialogue_id')) {
          if (!sc.isString()) sc.wrongType(pathPush(path, 'dialogue_id'), 'a dialogue id string');
          const idAt = sc.pos;
          id = ctx.dialogueId(sc.readString(), path, idAt, 'dialogue_id');
        } else if (sc.keyIs('turn')) {
          sc.peek();
          const s = sc.pos;
          sc.skipValue();
          index = ctx.turnIndexAt(s, sc.pos, path, 'turn');
        } else if (sc.keyIs('system')) {
          if (!sc.isString())
            sc.wrongType(pathPush(path, 'system'), 'a string (the system utterance; leave the key out when there is none)');
          system = sc.readString();
        } else if (sc.keyIs('user')) {
          if (!sc.isString()) sc.wrongType(pathPush(path, 'user'), "a string (the user's utterance; leave the key out when there is none)");
          user = sc.readString();
        } else sc.skipValue();
      }
      const rest = peekInLine(sc);
      if (rest !== undefined && rest !== 0x0a) sc.fail('expected the end of the line after the turn object (one JSON object per line)');
      if (rest === 0x0a) sc.pos++; // the line ends here: the next iteration starts the next line
      if (id === undefined) throw ctx.error(path, missingKey('dialogue_id', 'the dialogue id', keys.names(), KNOWN));
      if (index === undefined) throw ctx.error(path, missingKey('turn', 'the turn index', keys.names(), KNOWN));
      if (gold === undefined) throw ctx.error(path, missingKey('gold', 'the gold state', keys.names(), KNOWN));
      if (pred === undefined) throw ctx.error(path, missingKey('pred', 'the predicted state', keys.names(), KNOWN));
      col.turn(id, index, gold, pred, at, system !== undefined || user !== undefined ? { system, user } : undefined);
      if ((line & 0xfff) === 0) opts.onProgress?.(sc.pos / bytes.length);
    }
  });
  return { corpus, format: jsonlLoader.id, warnings };
}
