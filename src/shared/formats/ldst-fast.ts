// Layer: shared (pure TS). The fast path of the LDST loader (lines.ts,
// loadLdst): reads the results file in bytes, line by line, without decoding
// it as a whole or splitting it into strings. A line's dialogue field is
// compared as bytes with the open turn's (most lines repeat it); the
// "<domain>|||<slot>" fields and the response are interned by their bytes
// (byte-interner.ts), so each distinct slot and each distinct response
// (['NONE</s>'] on most lines) is decoded, named and parsed (parsePyList) once.
// It gives the corpus, warnings and counts of the plain path (readLdstPlain)
// or it gives up by throwing — on anything the plain path would refuse or that
// it does not read the same way in bytes (a line that is not the usual shape,
// invalid UTF-8, a BOM inside, a count mismatch with --index) — and then the
// plain path reads the file and says what is wrong, with its place.
// fast-check tests: test/unit/shared/formats/ldst-fast.test.ts.

import type { TurnExtra } from '../model/builder';
import { Interner } from '../model/interner';
import { ByteInterner } from './byte-interner';
import { collectTurns } from './collect';
import { byteLineCount, hashBytes, DECLINE, hasBom } from './line-bytes';
import { parsePyList } from './py-list';
import type { Corpus } from '../model/corpus';
import type { LoadOptions } from './types';

/** What the LDST paths read (lines.ts makes the LoadedCorpus and its notes from it). */
export interface LdstRead {
  corpus: Corpus;
  warnings: string[];
  unparseable: number;
  notGenerated: number;
}

const utf8 = new TextDecoder('utf-8');
const DATA_JSON = [0x64, 0x61, 0x74, 0x61, 0x2e, 0x6a, 0x73, 0x6f, 0x6e, 0x7c, 0x7c, 0x7c]; // "data.json|||"
const PIPE = 0x7c;

/** What a response reads as. */
const PROBLEM = 0;
const NOT_GENERATED = 1;
const INACTIVE = 2;
const VALUE = 3;

/** The start of the next "|||" in b[from, end), or -1. */
function separator(b: Uint8Array, from: number, end: number): number {
  for (let q = from; q + 2 < end; q++) if (b[q] === PIPE && b[q + 1] === PIPE && b[q + 2] === PIPE) return q;
  return -1;
}

/** A non-fatal decoding of b[s, e) equal to that range's part of the whole text's decoding (declines where a BOM would be dropped). */
function field(b: Uint8Array, s: number, e: number): string {
  if (hasBom(b, s, e)) throw DECLINE;
  return utf8.decode(b.subarray(s, e));
}

export function readLdstFast(bytes: Uint8Array, opts: LoadOptions): LdstRead {
  const b = bytes;
  const n = b.length;
  let first = 0;
  if (hasBom(b, 0, n)) {
    first = 3;
    if (hasBom(b, 3, n)) throw DECLINE; // the plain path strips a second BOM too
  }
  // Slot fields and responses by their bytes: their decoded texts and what they read as (the same in every run).
  const slotKeys = new ByteInterner(new Interner());
  const slotText: string[] = [];
  const responses = new ByteInterner(new Interner());
  const respText: string[] = [];
  const respKind: number[] = [];
  const respValue: string[] = [];
  const respProblem: string[] = [];
  let unparseable = 0;
  let notGenerated = 0;
  let lineCount = 0;
  const { corpus, warnings } = collectTurns(bytes, opts.file, (col) => {
    unparseable = notGenerated = 0;
    // Corpus ids, per collector (collectTurns may run this twice), made when first used as the plain path makes them.
    const slotId: number[] = [];
    const valueId: number[] = [];
    let openId = '';
    let openStart = -1;
    let openLen = 0;
    let openTurn = -1;
    let openAt = 0;
    let pred: number[] = [];
    let raw: string[] = [];
    let problems: string[] = [];
    const flush = () => {
      if (openStart < 0) return;
      const extra: TurnExtra = { raw: raw.join('\n') };
      if (problems.length > 0) extra.unparseable = problems.join('; ');
      col.turn(openId, openTurn, [], pred, openAt, undefined, extra);
    };
    let line = 0;
    let at = 0;
    let p = first;
    for (;;) {
      const nl = b.indexOf(0x0a, p);
      const end = nl < 0 ? n : nl;
      if (nl < 0 && p === n && line > 0) break; // after a final newline: no empty last line
      let ce = end;
      if (ce > p && b[ce - 1] === 0x0d) ce--;
      // "data.json|||<dialogue>|||<odd turn>|||<frame>|||<domain>|||<slot>|||<response>"
      if (ce - p < DATA_JSON.length) throw DECLINE;
      for (let k = 0; k < DATA_JSON.length; k++) if (b[p + k] !== DATA_JSON[k]) throw DECLINE;
      const d0 = p + DATA_JSON.length;
      const d1 = separator(b, d0, ce);
      if (d1 < 0) throw DECLINE;
      const t0 = d1 + 3;
      const t1 = separator(b, t0, ce);
      if (t1 < 0 || t1 - t0 < 1 || t1 - t0 > 9 || (t1 - t0 > 1 && b[t0] === 0x30)) throw DECLINE;
      let log = 0;
      for (let q = t0; q < t1; q++) {
        const dg = b[q] - 0x30;
        if (dg < 0 || dg > 9) throw DECLINE;
        log = log * 10 + dg;
      }
      if (log % 2 !== 1) throw DECLINE;
      const turn = (log - 1) / 2;
      const f1 = separator(b, t1 + 3, ce);
      if (f1 < 0) throw DECLINE;
      const s0 = f1 + 3;
      const dm1 = separator(b, s0, ce);
      if (dm1 < 0) throw DECLINE;
      const s1 = separator(b, dm1 + 3, ce);
      if (s1 < 0) throw DECLINE;
      const r0 = s1 + 3;
      // The turn: the open one if its dialogue's bytes (or, failing that, its text) and turn repeat.
      const dLen = d1 - d0;
      let same = openStart >= 0 && dLen === openLen;
      for (let k = 0; same && k < dLen; k++) same = b[d0 + k] === b[openStart + k];
      if (!same || turn !== openTurn) {
        const id = same ? openId : field(b, d0, d1);
        if (openStart < 0 || id !== openId || turn !== openTurn) {
          flush();
          openId = id;
          openTurn = turn;
          openAt = at;
          pred = [];
          raw = [];
          problems = [];
        }
        openStart = d0;
        openLen = dLen;
      }
      // The slot, from its two fields.
      if (hasBom(b, s0, dm1) || hasBom(b, dm1 + 3, s1)) throw DECLINE;
      const sk = slotKeys.intern(b, s0, s1, hashBytes(b, s0, s1));
      let slot = slotText[sk];
      if (slot === undefined) slot = slotText[sk] = `${field(b, s0, dm1)}-${field(b, dm1 + 3, s1)}`;
      // The response, read once per distinct bytes.
      if (hasBom(b, r0, ce)) throw DECLINE;
      const rk = responses.intern(b, r0, ce, hashBytes(b, r0, ce));
      if (respKind[rk] === undefined) {
        const text = (respText[rk] = responses.target.name(rk));
        const r = parsePyList(text);
        if ('problem' in r) {
          respKind[rk] = PROBLEM;
          respProblem[rk] = r.problem;
        } else if (r.value === null) respKind[rk] = NOT_GENERATED;
        else {
          const value = r.value.replace(/<\/s>$/, '').trim();
          respKind[rk] = value === 'NONE' || value === '' ? INACTIVE : VALUE;
          respValue[rk] = value;
        }
      }
      raw.push(`${slot}=${respText[rk]}`);
      const kind = respKind[rk];
      if (kind === PROBLEM) {
        unparseable++;
        problems.push(`${line + 1}:1: ${slot}: ${respProblem[rk]}`);
      } else if (kind === NOT_GENERATED) notGenerated++;
      else if (kind === VALUE) {
        let s = slotId[sk];
        if (s === undefined) s = slotId[sk] = col.flatSlot(slot);
        let v = valueId[rk];
        if (v === undefined) v = valueId[rk] = col.value(respValue[rk]);
        pred.push(s, v);
      }
      line++;
      if (nl < 0) break;
      p = at = nl + 1;
    }
    flush();
    lineCount = line;
  });
  if (opts.index && byteLineCount(opts.index.bytes) !== lineCount) throw DECLINE;
  return { corpus, warnings, unparseable, notGenerated };
}
