// Layer: renderer (pure module). The visual vocabulary of slot classes and FGA
// turn classes: colour-blind-safe colours (Okabe–Ito), an icon and a border
// pattern for each class so they survive greyscale printing, and labels —
// the figures' own (shared/viz/theme.ts), re-exported for the screen.

import type { SlotClass } from '../../../shared/metrics/evaluate';
import type { FgaClass } from '../../../shared/metrics/defs/fga';
import { CLASS_LOOK, LETTER_CLASS, SLOT_CLASSES, type ClassLook } from '../../../shared/viz/theme';

export type ClassStyle = ClassLook;

export { SLOT_CLASSES, LETTER_CLASS };

/** The figures' class vocabulary (src/shared/viz/theme.ts), so screen and export agree. */
export const CLASS_STYLE: Record<SlotClass, ClassStyle> = CLASS_LOOK;

export function isSlotClass(x: string): x is SlotClass {
  return (SLOT_CLASSES as readonly string[]).includes(x);
}

/** "exact", "type-1 error", "type-2 error (distance 2)". */
export function fgaClassLabel(cls: FgaClass, distance: number | null): string {
  if (cls === 'exact') return 'exact';
  if (cls === 'type1') return 'type-1 error';
  return `type-2 error (distance ${distance ?? '?'})`;
}

export function fgaClassHelp(cls: FgaClass): string {
  if (cls === 'exact') return 'The predicted state equals the gold state: FGA scores the turn 1.';
  if (cls === 'type1') return "A fresh mistake in this turn's own changes: FGA scores the turn 0.";
  return 'Only an earlier mistake is carried over: FGA forgives it with 1 − e^(−λ·distance).';
}

/** A slot's "domain-slot" name split for display; names without '-' keep an empty domain. */
export function splitSlot(slot: string): { domain: string; name: string } {
  const i = slot.indexOf('-');
  return i < 0 ? { domain: '', name: slot } : { domain: slot.slice(0, i), name: slot.slice(i + 1) };
}
