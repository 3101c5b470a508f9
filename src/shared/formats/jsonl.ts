// Layer: shared (pure TS). Loader for DST Inspector's interchange format,
// JSON Lines with one turn per line (what `dst-inspector convert --to jsonl` writes):
//   {"dialogue_id": "MUL0001.json", "turn": 0, "gold": {"hotel-area": "north"}, "pred": {...}}
// States may be flat ("domain-slot" keys) or nested ({domain: {slot: value}}).
// Optional "system" and "user" carry the turn's utterances (strings). Blank
// lines are skipped. A key written twice on a line is an error.
// Optional, for LLM trackers (issue 18; docs/reference/formats.md):
//   "raw": the model's generated text (shown beside the turn);
//   "prompt": the prompt (a string; accepted, not kept);
//   "unparseable": true or a reason: the generation could not be parsed (the
//     turn is listed as unparseable; its "pred" is scored as written);
//   "confidence": per predicted slot, one number or several named scores:
//     {"hotel-area": 0.9} or {"hotel-area": {"softmax": 0.9, "verbalized": 0.8}}
//     (or nested by domain, as states are); a score for a slot the turn does
//     not predict is left out and counted;
//   "update": the turn's update (a state); without "pred", the updates of a
//     dialogue accumulate in file order (a slot is never removed) into the
//     predicted state.
// Speed (docs/performance.md): the usual files are read straight into the
// corpus builder (jsonl-direct.ts); where that declines, the lines go through
// the turn collector as below. "confidence" is read from the bytes
// (jsonl-confidence.ts; parsed whole where that declines), and a "pred"
// written byte for byte as the line's "gold" takes the gold's pairs.

import { missingKey } from './field-policy';
import { JsonScanner } from './json-scanner';
import { collectTurns, TurnCollector } from './collect';
import { peekInLine, readJsonlDirect } from './jsonl-direct';
import { ElementContext, parseValueHere, pathPush, UniqueKeys } from './json-walk';
import { ConfidenceReader, plainConfidence, type ConfidenceEntry } from './jsonl-confidence';
import type { TurnExtra } from '../model/builder';
import { StateReader } from './state-reader';
import type { FormatLoader, LoadedCorpus, LoadOptions } from './types';
import { jsonlSniffer } from './sniffers';

export const jsonlLoader: FormatLoader = { ...jsonlSniffer, load: loadJsonl };

/** The keys a turn line may have. */
const KNOWN = ['dialogue_id', 'turn', 'gold', 'pred', 'system', 'user', 'raw', 'prompt', 'unparseable', 'confidence', 'update'];

/** The corpus builder sized from the file (a guess: a wrong one costs a regrowth, or address space). */
const sizeHint = (bytes: Uint8Array) => ({ turns: bytes.length / 200, pairs: bytes.length / 24 });

export function loadJsonl(bytes: Uint8Array, opts: LoadOptions): LoadedCorpus {
  return jsonlDirect(bytes, opts) ?? loadJsonlCollected(bytes, opts);
}

/** The file read straight into the builder (jsonl-direct.ts), or null where that declines. Exported for its tests. */
export function jsonlDirect(bytes: Uint8Array, opts: LoadOptions): LoadedCorpus | null {
  const col = new TurnCollector(bytes, opts.file, true, sizeHint(bytes));
  try {
    const unmatched = readJsonlDirect(col, new JsonScanner(bytes, opts.file), opts);
    const { corpus, warnings } = col.build();
    return { corpus, format: jsonlLoader.id, warnings: withUnmatched(warnings, unmatched) };
  } catch {
    return null;
  }
}

function withUnmatched(warnings: string[], unmatched: number): string[] {
  if (unmatched > 0)
    warnings.push(
      `${unmatched} confidence ${unmatched === 1 ? 'score names a slot' : 'scores name slots'} the turn does not predict, left out`,
    );
  return warnings;
}

/** Every line through the turn collector: any file (lines of a dialogue apart, turns out of order, updates), every error with its place. */
export function loadJsonlCollected(bytes: Uint8Array, opts: LoadOptions): LoadedCorpus {
  let unmatched = 0;
  const { corpus, warnings } = collectTurns(
    bytes,
    opts.file,
    (col) => {
      const sc = new JsonScanner(bytes, opts.file);
      const ctx = new ElementContext(bytes, opts.file, 0);
      const states = new StateReader(col, sc);
      const keys = new UniqueKeys(sc);
      const confidence = new ConfidenceReader(col, sc);
      let line = 0;
      let lastId: string | undefined;
      let lastPred: number[] | undefined;
      unmatched = 0;
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
        let goldAt = -1;
        let goldLen = 0;
        let goldPlain = false;
        let pred: number[] | undefined;
        let system: string | undefined;
        let user: string | undefined;
        let update: number[] | undefined;
        let conf: ConfidenceEntry[] | undefined;
        const extra: TurnExtra = {};
        keys.reset();
        for (let first = true; sc.nextKey(first); first = false) {
          keys.add(path);
          if (sc.keyIs('gold')) {
            sc.peek();
            goldAt = sc.pos;
            gold = states.object(pathPush(path, 'gold'), { lists: 'join' });
            goldLen = sc.pos - goldAt;
            goldPlain = !col.listsRead;
          } else if (sc.keyIs('pred')) {
            // A prediction written byte for byte as this line's gold (no lists read yet) has its pairs.
            sc.peek();
            if (gold && goldPlain && sc.skipRepeat(goldAt, goldLen)) pred = gold.slice();
            else pred = states.object(pathPush(path, 'pred'), { lists: 'first' });
          } else if (sc.keyIs('dialogue_id')) {
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
            if (!sc.isString())
              sc.wrongType(pathPush(path, 'user'), "a string (the user's utterance; leave the key out when there is none)");
            user = sc.readString();
          } else if (sc.keyIs('raw')) {
            if (!sc.isString()) sc.wrongType(pathPush(path, 'raw'), "a string (the model's generated text)");
            extra.raw = sc.readString();
          } else if (sc.keyIs('prompt')) {
            if (!sc.isString()) sc.wrongType(pathPush(path, 'prompt'), 'a string (the prompt)');
            sc.skipValue();
          } else if (sc.keyIs('unparseable')) {
            sc.peek();
            const uAt = sc.pos;
            const v = parseValueHere(sc, pathPush(path, 'unparseable'));
            if (v === true) extra.unparseable = `line ${line}: marked unparseable in the file`;
            else if (typeof v === 'string' && v.trim() !== '') extra.unparseable = `line ${line}: ${v}`;
            else if (v !== false && v !== null) {
              ctx.at = uAt;
              throw ctx.error(pathPush(path, 'unparseable'), `expected true, false or a reason (a string), found ${JSON.stringify(v)}`);
            }
          } else if (sc.keyIs('update')) update = states.object(pathPush(path, 'update'), { lists: 'first' });
          else if (sc.keyIs('confidence')) {
            sc.peek();
            const cAt = sc.pos;
            const cPath = pathPush(path, 'confidence');
            // From the bytes; where that declines, parsed whole (and what is wrong reported).
            conf =
              confidence.read() ??
              plainConfidence(col, sc, cPath, (problem) => {
                ctx.at = cAt;
                throw ctx.error(cPath, problem);
              });
          } else sc.skipValue();
        }
        const rest = peekInLine(sc);
        if (rest !== undefined && rest !== 0x0a) sc.fail('expected the end of the line after the turn object (one JSON object per line)');
        if (rest === 0x0a) sc.pos++; // the line ends here: the next iteration starts the next line
        ctx.at = at;
        if (id === undefined) throw ctx.error(path, missingKey('dialogue_id', 'the dialogue id', keys.names(), KNOWN));
        if (index === undefined) throw ctx.error(path, missingKey('turn', 'the turn index', keys.names(), KNOWN));
        if (gold === undefined) throw ctx.error(path, missingKey('gold', 'the gold state', keys.names(), KNOWN));
        if (id !== lastId) lastPred = undefined;
        lastId = id;
        if (pred === undefined && update) {
          // The update applies to the dialogue's previous predicted state (a slot is never removed).
          const state = new Map<number, number>();
          if (lastPred) for (let k = 0; k < lastPred.length; k += 2) state.set(lastPred[k], lastPred[k + 1]);
          for (let k = 0; k < update.length; k += 2) state.set(update[k], update[k + 1]);
          pred = [];
          for (const [sl, v] of state) pred.push(sl, v);
        }
        if (pred === undefined) throw ctx.error(path, missingKey('pred', 'the predicted state', keys.names(), KNOWN));
        if (conf) {
          extra.confidence = [];
          for (const e of conf) {
            let value = -1;
            for (let k = 0; k < pred.length; k += 2) if (pred[k] === e.slot) value = pred[k + 1];
            if (value < 0) {
              unmatched++;
              continue;
            }
            const scores: (number | undefined)[] = [];
            for (let j = 0; j < e.names.length; j++) scores[col.builder.confidenceColumn(e.names[j])] = e.xs[j];
            extra.confidence.push({ slot: e.slot, value, scores });
          }
        }
        lastPred = pred;
        const hasExtra = extra.raw !== undefined || extra.unparseable !== undefined || extra.confidence !== undefined;
        col.turn(
          id,
          index,
          gold,
          pred,
          at,
          system !== undefined || user !== undefined ? { system, user } : undefined,
          hasExtra ? extra : undefined,
        );
        if ((line & 0xfff) === 0) opts.onProgress?.(sc.pos / bytes.length);
      }
    },
    sizeHint(bytes),
  );
  return { corpus, format: jsonlLoader.id, warnings: withUnmatched(warnings, unmatched) };
}
