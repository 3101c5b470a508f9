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

  /** A trimmed copy of the contents. */
  toArray(): Int32Array {
    return this.buf.slice(0, this.length);
  }
}
