// Layer: shared (pure TS). The FGA loader's scratch memory (fga-scan.ts),
// which the flat JSON Lines states use too (flat-states.ts): growable lists of
// (slot, value) id pairs, and the cache of an object already read — its bytes,
// its pairs and where each pair ends — that lets a repeated or extended object
// be taken without scanning it again.

/** A reusable, growable list of (slot, value) id pairs: a[0, n). */
export class PairBuffer {
  a = new Int32Array(64);
  n = 0;

  push(slot: number, value: number): void {
    if (this.n + 2 > this.a.length) {
      const next = new Int32Array(this.a.length * 2);
      next.set(this.a);
      this.a = next;
    }
    this.a[this.n] = slot;
    this.a[this.n + 1] = value;
    this.n += 2;
  }

  /** Appends all of o's pairs. */
  append(o: PairBuffer): void {
    this.appendPairs(o, o.n >> 1);
  }

  /** Appends o's first `pairs` pairs. */
  appendPairs(o: PairBuffer, pairs: number): void {
    const count = 2 * pairs;
    const need = this.n + count;
    if (need > this.a.length) {
      let cap = this.a.length * 2;
      while (cap < need) cap *= 2;
      const next = new Int32Array(cap);
      next.set(this.a.subarray(0, this.n));
      this.a = next;
    }
    const a = this.a;
    const src = o.a;
    let j = this.n;
    for (let i = 0; i < count; i++) a[j++] = src[i];
    this.n = j;
  }

  copyFrom(o: PairBuffer): void {
    if (o.n > this.a.length) this.a = new Int32Array(o.a.length);
    const a = this.a;
    const src = o.a;
    for (let i = 0; i < o.n; i++) a[i] = src[i];
    this.n = o.n;
  }
}

/**
 * A domain object already read: its bytes [at, at + len), its pairs, and where
 * each pair ends (offset after the value's closing quote, from `at`).
 */
export class DomainCache {
  at = 0;
  len = 0;
  readonly pairs = new PairBuffer();
  ends = new Int32Array(16);

  /** How many leading pairs end within the first `prefix` bytes. */
  pairsWithin(prefix: number): number {
    const ends = this.ends;
    const n = this.pairs.n >> 1;
    let k = 0;
    while (k < n && ends[k] <= prefix) k++;
    return k;
  }

  truncate(pairs: number): void {
    this.pairs.n = 2 * pairs;
  }

  add(slot: number, value: number, end: number): void {
    const k = this.pairs.n >> 1;
    if (k >= this.ends.length) {
      const next = new Int32Array(this.ends.length * 2);
      next.set(this.ends);
      this.ends = next;
    }
    this.ends[k] = end;
    this.pairs.push(slot, value);
  }

  /** Becomes the first `pairs` pairs of `o`, for an object at `at` whose bytes repeat o's first `len`. */
  copyFrom(o: DomainCache, pairs: number, at: number, len: number): void {
    this.pairs.n = 0;
    this.pairs.appendPairs(o.pairs, pairs);
    if (this.ends.length < o.ends.length) this.ends = new Int32Array(o.ends.length);
    for (let k = 0; k < pairs; k++) this.ends[k] = o.ends[k];
    this.at = at;
    this.len = len;
  }
}
