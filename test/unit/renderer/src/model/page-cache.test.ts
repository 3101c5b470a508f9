// Tests of the dialogue list's page cache (model/page-cache.ts).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PageCache } from '../../../../../src/renderer/src/model/page-cache';
import type { DialogueRow } from '../../../../../src/shared/api';

function rows(from: number, n: number): DialogueRow[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `D${from + i}`,
    position: from + i,
    turns: 1,
    domains: [],
    values: { JGA: 0, SA: 0, AGA: null, RSA: 0, FGA: 0, GCA: 0 },
    disagreement: 0,
    mistakes: 0,
  }));
}

describe('PageCache', () => {
  it('asks only for pages that are neither loaded nor loading', () => {
    const c = new PageCache('q', 100);
    expect(c.missing(0, 0)).toEqual([0]);
    c.markLoading(0);
    expect(c.missing(0, 250)).toEqual([1, 2]);
    c.put(0, rows(0, 100), 100_000);
    c.markLoading(1);
    expect(c.missing(50, 350)).toEqual([2, 3]);
    c.failed(1);
    expect(c.missing(150, 150)).toEqual([1]);
  });

  it('never asks past the end once the total is known', () => {
    const c = new PageCache('q', 100);
    c.put(0, rows(0, 100), 230);
    expect(c.missing(0, 10_000)).toEqual([1, 2]);
    expect(c.missing(5, 1)).toEqual([]);
  });

  it('finds rows by index and by id', () => {
    const c = new PageCache('q', 100);
    c.put(2, rows(200, 100), 1000);
    expect(c.row(250)?.id).toBe('D250');
    expect(c.row(50)).toBeUndefined();
    expect(c.indexOf('D299')).toBe(299);
    expect(c.indexOf('D1')).toBe(-1);
  });

  it('serves a 100k-dialogue list while holding only the visited pages', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 99_999 }), { minLength: 1, maxLength: 50 }), (visits) => {
        const c = new PageCache('q', 200);
        for (const v of visits) for (const p of c.missing(Math.max(0, v - 20), v + 20)) c.put(p, rows(p * 200, 200), 100_000);
        for (const v of visits) expect(c.row(v)?.id).toBe(`D${v}`);
        return c.loadedPages <= visits.length * 2;
      }),
    );
  });
});
