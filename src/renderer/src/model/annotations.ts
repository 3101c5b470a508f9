// Layer: renderer (pure module). Annotation helpers for the views: which
// record a chip or turn carries, the category a digit picks, the category a
// slot class suggests, the record body the form saves (and why the form
// refuses it), the undo stack's entries, the verdict a done suspect shows and
// the queue's position text.

import { CATEGORIES, placeKey, type Category, type RecordBody, type Status } from '../../../shared/annotations/record';
import type { AnnotationItem } from '../../../shared/api';
import type { SlotClass } from '../../../shared/metrics/evaluate';

/** Latest record per place (dialogue, turn, slot; "" for the turn). */
export function recordsByPlace(items: readonly AnnotationItem[]): Map<string, AnnotationItem> {
  const m = new Map<string, AnnotationItem>();
  for (const r of items) m.set(placeKey(r.dialogue, r.turn, r.slot), r);
  return m;
}

/** Digit 1–9 → category. */
export function categoryOfDigit(key: string): Category | null {
  const n = Number(key);
  return Number.isInteger(n) && n >= 1 && n <= CATEGORIES.length ? CATEGORIES[n - 1] : null;
}

/** The category a chip's class suggests: a wrong value, a slot the gold lacks (overshot) or should not have (missed). */
export function suggestedCategory(cls: SlotClass | undefined): Category {
  if (cls === 'wrong') return 'wrong-value';
  if (cls === 'overshot') return 'missing-slot';
  if (cls === 'missed') return 'extra-slot';
  return 'other';
}

/** What the form is about: a slot (with its gold and predicted values) or a whole turn. */
export interface AnnotationTarget {
  dialogue: string;
  turn: number;
  slot?: string;
  gold: string | null;
  pred: string | null;
  cls?: SlotClass;
  /** The record already there, which the form revises. */
  existing?: AnnotationItem;
}

export interface FormValues {
  /** The proposed value; null: the slot should be absent; undefined: no correction proposed. */
  to: string | null | undefined;
  scope: 'turn' | 'onward';
  category: Category;
  note: string;
}

/**
 * The form's starting values: `to` defaults to the predicted value (absent
 * when the prediction has none), or no correction when the prediction is the
 * gold (a correction must change it).
 */
export function initialForm(t: AnnotationTarget): FormValues {
  const e = t.existing;
  if (e) return { to: Object.hasOwn(e, 'to') ? (e.to ?? null) : undefined, scope: e.scope, category: e.category, note: e.note ?? '' };
  const to = t.slot === undefined || t.pred === t.gold ? undefined : t.pred;
  return { to, scope: 'onward', category: suggestedCategory(t.cls), note: '' };
}

/** Why the form cannot save this (the engine refuses it too), or null. */
export function formProblem(t: AnnotationTarget, f: FormValues): string | null {
  if (t.slot === undefined || f.to === undefined || f.to !== t.gold) return null;
  // An older record that already says so may keep its value (its status can still change).
  if (t.existing && Object.hasOwn(t.existing, 'to') && t.existing.to === f.to) return null;
  return f.to === null
    ? 'The gold already lacks this slot: a correction must change the gold. Choose “no correction” to only flag the place.'
    : `The gold already is ${JSON.stringify(f.to)}: a correction must change the gold. Choose “no correction” to only flag the place, or give another value.`;
}

/** What a done suspect's record says: the gold rejected as right, a correction, a confirmation without one, or still suspected. */
export type Verdict = 'rejected' | 'corrected' | 'confirmed' | 'suspected';

export function verdictOf(r: Pick<AnnotationItem, 'status'> & { to?: string | null }): Verdict {
  if (r.status === 'rejected') return 'rejected';
  if (r.status === 'suspected') return 'suspected';
  return Object.hasOwn(r, 'to') && r.to !== undefined ? 'corrected' : 'confirmed';
}

const count = (n: number) => n.toLocaleString('en-US');

/** "suspect 16 of 4,871": the queue's place among all the suspects (not only those loaded so far). */
export function suspectPosition(index: number, total: number): string {
  return `suspect ${count(index + 1)} of ${count(total)}`;
}

/** The record body to save from the form. */
export function recordBody(t: AnnotationTarget, f: FormValues, status: Status): RecordBody {
  const body: RecordBody = { dialogue: t.dialogue, turn: t.turn, scope: f.scope, category: f.category, status };
  if (t.slot !== undefined) {
    body.slot = t.slot;
    body.from = t.gold;
    if (f.to !== undefined) body.to = f.to;
  }
  if (f.note.trim() !== '') body.note = f.note.trim();
  return body;
}

/** The body of an existing record (to restore it on undo). */
export function bodyOf(r: AnnotationItem): RecordBody {
  const body: RecordBody = { dialogue: r.dialogue, turn: r.turn, scope: r.scope, category: r.category, status: r.status };
  if (r.slot !== undefined) body.slot = r.slot;
  if (r.from !== undefined) body.from = r.from;
  if (Object.hasOwn(r, 'to') && r.to !== undefined) body.to = r.to;
  if (r.note !== undefined) body.note = r.note;
  return body;
}

/** One save the user can undo: a new record (withdrawn on undo) or a revision (the previous body restored). */
export interface UndoEntry {
  id: string;
  rev: number;
  previous?: RecordBody;
  label: string;
}

export function describeTarget(t: { dialogue: string; turn: number; slot?: string }): string {
  return `${t.dialogue} turn ${t.turn}${t.slot ? ` ${t.slot}` : ''}`;
}
