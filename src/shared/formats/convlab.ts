// Layer: shared (pure TS). Loader for ConvLab-3 DST predictions
// (`predictions.json` from convlab/base_models/t5/dst/merge_predictions.py,
// github.com/ConvLab/ConvLab-3): a list of user-turn samples made by
// load_dst_data, each with the gold `state` and the model's
// `predictions.state`, both {domain: {slot: value}} listing every slot:
//   [ { "utt_idx": 0, "speaker": "user", "utterance": "…", "context": [ … ],
//       "state": {"hotel": {"price range": "", "book day": "sunday"}},
//       "predictions": {"state": {…}} }, … ]
// Quirks: samples carry no dialogue id in older versions — a new dialogue
// starts where `utt_idx` goes back to 0 (ids are then "dialogue-<n>"); the
// dialogue id is `original_id`, else `dialogue_id`, when present. The turn
// index is utt_idx / 2 (user turns are the even utterances). "" means
// inactive; gold alternatives are joined with "|" and kept verbatim.
//
// `convlab-eval`, the unified evaluation files without `utt_idx` (issue 18):
// ConvLab-3 convlab/base_models/llm/evaluate_dst.py (load_data, evaluate: the
// LLM tracker's output, `turn_id` a string, `context` a list of strings with
// "" first, the last being the user's utterance) and
// convlab/dst/setsumbt/datasets/metrics.py JointGoalAccuracy.save_dialogues
// (SetSUMBT's predictions/test.json, `turn_id` an int):
//   [ {"dialogue_id": "multiwoz21-test-12", "turn_id": "0", "context": ["", "i need…"],
//      "state": {…}, "predictions": {"state": {…}}}, … ]
// The turn index is `turn_id` (user turns counted from 0). Without
// `dialogue_id` (evaluate_dst.py's committed sample) a new dialogue starts
// where `turn_id` is 0, as predict_state's init_session does. Neither file
// holds the model's text or confidences (evaluate_dst.py turns a response it
// cannot parse into no update, silently; SetSUMBT writes its distributions
// elsewhere).

import { missingKey } from './field-policy';
import { JsonScanner } from './json-scanner';
import { collectTurns } from './collect';
import { ElementContext, forEachElement, isObject, parseValueHere, pathPush, UniqueKeys } from './json-walk';
import { NestedStates } from './nested-states';
import { StateReader } from './state-reader';
import type { FormatLoader, LoadedCorpus, LoadOptions } from './types';
import { convlabEvalSniffer, convlabSniffer } from './sniffers';

const EMPTY = new Set(['']);

export const convlabLoader: FormatLoader = { ...convlabSniffer, load: (bytes, opts) => loadConvlab(bytes, opts, 'utt_idx') };

export const convlabEvalLoader: FormatLoader = { ...convlabEvalSniffer, load: (bytes, opts) => loadConvlab(bytes, opts, 'turn_id') };

/** evaluate_dst.py's context: a list of strings, "" first; the last is the user's utterance, the one before the system's. */
function stringContext(ctx: ElementContext, context: unknown, path: string): { system?: string; user?: string } {
  const list = ctx.array(context, path, 'a list of utterance strings');
  const at = (i: number) => (i >= 0 ? ctx.string(list[i], pathPush(path, i), 'an utterance string') : undefined);
  const user = at(list.length - 1);
  const system = list.length >= 2 ? at(list.length - 2) : undefined;
  return { user, system: system === '' && list.length === 2 ? undefined : system };
}

function lastSystemText(ctx: ElementContext, context: unknown, path: string): string | undefined {
  const list = ctx.array(context, path, 'a list of earlier utterances {"speaker", "utterance"}');
  for (let i = list.length - 1; i >= 0; i--) {
    const c = list[i];
    if (isObject(c) && c.speaker === 'system')
      return ctx.string(c.utterance, pathPush(pathPush(path, i), 'utterance'), 'an utterance string');
  }
  return undefined;
}

/** The keys of a sample ConvLab-3's load_dst_data and merge_predictions.py write. */
const KNOWN = [
  'utt_idx',
  'state',
  'predictions',
  'original_id',
  'dialogue_id',
  'speaker',
  'utterance',
  'context',
  'dataset',
  'data_split',
  'dialogue_acts',
  'db_results',
];

/**
 * `plain`: every state read by the state reader (tests compare the fast
 * reading, NestedStates, with it).
 */
export function loadConvlab(bytes: Uint8Array, opts: LoadOptions, turnKey: 'utt_idx' | 'turn_id', plain = false): LoadedCorpus {
  const evalFile = turnKey === 'turn_id';
  const { corpus, warnings } = collectTurns(bytes, opts.file, (col) => {
    const sc = new JsonScanner(bytes, opts.file);
    const ctx = new ElementContext(bytes, opts.file, 0);
    const states = new StateReader(col, sc);
    const fast = plain ? undefined : new NestedStates(col, sc);
    const keys = new UniqueKeys(sc);
    const inner = new UniqueKeys(sc);
    let dialogue = '';
    let count = 0;
    let lastUtt = -1;
    let strAt = 0;
    // The last dialogue id's bytes (quotes included): a repeat is the same id, not decoded again.
    let idAt = -1;
    let idLen = 0;
    let idText = '';
    const str = (path: string, what: string): string => {
      if (!sc.isString()) sc.wrongType(path, what);
      strAt = sc.pos;
      return sc.readString();
    };
    forEachElement(sc, '$', 'a list of ConvLab-3 DST samples', (i, at) => {
      ctx.at = at;
      const path = pathPush('$', i);
      sc.openObject(path, 'a sample object with "utt_idx", "state" and "predictions"');
      let utt: number | undefined;
      let named: string | undefined;
      let original: string | undefined;
      let gold: number[] | undefined;
      let pred: number[] | undefined;
      let hasPredictions = false;
      let speaker: string | undefined;
      let utterance: string | undefined;
      let system: string | undefined;
      keys.reset();
      for (let first = true; sc.nextKey(first); first = false) {
        keys.add(path);
        if (sc.keyIs('state')) gold = fast?.read(0) ?? states.object(pathPush(path, 'state'), { drop: EMPTY, lists: 'join' });
        else if (sc.keyIs('predictions')) {
          const pPath = pathPush(path, 'predictions');
          sc.openObject(pPath, 'an object {"state": …}');
          hasPredictions = true;
          inner.reset();
          for (let f2 = true; sc.nextKey(f2); f2 = false) {
            inner.add(pPath);
            if (sc.keyIs('state')) pred = fast?.read(1) ?? states.object(pathPush(pPath, 'state'), { drop: EMPTY, lists: 'first' });
            else sc.skipValue();
          }
          if (!pred) throw ctx.error(pPath, missingKey('state', 'the predicted state', inner.names(), ['state']));
        } else if (sc.keyIs(turnKey)) {
          sc.peek();
          const s = sc.pos;
          sc.skipValue();
          utt = quotedDigits(bytes, s, sc.pos) ?? ctx.turnIndexAt(s, sc.pos, path, turnKey);
        } else if (sc.keyIs('original_id'))
          original = ctx.dialogueId(str(pathPush(path, 'original_id'), 'a dialogue id string'), path, strAt, 'original_id');
        else if (sc.keyIs('dialogue_id')) {
          sc.peek();
          const s = sc.pos;
          if (sc.skipRepeat(idAt, idLen)) named = idText;
          else {
            named = idText = ctx.dialogueId(str(pathPush(path, 'dialogue_id'), 'a dialogue id string'), path, strAt, 'dialogue_id');
            idLen = sc.pos - s;
          }
          idAt = s;
        } else if (sc.keyIs('speaker')) speaker = str(pathPush(path, 'speaker'), 'a speaker string ("user" or "system")');
        else if (sc.keyIs('utterance')) utterance = str(pathPush(path, 'utterance'), 'an utterance string');
        else if (sc.keyIs('context')) {
          sc.peek();
          const cAt = sc.pos;
          const cPath = pathPush(path, 'context');
          const cCtx = new ElementContext(bytes, opts.file, cAt);
          if (evalFile) ({ system, user: utterance } = stringContext(cCtx, parseValueHere(sc, cPath), cPath));
          else system = lastSystemText(cCtx, parseValueHere(sc, cPath), cPath);
        } else sc.skipValue();
      }
      if (utt === undefined)
        throw ctx.error(
          path,
          evalFile
            ? missingKey('turn_id', 'the turn index', keys.names(), KNOWN_EVAL)
            : missingKey('utt_idx', 'the utterance index', keys.names(), KNOWN),
        );
      const known = evalFile ? KNOWN_EVAL : KNOWN;
      if (gold === undefined) {
        if (!opts.goldReplaced) throw ctx.error(path, missingKey('state', 'the gold state', keys.names(), known));
        gold = [];
      }
      if (!hasPredictions) throw ctx.error(path, missingKey('predictions', 'the model output', keys.names(), known));
      const id = original ?? named;
      if (id !== undefined) dialogue = id;
      else if (utt === 0 || (!evalFile && utt <= lastUtt) || i === 0) dialogue = `dialogue-${++count}`;
      lastUtt = utt;
      const user = utterance !== undefined && speaker !== 'system' ? utterance : undefined;
      col.turn(dialogue, evalFile ? utt : Math.floor(utt / 2), gold, pred!, at, { system, user });
      if ((i & 0xfff) === 0) opts.onProgress?.(sc.pos / bytes.length);
    });
    sc.end();
  });
  return { corpus, format: evalFile ? convlabEvalLoader.id : convlabLoader.id, warnings };
}

/** A turn index written as a string of plain digits ("12", as evaluate_dst.py writes it) at bytes [s, e), or undefined (then turnIndexAt reads it). */
function quotedDigits(b: Uint8Array, s: number, e: number): number | undefined {
  const len = e - s - 2;
  if (len < 1 || len > 9 || b[s] !== 0x22 || b[e - 1] !== 0x22 || (len > 1 && b[s + 1] === 0x30)) return undefined;
  let n = 0;
  for (let p = s + 1; p < e - 1; p++) {
    const d = b[p] - 0x30;
    if (d < 0 || d > 9) return undefined;
    n = n * 10 + d;
  }
  return n;
}

/** The keys of evaluate_dst.py's and SetSUMBT's samples. */
const KNOWN_EVAL = ['dialogue_id', 'turn_id', 'context', 'state', 'predictions'];
