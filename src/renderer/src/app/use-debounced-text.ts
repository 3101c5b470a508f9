// Layer: renderer (React hook). A search box's text: what is typed shows at
// once and is committed (the list's query changes) 200 ms after the last
// keystroke, unless it cannot be read (`blocked` says so of a text; the box
// then says why).

import { useEffect, useEffectEvent, useState } from 'react';

export const SEARCH_DEBOUNCE_MS = 200;

export function useDebouncedText(
  committed: string,
  commit: (text: string) => void,
  blocked: (text: string) => boolean = () => false,
): [string, (text: string) => void] {
  const [text, setText] = useState(committed);
  const onCommit = useEffectEvent((t: string) => commit(t));
  const wait = committed !== text && !blocked(text);
  useEffect(() => {
    if (!wait) return;
    const t = setTimeout(() => onCommit(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [text, wait]);
  return [text, setText];
}
