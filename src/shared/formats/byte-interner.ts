// Layer: shared (pure TS). Interns UTF-8 byte ranges of a file buffer without
// decoding them: a string is decoded once, the first time its bytes are seen,
// and every later occurrence is an integer lookup. This is what lets the
// scanner read a 180 MB prediction file far faster than JSON.parse.

import type { Interner } from '../model/interner';

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }); // a string's leading U+FEFF is text, not a BOM

/** Decodes src[start, end) as UTF-8; throws TypeError if it is not valid UTF-8. */
export function decodeUtf8(src: Uint8Array, start: number, end: number): string {
  return decoder.decode(src.subarray(start, end));
}

export class ByteInterner {
  private table = new Int32Array(1 << 12);
  private mask = (1 << 12) - 1;
  private count = 0;
  private hashes = new Int32Array(1 << 11);
  private starts = new Int32Array(1 << 11);
  private lens = new Int32Array(1 << 11);
  private ids = new Int32Array(1 << 11);
  private pool = new Uint8Array(1 << 16);
  private poolLen = 0;

  constructor(readonly target: Interner) {}

  /**
   * Id of the string whose UTF-8 bytes are src[start, end), with `hash`
   * computed by `hashBytes`. Throws TypeError on invalid UTF-8.
   */
  intern(src: Uint8Array, start: number, end: number, hash: number): number {
    const len = end - start;
    let slot = hash & this.mask;
    for (;;) {
      const e = this.table[slot] - 1;
      if (e < 0) break;
      if (this.hashes[e] === hash && this.lens[e] === len && this.sameBytes(e, src, start, len)) return this.ids[e];
      slot = (slot + 1) & this.mask;
    }
    const id = this.target.intern(decodeUtf8(src, start, end));
    this.add(slot, hash, src, start, len, id);
    return id;
  }

  /**
   * For a table that only tells byte strings apart (its target is not used;
   * do not mix with intern on one table): the number of src[start, end) among
   * the distinct byte strings met so far (0, 1, …), without decoding them.
   */
  key(src: Uint8Array, start: number, end: number, hash: number): number {
    const len = end - start;
    let slot = hash & this.mask;
    for (;;) {
      const e = this.table[slot] - 1;
      if (e < 0) break;
      if (this.hashes[e] === hash && this.lens[e] === len && this.sameBytes(e, src, start, len)) return e;
      slot = (slot + 1) & this.mask;
    }
    const e = this.count;
    this.add(slot, hash, src, start, len, e);
    return e;
  }

  private sameBytes(e: number, src: Uint8Array, start: number, len: number): boolean {
    const p = this.starts[e];
    const pool = this.pool;
    let k = 0;
    if (len >= 8) {
      // 4 bytes at a time (DataViews of the pool and of the last source, kept).
      if (src !== this.srcOf) {
        this.srcOf = src;
        this.srcView = new DataView(src.buffer, src.byteOffset, src.byteLength);
      }
      const pv = (this.poolView ??= new DataView(pool.buffer, pool.byteOffset, pool.byteLength));
      const sv = this.srcView!;
      for (; k + 4 <= len; k += 4) if (pv.getInt32(p + k) !== sv.getInt32(start + k)) return false;
    }
    for (; k < len; k++) if (pool[p + k] !== src[start + k]) return false;
    return true;
  }

  private poolView: DataView | undefined;
  private srcOf: Uint8Array | undefined;
  private srcView: DataView | undefined;

  private add(slot: number, hash: number, src: Uint8Array, start: number, len: number, id: number): void {
    const e = this.count++;
    if (e === this.hashes.length) this.growEntries();
    if (this.poolLen + len > this.pool.length) {
      let cap = this.pool.length * 2;
      while (cap < this.poolLen + len) cap *= 2;
      const next = new Uint8Array(cap);
      next.set(this.pool.subarray(0, this.poolLen));
      this.pool = next;
      this.poolView = undefined;
    }
    this.pool.set(src.subarray(start, start + len), this.poolLen);
    this.hashes[e] = hash;
    this.starts[e] = this.poolLen;
    this.lens[e] = len;
    this.ids[e] = id;
    this.poolLen += len;
    this.table[slot] = e + 1;
    if (this.count * 2 > this.table.length) this.rehash();
  }

  private growEntries(): void {
    const grow = (a: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> => {
      const n = new Int32Array(a.length * 2);
      n.set(a);
      return n;
    };
    this.hashes = grow(this.hashes);
    this.starts = grow(this.starts);
    this.lens = grow(this.lens);
    this.ids = grow(this.ids);
  }

  private rehash(): void {
    const size = this.table.length * 2;
    this.table = new Int32Array(size);
    this.mask = size - 1;
    for (let e = 0; e < this.count; e++) {
      let slot = this.hashes[e] & this.mask;
      while (this.table[slot] !== 0) slot = (slot + 1) & this.mask;
      this.table[slot] = e + 1;
    }
  }
}
