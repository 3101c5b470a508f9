// Layer: shared (pure TS). Loader for IC-DST's `running_log.json`, written by
// IC-DST's run_codex_experiment.py (github.com/Yushi-Hu/IC-DST): a list of
// turns with the gold state `slot_values` and the predicted state `pred`, both
// flat {"domain-slot": value}, plus the dialogue history:
//   [ { "ID": "MUL0001.json", "turn_id": 2, "slot_values": {"hotel-book day": "sunday"},
//       "pred": {…}, "dialog": {"sys": [… , "last system turn"], "usr": [… , "user turn"]} } ]
// Gold alternatives joined with "|" are kept verbatim ("--values alternatives").
// A key written twice in an entry is an error; "dialog" must be an object of
// utterance lists when present.
// The model's text (issue 18): `completion` (run_codex_experiment.py: the SQL
// after `SELECT * FROM`) is kept as the turn's generated text; `not_valid: 1`
// (set when sql_pred_parse raised) marks the turn unparseable. IC-DST then
// merges an empty update, so `pred` is the previous predicted state: it is
// scored as written.

import { missingKey } from './field-policy';
import { JsonScanner } from './json-scanner';
import { collectTurns } from './collect';
import { StateReader } from './state-reader';
import { ElementContext, forEachElement, isObject, parseValueHere, pathPush, UniqueKeys } from './json-walk';
import type { TurnExtra } from '../model/builder';
import { ForwardLocator } from './unparseable';
import { plural } from '../plural';
import type { FormatLoader, LoadedCorpus, LoadOptions } from './types';
import { icdstSniffer } from './sniffers';

export const icdstLoader: FormatLoader = { ...icdstSniffer, load: loadIcdst };

/** The last utterance of a "dialog" history list ("sys" or "usr"): a list of strings, or absent. */
function last(ctx: ElementContext, dialog: Record<string, unknown>, key: 'sys' | 'usr', path: string): string | undefined {
  const v = dialog[key];
  if (v === undefined) return undefined;
  const list = ctx.array(v, pathPush(path, key), 'a list of utterance strings');
  list.forEach((x, i) => ctx.string(x, pathPush(pathPush(path, key), i), 'an utterance string'));
  return list.length ? (list[list.length - 1] as string) : undefined;
}

/**
 * The keys IC-DST's run_codex_experiment.py writes in a log entry (others,
 * such as "prompt" or "completion", are skipped; a missing required key is
 * reported with the near miss among the keys not listed here).
 */
const KNOWN = [
  'ID',
  'turn_id',
  'slot_values',
  'pred',
  'dialog',
  'domains',
  'turn_slot_values',
  'last_slot_values',
  'completion',
  'prompt',
  'pred_turn_change',
  'pred_prior_context',
  'all_completions',
  'not_valid',
];

export function loadIcdst(bytes: Uint8Array, opts: LoadOptions): LoadedCorpus {
  let notValid = 0;
  const { corpus, warnings } = collectTurns(bytes, opts.file, (col) => {
    notValid = 0;
    const places = new ForwardLocator(bytes);
    const sc = new JsonScanner(bytes, opts.file);
    const ctx = new ElementContext(bytes, opts.file, 0);
    const states = new StateReader(col, sc);
    const keys = new UniqueKeys(sc);
    forEachElement(sc, '$', 'a list of IC-DST log entries', (i, at) => {
      ctx.at = at;
      const path = pathPush('$', i);
      sc.openObject(path, 'a log entry with "ID", "turn_id", "slot_values" and "pred"');
      let id: string | undefined;
      let index: number | undefined;
      let gold: number[] | undefined;
      let pred: number[] | undefined;
      let dialog: unknown;
      let dialogAt = 0;
      const extra: TurnExtra = {};
      let invalidAt = -1;
      keys.reset();
      for (let first = true; sc.nextKey(first); first = false) {
        keys.add(path);
        if (sc.keyIs('slot_values')) gold = states.object(pathPush(path, 'slot_values'), { lists: 'join' });
        else if (sc.keyIs('pred')) pred = states.object(pathPush(path, 'pred'), { lists: 'first' });
        else if (sc.keyIs('ID')) {
          if (!sc.isString()) sc.wrongType(pathPush(path, 'ID'), 'a dialogue id string');
          const idAt = sc.pos;
          id = ctx.dialogueId(sc.readString(), path, idAt, 'ID');
        } else if (sc.keyIs('turn_id')) {
          sc.peek();
          const s = sc.pos;
          sc.skipValue();
          index = ctx.turnIndexAt(s, sc.pos, path, 'turn_id');
        } else if (sc.keyIs('dialog')) {
          sc.peek();
          dialogAt = sc.pos;
          dialog = parseValueHere(sc, pathPush(path, 'dialog'));
        } else if (sc.keyIs('completion') && sc.isString()) extra.raw = sc.readString();
        else if (sc.keyIs('not_valid')) {
          sc.peek();
          const vAt = sc.pos;
          const v = parseValueHere(sc, pathPush(path, 'not_valid'));
          if (v === 1 || v === true) invalidAt = vAt;
        } else sc.skipValue();
      }
      if (id === undefined) throw ctx.error(path, missingKey('ID', 'the dialogue id', keys.names(), KNOWN));
      if (index === undefined) throw ctx.error(path, missingKey('turn_id', 'the turn index', keys.names(), KNOWN));
      if (gold === undefined) throw ctx.error(path, missingKey('slot_values', 'the gold state', keys.names(), KNOWN));
      if (pred === undefined) throw ctx.error(path, missingKey('pred', 'the predicted state', keys.names(), KNOWN));
      let text: { system?: string; user?: string } | undefined;
      if (dialog !== undefined) {
        const dPath = pathPush(path, 'dialog');
        const dctx = new ElementContext(bytes, opts.file, dialogAt);
        if (!isObject(dialog)) throw dctx.expected(dPath, 'an object {"sys": [...], "usr": [...]}', dialog);
        text = { system: last(dctx, dialog, 'sys', dPath) || undefined, user: last(dctx, dialog, 'usr', dPath) };
      }
      if (invalidAt >= 0) {
        notValid++;
        extra.unparseable = places.describe(
          invalidAt,
          pathPush(path, 'not_valid'),
          'IC-DST could not parse the completion (not_valid: 1); its pred, the previous state, is scored as written',
        );
      }
      col.turn(id, index, gold, pred, at, text, extra.raw !== undefined || extra.unparseable !== undefined ? extra : undefined);
      if ((i & 0xfff) === 0) opts.onProgress?.(sc.pos / bytes.length);
    });
    sc.end();
  });
  if (notValid > 0)
    warnings.push(
      `${plural(notValid, 'turn')} marked not_valid (IC-DST could not parse the completion): ${notValid === 1 ? 'its' : 'their'} pred, the previous state, is scored as written; inspect lists them`,
    );
  return { corpus, format: icdstLoader.id, warnings };
}
