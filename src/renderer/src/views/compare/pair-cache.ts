// Layer: renderer (pure module). The pair list's rows, fetched lazily in
// fixed-size pages for the window the virtual list shows; a new query (runs,
// revisions, config, sort, filter) gets a fresh cache.

import type { PairRow } from '../../../../shared/api';

export class PairCache {
  private readonly pages = new Map<number, PairRow[]>();
  private readonly inFlight = new Set<number>();
  total: number | null = null;
  shared: number | null = null;

  constructor(
    readonly key: string,
    readonly pageSize = 100,
  ) {}

  row(index: number): PairRow | undefined {
    return this.pages.get(Math.floor(index / this.pageSize))?.[index % this.pageSize];
  }

  /** Pages covering [start, end] that are neither loaded nor loading. */
  missing(start: number, end: number): number[] {
    const out: number[] = [];
    const last =
      this.total === null
        ? Math.floor(end / this.pageSize)
        : Math.min(Math.floor(end / this.pageSize), Math.max(0, Math.ceil(this.total / this.pageSize) - 1));
    for (let p = Math.max(0, Math.floor(start / this.pageSize)); p <= last; p++)
      if (!this.pages.has(p) && !this.inFlight.has(p)) out.push(p);
    return out;
  }

  markLoading(page: number): void {
    this.inFlight.add(page);
  }

  failed(page: number): void {
    this.inFlight.delete(page);
  }

  put(page: number, rows: PairRow[], total: number, shared: number): void {
    this.inFlight.delete(page);
    this.pages.set(page, rows);
    this.total = total;
    this.shared = shared;
  }

  indexOf(id: string): number {
    for (const [p, rows] of this.pages) {
      const i = rows.findIndex((r) => r.id === id);
      if (i >= 0) return p * this.pageSize + i;
    }
    return -1;
  }
}
