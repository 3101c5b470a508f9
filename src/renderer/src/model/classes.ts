// Layer: renderer (pure module). The visual vocabulary of slot classes and FGA
// turn classes: colour-blind-safe colours (Okabe–Ito), an icon and a border
// pattern for each class so they survive greyscale printing, and labels.

import type { SlotClass } from '../../../shared/metrics/evaluate';
import type { FgaClass } from '../../../shared/metrics/defs/fga';

export interface ClassStyle {
  label: string;
  /** Okabe–Ito colour. */
  colour: string;
  /** Glyph shown on the chip, also readable in greyscale. */
  icon: string;
  /** CSS border style: a second, colour-free cue. */
  border: 'solid' | 'double' | 'dashed' | 'dotted';
  /** GCA's letter for the class. */
  letter: 'C' | 'W' | 'M' | 'O';
  help: string;
}

export const SLOT_CLASSES: readonly SlotClass[] = ['correct', 'wrong', 'missed', 'overshot'];

export const CLASS_STYLE: Record<SlotClass, ClassStyle> = {
  correct: { label: 'correct', colour: '#009E73', icon: '✓', border: 'solid', letter: 'C', help: 'gold and prediction agree' },
  wrong: { label: 'wrong value', colour: '#D55E00', icon: '≠', border: 'double', letter: 'W', help: 'the slot is predicted with another value' },
  missed: { label: 'missed', colour: '#E69F00', icon: '∅', border: 'dashed', letter: 'M', help: 'in the gold state, not predicted' },
  overshot: { label: 'overshot', colour: '#0072B2', icon: '+', border: 'dotted', letter: 'O', help: 'predicted, not in the gold state' },
};

/** GCA letter → slot class. */
export const LETTER_CLASS: Record<'C' | 'W' | 'M' | 'O', SlotClass> = { C: 'correct', W: 'wrong', M: 'missed', O: 'overshot' };

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
