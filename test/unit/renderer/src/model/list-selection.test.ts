// Unit tests of the selected dialogue's index in a lazily fetched list
// (model/list-selection.ts): the recorded index holds only in the list it was
// recorded in; in another list the selection is looked up among its rows;
// and of the selection's reducer (one scope, scroll requests).
import { describe, expect, it } from 'vitest';
import { selectedIndex, selectionIn, selectionReducer, type SelectionState } from '../../../../../src/renderer/src/model/list-selection';
import { step } from '../../../../../src/renderer/src/model/keyboard';

const list = (key: string, ids: string[]) => ({ key, indexOf: (id: string) => ids.indexOf(id) });

describe('selectedIndex', () => {
  it('keeps the index recorded in the same list', () => {
    expect(selectedIndex({ id: 'b', index: 7, key: 'q1' }, 'b', list('q1', ['a', 'b']))).toBe(7);
  });
  it('after the list changed, looks the selection up: the next row is the one after it, or the first when it left the list', () => {
    const sel = { id: 'c', index: 2, key: 'all' };
    expect(selectedIndex(sel, 'c', list('filtered', ['x', 'c', 'y']))).toBe(1);
    expect(step(selectedIndex(sel, 'c', list('filtered', ['x', 'c', 'y'])), 1, 3)).toBe(2);
    expect(selectedIndex(sel, 'c', list('filtered', ['x', 'y']))).toBe(-1);
    expect(step(selectedIndex(sel, 'c', list('filtered', ['x', 'y'])), 1, 2)).toBe(0);
  });
  it('is -1 without a selection', () => {
    expect(selectedIndex(null, null, list('k', ['a']))).toBe(-1);
  });
});

describe('selectionReducer', () => {
  const empty: SelectionState<string> = { scope: 's1', selected: null, scrollRequest: 0 };
  const pick = (scope: string, id: string, scroll: boolean) =>
    ({ type: 'select', scope, id, index: 3, key: 'k', extra: `${id}@B`, scroll }) as const;

  it('records the selection in its scope; only a scrolling pick asks the list to scroll', () => {
    const s1 = selectionReducer(empty, pick('s1', 'a', false));
    expect(s1).toEqual({ scope: 's1', selected: { id: 'a', index: 3, key: 'k', extra: 'a@B' }, scrollRequest: 0 });
    const s2 = selectionReducer(s1, pick('s1', 'b', true));
    expect(s2.scrollRequest).toBe(1);
    expect(selectionIn(s2, 's1')?.id).toBe('b');
  });

  it('holds one scope: a selection of another scope is no selection here', () => {
    const s = selectionReducer(empty, pick('s2', 'a', true));
    expect(selectionIn(s, 's1')).toBeNull();
    expect(selectionIn(s, 's2')?.id).toBe('a');
    expect(selectionIn(selectionReducer(s, { type: 'clear' }), 's2')).toBeNull();
  });
});
