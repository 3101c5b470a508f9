// Layer: shared (pure TS). A growable Float64Array (the corpus builder's
// confidence columns), as IntVector is for integers.

export class FloatVector {
  private buf: Float64Array;
  length = 0;

  /** `length` values, all `fill` (room for `capacity`). */
  constructor(capacity = 1024, length = 0, fill = 0) {
    this.buf = new Float64Array(Math.max(16, capacity, length));
    if (fill !== 0) this.buf.fill(fill, 0, length);
    this.length = length;
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

  private grow(min: number): void {
    let cap = this.buf.length * 2;
    while (cap < min) cap *= 2;
    const next = new Float64Array(cap);
    next.set(this.buf.subarray(0, this.length));
    this.buf = next;
  }
}
