// Layer: shared (pure TS). The fast reading of DST-as-Prompting's gold states
// (lines.ts, the "all domains" index: one cumulative "d-s=v, d-s=v, " string
// per turn) from the index's bytes, without decoding them: a state whose bytes
// repeat the line before's is taken with its pairs, and otherwise each piece
// between commas is interned by its bytes (byte-interner.ts), so that a piece
// met before ("hotel-area=north") is parsed (parseDstPiece) and named once.
// It reads what parseDstString reads from the decoded string, or it throws
// DECLINE (a BOM inside, invalid UTF-8) and lines.ts reads the file the plain
// way. readAllDomainsFast reads the usual all-domains files in one pass over
// the index and the generations together, with nothing kept per line.
// fast-check tests: test/unit/shared/formats/lines-fast.test.ts.

import { Interner } from '../model/interner';
import { ByteInterner, decodeUtf8 } from './byte-interner';
import type { TurnCollector } from './collect';
import { badDialogueId } from './field-policy';
import { JsonScanner } from './json-scanner';
import { ElementContext } from './json-walk';
import { dataView, DECLINE, hasBom, plainStringEnd, prefixIn, suffixIn } from './line-bytes';
import { PairBuffer } from './fga-buffers';
import { isNone, parseDstPiece, parseDstString } from './dst-string';

/** A growable list of a state's pieces: interned id, start and end (offsets in the state's bytes; end = the comma after it, or the length). */
class PieceList {
  n = 0;
  ids = new Int32Array(32);
  starts = new Int32Array(32);
  ends = new Int32Array(32);

  add(id: number, start: number, end: number): void {
    if (this.n === this.ids.length) {
      const grow = (x: Int32Array) => {
        const y = new Int32Array(2 * x.length);
        y.set(x);
        return y;
      };
      this.ids = grow(this.ids);
      this.starts = grow(this.starts);
      this.ends = grow(this.ends);
    }
    this.ids[this.n] = id;
    this.starts[this.n] = start;
    this.ends[this.n] = end;
    this.n++;
  }
}

export class DstPieces {
  private readonly pieces = new ByteInterner(new Interner());
  private readonly parsed: (ReturnType<typeof parseDstPiece> | undefined)[] = [];
  // Per collector (collectTurns may read twice): the corpus ids of each piece's slot and value, made when first used.
  private col: TurnCollector | undefined;
  private slotIds: number[] = [];
  private valueIds: number[] = [];
  /**
   * The last state read into a pair list: its bytes, and its non-blank
   * pieces. Two scratch lists, swapped (no allocation per state).
   */
  private lastAt = -1;
  private lastLen = 0;
  private last = new PieceList();
  private cur = new PieceList();

  /**
   * The state whose (unescaped) JSON string content is b[s, e): its pairs
   * appended to `out` as corpus ids (null: only checked), or the problem with
   * its first bad piece (nothing appended). Throws DECLINE. A state read into
   * a pair list is kept: the next one's pieces within the bytes both begin
   * with (a cumulative state repeats the turn before's, then adds), and those
   * within the bytes both end with (a value changed in the middle), are taken
   * with their pairs; the pieces between are interned by their bytes.
   * `sharedWithLast`: the common prefix with the last state, if known.
   */
  read(col: TurnCollector, b: Uint8Array, s: number, e: number, out: PairBuffer | null, sharedWithLast = -1): string | null {
    if (col !== this.col) {
      this.col = col;
      this.slotIds = [];
      this.valueIds = [];
      this.lastAt = -1;
    }
    const len = e - s;
    const cur = this.cur;
    const last = this.last;
    cur.n = 0;
    let a = s;
    // Pieces read here are in [a, cut]; then the last state's pieces from `tail` on, moved by `delta`.
    let cut = e;
    let tail = last.n;
    let delta = 0;
    if (out !== null && this.lastAt >= 0) {
      const lastLen = this.lastLen;
      const shared =
        sharedWithLast >= 0 ? Math.min(sharedWithLast, len) : prefixIn(this.view(b), b, this.lastAt, s, Math.min(len, lastLen));
      if (shared === len && len === lastLen) {
        this.pairs(last, out);
        this.lastAt = s;
        return null;
      }
      // Pieces whose comma is within the shared bytes are the same pieces.
      let k = 0;
      while (k < last.n && last.ends[k] < shared) {
        cur.add(last.ids[k], last.starts[k], last.ends[k]);
        k++;
      }
      if (k > 0) a = s + last.ends[k - 1] + 1;
      // Pieces whose comma before them is within the bytes both end with (and after those taken above) are the same pieces.
      if (k < last.n) {
        const suffix = suffixIn(this.view(b), b, this.lastAt + lastLen, e, Math.min(len, lastLen) - (a - s));
        let m = last.n;
        while (m > k && last.starts[m - 1] >= 1 && last.starts[m - 1] - 1 >= lastLen - suffix) m--;
        if (m < last.n) {
          tail = m;
          delta = len - lastLen;
          cut = s + last.starts[m] - 1 + delta;
        }
      }
    }
    if (cur.n === 0 && cut === e) {
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
    while (a <= cut) {
      // The piece's end and its hash (hashBytes) in one loop.
      let c = a;
      let h = 0x811c9dc5 | 0;
      for (; c < cut; c++) {
        const x = b[c];
        if (x === 0x2c) break;
        h = Math.imul(h ^ x, 0x01000193);
      }
      if (hasBom(b, a, c)) throw DECLINE;
      const id = this.pieces.intern(b, a, c, h);
      let p = this.parsed[id];
      if (p === undefined) p = this.parsed[id] = parseDstPiece(this.pieces.target.name(id));
      if (p !== null) {
        if (!Array.isArray(p)) return p.problem;
        cur.add(id, a - s, c - s);
      }
      a = c + 1;
    }
    if (out === null) return null;
    for (let m = tail; m < last.n; m++) cur.add(last.ids[m], last.starts[m] + delta, last.ends[m] + delta);
    this.pairs(cur, out);
    this.lastAt = s;
    this.lastLen = len;
    this.last = cur;
    this.cur = last;
    return null;
  }

  /**
   * The length of the bytes b[s, …) shares with the last state read into a
   * pair list (0 if none): read's `sharedWithLast` for a state starting at s.
   */
  sharedWithLast(b: Uint8Array, s: number): number {
    return this.lastAt < 0 ? 0 : prefixIn(this.view(b), b, this.lastAt, s, Math.min(this.lastLen, b.length - s));
  }

  private viewOf: Uint8Array | undefined;
  private dv: DataView | undefined;

  /** A DataView of b, kept. */
  private view(b: Uint8Array): DataView {
    if (b !== this.viewOf) {
      this.viewOf = b;
      this.dv = dataView(b);
    }
    return this.dv!;
  }

  /** The pieces' (slot, value) corpus ids, appended to `out`. */
  private pairs(list: PieceList, out: PairBuffer): void {
    const col = this.col!;
    const ids = list.ids;
    for (let k = 0; k < list.n; k++) {
      const id = ids[k];
      let slot = this.slotIds[id];
      if (slot === undefined) slot = this.slotIds[id] = col.flatSlot((this.parsed[id] as [string, string])[0]);
      let value = this.valueIds[id];
      if (value === undefined) value = this.valueIds[id] = col.value((this.parsed[id] as [string, string])[1]);
      out.push(slot, value);
    }
  }
}

/**
 * The all-domains reading of readLines (lines.ts), fast: one pass over the
 * index's bytes and the generations' bytes together, line by line, the turns
 * straight into the collector's corpus builder. Nothing is kept per line: the
 * index is not turned into objects, the generations are not decoded and split
 * (each distinct generation line is interned by its bytes, decoded and parsed
 * once: UpdatePieces), a `dst` string is compared with the last gold state
 * once (the bytes it shares with it were checked and parsed there: DstPieces),
 * a dialogue id whose bytes repeat the line before's is not decoded again.
 * Slots and values are named in the order the plain join names them, so the
 * corpus is the same. It throws DECLINE (or a scanner error) where the plain
 * reading would do anything else: a by-slot index (`domain_slot`), a missing
 * or mistyped key, an escaped or bad gold state, a dialogue's turns not
 * contiguous or not in order, a BOM at the start of the generations, invalid
 * UTF-8, a count mismatch. Then readLines reads the index first and joins
 * (and loadLines falls back to the plain reading, which says what is wrong
 * and where). Returns the number of lines and of unparseable updates.
 */
export function readAllDomainsFast(
  col: TurnCollector,
  gen: Uint8Array,
  index: Uint8Array,
  indexFile: string,
): { lines: number; unparseable: number } {
  if (hasBom(gen, 0, gen.length)) throw DECLINE;
  const b = col.builder;
  const sc = new JsonScanner(index, indexFile);
  const ctx = new ElementContext(index, indexFile, 0);
  const keyHashes = new Int32Array(64);
  const pieces = new DstPieces();
  const updates = new UpdateLines(col);
  const gold = new PairBuffer();
  const pred = new PairBuffer();
  const extra: { raw?: string; unparseable?: string } = { raw: undefined, unparseable: undefined };
  let valueOf = new Int32Array(64).fill(-1);
  const active: number[] = [];
  let unparseable = 0;
  let count = 0;
  let g = 0; // the next generation line's first byte
  // The open turn: its dialogue (id, and the bytes of the last id token read), its index.
  let dialogue = '';
  let idAt = -1;
  let idLen = 0;
  let turn = -1;
  let open = false;
  const flush = () => {
    for (let k = 0; k < active.length; k++) pred.push(active[k], valueOf[active[k]]);
    if (b.addTurnPairs(turn, gold.a, gold.n, pred.a, pred.n) !== null) throw DECLINE;
    b.addTurnText(extra);
    gold.n = pred.n = 0;
    extra.unparseable = undefined;
  };
  while (sc.pos < index.length) {
    let p = sc.pos;
    while (index[p] === 0x20 || index[p] === 0x09 || index[p] === 0x0d) p++;
    sc.pos = p;
    if (index[p] === 0x0a) {
      sc.pos++;
      continue;
    }
    if (p >= index.length) break;
    sc.openObject('index', 'an object');
    let keyCount = 0;
    let id: string | undefined;
    let hasId = false;
    let sameId = false;
    let t = -1;
    let dstAt = -1;
    let dstShared = 0;
    let dstEnd = -1;
    for (let first = true; sc.nextKey(first); first = false) {
      // A key seen twice is an error of the plain reading: declined (as are escaped keys, and two keys of one hash).
      const h = sc.keyHash;
      if (sc.keyEscaped || keyCount === keyHashes.length) throw DECLINE;
      for (let q = 0; q < keyCount; q++) if (keyHashes[q] === h) throw DECLINE;
      keyHashes[keyCount++] = h;
      const k = index[sc.keyStart];
      const klen = sc.keyEnd - sc.keyStart;
      if (k === 0x64 && klen === 11 && sc.keyIs('dialogue_id')) {
        if (sc.peek() !== 0x22) throw DECLINE;
        const s = sc.pos;
        if (sc.skipRepeat(idAt, idLen)) sameId = true;
        else {
          id = sc.readString();
          if (badDialogueId(id) !== null) throw DECLINE;
          idLen = sc.pos - s;
          sameId = false;
        }
        idAt = s;
        hasId = true;
      } else if (k === 0x74 && klen === 7 && sc.keyIs('turn_id')) {
        sc.peek();
        const s = sc.pos;
        sc.skipValue();
        t = ctx.turnIndexAt(s, sc.pos, 'index', 'turn_id');
      } else if (k === 0x64 && klen === 3 && sc.keyIs('dst')) {
        if (sc.peek() !== 0x22) throw DECLINE;
        const s = sc.pos + 1;
        // The bytes it shares with the last gold state were checked there: no quote, escape or control byte.
        dstShared = pieces.sharedWithLast(index, s);
        const end = plainStringEnd(index, s - 1 + dstShared);
        if (end < 0) throw DECLINE;
        sc.pos = end;
        dstAt = s;
        dstEnd = end - 1;
      } else if (klen === 11 && sc.keyIs('domain_slot')) throw DECLINE;
      else if (sc.peek() === 0x22) {
        // A prompt (or `value`, which must be a string): skipped by a quick scan when it holds no escape (else the scanner validates it).
        const end = plainStringEnd(index, sc.pos);
        if (end < 0) sc.skipValue();
        else sc.pos = end;
      } else if (klen === 5 && sc.keyIs('value')) throw DECLINE;
      else sc.skipValue();
    }
    p = sc.pos;
    while (index[p] === 0x20 || index[p] === 0x09 || index[p] === 0x0d) p++;
    if (p < index.length && index[p] !== 0x0a) throw DECLINE;
    sc.pos = p < index.length ? p + 1 : p;
    if (!hasId || t < 0 || dstAt < 0) throw DECLINE;
    // The turn: the open one continued (same dialogue and index), or a new one.
    const sameDialogue = open && (sameId || id === dialogue);
    if (sameDialogue && t === turn) {
      if (pieces.read(col, index, dstAt, dstEnd, null) !== null) throw DECLINE;
    } else {
      if (open) flush();
      if (!sameDialogue) {
        dialogue = id!;
        if (b.beginDialogue(dialogue) !== null) throw DECLINE;
        for (const s of active) valueOf[s] = -1;
        active.length = 0;
      } else if (t < turn) throw DECLINE;
      turn = t;
      open = true;
      if (pieces.read(col, index, dstAt, dstEnd, gold, dstShared) !== null) throw DECLINE;
    }
    // Its generation line (one '\r' before the newline is not part of it).
    // None left: the end passed, or only a final newline (which ends the last line, it does not start one).
    if (g > gen.length || (g === gen.length && g > 0 && gen[g - 1] === 0x0a)) throw DECLINE;
    // Its end, and its hash for UpdateLines (FNV-1a of its bytes, carriage returns skipped: the same for the same line).
    let h = 0x811c9dc5 | 0;
    let e = g;
    for (; e < gen.length; e++) {
      const c = gen[e];
      if (c === 0x0a) break;
      if (c !== 0x0d) h = Math.imul(h ^ c, 0x01000193);
    }
    const next = e + 1;
    if (e > g && gen[e - 1] === 0x0d) e--;
    count++;
    const u = updates.read(gen, g, e, h);
    g = next;
    const ids = updates.ids;
    const problem = updates.problems[u];
    if (problem !== undefined) {
      unparseable++;
      extra.unparseable = `${count}:1: line ${count}: ${problem} (the update is empty: the previous state carries over)`;
    } else
      for (let q = updates.start[u], end = q + updates.len[u]; q < end; q += 2) {
        const s = ids[q];
        if (s >= valueOf.length) {
          const grown = new Int32Array(Math.max(2 * valueOf.length, s + 1)).fill(-1);
          grown.set(valueOf);
          valueOf = grown;
        }
        if (valueOf[s] < 0) active.push(s);
        valueOf[s] = ids[q + 1];
      }
    extra.raw = updates.text(u);
  }
  if (!open) throw DECLINE;
  flush();
  // As many generation lines as index lines: a final newline ends the last line, it does not start one.
  if (!(g === gen.length + 1 || (g === gen.length && gen[gen.length - 1] === 0x0a))) throw DECLINE;
  return { lines: count, unparseable };
}

/**
 * Generation lines interned by their bytes: each distinct line decoded once
 * and read once (UpdatePieces: its pairs as corpus ids, named when the line is
 * first applied, or its problem).
 */
class UpdateLines {
  private readonly lines = new ByteInterner(new Interner());
  private readonly pieces: UpdatePieces;
  private readonly scratch: number[] = [];
  /** Per distinct line: its pairs ids[start, start + len) (slot, value corpus ids), or its problem. */
  ids: number[] = [];
  readonly start: number[] = [];
  readonly len: number[] = [];
  readonly problems: (string | undefined)[] = [];

  constructor(col: TurnCollector) {
    this.pieces = new UpdatePieces(col);
  }

  /** The id of the line b[a, e), whose hash (as readAllDomainsFast computes it) is h; throws on invalid UTF-8. */
  read(b: Uint8Array, a: number, e: number, h: number): number {
    const id = this.lines.intern(b, a, e, h);
    if (id < this.start.length) return id;
    const out = this.scratch;
    const problem = this.pieces.read(this.lines.target.name(id), out);
    this.start.push(this.ids.length);
    this.len.push(out.length);
    for (const x of out) this.ids.push(x);
    this.problems.push(problem ?? undefined);
    return id;
  }

  /** The line's text. */
  text(id: number): string {
    return this.lines.target.name(id);
  }
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
