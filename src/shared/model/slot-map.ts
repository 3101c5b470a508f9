// Layer: shared (pure TS). A dense slot-id → value-id map that clears in O(1)
// (generation stamps), used as per-turn scratch by the metrics.

export const ABSENT = -1;

export class SlotMap {
  private vals = new Int32Array(64);
  private stamp = new Uint32Array(64);
  private gen = 1;

  clear(): void {
    this.gen++;
    if (this.gen === 0xffffffff) {
      this.stamp.fill(0);
      this.gen = 1;
    }
  }

  set(slot: number, value: number): void {
    if (slot >= this.vals.length) this.grow(slot + 1);
    this.vals[slot] = value;
    this.stamp[slot] = this.gen;
  }

  get(slot: number): number {
    return slot < this.vals.length && this.stamp[slot] === this.gen ? this.vals[slot] : ABSENT;
  }

  has(slot: number): boolean {
    return slot < this.vals.length && this.stamp[slot] === this.gen;
  }

  private grow(min: number): void {
    let cap = this.vals.length * 2;
    while (cap < min) cap *= 2;
    const v = new Int32Array(cap);
    v.set(this.vals);
    const s = new Uint32Array(cap);
    s.set(this.stamp);
    this.vals = v;
    this.stamp = s;
  }
}
