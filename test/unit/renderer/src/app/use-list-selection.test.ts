// @vitest-environment happy-dom
// Unit tests of a paged list's selection (src/renderer/src/app/use-list-selection.ts)
// over fake paged rows: a click selects without scrolling, a jump and n/p
// scroll; n/p go from the selection's row when it is in the list as it is now
// (after a filter change too) and from the top when it is not; a row whose
// page is not loaded is fetched; the first row is picked once the list came;
// another scope starts with nothing selected; a failed fetch is a notice;
// n/p may pass over rows the view names (the suspects queue's next open
// suspect), fetching pages on the way, and say whether they moved; a row
// selected from outside the list (a request, a link, a jump) is brought into
// view, its place asked for (locate) when its page is not loaded.
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PagedRows } from '../../../../../src/renderer/src/app/paged-rows';
import { useListSelection, type ListSelectionOptions } from '../../../../../src/renderer/src/app/use-list-selection';
import type { Notice } from '../../../../../src/renderer/src/app/app-context';
import type { Api, PairRow } from '../../../../../src/shared/api';
import { defaultConfig } from '../../../../../src/shared/metrics/config';
import { appWrapper, testAppContext } from '../../../../helpers/renderer/app-context';

/** Paged rows of the pair list: `ids` in order, the first `loaded` of them loaded; fetchRow serves the rest (or fails). */
function pairRows(list: string, ids: string[], loaded = ids.length, fail = false): PagedRows<'comparePage'> {
  const row = (i: number) => ({ id: ids[i], idB: `${ids[i]}@B` }) as PairRow;
  return {
    call: 'comparePage',
    list,
    pageSize: 10,
    total: ids.length,
    head: undefined,
    loaded,
    error: null,
    row: (i) => (i >= 0 && i < loaded ? row(i) : undefined),
    indexOf: (id) => {
      const i = ids.indexOf(id);
      return i >= 0 && i < loaded ? i : -1;
    },
    show: () => {},
    fetchRow: (i) => (fail ? Promise.reject(new Error('the engine is gone')) : Promise.resolve(i < ids.length ? row(i) : undefined)),
  };
}

const idB = (r: PairRow) => r.idB;
const api = { call: () => Promise.reject(new Error('no calls here')), onEvent: () => () => {} } as unknown as Api;

function setup(initialRows: PagedRows<'comparePage'>, opts: Partial<ListSelectionOptions<'comparePage', string>> = {}) {
  const notices: Notice[] = [];
  let selected = 0;
  const told: [string, string][] = [];
  const onSelect = (id: string, extra: string) => {
    selected++;
    told.push([id, extra]);
  };
  const hook = renderHook(({ rows, scope }) => useListSelection(rows, { scope, extraOf: idB, onSelect, ...opts }), {
    wrapper: appWrapper(testAppContext(api, defaultConfig(), notices)),
    initialProps: { rows: initialRows, scope: 'A@1|B@1' },
  });
  return { ...hook, notices, told, selections: () => selected };
}

describe('useListSelection', () => {
  it('selects a clicked row without scrolling, and a row named from elsewhere with scrolling', () => {
    const { result } = setup(pairRows('all', ['a', 'b', 'c']));
    expect(result.current.id).toBeNull();
    expect(result.current.index).toBe(-1);
    act(() => result.current.select('b', 1, 'b@B'));
    expect(result.current).toMatchObject({ id: 'b', extra: 'b@B', index: 1, scrollRequest: 0 });
    act(() => result.current.jump('c', 'c@B'));
    expect(result.current).toMatchObject({ id: 'c', extra: 'c@B', index: 2, scrollRequest: 1 });
  });

  it('n/p step through the list and scroll; they stop at its ends', async () => {
    const { result, selections } = setup(pairRows('all', ['a', 'b', 'c']));
    act(() => result.current.select('a', 0, 'a@B'));
    await act(() => result.current.move(1));
    expect(result.current).toMatchObject({ id: 'b', extra: 'b@B', index: 1, scrollRequest: 1 });
    await act(() => result.current.move(1));
    await act(() => result.current.move(1));
    expect(result.current).toMatchObject({ id: 'c', index: 2, scrollRequest: 2 });
    await act(() => result.current.move(-1));
    expect(result.current.id).toBe('b');
    expect(selections()).toBe(4);
  });

  it('after a filter change, n goes to the row after the selection when it is in the new list, else to the first', async () => {
    const { result, rerender } = setup(pairRows('all', ['a', 'b', 'c', 'd']));
    act(() => result.current.select('c', 2, 'c@B'));
    rerender({ rows: pairRows('filtered', ['x', 'c', 'y']), scope: 'A@1|B@1' });
    // The selection stays (the row shown is kept), found at its place in the new list.
    expect(result.current).toMatchObject({ id: 'c', index: 1 });
    await act(() => result.current.move(1));
    expect(result.current.id).toBe('y');
    rerender({ rows: pairRows('other', ['p', 'q']), scope: 'A@1|B@1' });
    expect(result.current).toMatchObject({ id: 'y', index: -1 });
    await act(() => result.current.move(1));
    expect(result.current).toMatchObject({ id: 'p', index: 0 });
  });

  it('fetches the next row when its page is not loaded', async () => {
    const { result } = setup(pairRows('all', ['a', 'b', 'c'], 1));
    act(() => result.current.select('a', 0, 'a@B'));
    await act(() => result.current.move(1));
    expect(result.current).toMatchObject({ id: 'b', extra: 'b@B', index: 1 });
  });

  it('says why when the next row cannot be fetched, and keeps the selection', async () => {
    const { result, notices } = setup(pairRows('all', ['a', 'b'], 1, true));
    act(() => result.current.select('a', 0, 'a@B'));
    await act(() => result.current.move(1));
    expect(result.current.id).toBe('a');
    expect(notices).toEqual([{ text: 'the engine is gone', kind: 'error' }]);
  });

  it('picks the first row once the list has come, and only while nothing is selected', () => {
    const { result, rerender } = setup(pairRows('all', ['a', 'b'], 0), { selectFirst: true });
    expect(result.current.id).toBeNull();
    rerender({ rows: pairRows('all', ['a', 'b']), scope: 'A@1|B@1' });
    expect(result.current).toMatchObject({ id: 'a', extra: 'a@B', index: 0, scrollRequest: 0 });
    act(() => result.current.select('b', 1, 'b@B'));
    rerender({ rows: pairRows('sorted', ['z', 'b']), scope: 'A@1|B@1' });
    expect(result.current.id).toBe('b');
  });

  it('starts another scope (another pair of runs, a reload) with nothing selected', () => {
    const { result, rerender } = setup(pairRows('all', ['a', 'b']));
    act(() => result.current.select('b', 1, 'b@B'));
    rerender({ rows: pairRows('all2', ['a', 'b']), scope: 'A@2|B@1' });
    expect(result.current).toMatchObject({ id: null, extra: null, index: -1 });
  });

  it('shows the fallback while nothing is selected, and a request from another view as the selection', async () => {
    const withFallback = setup(pairRows('all', ['a', 'b', 'c']), { fallback: 'b' });
    expect(withFallback.result.current).toMatchObject({ id: 'b', extra: null, index: 1 });
    await act(() => withFallback.result.current.move(1));
    expect(withFallback.result.current).toMatchObject({ id: 'c', extra: 'c@B' });
    const asked = setup(pairRows('all', ['a', 'b', 'c']), { initial: { id: 'c', extra: 'c@B' }, fallback: 'a' });
    expect(asked.result.current).toMatchObject({ id: 'c', extra: 'c@B', index: 2 });
  });

  it('tells onSelect which row was selected and what is kept of it; a row found by the view may be brought into view', async () => {
    const { result, told } = setup(pairRows('all', ['a', 'b', 'c']));
    act(() => result.current.select('b', 1, 'b@B'));
    act(() => result.current.select('c', 2, 'c@B', true));
    expect(result.current).toMatchObject({ id: 'c', index: 2, scrollRequest: 1 });
    await act(() => result.current.move(-1));
    act(() => result.current.jump('a', 'a@B'));
    expect(told).toEqual([
      ['b', 'b@B'],
      ['c', 'c@B'],
      ['b', 'b@B'],
      ['a', 'a@B'],
    ]);
  });

  it('n/p pass over the rows the view names, fetching pages on the way, and say whether the selection moved', async () => {
    const { result, selections } = setup(pairRows('all', ['a', 'b', 'c', 'd', 'e'], 2));
    const done = (ids: string[]) => (r: PairRow) => ids.includes(r.id);
    act(() => result.current.select('a', 0, 'a@B'));
    let moved = false;
    await act(async () => {
      moved = await result.current.move(1, done(['b', 'c']));
    });
    expect(moved).toBe(true);
    expect(result.current).toMatchObject({ id: 'd', extra: 'd@B', index: 3, scrollRequest: 1 });
    await act(async () => {
      moved = await result.current.move(-1, done(['c', 'b', 'a']));
    });
    // Nothing open above: the selection stays where it was.
    expect(moved).toBe(false);
    expect(result.current).toMatchObject({ id: 'd', index: 3 });
    await act(async () => {
      moved = await result.current.move(1, done(['e']));
    });
    expect(moved).toBe(false);
    act(() => result.current.select('e', 4, 'e@B'));
    await act(async () => {
      moved = await result.current.move(1);
    });
    // At the list's end n does not move.
    expect(moved).toBe(false);
    expect(result.current.id).toBe('e');
    expect(selections()).toBe(3);
  });

  const flush = () => act(async () => await new Promise((r) => setTimeout(r, 0)));

  it('brings a row selected from outside the list into view: its place is asked for when its page is not loaded', async () => {
    const ids = ['a', 'b', 'c', 'd', 'e'];
    const asked: string[] = [];
    const locate = async (id: string) => {
      asked.push(id);
      return ids.indexOf(id);
    };
    // A request from another view (a flip link) for a row beyond the loaded page.
    const { result, notices } = setup(pairRows('all', ids, 2), { initial: { id: 'd', extra: 'd@B' }, locate });
    await flush();
    expect(result.current).toMatchObject({ id: 'd', extra: 'd@B', index: 3, scrollRequest: 2 });
    expect(asked).toEqual(['d']);
    // A jump to another such row.
    act(() => result.current.jump('e', 'e@B'));
    await flush();
    expect(result.current).toMatchObject({ id: 'e', index: 4, scrollRequest: 4 });
    expect(asked).toEqual(['d', 'e']);
    // A click on a loaded row asks nothing.
    act(() => result.current.select('a', 0, 'a@B'));
    await flush();
    expect(asked).toEqual(['d', 'e']);
    // A row the list does not hold (filtered out): asked once, it stays selected, unplaced, without a notice.
    act(() => result.current.jump('zz', 'zz@B'));
    await flush();
    await flush();
    expect(result.current).toMatchObject({ id: 'zz', index: -1 });
    expect(asked).toEqual(['d', 'e', 'zz']);
    expect(notices).toEqual([]);
  });

  it('a request from another view whose row is loaded asks the list to scroll, without asking where it is', async () => {
    const asked: string[] = [];
    const { result } = setup(pairRows('all', ['a', 'b', 'c'], 2), {
      initial: { id: 'b', extra: 'b@B' },
      locate: async (id) => (asked.push(id), 1),
    });
    await flush();
    expect(result.current).toMatchObject({ id: 'b', index: 1, scrollRequest: 1 });
    expect(asked).toEqual([]);
  });
});
