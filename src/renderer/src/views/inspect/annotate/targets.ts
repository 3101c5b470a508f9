// Layer: renderer (DOM helpers). What a key press annotates — the focused
// slot chip, else the suspect the queue stands on, else the selected turn —
// and moving the keyboard focus between the chips of the selected turn.

import type { Suspect } from '../../../../../shared/annotations/suspects';
import type { AnnotationItem, DialogueDetail } from '../../../../../shared/api';
import type { AnnotationTarget } from '../../../model/annotations';

/** The class a suspect's chip has (gold absent: overshot; prediction absent: missed). */
function suspectClass(s: Suspect): AnnotationTarget['cls'] {
  return s.gold === null ? 'overshot' : s.pred === null ? 'missed' : s.gold === s.pred ? 'correct' : 'wrong';
}

/** Leaves the focused chip (the queue moved on: keys now act on the new suspect until its chip is focused). */
export function leaveChip(): void {
  const active = document.activeElement;
  if (active instanceof HTMLElement && active.closest('[data-testid="slot"]')) active.blur();
}

/**
 * The annotation target of a key press: the focused chip (from the original,
 * uncorrected detail), else the suspect the queue stands on (its own place,
 * even before its dialogue is shown), else the selected turn.
 */
export function annotationTarget(
  detail: DialogueDetail | null,
  turnPos: number,
  current: Suspect | null,
  recordAt: (d: string, t: number, s?: string) => AnnotationItem | undefined,
): AnnotationTarget | null {
  const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const chip = active?.closest<HTMLElement>('[data-testid="slot"]') ?? null;
  const turnEl = chip?.closest<HTMLElement>('[data-testid="turn"]') ?? null;
  if (!(chip && turnEl && detail) && current) {
    return {
      dialogue: current.dialogue,
      turn: current.turn,
      slot: current.slot,
      gold: current.gold,
      pred: current.pred,
      cls: suspectClass(current),
      existing: recordAt(current.dialogue, current.turn, current.slot),
    };
  }
  if (!detail) return null;
  const turns = detail.perTurn ?? [];
  let pos = turnPos;
  let slot: string | undefined;
  if (chip && turnEl) {
    pos = Number(turnEl.dataset.position);
    slot = chip.dataset.slot;
  }
  const rec = turns[pos];
  if (!rec) return null;
  const sr = slot === undefined ? undefined : rec.slots.find((s) => s.slot === slot);
  const gold = sr?.gold ?? null;
  const pred = sr?.pred ?? null;
  return { dialogue: detail.id, turn: rec.turn, slot, gold, pred, cls: sr?.class, existing: recordAt(detail.id, rec.turn, slot) };
}

/** Focuses the chip of `slot` in turn `turn` (by its index in the file), else the turn. */
export function focusPlace(turn: number, slot?: string): void {
  const turnEl = document.querySelector<HTMLElement>(`[data-testid="turn"][data-turn="${turn}"]`);
  if (!turnEl) return;
  const chip = slot ? turnEl.querySelector<HTMLElement>(`[data-testid="slot"][data-slot="${CSS.escape(slot)}"]`) : null;
  (chip ?? turnEl).scrollIntoView({ block: 'nearest' });
  (chip ?? turnEl).focus({ preventScroll: true });
}

/** Moves the focus to the next (delta 1) or previous chip of the selected turn. */
export function moveChipFocus(delta: number): void {
  const turnEl = document.querySelector<HTMLElement>('[data-testid="turn"].selected');
  if (!turnEl) return;
  const chips = [...turnEl.querySelectorAll<HTMLElement>('[data-testid="slot"]')];
  if (chips.length === 0) return;
  const at = chips.indexOf(document.activeElement as HTMLElement);
  const next = at < 0 ? (delta > 0 ? 0 : chips.length - 1) : Math.max(0, Math.min(chips.length - 1, at + delta));
  chips[next].focus();
}
