// Layer: renderer (DOM helpers). What a key press annotates — the focused
// slot chip, else the suspect the queue stands on, else the selected turn —
// and moving the keyboard focus between the chips of the selected turn.

import type { Suspect } from '../../../../../shared/annotations/suspects';
import type { AnnotationItem, DialogueDetail } from '../../../../../shared/api';
import type { AnnotationTarget } from '../../../model/annotations';

/** The annotation target of a key press, from the original (uncorrected) detail. */
export function annotationTarget(detail: DialogueDetail, turnPos: number, current: Suspect | null, recordAt: (d: string, t: number, s?: string) => AnnotationItem | undefined): AnnotationTarget | null {
  const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const chip = active?.closest<HTMLElement>('[data-testid="slot"]') ?? null;
  const turnEl = chip?.closest<HTMLElement>('[data-testid="turn"]') ?? null;
  const turns = detail.perTurn ?? [];
  let pos = turnPos;
  let slot: string | undefined;
  if (chip && turnEl) {
    pos = Number(turnEl.dataset.position);
    slot = chip.dataset.slot;
  } else if (current && current.dialogue === detail.id && turns[turnPos]?.turn === current.turn) slot = current.slot;
  const rec = turns[pos];
  if (!rec) return null;
  const sr = slot === undefined ? undefined : rec.slots.find((s) => s.slot === slot);
  let gold = sr?.gold ?? null;
  let pred = sr?.pred ?? null;
  if (slot !== undefined && !sr && current && current.slot === slot && current.turn === rec.turn) [gold, pred] = [current.gold, current.pred];
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
