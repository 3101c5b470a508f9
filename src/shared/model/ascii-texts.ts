// Layer: shared (pure TS). A pool of ASCII texts copied from a file's bytes,
// for the builder's per-turn generated text (generation.ts `raw`): a loader
// that knows a text is ASCII without escapes (bspn.ts: every generated span)
// hands over its bytes, which are copied here, and the strings are made at
// build time from one decoding per chunk (a substring each), not one decoder
// call per turn. ASCII only: one byte is one character, so byte offsets are
// string offsets.

export class AsciiTexts {
  /** `chunk`: bytes per chunk (a chunk is decoded to one string: keep it well below V8's longest string). */
  constructor(private readonly chunk = 1 << 24) {}

  private readonly chunks: Uint8Array[] = [];
  private cur = new Uint8Array(1 << 16);
  private len = 0;

  /**
   * Copies bytes[start, end), which must be ASCII, and returns its place
   * (chunk index · chunk size + offset), or -1 when it is longer than a chunk (the
   * caller keeps a string instead).
   */
  add(bytes: Uint8Array, start: number, end: number): number {
    const n = end - start;
    if (n > this.chunk) return -1;
    // A new chunk when this text does not fit (or the chunk is full: an offset is below the chunk size).
    if (this.len + n > this.chunk || this.len === this.chunk) {
      this.chunks.push(this.cur.subarray(0, this.len));
      // The next chunk at its full size (the texts fill more than one: no need to grow it step by step).
      this.cur = new Uint8Array(this.chunk);
      this.len = 0;
    }
    if (this.len + n > this.cur.length) {
      const next = new Uint8Array(Math.min(this.chunk, Math.max(2 * this.cur.length, this.len + n)));
      next.set(this.cur.subarray(0, this.len));
      this.cur = next;
    }
    const dst = this.cur;
    const j = this.len;
    // A short text byte by byte; a longer one with one copy (set costs a subarray, a loop costs a step per byte).
    if (n < 24) for (let k = 0; k < n; k++) dst[j + k] = bytes[start + k];
    else dst.set(bytes.subarray(start, end), j);
    const at = this.chunks.length * this.chunk + j;
    this.len = j + n;
    return at;
  }

  /** A reader of the texts added so far: text(place, length). */
  reader(): (at: number, len: number) => string {
    const decoder = new TextDecoder('utf-8');
    const chunk = this.chunk;
    const strings = [...this.chunks, this.cur.subarray(0, this.len)].map((c) => decoder.decode(c));
    return (at, len) => {
      const s = strings[Math.floor(at / chunk)];
      const o = at % chunk;
      return s.substring(o, o + len);
    };
  }
}
