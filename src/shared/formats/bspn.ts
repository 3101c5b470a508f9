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
// (each distinct domain segment parsed once), else with parseSpan.
// The generated span is kept as the turn's generated text (as bytes when ASCII
// without escapes: the corpus builder decodes them all at once). A generated span
// that cannot be read (belief-span.ts says when) makes the turn unparseable:
// an empty prediction, with the reason and place. A gold span that cannot be
// read is an error, unless a gold source (--gold) replaces the file's gold.

import type { TurnExtra } from '../model/builder';
import { parseSpan, spanGrammar, type SpanGrammar, type SpanResult } from './belief-span';
import { SpanBytes, usable } from './belief-span-bytes';
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

interface TurnRead {
  index?: number;
  dialId?: string;
  /** The gold span, decoded when it holds an escape or a non-ASCII byte (else read from its bytes when needed). */
  gold?: string;
  goldAt: number;
  /** The gold span's bytes between the quotes: bytes[goldStart, goldEnd); goldEnd < 0: no "bspn". */
  goldStart: number;
  goldEnd: number;
  /** The generated span, decoded when it holds an escape or a non-ASCII byte (else its bytes become the raw text). */
  pred?: string;
  predAt: number;
  predStart: number;
  predEnd: number;
  user?: string;
  /** UBAR's per-dialogue header entry ("trun_num", no "turn_num"). */
  header: boolean;
  /** Whether the second span read repeats the first byte for byte (a generated span equal to the gold one: most turns). */
  same: boolean;
}

/** Reads a belief-span file; `fast` false: every span with parseSpan (the plain path the fast one must equal, for tests). */
export function loadBspn(bytes: Uint8Array, opts: LoadOptions, fast = true): LoadedCorpus {
  const vocab: SlotVocab = opts.slotVocab ?? multiwozSlotVocab();
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

      // A span's first bytes in common with the last span read (ASCII without escapes) need no scanning.
      const scanSpan = (): void => sc.scanStringValue(spans ? spans.lead(sc.pos + 1) : 0);

      // One record for the turn being read (a turn is added before the next one is read).
      const t: TurnRead = { goldAt: 0, goldStart: 0, goldEnd: -1, predAt: 0, predStart: 0, predEnd: -1, header: false, same: false };

      // A turn's JSON path is made only for a message: `path` makes it.
      const readTurn = (path: () => string, at: number): TurnRead => {
        if (!sc.tryOpenObject()) sc.wrongType(path(), 'a turn object with "bspn" and "bspn_gen"');
        t.index = t.dialId = t.gold = t.pred = t.user = undefined;
        t.goldAt = t.goldStart = t.predAt = t.predStart = 0;
        t.goldEnd = t.predEnd = -1;
        t.header = t.same = false;
        let trun = false;
        keys.reset();
        for (let first = true; sc.nextKey(first); first = false) {
          keys.add(path);
          // A key the loader does not read (context, resp, aspn, …: none starts with b, t, d or u) is skipped at once;
          // a string value without hashing it.
          const k0 = sc.keyEscaped ? 0 : bytes[sc.keyStart];
          if (k0 !== 0 && k0 !== 0x62 && k0 !== 0x74 && k0 !== 0x64 && k0 !== 0x75) {
            if (sc.isString()) sc.scanStringValue();
            else sc.skipValue();
            continue;
          }
          if (sc.keyIs('bspn_gen')) {
            if (!sc.isString()) sc.wrongType(pathPush(path(), 'bspn_gen'), 'the generated belief span (a string)');
            t.predAt = sc.pos;
            if (t.goldEnd >= 0 && repeats(t.goldStart, t.goldEnd)) {
              t.same = true;
              t.predStart = t.predAt + 1;
              t.predEnd = sc.pos - 1;
              t.pred = t.gold;
              continue;
            }
            scanSpan();
            t.predStart = sc.strStart;
            t.predEnd = sc.strEnd;
            if (sc.strEscaped || !sc.strAscii) t.pred = sc.stringAt(sc.strStart, sc.strEnd, sc.strEscaped);
          } else if (sc.keyIs('bspn')) {
            if (!sc.isString()) sc.wrongType(pathPush(path(), 'bspn'), 'the gold belief span (a string)');
            t.goldAt = sc.pos;
            if (t.predEnd >= 0 && repeats(t.predStart, t.predEnd)) {
              t.same = true;
              t.goldStart = t.goldAt + 1;
              t.goldEnd = sc.pos - 1;
              t.gold = t.pred;
              continue;
            }
            scanSpan();
            t.goldStart = sc.strStart;
            t.goldEnd = sc.strEnd;
            if (sc.strEscaped || !sc.strAscii) t.gold = sc.stringAt(sc.strStart, sc.strEnd, sc.strEscaped);
          } else if (sc.keyIs('turn_num')) {
            sc.peek();
            const s = sc.pos;
            sc.skipValue();
            ctx.at = at;
            t.index = digitsAt(bytes, s, sc.pos, false) ?? ctx.turnIndexAt(s, sc.pos, path(), 'turn_num');
          } else if (sc.keyIs('dial_id')) {
            if (!sc.isString()) sc.wrongType(pathPush(path(), 'dial_id'), 'a dialogue id string');
            const idAt = sc.pos;
            ctx.at = at;
            const id = sc.readString();
            t.dialId = badDialogueId(id) ? ctx.dialogueId(id, path(), idAt, 'dial_id') : id;
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
          if (t.predEnd < 0) throw ctx.error(path(), missingKey('bspn_gen', 'the generated belief span', keys.names(), KNOWN));
          if (t.goldEnd < 0 && !goldReplaced)
            throw ctx.error(
              path(),
              `${missingKey('bspn', 'the gold belief span', keys.names(), KNOWN)}; without it, give the gold (--gold FILE, the Gold field of the Open dialog)`,
            );
        }
        return t;
      };

      const addTurn = (col: TurnCollector, id: string, fallbackIndex: number, path: () => string, at: number, read?: TurnRead): void => {
        const t = read ?? readTurn(path, at);
        if (t.header) {
          skippedHeaders++;
          return;
        }
        const index = t.index ?? fallbackIndex;
        let gold: number[] = [];
        if (!goldReplaced) {
          const fastGold = spans && t.gold === undefined ? spans.read(t.goldStart, t.goldEnd) : undefined;
          if (fastGold) gold = fastGold;
          else {
            const g = parse(t.gold ?? sc.stringAt(t.goldStart, t.goldEnd, false));
            if (!g.ok)
              throw ctx.loc.error(
                { path: pathPush(path(), 'bspn'), at: t.goldAt },
                `the gold belief span cannot be read: word ${g.word}: ${g.problem} (slot vocabulary: ${vocab.source}; another one: --slot-vocab FILE)`,
              );
            for (const [s, v] of g.pairs) gold.push(col.slotById(s), col.value(v));
          }
        }
        let pred: number[] = [];
        // ASCII without escapes: the builder copies the bytes and makes all raw texts at once (model/ascii-texts.ts).
        // (The plain path decodes each one, as the fast-check test's reference.)
        const extra: TurnExtra =
          t.pred !== undefined || !fast
            ? { raw: t.pred ?? sc.stringAt(t.predStart, t.predEnd, false) }
            : { rawBytes: bytes, rawStart: t.predStart, rawEnd: t.predEnd };
        // A generated span equal to the gold one read has its pairs (the builder sorts the one array for both, then copies it).
        const fastPred = t.same && !goldReplaced ? gold : spans && t.pred === undefined ? spans.read(t.predStart, t.predEnd) : undefined;
        if (fastPred) pred = fastPred;
        else {
          const p = parse(t.pred ?? sc.stringAt(t.predStart, t.predEnd, false));
          if (p.ok) for (const [s, v] of p.pairs) pred.push(col.slotById(s), col.value(v));
          else {
            unparseable++;
            extra.unparseable = places.describe(t.predAt, pathPush(path(), 'bspn_gen'), `word ${p.word}: ${p.problem}`);
          }
        }
        if (t.pred !== undefined ? t.pred.trim() === '' : blank(bytes, t.predStart, t.predEnd)) emptyGenerated++;
        col.turn(id, index, gold, pred, at, t.user !== undefined ? { user: t.user } : undefined, extra);
        if ((++count & 0xfff) === 0) opts.onProgress?.(sc.pos / bytes.length);
      };

      if (sc.peek() === 0x5b) {
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
          ids.add(id, at, path);
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
