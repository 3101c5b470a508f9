// Layer: shared (pure TS). Loader for DST Inspector's interchange format,
// JSON Lines with one turn per line (what `dst-inspector convert --to jsonl` writes):
//   {"dialogue_id": "MUL0001.json", "turn": 0, "gold": {"hotel-area": "north"}, "pred": {...}}
// States may be flat ("domain-slot" keys) or nested ({domain: {slot: value}}).
// Optional "system" and "user" carry the turn's utterances. Blank lines are skipped.

import { JsonScanner } from './json-scanner';
import { collectTurns } from './collect';
import { readState } from './nested-state';
import { ElementContext, parseValueHere, pathPush } from './json-walk';
import type { FormatLoader, LoadedCorpus, LoadOptions } from './types';

export const jsonlLoader: FormatLoader = {
  id: 'jsonl',
  label: 'JSON Lines, one turn per line',
  sniff(head) {
    const first = /^\uFEFF?\s*(\{[^\n]*)(\n|$)/.exec(head);
    if (!first || !/"dialogue_id"\s*:/.test(first[1])) return 'no';
    if (/"turn"\s*:/.test(first[1]) && /"gold"\s*:/.test(first[1]) && /"pred"\s*:/.test(first[1])) return 'yes';
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

export function loadJsonl(bytes: Uint8Array, opts: LoadOptions): LoadedCorpus {
  const { corpus, warnings } = collectTurns(bytes, opts.file, (col) => {
    const sc = new JsonScanner(bytes, opts.file);
    const ctx = new ElementContext(bytes, opts.file, 0);
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
      const e = ctx.object(parseValueHere(sc), path, 'a turn object {"dialogue_id", "turn", "gold", "pred"}');
      const rest = peekInLine(sc);
      if (rest !== undefined && rest !== 0x0a) sc.fail('expected the end of the line after the turn object (one JSON object per line)');
      const id = ctx.string(ctx.field(e, 'dialogue_id', path, 'the dialogue id'), pathPush(path, 'dialogue_id'), 'a dialogue id string');
      const index = ctx.turnIndex(ctx.field(e, 'turn', path, 'the turn index'), pathPush(path, 'turn'));
      const gold = readState(col, ctx, ctx.field(e, 'gold', path, 'the gold state'), pathPush(path, 'gold'), { lists: 'join' });
      const pred = readState(col, ctx, ctx.field(e, 'pred', path, 'the predicted state'), pathPush(path, 'pred'), { lists: 'first' });
      const text = (k: string) => (typeof e[k] === 'string' ? (e[k] as string) : undefined);
      col.turn(id, index, gold, pred, at, e.system !== undefined || e.user !== undefined ? { system: text('system'), user: text('user') } : undefined);
      if ((line & 0xfff) === 0) opts.onProgress?.(sc.pos / bytes.length);
    }
  });
  return { corpus, format: jsonlLoader.id, warnings };
}
