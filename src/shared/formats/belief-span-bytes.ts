// Layer: shared (pure TS). The belief-span loader's fast path (bspn.ts): reads
// a span straight from the file's bytes, domain segment by domain segment
// ("[hotel] area north stars 4"), and parses each distinct segment once. A
// belief state is cumulative, so a dialogue's spans repeat most of their
// segments turn after turn, and the gold and generated spans of a turn share
// most of theirs: after the first sight, a segment costs one hash lookup of
// its bytes, no decoding, no tokenising, no matching against the vocabulary;
// a new segment is read from its bytes too (belief-span-words.ts).
//
// It gives exactly what belief-span.ts's parseSpan gives on the whole span, or
// declines (undefined), and the loader then runs parseSpan, which also finds
// the problem and its word for an unparseable span. Why a span is the
// concatenation of its segments' parses: a domain token ("[x]", in the MTTOD
// grammar one not "[value_x]") ends a value and resets the slot, so no parse
// crosses it; the slot vocabulary has no such token in its words (checked:
// `usable`); what a segment cannot see — a slot written twice in two segments
// of one domain — is checked across segments here. It declines whatever it
// does not reproduce: a span with an escape or a non-ASCII byte (white space
// other than ASCII's), with a word before the first domain, with a special
// token other than the opening one first and the closing one, opened and not
// closed, or with any segment parseSpan refuses.

import { Interner } from '../model/interner';
import type { SpanGrammar } from './belief-span';
import { SegmentWords, type SpanIds } from './belief-span-words';
import { ByteInterner } from './byte-interner';
import type { SlotVocab } from './slot-vocab';

export type { SpanIds };

const LT = 0x3c;
const GT = 0x3e;
const LB = 0x5b;
const RB = 0x5d;
/** Distinct segments kept before the cache starts again (bounds its memory on huge files). */
const MAX_SEGMENTS = 1 << 15;

const isWhite = (c: number): boolean => c === 0x20 || (c >= 0x09 && c <= 0x0d);

/** Whether the fast path can read spans with this vocabulary: no word of a slot name, stop word or value is a [token]. */
export function usable(vocab: SlotVocab): boolean {
  for (const m of [vocab.enders, vocab.values])
    for (const list of m.values())
      for (const seq of list) for (const w of seq) if (w.length >= 2 && w[0] === '[' && w.endsWith(']')) return false;
  return true;
}

/** A growable list of flat pairs [slot id, value id, …]: a[0, n). */
export class SpanPairs {
  a = new Int32Array(32);
  n = 0;

  /** Makes room for `need` ints in all (what is in a[0, n) is kept). */
  reserve(need: number): void {
    if (need <= this.a.length) return;
    let cap = 2 * this.a.length;
    while (cap < need) cap *= 2;
    const next = new Int32Array(cap);
    next.set(this.a.subarray(0, this.n));
    this.a = next;
  }

  /** Makes this a copy of src[0, count). */
  copy(src: ArrayLike<number>, count: number): void {
    this.n = 0;
    this.reserve(count);
    const a = this.a;
    for (let i = 0; i < count; i++) a[i] = src[i];
    this.n = count;
  }

  push(slot: number, value: number): void {
    this.reserve(this.n + 2);
    this.a[this.n++] = slot;
    this.a[this.n++] = value;
  }
}

/**
 * A span read: where its bytes are, its pairs, and its segments (offsets from its start; each one's pairs are
 * pairs.a[segPairEnd[i - 1], segPairEnd[i]), in order), for the next spans to reuse.
 */
export class SpanRecord {
  start = 0;
  len = -1;
  /** Its pairs as flat [slot id, value id, …], in the order of its segments (the caller copies them; never to be changed). */
  readonly pairs = new SpanPairs();
  /** Whether its first word was the opening token; whether a closing token ended it. */
  opened = false;
  closed = false;
  /** Segments: n of them; each one's start, the end of its [domain] word, its end, and the end of its pairs in `pairs`. */
  n = 0;
  readonly segStart: number[] = [];
  readonly segWordEnd: number[] = [];
  readonly segEnd: number[] = [];
  readonly segPairEnd: number[] = [];
}

export class SpanBytes {
  /** Distinct segments by their bytes (ByteInterner.key: not decoded), and the parser of new ones. */
  private segments = new ByteInterner(new Interner());
  private words: SegmentWords;
  /**
   * The pairs of the segments met, by segment id, all in one array (a look-up reads one place, not an array of its
   * own): flat [slot id, value id, …] at pool.a[segAt[id], segAt[id] + segLen[id]); segLen -1: parseSpan refuses it.
   */
  private readonly pool = new SpanPairs();
  private readonly segAt = new Int32Array(MAX_SEGMENTS);
  private readonly segLen = new Int32Array(MAX_SEGMENTS);
  private segCount = 0;
  /** stamp[slot id] = the read that last met the slot (a slot in two segments of one span); sized when a segment is parsed. */
  private stamp = new Int32Array(256);
  private gen = 0;
  /** The last span read, the one before, and the record the next read fills. */
  private a = new SpanRecord();
  private b = new SpanRecord();
  private c = new SpanRecord();
  private view: DataView | undefined;
  /** Segments parsed (cache misses), looked up (hits), and taken from the last spans without a look-up (reused). */
  misses = 0;
  hits = 0;
  reused = 0;

  constructor(
    private readonly bytes: Uint8Array,
    private readonly grammar: SpanGrammar,
    private readonly vocab: SlotVocab,
    private readonly ids: SpanIds,
  ) {
    this.words = new SegmentWords(bytes, grammar, vocab, ids);
  }

  /**
   * The pairs of the span whose unescaped bytes are bytes[start, end), as
   * flat ids (a new array), or undefined: use parseSpan. (readSpan without
   * the copy into an array.)
   */
  read(start: number, end: number): number[] | undefined {
    const r = this.readSpan(start, end);
    return r && Array.from(r.pairs.a.subarray(0, r.pairs.n));
  }

  /**
   * The span bytes[start, end) read (as `read`): its record, whose pairs
   * stay as they are until two more spans are read (the caller copies them),
   * or undefined: use parseSpan.
   *
   * A span equal to one of the last two read (a turn's generated span is
   * often its gold one; a gold span, the last one) has their pairs. Otherwise the
   * segments it shares with the one of them it has the longer common prefix
   * with are taken from it: a segment is the same when the common prefix
   * covers it and the [domain] word after it (then white space follows that
   * word in both, so the segment ends there in both).
   */
  readSpan(start: number, end: number): SpanRecord | undefined {
    const len = end - start;
    const { a, b } = this;
    const la = this.prefixWith(a, start, len);
    if (len === a.len && la === len) return a;
    const lb = this.prefixWith(b, start, len);
    if (len === b.len && lb === len) {
      this.b = a;
      this.a = b;
      return b;
    }
    const from = la >= lb ? a : b;
    const r = this.c;
    r.start = start;
    r.len = len;
    r.n = 0;
    r.pairs.n = 0;
    if (!this.readSegments(start, end, from, Math.max(la, lb), r)) {
      r.len = -1;
      return undefined;
    }
    this.c = this.b;
    this.b = this.a;
    this.a = r;
    return r;
  }

  /**
   * For a span about to be scanned (its end not known yet) that starts at
   * `start`: the length of its common prefix with the last span read, which
   * the caller's JSON scan may skip (a span read is ASCII without escapes).
   * Remembered (for two spans) for read(start, …), which would compare them again.
   */
  lead(start: number): number {
    const a = this.a;
    const k = a.len < 0 ? 0 : this.prefix(a.start, start, Math.min(a.len, this.bytes.length - start));
    const m = (this.memo = (this.memo + 1) & 1);
    this.memoStart[m] = start;
    this.memoRec[m] = a;
    this.memoRecStart[m] = a.start;
    this.memoRecLen[m] = a.len;
    this.memoLen[m] = k;
    return k;
  }

  private memo = 0;
  private readonly memoStart = [-1, -1];
  private readonly memoRec: (SpanRecord | undefined)[] = [undefined, undefined];
  private readonly memoRecStart = [0, 0];
  private readonly memoRecLen = [0, 0];
  private readonly memoLen = [0, 0];

  /** Length of the common prefix of bytes[start, start + len) and the span `rec` (as lead found it, or compared). */
  private prefixWith(rec: SpanRecord, start: number, len: number): number {
    if (rec.len < 0) return 0;
    for (let m = 0; m < 2; m++)
      if (this.memoStart[m] === start && this.memoRec[m] === rec && this.memoRecStart[m] === rec.start && this.memoRecLen[m] === rec.len)
        return Math.min(this.memoLen[m], len);
    return this.prefix(rec.start, start, Math.min(len, rec.len));
  }

  /** Length of the common prefix of bytes[s, s + len) and bytes[t, t + len). */
  private prefix(s: number, t: number, len: number): number {
    const b = this.bytes;
    const dv = (this.view ??= new DataView(b.buffer, b.byteOffset, b.byteLength));
    let k = 0;
    while (k + 4 <= len && dv.getInt32(s + k) === dv.getInt32(t + k)) k += 4;
    while (k < len && b[s + k] === b[t + k]) k++;
    return k;
  }

  /** Length of the common suffix of bytes[.., s) and bytes[.., t), at most len. */
  private suffix(s: number, t: number, len: number): number {
    const b = this.bytes;
    const dv = (this.view ??= new DataView(b.buffer, b.byteOffset, b.byteLength));
    let k = 0;
    while (k + 4 <= len && dv.getInt32(s - k - 4) === dv.getInt32(t - k - 4)) k += 4;
    while (k < len && b[s - k - 1] === b[t - k - 1]) k++;
    return k;
  }

  /** Reads the span bytes[start, end) into `r` (empty), from `from` where they share `common` bytes at the start; false: decline. */
  private readSegments(start: number, end: number, from: SpanRecord, common: number, r: SpanRecord): boolean {
    const b = this.bytes;
    const mttod = this.grammar === 'mttod';
    this.gen++;
    let p = start;
    let first = true;
    let opened = false;
    let closed = false;
    let segStart = -1;
    let segEnd = -1;
    let segWordEnd = -1;
    // Segments of `from` the common prefix covers, with the [domain] word after each.
    let k = 0;
    while (k + 1 < from.n && from.segWordEnd[k + 1] < common) k++;
    // Segments of `from` its common suffix with this span covers, with the white space before each: from j on
    // (j = from.n: none); they are the same here, and so is whatever follows them (a closing token).
    let j = from.n;
    const len = end - start;
    if (from.n > k + 1) {
      const suffix = this.suffix(from.start + from.len, end, Math.min(len, from.len) - common);
      while (j > k + 1 && from.len - from.segStart[j - 1] < suffix) j--;
    }
    const stop = j < from.n ? end - (from.len - from.segStart[j]) : end;
    if (k > 0) {
      // Their pairs come first in from's, with slots unique among them (from was read): copied, their slots stamped.
      const m = from.segPairEnd[k - 1];
      const src = from.pairs.a;
      const out = r.pairs;
      out.reserve(m);
      const dst = out.a;
      const stamp = this.stamp;
      const gen = this.gen;
      for (let i = 0; i < m; i += 2) {
        stamp[(dst[i] = src[i])] = gen;
        dst[i + 1] = src[i + 1];
      }
      out.n = m;
      for (let i = 0; i < k; i++) {
        r.segStart[i] = from.segStart[i];
        r.segWordEnd[i] = from.segWordEnd[i];
        r.segEnd[i] = from.segEnd[i];
        r.segPairEnd[i] = from.segPairEnd[i];
      }
      r.n = k;
      this.reused += k;
      p = start + from.segStart[k];
      opened = from.opened;
      first = false;
    }
    // Word by word, but only a word that starts with "[" or "<" can start a segment or be a special token: the words
    // between two such are run over to the next one (a segment's bytes are checked to be ASCII when it is looked up).
    for (;;) {
      while (p < stop && isWhite(b[p])) p++;
      if (p >= stop) break;
      const ws = p;
      const c0 = b[ws];
      if (c0 !== LB && c0 !== LT) {
        // Words before the first segment are refused; a segment's words run to the next word starting with "[" or "<".
        if (segStart < 0) return false;
        first = false;
        for (p++; p < stop; p++) {
          const c = b[p];
          if ((c === LB || c === LT) && isWhite(b[p - 1])) break;
        }
        let e = p;
        while (isWhite(b[e - 1])) e--;
        segEnd = e;
        continue;
      }
      while (p < stop && !isWhite(b[p])) p++;
      const last = b[p - 1];
      if (c0 === LT && last === GT && p - ws >= 2) {
        // A special token: the opening one as the first word, a closing one ends the span (words after it are not read).
        if (first && isMarker(b, ws, p, OPENERS)) {
          opened = true;
          first = false;
          continue;
        }
        if (isMarker(b, ws, p, CLOSERS)) {
          closed = true;
          break;
        }
        return false;
      }
      first = false;
      if (c0 === LB && last === RB && p - ws >= 2 && !(mttod && isValueToken(b, ws, p))) {
        // A domain token (or a [token] parseSpan refuses) starts a segment; the last one ends at its last word.
        if (segStart >= 0 && !this.segment(segStart, segEnd, segWordEnd, r)) return false;
        segStart = ws;
        segWordEnd = p;
      } else if (segStart < 0) return false;
      segEnd = p;
    }
    if (segStart >= 0 && !this.segment(segStart, segEnd, segWordEnd, r)) return false;
    if (!closed && j < from.n) {
      // The rest is from's from segment j on: its segments, and whether a closing token ends it.
      // Their pairs come last in from's: taken (their slots checked against this span's before them).
      const shift = len - from.len;
      if (!this.take(from.pairs.a, j === 0 ? 0 : from.segPairEnd[j - 1], from.pairs.n, r.pairs)) return false;
      let n = r.n;
      const base = r.pairs.n - from.pairs.n;
      for (let i = j; i < from.n; i++, n++) {
        r.segStart[n] = from.segStart[i] + shift;
        r.segWordEnd[n] = from.segWordEnd[i] + shift;
        r.segEnd[n] = from.segEnd[i] + shift;
        r.segPairEnd[n] = from.segPairEnd[i] + base;
      }
      r.n = n;
      this.reused += from.n - j;
      closed = from.closed;
    }
    if (opened && !closed) return false;
    r.opened = opened;
    r.closed = closed;
    return true;
  }

  /** Appends src[from, to) (flat pairs) to `out`; false if one of their slots is already there (parseSpan refuses the span). */
  private take(src: Int32Array, from: number, to: number, out: SpanPairs): boolean {
    const stamp = this.stamp;
    const gen = this.gen;
    out.reserve(out.n + to - from);
    const dst = out.a;
    let n = out.n;
    for (let k = from; k < to; k += 2) {
      const slot = src[k];
      if (stamp[slot] === gen) return false;
      stamp[slot] = gen;
      dst[n++] = slot;
      dst[n++] = src[k + 1];
    }
    out.n = n;
    return true;
  }

  /** Records a segment of `r` (bytes[s, e), its [domain] word ending at wordEnd), whose pairs were just added. */
  private note(r: SpanRecord, s: number, wordEnd: number, e: number): void {
    const i = r.n++;
    r.segStart[i] = s - r.start;
    r.segWordEnd[i] = wordEnd - r.start;
    r.segEnd[i] = e - r.start;
    r.segPairEnd[i] = r.pairs.n;
  }

  /** The segment bytes[s, e): its pairs added to the span's (looked up, or read when new); false: decline the span. */
  private segment(s: number, e: number, wordEnd: number, rec: SpanRecord): boolean {
    // A segment of the last two spans with the same bytes (outside their common prefix and suffix with this one: two
    // segments changed, or the other span has it) has its pairs, without a look-up.
    const same = this.sameSegment(this.a, s, e) ? this.a : this.sameSegment(this.b, s, e) ? this.b : undefined;
    if (same !== undefined) {
      const i = this.found;
      if (!this.take(same.pairs.a, i === 0 ? 0 : same.segPairEnd[i - 1], same.segPairEnd[i], rec.pairs)) return false;
      this.note(rec, s, wordEnd, e);
      this.reused++;
      return true;
    }
    // A hash of its bytes four at a time, and whether they are all ASCII.
    const b = this.bytes;
    const dv = (this.view ??= new DataView(b.buffer, b.byteOffset, b.byteLength));
    let hash = 0x811c9dc5 | 0;
    let or = 0;
    let k = s;
    for (; k + 4 <= e; k += 4) {
      const w = dv.getInt32(k);
      or |= w;
      hash = Math.imul(hash ^ w, 0x01000193);
    }
    for (; k < e; k++) {
      or |= b[k];
      hash = Math.imul(hash ^ b[k], 0x01000193);
    }
    if ((or & 0x80808080) !== 0) return false;
    if (this.segCount >= MAX_SEGMENTS) {
      this.segments = new ByteInterner(new Interner());
      this.words = new SegmentWords(this.bytes, this.grammar, this.vocab, this.ids);
      this.segCount = this.pool.n = 0;
    }
    const id = this.segments.key(this.bytes, s, e, hash);
    if (id === this.segCount) {
      // Met for the first time (key numbers segments 0, 1, …): parsed, its pairs added to the pool.
      this.misses++;
      this.segCount++;
      const w = this.words.parse(s, e);
      const pool = this.pool;
      this.segAt[id] = pool.n;
      this.segLen[id] = w ? w.length : -1;
      if (w)
        for (let k = 0; k < w.length; k += 2) {
          if (w[k] >= this.stamp.length) this.growStamp(w[k]);
          pool.push(w[k], w[k + 1]);
        }
    } else this.hits++;
    const at = this.segAt[id];
    const len = this.segLen[id];
    if (len < 0 || !this.take(this.pool.a, at, at + len, rec.pairs)) return false;
    this.note(rec, s, wordEnd, e);
    return true;
  }

  /** Makes room in `stamp` for the slot id `slot` (every slot of a record comes from a parsed segment). */
  private growStamp(slot: number): void {
    const next = new Int32Array(Math.max(2 * this.stamp.length, slot + 1));
    next.set(this.stamp);
    this.stamp = next;
  }

  /** Whether the span `rec` has a segment whose bytes are bytes[s, e): then `found` is its number. */
  private sameSegment(rec: SpanRecord, s: number, e: number): boolean {
    const len = e - s;
    for (let i = 0; i < rec.n; i++) {
      const at = rec.start + rec.segStart[i];
      if (rec.segEnd[i] - rec.segStart[i] === len && this.bytes[at + len - 1] === this.bytes[e - 1] && this.prefix(at, s, len) === len) {
        this.found = i;
        return true;
      }
    }
    return false;
  }

  private found = 0;
}

const bytesOf = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0));
const OPENERS = ['<sos_b>', '<bos_belief>'].map(bytesOf);
const CLOSERS = ['<eos_b>', '<eos_belief>'].map(bytesOf);

function isMarker(b: Uint8Array, s: number, e: number, names: readonly Uint8Array[]): boolean {
  for (const m of names) {
    if (m.length !== e - s) continue;
    let k = 0;
    while (k < m.length && b[s + k] === m[k]) k++;
    if (k === m.length) return true;
  }
  return false;
}

const VALUE = '[value_';

/** Whether the [token] bytes[p, end) is an MTTOD slot token "[value_…]" (parseSpan's test: the name starts with "value_"). */
function isValueToken(b: Uint8Array, p: number, end: number): boolean {
  if (p + VALUE.length + 1 > end) return false;
  for (let k = 0; k < VALUE.length; k++) if (b[p + k] !== VALUE.charCodeAt(k)) return false;
  return true;
}
