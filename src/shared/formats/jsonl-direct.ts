// Layer: shared (pure TS). JSON Lines (jsonl.ts) read straight into the corpus
// builder, for the usual files: each dialogue's lines together, turn indices
// increasing, a "pred" on every line. No turn collector, no object per line:
//   - states by FlatStates (flat-states.ts: a state repeating, or beginning
//     like, the last one on its side or the last gold is taken from it),
//     else by the one state reader;
//   - "confidence" by ConfidenceReader.readEntries (where it declines, parsed
//     whole by plainConfidence) into the builder's flat confidence API (no
//     entry objects);
//   - "raw" of ASCII without escapes handed to the builder as bytes (decoded
//     at build time, all turns at once), a repeated dialogue id not decoded;
//   - a line's known keys checked for repeats by a bit each; JSON paths made
//     only for the state reader.
// At anything else — an "update", a dialogue seen before, a turn index not
// above the last, a state the builder refuses, any error — it throws DECLINE and the
// loader reads the file the collected way (jsonl.ts), which reads, gathers,
// sorts or reports with the place. jsonl.direct.test.ts checks the two agree.

import type { TurnText } from '../model/builder';
import type { TurnCollector } from './collect';
import { FlatStates } from './flat-states';
import type { JsonScanner } from './json-scanner';
import { ElementContext, parseValueHere, pathPush, UniqueKeys } from './json-walk';
import { ConfidenceReader, plainConfidence, type ConfidenceEntry } from './jsonl-confidence';
import { StateReader } from './state-reader';
import type { LoadOptions } from './types';

/** Thrown where the direct reading leaves the file to the collected one. */
export const DECLINE = new Error('jsonl: declined');

// A line's keys (lineKey).
const OTHER = 0;
const DIALOGUE_ID = 1;
const TURN = 2;
const GOLD = 3;
const PRED = 4;
const SYSTEM = 5;
const USER = 6;
const RAW = 7;
const PROMPT = 8;
const UNPARSEABLE = 9;
const CONFIDENCE = 10;
const UPDATE = 11;

const KEYS: [string, number][] = [
  ['dialogue_id', DIALOGUE_ID],
  ['turn', TURN],
  ['gold', GOLD],
  ['pred', PRED],
  ['system', SYSTEM],
  ['user', USER],
  ['raw', RAW],
  ['prompt', PROMPT],
  ['unparseable', UNPARSEABLE],
  ['confidence', CONFIDENCE],
  ['update', UPDATE],
];

/** Which of a line's keys the current key is, told apart by its length first. */
function lineKey(sc: JsonScanner): number {
  if (sc.keyEscaped) {
    for (const [name, k] of KEYS) if (sc.keyIs(name)) return k;
    return OTHER;
  }
  // By length and first byte, then the one name that fits is compared.
  const first = sc.bytes[sc.keyStart];
  let k = OTHER;
  switch (sc.keyEnd - sc.keyStart) {
    case 3:
      k = RAW;
      break;
    case 4:
      k = first === 0x67 ? GOLD : first === 0x70 ? PRED : first === 0x74 ? TURN : first === 0x75 ? USER : OTHER;
      break;
    case 6:
      k = first === 0x73 ? SYSTEM : first === 0x70 ? PROMPT : first === 0x75 ? UPDATE : OTHER;
      break;
    case 10:
      k = CONFIDENCE;
      break;
    case 11:
      k = first === 0x64 ? DIALOGUE_ID : first === 0x75 ? UNPARSEABLE : OTHER;
      break;
  }
  return k !== OTHER && sc.keyIs(NAMES[k]) ? k : OTHER;
}

/** Key names by their number. */
const NAMES: string[] = [];
for (const [name, k] of KEYS) NAMES[k] = name;

/** Skips spaces, tabs and CRs (not newlines); returns the next byte. */
export function peekInLine(sc: JsonScanner): number | undefined {
  const b = sc.bytes;
  let p = sc.pos;
  while (b[p] === 0x20 || b[p] === 0x09 || b[p] === 0x0d) p++;
  sc.pos = p;
  return b[p];
}

/** A turn index of plain digits (at most 9) at bytes [s, e), else -1. */
function plainDigits(b: Uint8Array, s: number, e: number): number {
  const len = e - s;
  if (len < 1 || len > 9 || (len > 1 && b[s] === 0x30)) return -1;
  let n = 0;
  for (let p = s; p < e; p++) {
    const d = b[p] - 0x30;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}

/**
 * Reads the file's lines into the collector's builder (the caller builds the
 * corpus); returns the number of confidence entries naming a slot their turn
 * does not predict. Throws (DECLINE or an error) where it does not read.
 */
export function readJsonlDirect(col: TurnCollector, sc: JsonScanner, opts: LoadOptions): number {
  const bytes = sc.bytes;
  const b = col.builder;
  const ctx = new ElementContext(bytes, opts.file, 0);
  const flat = new FlatStates(col, sc);
  const states = new StateReader(col, sc);
  const confidence = new ConfidenceReader(col, sc);
  const others = new UniqueKeys(sc);
  const columns: number[] = [];
  const text: TurnText = {};
  let unmatched = 0;
  let line = 0;
  const linePath = () => `line ${line}`;
  // The open dialogue and its last turn index; the last dialogue id's bytes (a repeat is not decoded).
  let open: string | undefined;
  let last = -1;
  let idAt = -1;
  let idLen = 0;
  let idText = '';
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
    if (!sc.tryOpenObject()) throw DECLINE;
    let id: string | undefined;
    let index = -1;
    let goldA: Int32Array | number[] | undefined;
    let goldN = 0;
    let predA: Int32Array | number[] | undefined;
    let predN = 0;
    let system: string | undefined;
    let user: string | undefined;
    let conf = -1;
    let plain: ConfidenceEntry[] | undefined;
    text.raw = text.rawBytes = text.unparseable = undefined;
    let seen = 0;
    let other = false;
    for (let first = true; sc.nextKey(first); first = false) {
      const key = lineKey(sc);
      if (key === OTHER) {
        if (!other) others.reset();
        other = true;
        others.add(linePath);
        sc.skipValue();
        continue;
      }
      if (seen & (1 << key)) throw DECLINE;
      seen |= 1 << key;
      switch (key) {
        case GOLD:
          if (flat.read(0)) {
            goldA = flat.out[0].a;
            goldN = flat.out[0].n;
          } else {
            goldA = states.object(pathPush(linePath(), 'gold'), { lists: 'join' });
            goldN = goldA.length;
          }
          break;
        case PRED:
          if (flat.read(1)) {
            predA = flat.out[1].a;
            predN = flat.out[1].n;
          } else {
            predA = states.object(pathPush(linePath(), 'pred'), { lists: 'first' });
            predN = predA.length;
          }
          break;
        case DIALOGUE_ID: {
          if (!sc.isString()) throw DECLINE;
          const s = sc.pos;
          if (sc.skipRepeat(idAt, idLen)) id = idText;
          else {
            id = idText = ctx.dialogueId(sc.readString(), linePath(), s, 'dialogue_id');
            idLen = sc.pos - s;
          }
          idAt = s;
          break;
        }
        case TURN: {
          sc.peek();
          const s = sc.pos;
          sc.skipValue();
          index = plainDigits(bytes, s, sc.pos);
          if (index < 0) index = ctx.turnIndexAt(s, sc.pos, linePath(), 'turn');
          break;
        }
        case SYSTEM:
          if (!sc.isString()) throw DECLINE;
          system = sc.readString();
          break;
        case USER:
          if (!sc.isString()) throw DECLINE;
          user = sc.readString();
          break;
        case RAW:
          if (!sc.isString()) throw DECLINE;
          sc.scanStringValue();
          if (sc.strAscii && !sc.strEscaped) {
            text.rawBytes = bytes;
            text.rawStart = sc.strStart;
            text.rawEnd = sc.strEnd;
          } else text.raw = sc.stringAt(sc.strStart, sc.strEnd, sc.strEscaped);
          break;
        case PROMPT:
          if (!sc.isString()) throw DECLINE;
          sc.skipValue();
          break;
        case UNPARSEABLE: {
          const v = parseValueHere(sc, pathPush(linePath(), 'unparseable'));
          if (v === true) text.unparseable = `line ${line}: marked unparseable in the file`;
          else if (typeof v === 'string' && v.trim() !== '') text.unparseable = `line ${line}: ${v}`;
          else if (v !== false && v !== null) throw DECLINE;
          break;
        }
        case CONFIDENCE:
          conf = confidence.readEntries();
          // Where the byte reader declines, the value parsed whole (an error there: declined).
          plain =
            conf >= 0
              ? undefined
              : plainConfidence(col, sc, '', () => {
                  throw DECLINE;
                });
          if (plain) conf = plain.length;
          break;
        default: // UPDATE
          throw DECLINE;
      }
    }
    const rest = peekInLine(sc);
    if (rest !== undefined && rest !== 0x0a) throw DECLINE;
    if (rest === 0x0a) sc.pos++;
    if (id === undefined || index < 0 || goldA === undefined || predA === undefined) throw DECLINE;
    if (id !== open) {
      if (b.beginDialogue(id) !== null) throw DECLINE;
      open = id;
      last = -1;
    }
    if (index <= last || b.addTurnPairs(index, goldA, goldN, predA, predN) !== null) throw DECLINE;
    last = index;
    if (text.raw !== undefined || text.rawBytes !== undefined || text.unparseable !== undefined) b.addTurnText(text);
    if (conf >= 0) {
      // As jsonl.ts: an entry for a slot the prediction lacks is counted and left out; columns made in reading order.
      b.beginConfidence();
      for (let i = 0; i < conf; i++) {
        const slot = plain ? plain[i].slot : confidence.slotOf[i];
        let value = -1;
        for (let k = 0; k < predN; k += 2) if (predA[k] === slot) value = predA[k + 1];
        if (value < 0) {
          unmatched++;
          continue;
        }
        const names = plain ? plain[i].names : confidence.namesOf[i];
        const xs = plain ? plain[i].xs : confidence.xsOf[i];
        for (let j = 0; j < names.length; j++) columns[j] = b.confidenceColumn(names[j]);
        const e = b.addConfidenceEntry(slot, value);
        if (e >= 0) for (let j = 0; j < names.length; j++) b.setConfidence(e, columns[j], xs[j]);
      }
    }
    b.addTurnUtterances(system, user);
    if ((line & 0xfff) === 0) opts.onProgress?.(sc.pos / bytes.length);
  }
  return unmatched;
}
