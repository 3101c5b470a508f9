// Layer: renderer (React component). One slot of a turn as a chip: coloured
// and patterned by class, icon, gold vs predicted value for wrong ones, and a
// mark for "changed this turn" versus carried over.

import type { LiHTMLAttributes } from 'react';
import type { SlotRecord } from '../../../shared/metrics/evaluate';
import { CLASS_STYLE, splitSlot } from '../model/classes';
import { chipMark, MARK_LABEL } from '../model/turn-view';

/** `extra`: more attributes for the chip (the playground's focus and keys); they never replace the chip's own hooks. */
export function SlotChip({ slot, extra }: { slot: SlotRecord; extra?: LiHTMLAttributes<HTMLLIElement> }) {
  const st = CLASS_STYLE[slot.class];
  const { domain, name } = splitSlot(slot.slot);
  const mark = chipMark(slot);
  const value =
    slot.class === 'wrong' ? (
      <>
        <span className="val gold" title="gold value">
          {slot.gold}
        </span>
        <span className="vs" aria-hidden="true">
          vs
        </span>
        <span className="val pred" title="predicted value">
          {slot.pred}
        </span>
      </>
    ) : (
      <span className="val">{slot.class === 'overshot' ? slot.pred : slot.gold}</span>
    );
  const label = `${slot.slot}: ${st.label}${slot.class === 'wrong' ? ` (gold ${slot.gold}, predicted ${slot.pred})` : ''}, ${MARK_LABEL[mark]}`;
  return (
    <li
      {...extra}
      className={`chip cls-${slot.class} mark-${mark}${extra?.className ? ` ${extra.className}` : ''}`}
      data-testid="slot"
      data-slot={slot.slot}
      data-class={slot.class}
      data-changed={String(slot.changed)}
      title={label}
      aria-label={label}
    >
      <span className="icon" aria-hidden="true">
        {st.icon}
      </span>
      <span className="name">
        {domain && <span className="domain">{domain}·</span>}
        {name}
      </span>
      {value}
      <span className="mark" aria-hidden="true">
        {mark === 'changed' ? 'Δ' : '↻'}
      </span>
    </li>
  );
}
