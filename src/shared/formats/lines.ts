// Layer: shared (pure TS). Line-aligned generations (issue 18): a text file
// with one generation per line, joined by line number to an index.
//
// `lines` — DST-as-Prompting (chiahsuan156/DST-as-Prompting): run_t5.py writes
// generated_predictions.txt ("\n".join of the decoded generations, no final
// newline); the index is the JSON Lines test file the generations were made
// from, `--index FILE`. Its first line decides the variant:
//   by slot (data/preprocess_mw24_prompt_by_slot.py process_and_write_dials):
//     one index line per (user turn, domain_slot) with the gold `value`
//     ("none" = inactive); a generation is that slot's value, "none"
//     (any case, as eval_mw24_prompt_by_slot.py lower-cases) = inactive; the
//     turn's prediction is its non-none slots.
//   all domains (data/preprocess_mw24_prompt_alldomains.py): one index line per
//     user turn with the cumulative gold `dst` ("d-s=v, d-s=v, "); a generation
//     is the turn's update in that form or "none"; updates accumulate per
//     dialogue and nothing is deleted (eval_mw24_prompt_alldomains.py). A line
//     that does not split into domain-slot=value pieces (utils/dialogue_utils.py
//     parse_t5 keeps the pieces before the first bad one) is unparseable: its
//     update is empty (the previous state carries over).
// The evaluators zip the two files and so truncate silently on a count
// mismatch; here a mismatch is an error naming both files and both counts.
//
// `ldst` — LDST (WoodScene/LDST generate_few-shot.py): each result line is
// its index line (Data/MultiWOZ24_preprocess.py: "data.json|||MUL0371.json|||
// <log index of the system turn>|||<frame>|||<domain>|||<slot>") followed by
// "|||" and a Python list literal of the response: ['east</s>'],
// ["saint catharine's college</s>"], or [] (not generated). One trailing
// "</s>" is removed; "NONE" (case-sensitive, as postprocess.py) = inactive.
// A last field that is not a list literal is unparseable: that slot is not
// predicted, and the turn is listed as unparseable. LDST results carry no gold:
// `--gold`. `--index` (test_LLM.idx), when given, must have as many lines.

import type { TurnExtra } from '../model/builder';
import { collectTurns, TurnCollector } from './collect';
import { LoadError } from './errors';
import { missingKey } from './field-policy';
import { JsonScanner } from './json-scanner';
import { readLdstFast, type LdstRead } from './ldst-fast';
import { parsePyList } from './py-list';
import { isNone, parseDstString } from './dst-string';
import { DstPieces, readAllDomainsFast } from './lines-fast';
import { PairBuffer } from './fga-buffers';
import { decodeUtf8 } from './byte-interner';
import { byteLineCount, commonPrefix, DECLINE, plainStringEnd } from './line-bytes';
import { ElementContext, pathPush, UniqueKeys } from './json-walk';
import type { FormatLoader, LoadedCorpus, LoadOptions } from './types';
import { plural } from '../plural';
import { ldstSniffer, linesSniffer } from './sniffers';

export { parsePyList, parseDstString };

const utf8 = new TextDecoder('utf-8');

/**
 * The lines of a text file and the byte offset where each starts; a final
 * newline ends the last line (it does not start an empty one).
 */
export function textLines(bytes: Uint8Array): { lines: string[]; starts: Int32Array | number[]; finalNewline: boolean } {
  let text = utf8.decode(bytes);
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const lines = text.split('\n');
  const finalNewline = lines.length > 1 && lines[lines.length - 1] === '';
  if (finalNewline) lines.pop();
  if (text.includes('\r')) for (let i = 0; i < lines.length; i++) if (lines[i].endsWith('\r')) lines[i] = lines[i].slice(0, -1);
  const starts = new Int32Array(lines.length);
  let n = 1;
  for (let b = bytes.indexOf(0x0a); b >= 0 && n < lines.length; b = bytes.indexOf(0x0a, b + 1)) starts[n++] = b + 1;
  return { lines, starts, finalNewline };
}

/** The count-mismatch error: both files, both counts (and how a final newline was read). */
function countMismatch(gen: string, genLines: number, finalNewline: boolean, index: string, indexLines: number): LoadError {
  const nl = finalNewline ? ` (a final newline does not count; with it as an empty last line, ${genLines + 1})` : '';
  return new LoadError(
    gen,
    `${plural(genLines, 'generation line')}${nl}, but the index ${index} has ${plural(indexLines, 'line')}: one generation per index line is expected (a run that stopped early, or the wrong index?)`,
  );
}

interface IndexLine {
  dialogue: string;
  turn: number;
  slot?: string;
  value?: string;
  dst?: string;
  /** Fast mode: the dst string's bytes [dstAt, dstEnd) (without quotes), not decoded; dstEscaped when it holds escapes. */
  dstAt?: number;
  dstEnd?: number;
  dstEscaped?: boolean;
  at: number;
  line: number;
}

const INDEX_KEYS = ['dialogue_id', 'turn_id', 'domain_slot', 'value', 'dst'];

/**
 * Reads DST-as-Prompting's JSON Lines index (only the keys the join needs; the
 * prompts are skipped). `fast`: the dst strings are not decoded (their bytes
 * are kept, for lines-fast.ts), and a dialogue id whose bytes repeat the line
 * before's is not decoded again.
 */
function readIndex(bytes: Uint8Array, file: string, fast = false): IndexLine[] {
  const sc = new JsonScanner(bytes, file);
  const ctx = new ElementContext(bytes, file, 0);
  const keys = new UniqueKeys(sc);
  const out: IndexLine[] = [];
  let line = 0;
  let idAt = -1;
  let idLen = 0;
  let idText = '';
  let lastDst = -1;
  let lastDstLen = 0;
  const str = (path: string, what: string) => {
    if (!sc.isString()) sc.wrongType(path, what);
    return sc.readString();
  };
  while (sc.pos < bytes.length) {
    line++;
    let p = sc.pos;
    while (bytes[p] === 0x20 || bytes[p] === 0x09 || bytes[p] === 0x0d) p++;
    sc.pos = p;
    if (bytes[p] === 0x0a) {
      sc.pos++;
      continue;
    }
    if (p >= bytes.length) break;
    const at = p;
    ctx.at = at;
    const path = `line ${line}`;
    sc.openObject(path, 'an index object {"dialogue_id", "turn_id", …}');
    // Every field set up front: one object shape for all lines.
    const e: Partial<IndexLine> = {
      dialogue: undefined,
      turn: undefined,
      slot: undefined,
      value: undefined,
      dst: undefined,
      dstAt: undefined,
      dstEnd: undefined,
      dstEscaped: undefined,
      at,
      line,
    };
    keys.reset();
    for (let first = true; sc.nextKey(first); first = false) {
      keys.add(path);
      if (sc.keyIs('dialogue_id')) {
        if (fast) {
          sc.peek();
          const s = sc.pos;
          if (sc.skipRepeat(idAt, idLen)) e.dialogue = idText;
          else {
            e.dialogue = idText = ctx.dialogueId(str(pathPush(path, 'dialogue_id'), 'a dialogue id string'), path);
            idLen = sc.pos - s;
          }
          idAt = s;
        } else e.dialogue = ctx.dialogueId(str(pathPush(path, 'dialogue_id'), 'a dialogue id string'), path);
      } else if (sc.keyIs('turn_id')) {
        sc.peek();
        const s = sc.pos;
        sc.skipValue();
        e.turn = ctx.turnIndexAt(s, sc.pos, path, 'turn_id');
      } else if (sc.keyIs('domain_slot')) e.slot = str(pathPush(path, 'domain_slot'), 'a "domain-slot" string');
      else if (sc.keyIs('value')) e.value = str(pathPush(path, 'value'), 'the gold value (a string, "none" when inactive)');
      else if (sc.keyIs('dst')) {
        if (fast && sc.isString()) {
          // The bytes it shares with the line before's (a cumulative state) were checked there: no quote, escape or control byte.
          const s = sc.pos;
          const shared = lastDst < 0 ? 0 : commonPrefix(bytes, lastDst, s + 1, Math.min(lastDstLen, bytes.length - s - 1));
          const end = plainStringEnd(bytes, s + shared);
          if (end < 0) sc.skipValue();
          else sc.pos = end;
          e.dstAt = s + 1;
          e.dstEnd = sc.pos - 1;
          e.dstEscaped = end < 0;
          lastDst = end < 0 ? -1 : s + 1;
          lastDstLen = sc.pos - 2 - s;
        } else e.dst = str(pathPush(path, 'dst'), 'the gold state ("domain-slot=value, …")');
      } else if (fast && sc.peek() === 0x22) {
        // A prompt: skipped by a quick scan when it holds no escape (else the scanner validates it).
        const end = plainStringEnd(bytes, sc.pos);
        if (end < 0) sc.skipValue();
        else sc.pos = end;
      } else sc.skipValue();
    }
    p = sc.pos;
    while (bytes[p] === 0x20 || bytes[p] === 0x09 || bytes[p] === 0x0d) p++;
    sc.pos = p;
    if (p < bytes.length && bytes[p] !== 0x0a) sc.fail('expected the end of the line after the index object (one JSON object per line)');
    if (bytes[p] === 0x0a) sc.pos++;
    if (e.dialogue === undefined) throw ctx.error(path, missingKey('dialogue_id', 'the dialogue id', keys.names(), INDEX_KEYS));
    if (e.turn === undefined) throw ctx.error(path, missingKey('turn_id', 'the turn index', keys.names(), INDEX_KEYS));
    const bySlot = out.length > 0 ? out[0].slot !== undefined : e.slot !== undefined;
    if (bySlot && (e.slot === undefined || e.value === undefined))
      throw ctx.error(
        path,
        missingKey(e.slot === undefined ? 'domain_slot' : 'value', 'the slot and its gold value', keys.names(), INDEX_KEYS) +
          ' (the first line made this a by-slot index)',
      );
    if (!bySlot && e.dst === undefined && e.dstAt === undefined)
      throw ctx.error(path, missingKey('dst', 'the gold state of the turn', keys.names(), INDEX_KEYS));
    out.push(e as IndexLine);
  }
  if (out.length === 0) throw new LoadError(file, 'the index holds no lines');
  return out;
}

export const linesLoader: FormatLoader = { ...linesSniffer, load: loadLines };

export function loadLines(bytes: Uint8Array, opts: LoadOptions): LoadedCorpus {
  if (!opts.index)
    throw new LoadError(
      opts.file,
      'line-aligned generations need their index: the JSON Lines file the generations were made from (--index FILE on the command line)',
    );
  try {
    return readLines(bytes, opts, true);
  } catch {
    // Declined (or the files are bad): the plain reading reads them, or says what is wrong and where.
  }
  return readLines(bytes, opts, false);
}

/**
 * Reads the generations and their index. `fast`: an all-domains index is
 * read in one pass with the generations (readAllDomainsFast, lines-fast.ts);
 * where that declines, gold states are read from the index's bytes
 * (DstPieces) and each distinct generated update parsed once; it reads what
 * the plain reading reads, or throws (then loadLines reads the
 * plain way, which gives the error with its place).
 */
export function readLines(bytes: Uint8Array, opts: LoadOptions, fast: boolean): LoadedCorpus {
  if (!opts.index) throw new LoadError(opts.file, 'no index');
  if (fast) {
    // The usual all-domains files: one pass over both files (lines-fast.ts), or it declines.
    const col = new TurnCollector(bytes, opts.file, true, { turns: byteLineCount(bytes), pairs: opts.index.bytes.length / 12 });
    let read: { lines: number; unparseable: number } | undefined;
    try {
      read = readAllDomainsFast(col, bytes, opts.index.bytes, opts.index.file);
    } catch {
      // Declined: read below (the index first, then the join).
    }
    if (read) {
      const { corpus, warnings } = col.build();
      return linesResult(corpus, warnings, opts.index.file, false, read.lines, 0, read.unparseable);
    }
  }
  const index = readIndex(opts.index.bytes, opts.index.file, fast);
  const indexBytes = opts.index.bytes;
  const pieces = fast ? new DstPieces() : undefined;
  const goldPairs = new PairBuffer();
  const updates = new Map<string, ReturnType<typeof parseDstString>>();
  const { lines, starts, finalNewline } = textLines(bytes);
  if (lines.length !== index.length) throw countMismatch(opts.file, lines.length, finalNewline, opts.index.file, index.length);
  const bySlot = index[0].slot !== undefined;
  let unparseable = 0;
  let noneUpper = 0;
  const hint = { turns: index.length, pairs: opts.index.bytes.length / 12 };
  const { corpus, warnings } = collectTurns(
    bytes,
    opts.file,
    (col) => {
      unparseable = noneUpper = 0;
      const goldIndexError = (e: IndexLine, problem: string) =>
        new LoadError(opts.index!.file, `line ${e.line}: the gold state (dst) cannot be read: ${problem}`, {
          line: e.line,
          column: 1,
          offset: e.at,
        });
      let i = 0;
      let lastDialogue: string | undefined;
      let state = new Map<number, number>();
      while (i < index.length) {
        const first = index[i];
        let j = i + 1;
        while (j < index.length && index[j].dialogue === first.dialogue && index[j].turn === first.turn) j++;
        const gold: number[] = [];
        const pred: number[] = [];
        const extra: TurnExtra = {};
        if (bySlot) {
          const raw: string[] = [];
          for (let k = i; k < j; k++) {
            const e = index[k];
            const slot = col.flatSlot(e.slot!);
            if (!isNone(e.value!)) gold.push(slot, col.value(e.value!));
            const g = lines[k].trim();
            if (isNone(g)) {
              if (g !== 'none') noneUpper++;
              continue;
            }
            raw.push(`${e.slot}=${lines[k]}`);
            pred.push(slot, col.value(g));
          }
          extra.raw = raw.join('\n');
        } else {
          if (first.dialogue !== lastDialogue) state = new Map();
          lastDialogue = first.dialogue;
          for (let k = i; k < j; k++) {
            const e = index[k];
            if (pieces && e.dstAt !== undefined) {
              if (e.dstEscaped) e.dst = JSON.parse(`"${decodeUtf8(indexBytes, e.dstAt, e.dstEnd!)}"`) as string;
              else {
                goldPairs.n = 0;
                if (pieces.read(col, indexBytes, e.dstAt, e.dstEnd!, k === i ? goldPairs : null) !== null) throw DECLINE;
                for (let q = 0; q < goldPairs.n; q++) gold.push(goldPairs.a[q]);
              }
            }
            if (e.dst !== undefined) {
              const g = parseDstString(e.dst);
              if ('problem' in g) throw goldIndexError(e, g.problem);
              if (k === i) for (const [s, v] of g.pairs) gold.push(col.flatSlot(s), col.value(v));
            }
            let u = fast ? updates.get(lines[k]) : undefined;
            if (u === undefined) {
              u = parseDstString(lines[k]);
              if (fast) updates.set(lines[k], u);
            }
            if ('problem' in u) {
              unparseable++;
              extra.unparseable = `${k + 1}:1: line ${k + 1}: ${u.problem} (the update is empty: the previous state carries over)`;
            } else for (const [s, v] of u.pairs) state.set(col.flatSlot(s), col.value(v));
            extra.raw = lines[k];
          }
          state.forEach((v, s) => pred.push(s, v));
        }
        col.turn(first.dialogue, first.turn, gold, pred, starts[i], undefined, extra);
        i = j;
      }
    },
    hint,
  );
  return linesResult(corpus, warnings, opts.index.file, bySlot, lines.length, noneUpper, unparseable);
}

/** The loaded corpus with its notes: how the files were joined, inactive values not written "none", unparseable updates. */
function linesResult(
  corpus: LoadedCorpus['corpus'],
  warnings: string[],
  indexFile: string,
  bySlot: boolean,
  lineCount: number,
  noneUpper: number,
  unparseable: number,
): LoadedCorpus {
  const notes = [
    `line-aligned generations joined to the index ${indexFile} (${bySlot ? 'one generated value per slot: DST-as-Prompting by slot' : 'one generated turn update per line: DST-as-Prompting all domains, updates accumulate per dialogue'}); ${plural(lineCount, 'line')}`,
  ];
  if (noneUpper > 0)
    notes.push(
      `${plural(noneUpper, 'generation')} read as inactive although not written "none" exactly (e.g. "NONE"): case is ignored, as the DST-as-Prompting evaluator does`,
    );
  const scoreNotes: string[] = [];
  if (unparseable > 0)
    scoreNotes.push(
      `${plural(unparseable, 'generated update')} could not be parsed; ${unparseable === 1 ? 'its turn keeps' : 'their turns keep'} the previous predicted state (an empty update; inspect lists each with its line)`,
    );
  return { corpus, format: linesLoader.id, warnings: [...notes, ...warnings, ...scoreNotes], scoreNotes };
}

// ---------------------------------------------------------------- LDST

export const ldstLoader: FormatLoader = { ...ldstSniffer, load: loadLdst };

export function loadLdst(bytes: Uint8Array, opts: LoadOptions): LoadedCorpus {
  let read: LdstRead | undefined;
  try {
    read = readLdstFast(bytes, opts);
  } catch {
    // Declined (or the file is bad): the plain path reads it, or says what is wrong and where.
  }
  return ldstResult(read ?? readLdstPlain(bytes, opts));
}

/** The plain path: the file decoded and split into lines, each split at "|||" (ldst-fast.ts gives the same, faster, or declines). */
export function readLdstPlain(bytes: Uint8Array, opts: LoadOptions): LdstRead {
  const { lines, starts, finalNewline } = textLines(bytes);
  if (opts.index) {
    const idx = textLines(opts.index.bytes);
    if (idx.lines.length !== lines.length) throw countMismatch(opts.file, lines.length, finalNewline, opts.index.file, idx.lines.length);
  }
  let unparseable = 0;
  let notGenerated = 0;
  const { corpus, warnings } = collectTurns(bytes, opts.file, (col) => {
    unparseable = notGenerated = 0;
    let open: { id: string; turn: number; at: number; pred: number[]; raw: string[]; problems: string[] } | undefined;
    const flush = () => {
      if (!open) return;
      const extra: TurnExtra = { raw: open.raw.join('\n') };
      if (open.problems.length > 0) extra.unparseable = open.problems.join('; ');
      col.turn(open.id, open.turn, [], open.pred, open.at, undefined, extra);
      open = undefined;
    };
    for (let n = 0; n < lines.length; n++) {
      const line = lines[n];
      const at = starts[n];
      const where = `${n + 1}:1`;
      const f = line.split('|||');
      if (f.length < 7)
        throw new LoadError(
          opts.file,
          `line ${n + 1}: expected 7 fields separated by "|||" (index fields and the response), found ${f.length}`,
          {
            line: n + 1,
            column: 1,
            offset: at,
          },
        );
      const [source, dialogue, logTurn, , domain, slotName] = f;
      if (source !== 'data.json')
        throw new LoadError(
          opts.file,
          `line ${n + 1}: the first field is ${JSON.stringify(source)}; only LDST's MultiWOZ index ("data.json|||<dialogue id>|||…", Data/MultiWOZ24_preprocess.py) names dialogues by id (SGD and MultiWOZ 2.2 indexes name them by position in a file)`,
          { line: n + 1, column: 1, offset: at },
        );
      const log = Number(logTurn);
      if (!Number.isInteger(log) || log < 1 || log % 2 !== 1)
        throw new LoadError(
          opts.file,
          `line ${n + 1}: the turn field ${JSON.stringify(logTurn)} is not the log index of a system turn (an odd number: 1, 3, 5, …)`,
          { line: n + 1, column: 1, offset: at },
        );
      const turn = (log - 1) / 2;
      if (!open || open.id !== dialogue || open.turn !== turn) {
        flush();
        open = { id: dialogue, turn, at, pred: [], raw: [], problems: [] };
      }
      const response = f.slice(6).join('|||');
      const slot = `${domain}-${slotName}`;
      open.raw.push(`${slot}=${response}`);
      const r = parsePyList(response);
      if ('problem' in r) {
        unparseable++;
        open.problems.push(`${where}: ${slot}: ${r.problem}`);
        continue;
      }
      if (r.value === null) {
        notGenerated++;
        continue;
      }
      const value = r.value.replace(/<\/s>$/, '').trim();
      if (value === 'NONE' || value === '') continue;
      open.pred.push(col.flatSlot(slot), col.value(value));
    }
    flush();
  });
  return { corpus, warnings, unparseable, notGenerated };
}

function ldstResult({ corpus, warnings, unparseable, notGenerated }: LdstRead): LoadedCorpus {
  const notes = ['LDST results: one generated value per line after its index fields; NONE = inactive; one trailing </s> removed'];
  const scoreNotes: string[] = [];
  if (unparseable > 0)
    scoreNotes.push(
      `${plural(unparseable, 'generated value')} could not be parsed (not a Python list literal): ${unparseable === 1 ? 'that slot counts' : 'those slots count'} as not predicted and ${unparseable === 1 ? 'its turn is' : 'their turns are'} listed as unparseable`,
    );
  if (notGenerated > 0)
    scoreNotes.push(`${plural(notGenerated, 'slot')} not generated ([], e.g. outside --except_domain in zero-shot runs): not predicted`);
  return {
    corpus,
    format: ldstLoader.id,
    warnings: [...notes, ...warnings, ...scoreNotes],
    scoreNotes,
    needsGold: 'LDST results carry no gold states',
  };
}
