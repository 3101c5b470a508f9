// Layer: shared (pure TS). The fast reading of DST-as-Prompting's gold states
// (lines.ts, the "all domains" index: one cumulative "d-s=v, d-s=v, " string
// per turn) from the index's bytes, without decoding them: a state whose bytes
// repeat the line before's is taken with its pairs, and otherwise each piece
// between commas is interned by its bytes (byte-interner.ts), so that a piece
// met before ("hotel-area=north") is parsed (parseDstPiece) and named once.
// It reads what parseDstString reads from the decoded string, or it throws
// DECLINE (a BOM inside, invalid UTF-8) and lines.ts reads the file the plain
// way. fast-check tests: test/unit/shared/formats/lines-fast.test.ts.

import { Interner } from '../model/interner';
import { ByteInterner, decodeUtf8 } from './byte-interner';
import type { TurnCollector } from './collect';
import { commonPrefix, DECLINE, hashBytes, hasBom } from './line-bytes';
import { isNone, parseDstPiece, parseDstString } from './dst-string';

export class DstPieces {
  private readonly pieces = new ByteInterner(new Interner());
  private readonly parsed: (ReturnType<typeof parseDstPiece> | undefined)[] = [];
  // Per collector (collectTurns may read twice): the corpus ids of each piece's slot and value, made when first used.
  private col: TurnCollector | undefined;
  private slotIds: number[] = [];
  private valueIds: number[] = [];
  /**
   * The last state read into a pair list: its bytes, and its non-blank pieces
   * (ids) with the offset of the comma after each (or the length, for a last
   * piece without one). Scratch lists, swapped with ids/ends (no allocation per state).
   */
  private lastAt = -1;
  private lastLen = 0;
  private lastIds: number[] = [];
  private lastEnds: number[] = [];
  private ids: number[] = [];
  private ends: number[] = [];

  /**
   * The state whose (unescaped) JSON string content is b[s, e): its pairs
   * appended to `out` as corpus ids (null: only checked), or the problem with
   * its first bad piece (nothing appended). Throws DECLINE. A state read into
   * a pair list is kept: the next one's pieces within the bytes both begin
   * with (a cumulative state repeats the turn before's, then adds) are taken.
   */
  read(col: TurnCollector, b: Uint8Array, s: number, e: number, out: number[] | null): string | null {
    if (col !== this.col) {
      this.col = col;
      this.slotIds = [];
      this.valueIds = [];
      this.lastAt = -1;
    }
    const len = e - s;
    const ids = this.ids;
    const ends = this.ends;
    ids.length = ends.length = 0;
    let a = s;
    if (out !== null && this.lastAt >= 0) {
      const shared = commonPrefix(b, this.lastAt, s, Math.min(len, this.lastLen));
      if (shared === len && len === this.lastLen) {
        this.pairs(this.lastIds, out);
        this.lastAt = s;
        return null;
      }
      // Pieces whose comma is within the shared bytes are the same pieces.
      const lastEnds = this.lastEnds;
      let k = 0;
      while (k < lastEnds.length && lastEnds[k] < shared) {
        ids.push(this.lastIds[k]);
        ends.push(lastEnds[k]);
        k++;
      }
      if (k > 0) a = s + lastEnds[k - 1] + 1;
    }
    if (ids.length === 0) {
      let comma = s;
      while (comma < e && b[comma] !== 0x2c) comma++;
      if (comma === e) {
        // One piece, maybe "none": decoded as the plain path decodes the whole string.
        const g = parseDstString(decodeUtf8(b, s, e));
        if ('problem' in g) return g.problem;
        if (out !== null) for (const [name, value] of g.pairs) out.push(col.flatSlot(name), col.value(value));
        this.lastAt = -1;
        return null;
      }
    }
    while (a <= e) {
      let c = a;
      while (c < e && b[c] !== 0x2c) c++;
      if (hasBom(b, a, c)) throw DECLINE;
      const id = this.pieces.intern(b, a, c, hashBytes(b, a, c));
      let p = this.parsed[id];
      if (p === undefined) p = this.parsed[id] = parseDstPiece(this.pieces.target.name(id));
      if (p !== null) {
        if (!Array.isArray(p)) return p.problem;
        ids.push(id);
        ends.push(c - s);
      }
      a = c + 1;
    }
    if (out === null) return null;
    this.pairs(ids, out);
    this.lastAt = s;
    this.lastLen = len;
    this.ids = this.lastIds;
    this.ends = this.lastEnds;
    this.lastIds = ids;
    this.lastEnds = ends;
    return null;
  }

  /** The pieces' (slot, value) corpus ids, appended to `out`. */
  private pairs(ids: number[], out: number[]): void {
    const col = this.col!;
    for (const id of ids) {
      let slot = this.slotIds[id];
      if (slot === undefined) slot = this.slotIds[id] = col.flatSlot((this.parsed[id] as [string, string])[0]);
      let value = this.valueIds[id];
      if (value === undefined) value = this.valueIds[id] = col.value((this.parsed[id] as [string, string])[1]);
      out.push(slot, value);
    }
  }
}

/** An index line as readLines sees it (lines.ts IndexLine, the fields the all-domains join reads). */
export interface AllDomainsLine {
  dialogue: string;
  turn: number;
  dst?: string;
  dstAt?: number;
  dstEnd?: number;
  dstEscaped?: boolean;
}

/**
 * The all-domains join of readLines, fast: the turns go straight into the
 * collector's corpus builder (no pending turn objects), the states through
 * scratch lists, each distinct generated update parsed and named once (its
 * corpus ids kept), the dialogue's predicted state in a slot-indexed array.
 * Slots and values are named in the order the plain join names them, so the
 * corpus is the same. It throws DECLINE where the plain join would gather
 * (a dialogue's turns not contiguous, turns out of order or repeated) or
 * report (a bad gold state, a state the builder refuses): the plain join
 * then reads the files, or says what is wrong and where.
 */
export function joinAllDomainsFast(
  col: TurnCollector,
  index: AllDomainsLine[],
  lines: string[],
  indexBytes: Uint8Array,
  pieces: DstPieces,
): number {
  const b = col.builder;
  const updates = new UpdatePieces(col);
  const ids: number[] = [];
  const gold: number[] = [];
  const pred: number[] = [];
  const extra: { raw?: string; unparseable?: string } = { raw: undefined, unparseable: undefined };
  let valueOf = new Int32Array(64).fill(-1);
  const active: number[] = [];
  let unparseable = 0;
  let lastDialogue: string | undefined;
  let lastTurn = -1;
  let i = 0;
  while (i < index.length) {
    const first = index[i];
    let j = i + 1;
    while (j < index.length && index[j].dialogue === first.dialogue && index[j].turn === first.turn) j++;
    if (first.dialogue !== lastDialogue) {
      if (b.beginDialogue(first.dialogue) !== null) throw DECLINE;
      for (const s of active) valueOf[s] = -1;
      active.length = 0;
      lastDialogue = first.dialogue;
    } else if (first.turn <= lastTurn) throw DECLINE;
    lastTurn = first.turn;
    gold.length = pred.length = 0;
    extra.unparseable = undefined;
    for (let k = i; k < j; k++) {
      const e = index[k];
      if (e.dstAt === undefined || e.dstEscaped) throw DECLINE;
      if (pieces.read(col, indexBytes, e.dstAt, e.dstEnd!, k === i ? gold : null) !== null) throw DECLINE;
      const line = lines[k];
      const problem = updates.read(line, ids);
      if (problem !== null) {
        unparseable++;
        extra.unparseable = `${k + 1}:1: line ${k + 1}: ${problem} (the update is empty: the previous state carries over)`;
      } else
        for (let p = 0; p < ids.length; p += 2) {
          const s = ids[p];
          if (s >= valueOf.length) {
            const grown = new Int32Array(Math.max(2 * valueOf.length, s + 1)).fill(-1);
            grown.set(valueOf);
            valueOf = grown;
          }
          if (valueOf[s] < 0) active.push(s);
          valueOf[s] = ids[p + 1];
        }
      extra.raw = line;
    }
    for (const s of active) pred.push(s, valueOf[s]);
    if (b.addTurn(first.turn, gold, pred, undefined, undefined, extra) !== null) throw DECLINE;
    i = j;
  }
  return unparseable;
}

/**
 * Generated updates read as parseDstString reads them, each distinct piece
 * between commas parsed once and named (corpus ids) when first applied, so
 * that slots and values are named in the plain join's order (an update with
 * a bad piece names nothing).
 */
class UpdatePieces {
  private readonly index = new Map<string, number>();
  /** Per piece: its (domain-slot, value), null when blank, or its problem. */
  private readonly parsed: ([string, string] | null | { problem: string })[] = [];
  private readonly slotIds: number[] = [];
  private readonly valueIds: number[] = [];
  private readonly found: number[] = [];

  constructor(private readonly col: TurnCollector) {}

  /** The update's pairs as corpus ids into `out` (cleared), or the problem with its first bad piece (out then empty). */
  read(line: string, out: number[]): string | null {
    out.length = 0;
    // "none" (any case, any blanks around it) holds no comma.
    if ((line.length < 32 || line.indexOf(',') < 0) && isNone(line)) return null;
    const found = this.found;
    found.length = 0;
    for (let a = 0; ;) {
      const c = line.indexOf(',', a);
      const raw = c < 0 ? line.slice(a) : line.slice(a, c);
      let id = this.index.get(raw);
      if (id === undefined) {
        id = this.parsed.length;
        this.parsed.push(parseDstPiece(raw));
        this.index.set(raw, id);
      }
      const p = this.parsed[id];
      if (p !== null) {
        if (!Array.isArray(p)) return p.problem;
        found.push(id);
      }
      if (c < 0) break;
      a = c + 1;
    }
    for (const id of found) {
      let slot = this.slotIds[id];
      if (slot === undefined) slot = this.slotIds[id] = this.col.flatSlot((this.parsed[id] as [string, string])[0]);
      let value = this.valueIds[id];
      if (value === undefined) value = this.valueIds[id] = this.col.value((this.parsed[id] as [string, string])[1]);
      out.push(slot, value);
    }
    return null;
  }
}
