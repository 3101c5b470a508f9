// Layer: renderer (pure module). The dialogue list's cache: rows fetched lazily
// in fixed-size pages for whatever window the virtual list shows. A new query
// (sort, filter, config) gets a fresh cache, so stale pages are never shown.

import type { DialogueRow } from '../../../shared/api';

export class PageCache {
  private readonly pages = new Map<number, DialogueRow[]>();
  private readonly inFlight = new Set<number>();
  total: number | null = null;

  constructor(
    readonly key: string,
    readonly pageSize = 200,
  ) {}

  row(index: number): DialogueRow | undefined {
    return this.pages.get(Math.floor(index / this.pageSize))?.[index % this.pageSize];
  }

  /** Pages covering [start, end] (inclusive) that are neither loaded nor loading. */
  missing(start: number, end: number): number[] {
    const out: number[] = [];
    if (end < start) return out;
    const last =
      this.total === null
        ? Math.floor(end / this.pageSize)
        : Math.min(Math.floor(end / this.pageSize), Math.max(0, Math.ceil(this.total / this.pageSize) - 1));
    for (let p = Math.max(0, Math.floor(start / this.pageSize)); p <= last; p++) {
      if (!this.pages.has(p) && !this.inFlight.has(p)) out.push(p);
    }
    return out;
  }

  markLoading(page: number): void {
    this.inFlight.add(page);
  }

  failed(page: number): void {
    this.inFlight.delete(page);
  }

  put(page: number, rows: DialogueRow[], total: number): void {
    this.inFlight.delete(page);
    this.pages.set(page, rows);
    this.total = total;
  }

  /** Index of a dialogue among the loaded rows, or -1. */
  indexOf(id: string): number {
    for (const [p, rows] of this.pages) {
      const i = rows.findIndex((r) => r.id === id);
      if (i >= 0) return p * this.pageSize + i;
    }
    return -1;
  }

  get loadedPages(): number {
    return this.pages.size;
  }
}
