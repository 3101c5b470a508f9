// Layer: renderer (pure module, no React). What the playground holds while
// the app runs, across view switches: per side (A, B) the dialogue's id, its
// text and the template it came from, whether A/B is on, and a dialogue sent
// by "Open in playground" that the editor has not taken yet. Kept in
// localStorage, so a hypothetical dialogue survives a reload.

import { templateByName, templateDialogue } from './templates';

export type Side = 'A' | 'B';

export interface SideState {
  id: string;
  text: string;
  /** The template the text started from ('' when it came from a run). */
  template: string;
  /** Where the text came from, for the side's header ("run SOM-DST · MUL1110.json"). */
  origin: string;
}

export interface PlaygroundState {
  sides: Record<Side, SideState>;
  ab: boolean;
  /** Texts to load into a side's editor as an undoable edit when it next shows. */
  pending: Partial<Record<Side, SideState>>;
}

const KEY = 'dst-inspector.playground';

function fromTemplate(name: string): SideState {
  const d = templateDialogue(name);
  return { ...d, template: name, origin: templateByName(name)?.about ?? '' };
}

function initial(): PlaygroundState {
  return { sides: { A: fromTemplate('hypothetical-p1'), B: fromTemplate('hypothetical-p2') }, ab: false, pending: {} };
}

function isSide(v: unknown): v is SideState {
  const s = v as SideState;
  return !!s && typeof s.id === 'string' && typeof s.text === 'string' && typeof s.template === 'string' && typeof s.origin === 'string';
}

function read(store: Storage | null): PlaygroundState {
  try {
    const raw = store?.getItem(KEY);
    if (raw) {
      const v = JSON.parse(raw) as Partial<PlaygroundState>;
      if (v.sides && isSide(v.sides.A) && isSide(v.sides.B)) return { sides: { A: v.sides.A, B: v.sides.B }, ab: !!v.ab, pending: {} };
    }
  } catch {
    /* a broken entry: start afresh */
  }
  return initial();
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

let state: PlaygroundState | null = null;
const listeners = new Set<() => void>();
let saveTimer: ReturnType<typeof setTimeout> | null = null;

export function playgroundState(): PlaygroundState {
  state ??= read(storage());
  return state;
}

export function subscribe(f: () => void): () => void {
  listeners.add(f);
  return () => listeners.delete(f);
}

function update(next: PlaygroundState, persist = true): void {
  state = next;
  for (const f of listeners) f();
  if (!persist) return;
  if (saveTimer) clearTimeout(saveTimer);
  saveTimer = setTimeout(() => {
    try {
      storage()?.setItem(KEY, JSON.stringify({ sides: next.sides, ab: next.ab }));
    } catch {
      /* storage full or refused: the text lives until reload */
    }
  }, 300);
}

/** The editor of `side` changed its text (typing, undo, a quick edit, a loaded template). */
export function setSideText(side: Side, text: string): void {
  const s = playgroundState();
  if (s.sides[side].text === text) return;
  update({ ...s, sides: { ...s.sides, [side]: { ...s.sides[side], text } } });
}

export function setSideMeta(side: Side, meta: Partial<Omit<SideState, 'text'>>): void {
  const s = playgroundState();
  update({ ...s, sides: { ...s.sides, [side]: { ...s.sides[side], ...meta } } });
}

export function setAb(ab: boolean): void {
  const s = playgroundState();
  update({ ...s, ab });
}

/** Sends a dialogue to a side; its editor takes it as an undoable edit. */
export function sendToSide(side: Side, d: SideState): void {
  const s = playgroundState();
  update({ ...s, pending: { ...s.pending, [side]: d } }, false);
}

/** A template for a side, sent like any other dialogue. */
export function sendTemplate(side: Side, name: string): void {
  sendToSide(side, fromTemplate(name));
}

/** The editor of `side` took its pending dialogue. */
export function takePending(side: Side): SideState | undefined {
  const s = playgroundState();
  const p = s.pending[side];
  if (!p) return undefined;
  const pending = { ...s.pending };
  delete pending[side];
  update({ ...s, pending, sides: { ...s.sides, [side]: p } });
  return p;
}
