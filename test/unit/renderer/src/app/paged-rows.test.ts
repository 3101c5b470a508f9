// @vitest-environment happy-dom
// Unit tests of the paged rows of a long list (src/renderer/src/app/paged-rows.ts),
// rendered with @testing-library/react against a fake Api: only the pages of
// the window shown are asked for, each once (neither loaded nor loading twice),
// never past the end; rows are found by index and by id; a page nobody shows
// any more is aborted; a 100k-row list holds only the visited pages. (These
// carry over the assertions of the page cache the hook replaced.) findRow
// walks a list past the rows it is told to skip, fetching pages it reaches.
import { act, renderHook, waitFor } from '@testing-library/react';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findRow, usePagedRows, windowPages, type ListArgs, type PagedRows } from '../../../../../src/renderer/src/app/paged-rows';
import type { Api, ApiArgs, DialoguePage, DialogueRow } from '../../../../../src/shared/api';
import { defaultConfig } from '../../../../../src/shared/metrics/config';
import { appWrapper, testAppContext } from '../../../../helpers/renderer/app-context';

const config = defaultConfig();

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

interface Call {
  args: ApiArgs<'dialoguePage'>;
  signal: AbortSignal | undefined;
}

/** An Api answering dialoguePage for a list of `total` rows; `hold` keeps answers back until released. */
function fakeApi(total: number, opts: { hold?: boolean } = {}) {
  const calls: Call[] = [];
  const waiting: (() => void)[] = [];
  const api = {
    call: (name: string, args: ApiArgs<'dialoguePage'>, o?: { signal?: AbortSignal }) => {
      if (name !== 'dialoguePage') return Promise.reject(new Error(`unexpected call ${name}`));
      calls.push({ args, signal: o?.signal });
      const page: DialoguePage = {
        total,
        offset: args.offset,
        rows: rows(args.offset, Math.max(0, Math.min(args.limit, total - args.offset))),
      } as DialoguePage;
      if (!opts.hold) return Promise.resolve(page);
      return new Promise((resolve, reject) => {
        o?.signal?.addEventListener('abort', () => reject(o.signal!.reason));
        waiting.push(() => resolve(page));
      });
    },
    onEvent: () => () => {},
  } as unknown as Api;
  const release = () => waiting.splice(0).forEach((f) => f());
  return { api, calls, release };
}

const listArgs = (search?: string): ListArgs<'dialoguePage'> => ({
  run: 'r',
  rev: 1,
  config,
  sort: { key: 'position', descending: false },
  filter: search ? { search } : {},
});

const offsets = (calls: Call[]) => calls.map((c) => c.args.offset).sort((a, b) => a - b);

/** Paged rows of `total` dialogues D0, D1, …, pages of 10, the first `loaded` loaded; fetchRow serves (and records) the others, or fails. */
function fakeRows(total: number | null, loaded: number, all = total ?? 0, fail = false) {
  const fetched: number[] = [];
  const row = (i: number) => (i >= 0 && i < all ? rows(i, 1)[0] : undefined);
  const paged: PagedRows<'dialoguePage'> = {
    call: 'dialoguePage',
    list: 'l',
    pageSize: 10,
    total,
    head: undefined,
    loaded,
    error: null,
    row: (i) => (i < loaded ? row(i) : undefined),
    indexOf: () => -1,
    show: () => {},
    fetchRow: (i) => {
      fetched.push(i);
      return fail ? Promise.reject(new Error('the engine is gone')) : Promise.resolve(row(i));
    },
  };
  return { paged, fetched };
}

describe('findRow', () => {
  const inSet = (ids: string[]) => (r: DialogueRow) => ids.includes(r.id);

  it('finds the first row from an index on that is not skipped, down or up', async () => {
    const { paged, fetched } = fakeRows(30, 30);
    expect(await findRow(paged, 3, 1)).toMatchObject({ index: 3, row: { id: 'D3' } });
    expect(await findRow(paged, 3, 1, inSet(['D3', 'D4', 'D6']))).toMatchObject({ index: 5, row: { id: 'D5' } });
    expect(await findRow(paged, 5, -1, inSet(['D5', 'D4']))).toMatchObject({ index: 3 });
    expect(fetched).toEqual([]);
  });

  it('is null when every row to the end (or the top) is skipped, or the start is outside the list', async () => {
    const { paged } = fakeRows(5, 5);
    expect(await findRow(paged, 2, 1, inSet(['D2', 'D3', 'D4']))).toBeNull();
    expect(await findRow(paged, 1, -1, () => true)).toBeNull();
    expect(await findRow(paged, 5, 1)).toBeNull();
    expect(await findRow(paged, -1, -1)).toBeNull();
  });

  it('fetches the rows it reaches whose pages are not loaded, and stops at the end while the total is unknown', async () => {
    const some = fakeRows(30, 10);
    expect(await findRow(some.paged, 8, 1, inSet(['D8', 'D9', 'D10']))).toMatchObject({ index: 11, row: { id: 'D11' } });
    expect(some.fetched).toEqual([10, 11]);
    const none = fakeRows(null, 0, 3);
    expect(await findRow(none.paged, 0, 1, () => true)).toBeNull();
    expect(none.fetched).toEqual([0, 1, 2, 3]);
  });

  it('rejects when a page cannot be fetched', async () => {
    const { paged } = fakeRows(30, 10, 30, true);
    await expect(findRow(paged, 9, 1, inSet(['D9']))).rejects.toThrow('the engine is gone');
  });
});

describe('windowPages', () => {
  it('asks for page 0 alone until the total is known, then never past the end', () => {
    expect(windowPages(3, 9, null, 100)).toEqual([0]);
    expect(windowPages(0, 100, 230, 100)).toEqual([0, 1, 2]);
    expect(windowPages(5, 1, 230, 100)).toEqual([0]);
    expect(windowPages(0, 0, 0, 100)).toEqual([0]);
  });
});

describe('usePagedRows', () => {
  it('asks only for pages that are neither loaded nor loading, page 0 first', async () => {
    const { api, calls } = fakeApi(100_000);
    const { result, rerender } = renderHook(() => usePagedRows('dialoguePage', listArgs(), { pageSize: 100 }), {
      wrapper: appWrapper(testAppContext(api, config)),
    });
    await waitFor(() => expect(result.current.total).toBe(100_000));
    expect(offsets(calls)).toEqual([0]);
    act(() => result.current.show(50, 250));
    await waitFor(() => expect(result.current.row(250)?.id).toBe('D250'));
    expect(offsets(calls)).toEqual([0, 100, 200]);
    // The same window again, a re-render, an overlapping window: only the new page.
    act(() => result.current.show(60, 260));
    rerender();
    act(() => result.current.show(150, 350));
    await waitFor(() => expect(result.current.row(350)?.id).toBe('D350'));
    expect(offsets(calls)).toEqual([0, 100, 200, 300]);
    expect(calls.every((c) => c.args.limit === 100)).toBe(true);
  });

  it('never asks past the end once the total is known', async () => {
    const { api, calls } = fakeApi(230);
    const { result } = renderHook(() => usePagedRows('dialoguePage', listArgs(), { pageSize: 100 }), {
      wrapper: appWrapper(testAppContext(api, config)),
    });
    await waitFor(() => expect(result.current.total).toBe(230));
    act(() => result.current.show(0, 10_000));
    await waitFor(() => expect(result.current.loaded).toBe(230));
    expect(offsets(calls)).toEqual([0, 100, 200]);
    expect(result.current.row(229)?.id).toBe('D229');
    expect(result.current.row(230)).toBeUndefined();
  });

  it('finds rows by index and by id', async () => {
    const { api } = fakeApi(1000);
    const { result } = renderHook(() => usePagedRows('dialoguePage', listArgs(), { pageSize: 100 }), {
      wrapper: appWrapper(testAppContext(api, config)),
    });
    act(() => result.current.show(200, 299));
    await waitFor(() => expect(result.current.row(250)?.id).toBe('D250'));
    expect(result.current.row(150)).toBeUndefined();
    expect(result.current.indexOf('D299')).toBe(299);
    expect(result.current.indexOf('D150')).toBe(-1);
    expect(result.current.indexOf('nope')).toBe(-1);
    // A row not loaded is fetched (its page, shared with the list).
    await expect(result.current.fetchRow(777)).resolves.toMatchObject({ id: 'D777' });
    expect(result.current.indexOf('D777')).toBe(777);
  });

  it('names another list for another filter, sort, config or revision, and aborts the pages nobody shows any more', async () => {
    const { api, calls, release } = fakeApi(500, { hold: true });
    const { result, rerender } = renderHook(({ search }) => usePagedRows('dialoguePage', listArgs(search), { pageSize: 100 }), {
      wrapper: appWrapper(testAppContext(api, config)),
      initialProps: { search: undefined as string | undefined },
    });
    const first = result.current.list;
    await waitFor(() => expect(calls).toHaveLength(1));
    rerender({ search: 'MUL' });
    expect(result.current.list).not.toBe(first);
    expect(result.current.total).toBeNull();
    await waitFor(() => expect(calls).toHaveLength(2));
    // The superseded request's signal fired: the transport drops (IPC) or aborts (HTTP) it.
    await waitFor(() => expect(calls[0].signal?.aborted).toBe(true));
    expect(calls[1].signal?.aborted).toBe(false);
    expect(calls[1].args.filter).toEqual({ search: 'MUL' });
    act(() => release());
    await waitFor(() => expect(result.current.total).toBe(500));
  });

  it('is idle without arguments', () => {
    const { api, calls } = fakeApi(10);
    const { result } = renderHook(() => usePagedRows('dialoguePage', null, { pageSize: 100 }), {
      wrapper: appWrapper(testAppContext(api, config)),
    });
    expect(result.current.list).toBeNull();
    expect(result.current.total).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('serves a 100k-dialogue list while holding only the visited pages', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 0, max: 99_999 }), { minLength: 1, maxLength: 8 }), async (visits) => {
        const { api, calls } = fakeApi(100_000);
        const { result, unmount } = renderHook(() => usePagedRows('dialoguePage', listArgs(), { pageSize: 200 }), {
          wrapper: appWrapper(testAppContext(api, config)),
        });
        await waitFor(() => expect(result.current.total).toBe(100_000));
        for (const v of visits) {
          act(() => result.current.show(Math.max(0, v - 20), v + 20));
          await waitFor(() => expect(result.current.row(v)?.id).toBe(`D${v}`));
        }
        for (const v of visits) expect(result.current.row(v)?.id).toBe(`D${v}`);
        unmount();
        // Page 0 (the total) and at most two pages per visit, each asked for once.
        expect(new Set(offsets(calls)).size).toBe(calls.length);
        return calls.length <= 1 + visits.length * 2;
      }),
      { numRuns: 15 },
    );
  });
});
