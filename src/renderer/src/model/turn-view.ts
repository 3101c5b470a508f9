// Layer: renderer (pure module). Which slot chips a turn shows: the full state
// (gold ∪ prediction) or only this turn's changes (GCA's view), and how each
// chip is marked: a fresh change or an error carried over from earlier turns.

import type { SlotRecord } from '../../../shared/metrics/evaluate';

export type TurnViewMode = 'full' | 'changes';

export type ChipMark = 'changed' | 'carried-error' | 'carried';

export function chipMark(s: SlotRecord): ChipMark {
  if (s.changed) return 'changed';
  return s.class === 'correct' ? 'carried' : 'carried-error';
}

export const MARK_LABEL: Record<ChipMark, string> = {
  changed: 'changed this turn',
  'carried-error': 'error carried over from an earlier turn',
  carried: 'carried over',
};

export function visibleSlots(slots: readonly SlotRecord[], mode: TurnViewMode): SlotRecord[] {
  return mode === 'full' ? [...slots] : slots.filter((s) => s.changed);
}

/** Count of slots per class, for a turn's summary line. */
export function classCounts(slots: readonly SlotRecord[]): Record<SlotRecord['class'], number> {
  const c = { correct: 0, wrong: 0, missed: 0, overshot: 0 };
  for (const s of slots) c[s.class]++;
  return c;
}
