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
import { parseDstPiece, parseDstString } from './dst-string';

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
