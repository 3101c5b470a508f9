// Layer: main (Node). A small least-recently-used cache keyed by strings, for
// the per-run caches of evaluations, list columns, analyses and comparisons.

export class Lru<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly max: number) {}

  /** The cached value (now the most recent); with `make`, made and cached when missing. */
  get(k: string): V | undefined;
  get(k: string, make: () => V): V;
  get(k: string, make?: () => V): V | undefined {
    const v = this.map.get(k);
    if (v !== undefined) {
      this.map.delete(k);
      this.map.set(k, v);
      return v;
    }
    return make ? this.set(k, make()) : undefined;
  }

  set(k: string, v: V): V {
    this.map.delete(k);
    if (this.map.size >= this.max) this.map.delete(this.map.keys().next().value as string);
    this.map.set(k, v);
    return v;
  }

  delete(k: string): void {
    this.map.delete(k);
  }
}
