// @vitest-environment happy-dom
// A search box's debounced text (src/renderer/src/app/use-debounced-text.ts):
// typing commits 200 ms after the last keystroke; a text that cannot be read
// is not committed; a committed text changed from elsewhere ("Clear filter")
// replaces the box's text and is not undone by the box; keystrokes typed
// while the box's own commit comes back are kept.
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS, useDebouncedText } from '../../../../../src/renderer/src/app/use-debounced-text';

function setup(initial: string, blocked?: (t: string) => boolean) {
  const commits: string[] = [];
  const hook = renderHook(({ committed }) => useDebouncedText(committed, (t) => commits.push(t), blocked), {
    initialProps: { committed: initial },
  });
  return { ...hook, commits };
}

describe('useDebouncedText', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('commits what is typed once typing pauses; an unreadable text is not committed', () => {
    const { result, commits } = setup('', (t) => t.includes('"'));
    act(() => result.current[1]('ho'));
    act(() => result.current[1]('hot'));
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(commits).toEqual([]);
    act(() => vi.advanceTimersByTime(1));
    expect(commits).toEqual(['hot']);
    act(() => result.current[1]('"open'));
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 2));
    expect(commits).toEqual(['hot']);
  });

  it('takes a committed text changed from elsewhere (Clear filter) and does not commit the old text again', () => {
    const { result, rerender, commits } = setup('');
    act(() => result.current[1]('hotel'));
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    rerender({ committed: 'hotel' });
    expect(commits).toEqual(['hotel']);
    // The filter is cleared by a button: the box shows it, and nothing is committed after it.
    rerender({ committed: '' });
    expect(result.current[0]).toBe('');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 2));
    expect(commits).toEqual(['hotel']);
    // Back in history to the text it once committed: taken too.
    rerender({ committed: 'hotel' });
    expect(result.current[0]).toBe('hotel');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 2));
    expect(commits).toEqual(['hotel']);
  });

  it('keeps keystrokes typed while its own commit comes back', () => {
    const { result, rerender, commits } = setup('');
    act(() => result.current[1]('ho'));
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    act(() => result.current[1]('hot'));
    rerender({ committed: 'ho' });
    expect(result.current[0]).toBe('hot');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(commits).toEqual(['ho', 'hot']);
  });
});
