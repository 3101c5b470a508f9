// Layer: shared (pure TS). Loader for belief-span result files: the gold span
// `bspn` and the generated span `bspn_gen` of each turn, read with
// belief-span.ts and a slot vocabulary (slot-vocab.ts; --slot-vocab FILE).
// Containers, as each system's code writes them:
//   {id: {"0": {…}, "1": {…}}}  UBAR-DST train_DST.py Model.validate (…BS.json, ids lower case,
//                               <sos_b> … <eos_b> kept); PPTOD DST/inference.py zip_result
//                               (test_joint_accuracy_*.json, no special tokens)
//   {id: [{"turn_num": 0, …}]}  FnCTOD src/multiwoz/inference.py (ids upper case, dial_id in each turn);
//                               MTTOD runner.py MTTOD.predict → reader.py get_readable_batch
//                               ("pmul4707.json" keys, <bos_belief> … <eos_belief>, [value_x] grammar)
//   [{"dial_id", "turn_num", …}] PPTOD E2E_TOD/inference_pptod.py (a flat list of turns); UBAR's
//                               end-to-end lists, whose per-dialogue header entry {"dial_id",
//                               "trun_num" (sic), …} is skipped (UBAR eval.py skips it too)
// The turn index is the key, else `turn_num`, else the position in the list.
// Spans are read from the file's bytes by belief-span-bytes.ts where it can
// (each distinct domain segment parsed once), else with parseSpan. An object of
// dialogues (contiguous by construction) goes straight into the corpus builder;
// a flat list of turns, and anything the direct reading declines, goes through
// the turn collector (collect.ts), which gathers, sorts and checks turns.
// The generated span is kept as the turn's generated text (as bytes when ASCII
// without escapes: the corpus builder decodes them all at once). A generated span
// that cannot be read (belief-span.ts says when) makes the turn unparseable:
// an empty prediction, with the reason and place. A gold span that cannot be
// read is an error, unless a gold source (--gold) replaces the file's gold.

import type { TurnExtra } from '../model/builder';
import { parseSpan, spanGrammar, type SpanGrammar, type SpanResult } from './belief-span';
import { SpanBytes, SpanPairs, usable } from './belief-span-bytes';
import { collectTurns, type TurnCollector } from './collect';
import { badDialogueId, missingKey } from './field-policy';
import { JsonScanner } from './json-scanner';
import { ElementContext, forEachElement, forEachMember, IdSet, pathPush, UniqueKeys } from './json-walk';
import { multiwozSlotVocab, type SlotVocab } from './slot-vocab';
import type { FormatLoader, LoadedCorpus, LoadOptions } from './types';
import { ForwardLocator } from './unparseable';
import { plural } from '../plural';
import { bspnSniffer } from './sniffers';

export const bspnLoader: FormatLoader = { ...bspnSniffer, load: loadBspn };

/**
 * Sizes for the corpus builder from the file's size (over-guessing costs address space only): a turn takes
 * 100 bytes or more (two spans and the JSON around them), a pair 12 or more ("slot value " in a span).
 */
const BUILDER_HINT = (bytes: number) => ({ turns: bytes / 100, pairs: bytes / 12 });

/** The keys of a turn the loader reads; others (context, resp, aspn, …) are skipped. */
const KNOWN = ['bspn', 'bspn_gen', 'turn_num', 'dial_id', 'user'];
const SPECIAL = /<(?:sos_u|eos_u|bos_user|eos_user)>/g;

/** Where a span string of the turn is. */
interface SpanAt {
  /** The string's opening quote. */
  at: number;
  /** Its bytes between the quotes: bytes[start, end); end < 0: no such key. */
  start: number;
  end: number;
  /** The span, decoded when it holds an escape or a non-ASCII byte (else read from its bytes when needed). */
  text?: string;
}

interface TurnRead {
  index?: number;
  dialId?: string;
  /** The gold span ("bspn") and the generated one ("bspn_gen"). */
  gold: SpanAt;
  pred: SpanAt;
  user?: string;
  /** UBAR's per-dialogue header entry ("trun_num", no "turn_num"). */
  header: boolean;
  /** Whether the second span read repeats the first byte for byte (a generated span equal to the gold one: most turns). */
  same: boolean;
}

/** Keys of a turn object the direct reading keeps (more: it declines). */
const KEYS_MAX = 64;

/** Thrown where the direct reading (turns straight into the corpus builder) would not give what the collector gives. */
const DECLINE = new Error('bspn: direct reading declined');

/**
 * Reads a belief-span file; `fast` false: every span with parseSpan (the plain path the fast one must equal, for
 * tests). The fast path hands an object of dialogues' turns straight to the corpus builder (its dialogues are
 * contiguous by construction); where the builder refuses a turn or a dialogue's turns are not in order, it
 * declines and the file is read again through the turn collector, which says what is wrong, or sorts them.
 */
export function loadBspn(bytes: Uint8Array, opts: LoadOptions, fast = true): LoadedCorpus {
  const vocab: SlotVocab = opts.slotVocab ?? multiwozSlotVocab();
  if (fast && usable(vocab))
    try {
      return readBspn(bytes, opts, vocab, true, true);
    } catch (e) {
      if (e !== DECLINE) throw e;
    }
  return readBspn(bytes, opts, vocab, fast, false);
}

function readBspn(bytes: Uint8Array, opts: LoadOptions, vocab: SlotVocab, fast: boolean, direct: boolean): LoadedCorpus {
  const goldReplaced = !!opts.goldReplaced;
  const fastPath = fast && usable(vocab);
  let grammar: SpanGrammar | undefined;
  let unparseable = 0;
  let emptyGenerated = 0;
  let skippedHeaders = 0;
  const { corpus, warnings } = collectTurns(
    bytes,
    opts.file,
    (col) => {
      const sc = new JsonScanner(bytes, opts.file);
      const ctx = new ElementContext(bytes, opts.file, 0);
      const keys = new UniqueKeys(sc);
      const ids = new IdSet(bytes, opts.file);
      const places = new ForwardLocator(bytes);
      const cache = new Map<string, SpanResult>();
      let spans: SpanBytes | undefined;
      grammar = undefined;
      unparseable = emptyGenerated = skippedHeaders = 0;
      let count = 0;

      const parse = (span: string): SpanResult => {
        if (grammar === undefined) {
          grammar = spanGrammar(span);
          if (fastPath) spans = new SpanBytes(bytes, grammar, vocab, col);
        }
        let r = cache.get(span);
        if (!r) {
          if (cache.size > 50_000) cache.clear();
          r = parseSpan(span, grammar, vocab);
          cache.set(span, r);
        }
        return r;
      };

      /**
       * Whether the string at the cursor repeats the string bytes[s, e) (between its quotes) byte for byte: then the
       * cursor moves past it (the first one was validated; equal bytes are an equal string). Only when `fast`.
       */
      const repeats = (s: number, e: number): boolean => {
        const len = e - s + 2;
        const p = sc.pos;
        return (
          fast && p + len <= bytes.length && bytes[p + len - 1] === 0x22 && bytes[p + len - 2] === bytes[e - 1] && sc.skipRepeat(s - 1, len)
        );
      };

      // The last dialogue id read from a turn's "dial_id" and its bytes between the quotes (lastIdEnd < 0: none).
      let lastId: string | undefined;
      let lastIdStart = 0;
      let lastIdEnd = -1;

      // One record for the turn being read (a turn is added before the next one is read).
      const t: TurnRead = { gold: { at: 0, start: 0, end: -1 }, pred: { at: 0, start: 0, end: -1 }, header: false, same: false };

      /**
       * The span string at the cursor (`mine`; the turn's other span `other`, if read before it): taken as a repeat
       * of the other one when its bytes are, else scanned — its first bytes in common with the last span read
       * (ASCII without escapes) are not scanned again — and decoded if it holds an escape or a non-ASCII byte.
       */
      const readSpanString = (mine: SpanAt, other: SpanAt, key: string, what: string, path: () => string): void => {
        if (!sc.isString()) sc.wrongType(pathPush(path(), key), what);
        mine.at = sc.pos;
        if (other.end >= 0 && repeats(other.start, other.end)) {
          t.same = true;
          mine.start = mine.at + 1;
          mine.end = sc.pos - 1;
          mine.text = other.text;
          return;
        }
        sc.scanStringValue(spans ? spans.lead(sc.pos + 1) : 0);
        mine.start = sc.strStart;
        mine.end = sc.strEnd;
        if (sc.strEscaped || !sc.strAscii) mine.text = sc.stringAt(sc.strStart, sc.strEnd, sc.strEscaped);
      };

      // Direct reading: the turn's keys (none escaped), for a key written twice.
      const keyStart = new Int32Array(KEYS_MAX);
      const keyEnd = new Int32Array(KEYS_MAX);
      const seenKey = (s: number, e: number, n: number): boolean => {
        const len = e - s;
        for (let i = 0; i < n; i++) {
          if (keyEnd[i] - keyStart[i] !== len) continue;
          let k = 0;
          const o = keyStart[i];
          while (k < len && bytes[o + k] === bytes[s + k]) k++;
          if (k === len) return true;
        }
        return false;
      };

      // A turn's JSON path is made only for a message: `path` makes it.
      const readTurn = (path: () => string, at: number): TurnRead => {
        if (!sc.tryOpenObject()) sc.wrongType(path(), 'a turn object with "bspn" and "bspn_gen"');
        const { gold, pred } = t;
        t.index = t.dialId = t.user = gold.text = pred.text = undefined;
        gold.at = gold.start = pred.at = pred.start = 0;
        gold.end = pred.end = -1;
        t.header = t.same = false;
        let trun = false;
        if (!direct) keys.reset();
        let nKeys = 0;
        for (let first = true; sc.nextKey(first); first = false) {
          if (!direct) keys.add(path);
          else {
            // A key escaped or written twice: the collector's reading says so (UniqueKeys, with both places).
            if (sc.keyEscaped || nKeys === KEYS_MAX || seenKey(sc.keyStart, sc.keyEnd, nKeys)) throw DECLINE;
            keyStart[nKeys] = sc.keyStart;
            keyEnd[nKeys++] = sc.keyEnd;
          }
          // A key the loader does not read (context, resp, aspn, …: none starts with b, t, d or u) is skipped at once;
          // a string value without hashing it.
          const k0 = sc.keyEscaped ? 0 : bytes[sc.keyStart];
          if (k0 !== 0 && k0 !== 0x62 && k0 !== 0x74 && k0 !== 0x64 && k0 !== 0x75) {
            if (sc.isString()) sc.scanStringValue();
            else sc.skipValue();
            continue;
          }
          if (k0 === 0x62) {
            // An unescaped key starting with b: "bspn", "bspn_gen", or one the loader does not read (bsdx, bspn_reform, …).
            if (!isBspn(bytes, sc.keyStart, sc.keyEnd)) {
              if (sc.isString()) sc.scanStringValue();
              else sc.skipValue();
            } else if (sc.keyEnd - sc.keyStart === 4) readSpanString(gold, pred, 'bspn', 'the gold belief span (a string)', path);
            else readSpanString(pred, gold, 'bspn_gen', 'the generated belief span (a string)', path);
          } else if (sc.keyIs('bspn_gen')) readSpanString(pred, gold, 'bspn_gen', 'the generated belief span (a string)', path);
          else if (sc.keyIs('bspn')) readSpanString(gold, pred, 'bspn', 'the gold belief span (a string)', path);
          else if (sc.keyIs('turn_num')) {
            sc.peek();
            const s = sc.pos;
            sc.skipValue();
            ctx.at = at;
            t.index = digitsAt(bytes, s, sc.pos, false) ?? ctx.turnIndexAt(s, sc.pos, path(), 'turn_num');
          } else if (sc.keyIs('dial_id')) {
            if (!sc.isString()) sc.wrongType(pathPush(path(), 'dial_id'), 'a dialogue id string');
            const idAt = sc.pos;
            // The same id as the last turn's (each turn of a dialogue repeats it): its bytes, checked once.
            if (lastIdEnd >= 0 && repeats(lastIdStart, lastIdEnd)) {
              t.dialId = lastId;
              continue;
            }
            ctx.at = at;
            const id = sc.readString();
            t.dialId = badDialogueId(id) ? ctx.dialogueId(id, path(), idAt, 'dial_id') : id;
            lastId = t.dialId;
            lastIdStart = idAt + 1;
            lastIdEnd = sc.pos - 1;
          } else if (sc.keyIs('user')) {
            if (!sc.isString()) sc.wrongType(pathPush(path(), 'user'), "a string (the user's utterance)");
            t.user = sc.readString().replace(SPECIAL, '').trim();
          } else {
            if (sc.keyIs('trun_num')) trun = true;
            sc.skipValue();
          }
        }
        t.header = trun && t.index === undefined;
        if (!t.header) {
          ctx.at = at;
          // A missing key's message lists the turn's keys (UniqueKeys keeps them).
          if (direct && (pred.end < 0 || (gold.end < 0 && !goldReplaced))) throw DECLINE;
          if (pred.end < 0) throw ctx.error(path(), missingKey('bspn_gen', 'the generated belief span', keys.names(), KNOWN));
          if (gold.end < 0 && !goldReplaced)
            throw ctx.error(
              path(),
              `${missingKey('bspn', 'the gold belief span', keys.names(), KNOWN)}; without it, give the gold (--gold FILE, the Gold field of the Open dialog)`,
            );
        }
        return t;
      };

      // The turn's pairs (flat [slot id, value id, …]), in scratch buffers the builder copies.
      const goldPairs = new SpanPairs();
      const predPairs = new SpanPairs();

      /** The pairs of a span into `into` (from its bytes, else with parseSpan); parseSpan's refusal, or undefined. */
      const readPairs = (into: SpanPairs, span: SpanAt): SpanResult | undefined => {
        if (spans && span.text === undefined) {
          const r = spans.readSpan(span.start, span.end);
          if (r) {
            into.copy(r.pairs.a, r.pairs.n);
            return undefined;
          }
        }
        const p = parse(span.text ?? sc.stringAt(span.start, span.end, false));
        into.n = 0;
        if (!p.ok) return p;
        for (const [s, v] of p.pairs) into.push(col.slotById(s), col.value(v));
        return undefined;
      };

      // Direct reading: the dialogue open in the builder, and its last turn index.
      const b = col.builder;
      let open: string | undefined;
      let last = -1;
      // The turn's extras, one object for all turns (the builder copies what it holds).
      const shared: TurnExtra = {};

      const addTurn = (col: TurnCollector, id: string, fallbackIndex: number, path: () => string, at: number, read?: TurnRead): void => {
        const t = read ?? readTurn(path, at);
        if (t.header) {
          skippedHeaders++;
          return;
        }
        const index = t.index ?? fallbackIndex;
        const { gold, pred } = t;
        goldPairs.n = 0;
        if (!goldReplaced) {
          const g = readPairs(goldPairs, gold);
          if (g && !g.ok)
            throw ctx.loc.error(
              { path: pathPush(path(), 'bspn'), at: gold.at },
              `the gold belief span cannot be read: word ${g.word}: ${g.problem} (slot vocabulary: ${vocab.source}; another one: --slot-vocab FILE)`,
            );
        }
        // ASCII without escapes: the builder copies the bytes and makes all raw texts at once (model/ascii-texts.ts).
        // (The plain path decodes each one, as the fast-check test's reference.)
        const extra: TurnExtra = direct ? shared : {};
        if (pred.text !== undefined || !fast) {
          extra.raw = pred.text ?? sc.stringAt(pred.start, pred.end, false);
          extra.rawBytes = undefined;
        } else {
          extra.raw = undefined;
          extra.rawBytes = bytes;
          extra.rawStart = pred.start;
          extra.rawEnd = pred.end;
        }
        extra.unparseable = undefined;
        // A generated span equal to the gold one read has its pairs (the builder sorts the one array for both, then copies it).
        const sameAsGold = t.same && !goldReplaced;
        if (!sameAsGold) {
          const p = readPairs(predPairs, pred);
          if (p && !p.ok) {
            unparseable++;
            extra.unparseable = places.describe(pred.at, pathPush(path(), 'bspn_gen'), `word ${p.word}: ${p.problem}`);
          }
        }
        if (pred.text !== undefined ? pred.text.trim() === '' : blank(bytes, pred.start, pred.end)) emptyGenerated++;
        const predOut = sameAsGold ? goldPairs : predPairs;
        if (direct) {
          // Turns out of order or repeated: the collector sorts them, or says which turn appears twice.
          if (index <= last) throw DECLINE;
          last = index;
          // What addTurn does, from the scratch buffers: the pairs, the generated text, the user's utterance.
          if (b.addTurnPairs(index, goldPairs.a, goldPairs.n, predOut.a, predOut.n) !== null) throw DECLINE;
          b.addTurnText(extra);
          if (t.user !== undefined) b.addTurnUtterances(undefined, t.user);
        } else {
          const g = Array.from(goldPairs.a.subarray(0, goldPairs.n));
          const p = sameAsGold ? g : Array.from(predOut.a.subarray(0, predOut.n));
          col.turn(id, index, g, p, at, t.user !== undefined ? { user: t.user } : undefined, extra);
        }
        if ((++count & 0xfff) === 0) opts.onProgress?.(sc.pos / bytes.length);
      };

      if (sc.peek() === 0x5b) {
        // A flat list of turns: its dialogues may not be contiguous (the collector gathers them).
        if (direct) throw DECLINE;
        forEachElement(sc, '$', 'a list of turns', (i, at) => {
          const path = () => pathPush('$', i);
          // The dialogue id is inside the turn: read the turn, check the id, then add the turn read.
          const t = readTurn(path, at);
          if (t.header) {
            skippedHeaders++;
            return;
          }
          ctx.at = at;
          if (t.dialId === undefined) throw ctx.error(path(), missingKey('dial_id', 'the dialogue id', keys.names(), KNOWN));
          addTurn(col, t.dialId, t.index ?? i, path, at, t);
        });
      } else {
        forEachMember(sc, '$', 'an object of dialogues {id: turns}', (id, at) => {
          const path = pathPush('$', id);
          ctx.at = at;
          ctx.dialogueId(id, path);
          if (!direct) ids.add(id, at, path);
          else {
            // The dialogue opens in the builder at its key, before its turns are read: an id seen before (also of a
            // dialogue without turns, which the builder drops but remembers) declines here, where IdSet would refuse it.
            if (open !== undefined && b.endDialogue() !== null) throw DECLINE;
            if (b.beginDialogue(id) !== null) throw DECLINE;
            open = id;
            last = -1;
          }
          const c = sc.peek();
          if (c === 0x5b) forEachElement(sc, path, 'a list of turns', (i, tAt) => addTurn(col, id, i, () => pathPush(path, i), tAt));
          else if (c === 0x7b) {
            // forEachMember's walk, with the turn key decoded only for a message (its digits are read from its bytes).
            sc.openObject(path, 'an object of turns {"0": turn, …}');
            // The turn's key, decoded only for a message; one path function for all the dialogue's turns (no closure per turn).
            let ks = 0;
            let ke = 0;
            let escaped = false;
            const keyOf = (): string => sc.stringAt(ks, ke, escaped);
            const turnPath = (): string => pathPush(path, keyOf());
            for (let first = true; sc.nextKey(first); first = false) {
              const tAt = sc.keyStart - 1;
              ks = sc.keyStart;
              ke = sc.keyEnd;
              escaped = sc.keyEscaped;
              ctx.at = tAt;
              const index =
                (escaped ? undefined : digitsAt(bytes, ks, ke, true)) ??
                ctx.turnIndexLiteral(JSON.stringify(keyOf()), pathPush(path, keyOf()), tAt);
              addTurn(col, id, index, turnPath, tAt);
              sc.peek();
            }
          } else sc.wrongType(path, 'a list of turns or an object of turns {"0": turn, …}');
        });
      }
      sc.end();
      if (direct && open !== undefined && b.endDialogue() !== null) throw DECLINE;
    },
    BUILDER_HINT(bytes.length),
  );
  const notes: string[] = [];
  notes.push(
    `belief spans in the ${grammar === 'mttod' ? 'MTTOD grammar ([domain] [value_slot] value)' : 'DAMD grammar ([domain] slot value, UBAR/PPTOD/FnCTOD)'}, slot vocabulary: ${vocab.source}${goldReplaced ? '; the gold spans (bspn) are not read: the gold comes from the gold source' : ''}`,
  );
  if (unparseable > 0)
    notes.push(
      `${plural(unparseable, 'generated span')} (bspn_gen) could not be parsed; ${unparseable === 1 ? 'its turn counts' : 'their turns count'} as an empty prediction (inspect lists each with its place)`,
    );
  if (emptyGenerated > 0)
    notes.push(
      `${plural(emptyGenerated, 'turn')} ${emptyGenerated === 1 ? 'has' : 'have'} an empty generated span (bspn_gen ""): an empty prediction (FnCTOD writes "" for a turn it has not predicted yet)`,
    );
  if (skippedHeaders > 0) notes.push(`${plural(skippedHeaders, 'dialogue header entry')} ("trun_num", UBAR's end-to-end results) skipped`);
  const scoreNotes = notes.slice(1);
  return { corpus, format: bspnLoader.id, warnings: [...notes.slice(0, 1), ...warnings, ...scoreNotes], scoreNotes };
}

/** Whether the unescaped key bytes[s, e) is "bspn" or "bspn_gen" (the two keys of every turn, compared byte by byte). */
function isBspn(b: Uint8Array, s: number, e: number): boolean {
  if (b[s] !== 0x62 || b[s + 1] !== 0x73 || b[s + 2] !== 0x70 || b[s + 3] !== 0x6e) return false;
  if (e - s === 4) return true;
  return e - s === 8 && b[s + 4] === 0x5f && b[s + 5] === 0x67 && b[s + 6] === 0x65 && b[s + 7] === 0x6e;
}

/** Whether ASCII bytes[start, end) are all white space (what String.prototype.trim removes from ASCII text). */
function blank(b: Uint8Array, start: number, end: number): boolean {
  for (let k = start; k < end; k++) if (b[k] !== 0x20 && (b[k] < 0x09 || b[k] > 0x0d)) return false;
  return true;
}

/**
 * The turn index bytes[s, e) write, read straight from the bytes, where the
 * slow path (turnIndexOfLiteral) would read the same: 1 to 15 digits, of a
 * string key (`quoted`; leading zeros allowed) or of a number without a
 * leading zero. Else undefined: the slow path reads it or says what is wrong.
 */
function digitsAt(b: Uint8Array, s: number, e: number, quoted: boolean): number | undefined {
  if (e - s < 1 || e - s > 15 || (!quoted && e - s > 1 && b[s] === 0x30)) return undefined;
  let n = 0;
  for (let p = s; p < e; p++) {
    const d = b[p] - 0x30;
    if (d < 0 || d > 9) return undefined;
    n = n * 10 + d;
  }
  return n;
}
