// Layer: renderer (pure module). The keyboard map: which key does what, and
// when a key belongs to a text field instead of the app.

export type KeyAction = 'next-turn' | 'prev-turn' | 'next-dialogue' | 'prev-dialogue' | 'focus-search' | 'help' | 'open' | 'close' | 'toggle-view' | 'toggle-raw' | 'export';

export interface KeyInput {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** True when the event comes from an input, textarea, select or editor. */
  inTextField: boolean;
}

export const SHORTCUTS: { keys: string; action: KeyAction; help: string }[] = [
  { keys: 'j', action: 'next-turn', help: 'next turn' },
  { keys: 'k', action: 'prev-turn', help: 'previous turn' },
  { keys: 'n', action: 'next-dialogue', help: 'next dialogue' },
  { keys: 'p', action: 'prev-dialogue', help: 'previous dialogue' },
  { keys: '/', action: 'focus-search', help: 'search dialogues' },
  { keys: 'c', action: 'toggle-view', help: "only this turn's changes / full state" },
  { keys: 'r', action: 'toggle-raw', help: 'show / hide the raw JSON' },
  { keys: 'e', action: 'export', help: 'Export menu: figures, tables, screenshot' },
  { keys: '?', action: 'help', help: 'this help' },
  { keys: 'Ctrl/Cmd+O', action: 'open', help: 'open a predictions file' },
  { keys: 'Esc', action: 'close', help: 'close a dialog or leave a text field' },
];

const PLAIN: Record<string, KeyAction> = {
  j: 'next-turn',
  k: 'prev-turn',
  n: 'next-dialogue',
  p: 'prev-dialogue',
  '/': 'focus-search',
  '?': 'help',
  c: 'toggle-view',
  r: 'toggle-raw',
  e: 'export',
};

export function keyAction(e: KeyInput): KeyAction | null {
  if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'o') return 'open';
  if (e.key === 'Escape') return 'close';
  if (e.inTextField || e.ctrlKey || e.metaKey || e.altKey) return null;
  return PLAIN[e.key] ?? null;
}

/** Next index in [0, count) after moving by `delta`, clamped; -1 when empty. */
export function step(index: number, delta: number, count: number): number {
  if (count <= 0) return -1;
  if (index < 0) return delta > 0 ? 0 : count - 1;
  return Math.min(count - 1, Math.max(0, index + delta));
}
