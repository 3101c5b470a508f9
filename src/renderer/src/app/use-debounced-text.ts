// Layer: renderer (React hook). A search box's text: what is typed shows at
// once and is committed (the list's query changes) 200 ms after the last
// keystroke, unless it cannot be read (`blocked` says so of a text; the box
// then says why). A committed text changed from elsewhere (a "Clear filter"
// button) replaces the box's text; the box's own commits never do, so
// keystrokes typed while one is on its way are kept.

import { useEffect, useEffectEvent, useState } from 'react';

export const SEARCH_DEBOUNCE_MS = 200;

export function useDebouncedText(
  committed: string,
  commit: (text: string) => void,
  blocked: (text: string) => boolean = () => false,
): [string, (text: string) => void] {
  const [text, setText] = useState(committed);
  // The committed text last seen, and the last text this box committed (state adjusted while rendering when it changes).
  const [seen, setSeen] = useState(committed);
  const [sent, setSent] = useState<string | null>(null);
  if (committed !== seen) {
    setSeen(committed);
    if (committed !== sent) setText(committed);
    setSent(null); // its own commit has come back (or was overtaken): a later change from elsewhere is taken, whatever its text
  }
  const onCommit = useEffectEvent((t: string) => {
    setSent(t);
    commit(t);
  });
  const wait = committed !== text && !blocked(text);
  useEffect(() => {
    if (!wait) return;
    const t = setTimeout(() => onCommit(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [text, wait]);
  return [text, setText];
}
