// Layer: renderer (React hook). Roving focus in a group (the corpus scores in
// the header, the totals in the metric panel): the group is one Tab stop, the
// arrow keys (and Home/End) move between its [data-roving] items.

import { useEffect, type RefObject } from 'react';

/** Runs after every render, so items added or replaced since still leave exactly one Tab stop. */
export function useRovingFocus(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const items = () => Array.from(root.querySelectorAll<HTMLElement>('[data-roving]'));
    const all = items();
    if (all.length && !all.some((x) => x.tabIndex === 0)) all[0].tabIndex = 0;
    const onKey = (e: KeyboardEvent) => {
      const list = items();
      const at = list.indexOf(e.target as HTMLElement);
      if (at < 0) return;
      let next = -1;
      if (e.key === 'ArrowRight' || e.key === 'ArrowDown') next = Math.min(list.length - 1, at + 1);
      else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') next = Math.max(0, at - 1);
      else if (e.key === 'Home') next = 0;
      else if (e.key === 'End') next = list.length - 1;
      if (next < 0) return;
      e.preventDefault();
      e.stopPropagation();
      for (const x of list) x.tabIndex = -1;
      list[next].tabIndex = 0;
      list[next].focus();
    };
    root.addEventListener('keydown', onKey);
    return () => root.removeEventListener('keydown', onKey);
  });
}
