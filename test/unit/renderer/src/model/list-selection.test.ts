// Unit tests of the selected dialogue's index in a lazily fetched list
// (model/list-selection.ts): the recorded index holds only in the list it was
// recorded in; in another list the selection is looked up among its rows.
import { describe, expect, it } from 'vitest';
import { selectedIndex } from '../../../../../src/renderer/src/model/list-selection';
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
