// Layer: shared (pure TS). A growable Int32Array, for building columnar data
// without millions of small JS arrays.

export class IntVector {
  private buf: Int32Array;
  length = 0;

  constructor(capacity = 1024) {
    this.buf = new Int32Array(Math.max(16, capacity));
  }

  push(v: number): void {
    if (this.length === this.buf.length) this.grow(this.length + 1);
    this.buf[this.length++] = v;
  }

  get(i: number): number {
    return this.buf[i];
  }

  set(i: number, v: number): void {
    this.buf[i] = v;
  }

  /** Appends src[from, to). */
  append(src: ArrayLike<number>, from = 0, to = src.length): void {
    const n = to - from;
    if (this.length + n > this.buf.length) this.grow(this.length + n);
    const buf = this.buf;
    let j = this.length;
    for (let i = from; i < to; i++) buf[j++] = src[i];
    this.length = j;
  }

  /** The live backing storage: valid in [0, length) until the next push. */
  raw(): Int32Array {
    return this.buf;
  }

  /** Makes room for `n` more values without pushing them. */
  reserve(n: number): void {
    if (this.length + n > this.buf.length) this.grow(this.length + n);
  }

  private grow(min: number): void {
    let cap = this.buf.length * 2;
    while (cap < min) cap *= 2;
    const next = new Int32Array(cap);
    next.set(this.buf.subarray(0, this.length));
    this.buf = next;
  }

  /**
   * The contents as a view of the backing storage, without copying: the
   * vector must not be written afterwards. (Spare capacity that was never
   * written costs address space, not memory.)
   */
  view(): Int32Array {
    return this.buf.subarray(0, this.length);
  }

  /** A trimmed copy of the contents. */
  toArray(): Int32Array {
    return this.buf.slice(0, this.length);
  }
}
