// Layer: renderer (pure module). The keyboard map: which key does what, and
// when a key belongs to a text field instead of the app.

export type KeyAction =
  | 'next-turn'
  | 'prev-turn'
  | 'next-dialogue'
  | 'prev-dialogue'
  | 'focus-search'
  | 'help'
  | 'open'
  | 'close'
  | 'toggle-view'
  | 'toggle-raw'
  | 'next-chip'
  | 'prev-chip'
  | 'annotate'
  | 'reject'
  | 'undo'
  | 'toggle-queue'
  | 'toggle-whatif'
  | 'toggle-annotations'
  | 'toggle-disagreements'
  | 'export-corrections'
  | 'export'
  | 'copy-link';

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
  { keys: 'n', action: 'next-dialogue', help: 'next dialogue (next suspect while the suspects queue is on)' },
  { keys: 'p', action: 'prev-dialogue', help: 'previous dialogue (previous suspect while the queue is on)' },
  { keys: 'l', action: 'next-chip', help: 'next slot chip of the turn' },
  { keys: 'h', action: 'prev-chip', help: 'previous slot chip of the turn' },
  {
    keys: 'a',
    action: 'annotate',
    help: 'annotate the focused chip (or the turn): digits pick a category, Enter saves confirmed, Shift+Enter suspected',
  },
  { keys: 'x', action: 'reject', help: 'reject the suspect (the gold is right)' },
  { keys: 'u', action: 'undo', help: 'undo the last annotation saved here' },
  { keys: 's', action: 'toggle-queue', help: 'suspects queue on / off (n / p walk it)' },
  { keys: 'w', action: 'toggle-whatif', help: 'what-if: score with the corrections applied, before → after' },
  { keys: 'A', action: 'toggle-annotations', help: 'the list of annotations (this dialogue and the corpus)' },
  {
    keys: 'D',
    action: 'toggle-disagreements',
    help: 'several annotators: agreement and the disagreements queue (j / k move, 1–9 / m / g / v pick, Enter adjudicates)',
  },
  { keys: 'E', action: 'export-corrections', help: 'export the correction diff (JSON Lines, CSV, diff)' },
  { keys: '/', action: 'focus-search', help: 'search dialogues' },
  { keys: 'c', action: 'toggle-view', help: "only this turn's changes / full state" },
  { keys: 'r', action: 'toggle-raw', help: 'show / hide the raw JSON' },
  { keys: 'e', action: 'export', help: 'Export menu: figures, tables, screenshot' },
  { keys: 'L', action: 'copy-link', help: 'copy a link to this view (dialogue, turn, filter, analysis); no token in it' },
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
  l: 'next-chip',
  h: 'prev-chip',
  a: 'annotate',
  x: 'reject',
  u: 'undo',
  s: 'toggle-queue',
  w: 'toggle-whatif',
  A: 'toggle-annotations',
  D: 'toggle-disagreements',
  E: 'export-corrections',
  e: 'export',
  L: 'copy-link',
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
