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
import { collectTurns, TurnCollector } from './collect';
import { ElementContext, forEachElement, isObject, MAX_ELEMENT_BYTES, parseValueHere, pathPush, UniqueKeys } from './json-walk';
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

/**
 * stringContext's result read from the bytes, for the usual context (the
 * whole history, growing turn by turn): a list of strings, all ASCII, so
 * none can be invalid UTF-8; only the last two are decoded. Anything else
 * (another element type, a byte over 0x7f, a syntax error): null, the cursor
 * back, and the list is parsed whole (which reports what is wrong).
 */
function asciiContext(sc: JsonScanner): { system?: string; user?: string } | null {
  const start = sc.pos;
  if (sc.bytes[start] !== 0x5b) return null;
  sc.pos++;
  let n = 0;
  // The last string's bytes and the one's before it (escaped: decode its escapes).
  let lastAt = 0;
  let lastEnd = 0;
  let lastEsc = false;
  let prevAt = 0;
  let prevEnd = 0;
  let prevEsc = false;
  try {
    if (sc.peek() === 0x5d) sc.pos++;
    else
      for (;;) {
        if (sc.peek() !== 0x22) throw DECLINE;
        sc.scanStringValue();
        if (!sc.strAscii) throw DECLINE;
        prevAt = lastAt;
        prevEnd = lastEnd;
        prevEsc = lastEsc;
        lastAt = sc.strStart;
        lastEnd = sc.strEnd;
        lastEsc = sc.strEscaped;
        n++;
        const c = sc.peek();
        sc.pos++;
        if (c === 0x5d) break;
        if (c !== 0x2c) throw DECLINE;
      }
    if (sc.pos - start > MAX_ELEMENT_BYTES) throw DECLINE;
  } catch {
    sc.pos = start;
    return null;
  }
  const user = n >= 1 ? sc.stringAt(lastAt, lastEnd, lastEsc) : undefined;
  const system = n >= 2 ? sc.stringAt(prevAt, prevEnd, prevEsc) : undefined;
  return { user, system: system === '' && n === 2 ? undefined : system };
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

/** Where a sample's turn goes: the collector (any file), or straight into the builder (the usual files). */
type Emit = (dialogue: string, index: number, gold: number[], pred: number[], at: number, system?: string, user?: string) => void;

/** Thrown where the direct reading leaves the file to the collector's. */
const DECLINE = new Error('convlab: declined');

/**
 * `plain`: every state read by the state reader, every turn through the turn
 * collector (tests compare the fast reading with it). Otherwise the samples
 * go straight into the corpus builder (readSamples with a direct sink) while
 * the file is usual — dialogues contiguous, turn indices increasing, states
 * the builder accepts —, states read by NestedStates where it can; at
 * anything else (or any error) that reading is dropped and the file is read
 * again through the collector, which gathers, sorts or reports with its place.
 */
export function loadConvlab(bytes: Uint8Array, opts: LoadOptions, turnKey: 'utt_idx' | 'turn_id', plain = false): LoadedCorpus {
  const format = turnKey === 'turn_id' ? convlabEvalLoader.id : convlabLoader.id;
  // Sized as the FGA loader sizes its builder (a guess: a wrong one costs a regrowth or address space).
  const hint = { turns: bytes.length / 150, pairs: bytes.length / 16 };
  return (plain ? null : convlabDirect(bytes, opts, turnKey, hint)) ?? loadCollected(bytes, opts, turnKey, plain, hint, format);
}

/** The direct reading (see loadConvlab), or null where it declines. Exported for its tests. */
export function convlabDirect(
  bytes: Uint8Array,
  opts: LoadOptions,
  turnKey: 'utt_idx' | 'turn_id',
  hint = { turns: bytes.length / 150, pairs: bytes.length / 16 },
): LoadedCorpus | null {
  const col = new TurnCollector(bytes, opts.file, true, hint);
  try {
    const b = col.builder;
    let open: string | undefined;
    let last = -1;
    readSamples(col, bytes, opts, turnKey, 'direct', (dialogue, index, gold, pred, _at, system, user) => {
      if (dialogue !== open) {
        if (b.beginDialogue(dialogue) !== null) throw DECLINE;
        open = dialogue;
        last = -1;
      }
      if (index <= last || b.addTurnPairs(index, gold, gold.length, pred, pred.length) !== null) throw DECLINE;
      last = index;
      b.addTurnUtterances(system, user);
    });
    const { corpus, warnings } = col.build();
    return { corpus, format: turnKey === 'turn_id' ? convlabEvalLoader.id : convlabLoader.id, warnings };
  } catch {
    return null;
  }
}

function loadCollected(
  bytes: Uint8Array,
  opts: LoadOptions,
  turnKey: 'utt_idx' | 'turn_id',
  plain: boolean,
  hint: { turns: number; pairs: number },
  format: string,
): LoadedCorpus {
  const { corpus, warnings } = collectTurns(
    bytes,
    opts.file,
    (col) =>
      readSamples(col, bytes, opts, turnKey, plain ? 'plain' : 'fast', (dialogue, index, gold, pred, at, system, user) =>
        col.turn(dialogue, index, gold, pred, at, { system, user }),
      ),
    hint,
  );
  return { corpus, format, warnings };
}

/**
 * Reads the samples, each turn to `emit`; JSON paths are made only for
 * messages. `plain`: states by the state reader; `fast`: by NestedStates
 * where it can; `direct`: the same, for a caller that drops the reading at
 * any error (a sample's known keys are then checked for repeats by a bit
 * each, a repeat throws DECLINE, and the messages need not be the plain ones).
 */
function readSamples(
  col: TurnCollector,
  bytes: Uint8Array,
  opts: LoadOptions,
  turnKey: 'utt_idx' | 'turn_id',
  mode: 'plain' | 'fast' | 'direct',
  emit: Emit,
): void {
  const evalFile = turnKey === 'turn_id';
  const direct = mode === 'direct';
  const sc = new JsonScanner(bytes, opts.file);
  const ctx = new ElementContext(bytes, opts.file, 0);
  const states = new StateReader(col, sc);
  const fast = mode === 'plain' ? undefined : new NestedStates(col, sc, !direct);
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
  // The sample being read, for its JSON paths (made only for a message).
  let sample = 0;
  const samplePath = () => pathPush('$', sample);
  const predPath = () => pathPush(samplePath(), 'predictions');
  const str = (key: string, what: string): string => {
    if (!sc.isString()) sc.wrongType(pathPush(samplePath(), key), what);
    strAt = sc.pos;
    return sc.readString();
  };
  forEachElement(sc, '$', 'a list of ConvLab-3 DST samples', (i, at) => {
    ctx.at = at;
    sample = i;
    if (!sc.tryOpenObject()) sc.wrongType(samplePath(), 'a sample object with "utt_idx", "state" and "predictions"');
    let utt: number | undefined;
    let named: string | undefined;
    let original: string | undefined;
    let gold: number[] | undefined;
    let pred: number[] | undefined;
    let hasPredictions = false;
    let speaker: string | undefined;
    let utterance: string | undefined;
    let system: string | undefined;
    if (!direct) keys.reset();
    let seen = 0; // direct: the known keys met, a bit each, and whether another key was (`keys` then holds those)
    let others = false;
    for (let first = true; sc.nextKey(first); first = false) {
      const key = sampleKey(sc, turnKey);
      if (!direct) keys.add(samplePath);
      else if (key === OTHER) {
        if (!others) keys.reset();
        others = true;
        keys.add(samplePath);
      } else if (seen & (1 << key)) throw DECLINE;
      else seen |= 1 << key;
      if (key === STATE) gold = fast?.read(0) ?? states.object(pathPush(samplePath(), 'state'), { drop: EMPTY, lists: 'join' });
      else if (key === PREDICTIONS) {
        if (!sc.tryOpenObject()) sc.wrongType(predPath(), 'an object {"state": …}');
        hasPredictions = true;
        let innerOthers = false;
        if (!direct) inner.reset();
        for (let f2 = true; sc.nextKey(f2); f2 = false) {
          const isState = sc.keyIs('state');
          if (!direct) inner.add(predPath);
          else if (isState) {
            if (pred) throw DECLINE;
          } else {
            if (!innerOthers) inner.reset();
            innerOthers = true;
            inner.add(predPath);
          }
          if (isState) pred = fast?.read(1) ?? states.object(pathPush(predPath(), 'state'), { drop: EMPTY, lists: 'first' });
          else sc.skipValue();
        }
        if (!pred) throw ctx.error(predPath(), missingKey('state', 'the predicted state', inner.names(), ['state']));
      } else if (key === TURN) {
        sc.peek();
        const s = sc.pos;
        sc.skipValue();
        utt = plainDigits(bytes, s, sc.pos) ?? ctx.turnIndexAt(s, sc.pos, samplePath(), turnKey);
      } else if (key === DIALOGUE_ID) {
        sc.peek();
        const s = sc.pos;
        if (sc.skipRepeat(idAt, idLen)) named = idText;
        else {
          named = idText = ctx.dialogueId(str('dialogue_id', 'a dialogue id string'), samplePath(), strAt, 'dialogue_id');
          idLen = sc.pos - s;
        }
        idAt = s;
      } else if (key === ORIGINAL_ID)
        original = ctx.dialogueId(str('original_id', 'a dialogue id string'), samplePath(), strAt, 'original_id');
      else if (key === SPEAKER) speaker = str('speaker', 'a speaker string ("user" or "system")');
      else if (key === UTTERANCE) utterance = str('utterance', 'an utterance string');
      else if (key === CONTEXT) {
        sc.peek();
        const cAt = sc.pos;
        const quick = evalFile && mode !== 'plain' ? asciiContext(sc) : null;
        if (quick) ({ system, user: utterance } = quick);
        else {
          const cPath = pathPush(samplePath(), 'context');
          const cCtx = new ElementContext(bytes, opts.file, cAt);
          if (evalFile) ({ system, user: utterance } = stringContext(cCtx, parseValueHere(sc, cPath), cPath));
          else system = lastSystemText(cCtx, parseValueHere(sc, cPath), cPath);
        }
      } else sc.skipValue();
    }
    if (utt === undefined)
      throw ctx.error(
        samplePath(),
        evalFile
          ? missingKey('turn_id', 'the turn index', keys.names(), KNOWN_EVAL)
          : missingKey('utt_idx', 'the utterance index', keys.names(), KNOWN),
      );
    const known = evalFile ? KNOWN_EVAL : KNOWN;
    if (gold === undefined) {
      if (!opts.goldReplaced) throw ctx.error(samplePath(), missingKey('state', 'the gold state', keys.names(), known));
      gold = [];
    }
    if (!hasPredictions) throw ctx.error(samplePath(), missingKey('predictions', 'the model output', keys.names(), known));
    const id = original ?? named;
    if (id !== undefined) dialogue = id;
    else if (utt === 0 || (!evalFile && utt <= lastUtt) || i === 0) dialogue = `dialogue-${++count}`;
    lastUtt = utt;
    const user = utterance !== undefined && speaker !== 'system' ? utterance : undefined;
    emit(dialogue, evalFile ? utt : Math.floor(utt / 2), gold, pred!, at, system, user);
    if ((i & 0xfff) === 0) opts.onProgress?.(sc.pos / bytes.length);
  });
  sc.end();
}

// A sample's keys (sampleKey).
const OTHER = 0;
const STATE = 1;
const PREDICTIONS = 2;
const TURN = 3;
const DIALOGUE_ID = 4;
const ORIGINAL_ID = 5;
const SPEAKER = 6;
const UTTERANCE = 7;
const CONTEXT = 8;

/** Which of a sample's keys the current key is (`turnKey` is TURN), told apart by its length first. */
function sampleKey(sc: JsonScanner, turnKey: string): number {
  if (sc.keyEscaped) {
    for (const [name, k] of KEYS) if (sc.keyIs(name === '' ? turnKey : name)) return k;
    return OTHER;
  }
  switch (sc.keyEnd - sc.keyStart) {
    case 5:
      return sc.keyIs('state') ? STATE : OTHER;
    case 7:
      return sc.keyIs(turnKey) ? TURN : sc.keyIs('context') ? CONTEXT : sc.keyIs('speaker') ? SPEAKER : OTHER;
    case 9:
      return sc.keyIs('utterance') ? UTTERANCE : OTHER;
    case 11:
      return sc.keyIs('dialogue_id') ? DIALOGUE_ID : sc.keyIs('predictions') ? PREDICTIONS : sc.keyIs('original_id') ? ORIGINAL_ID : OTHER;
    default:
      return OTHER;
  }
}

/** The keys for an escaped key ('' stands for the turn key). */
const KEYS: [string, number][] = [
  ['state', STATE],
  ['predictions', PREDICTIONS],
  ['', TURN],
  ['dialogue_id', DIALOGUE_ID],
  ['original_id', ORIGINAL_ID],
  ['speaker', SPEAKER],
  ['utterance', UTTERANCE],
  ['context', CONTEXT],
];

/**
 * A turn index written as plain digits, as a string ("12", as evaluate_dst.py
 * writes it) or a number (12, SetSUMBT), at bytes [s, e) of a value the
 * scanner validated; else undefined (then turnIndexAt reads it, or refuses it).
 */
function plainDigits(b: Uint8Array, s: number, e: number): number | undefined {
  const q = b[s] === 0x22 ? 1 : 0;
  const len = e - s - 2 * q;
  if (len < 1 || len > 9 || (q === 1 && b[e - 1] !== 0x22) || (len > 1 && b[s + q] === 0x30)) return undefined;
  let n = 0;
  for (let p = s + q; p < e - q; p++) {
    const d = b[p] - 0x30;
    if (d < 0 || d > 9) return undefined;
    n = n * 10 + d;
  }
  return n;
}

/** The keys of evaluate_dst.py's and SetSUMBT's samples. */
const KNOWN_EVAL = ['dialogue_id', 'turn_id', 'context', 'state', 'predictions'];
