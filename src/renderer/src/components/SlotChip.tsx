// Layer: renderer (React component). One slot of a turn as a chip: coloured
// and patterned by class, icon, gold vs predicted value for wrong ones, and a
// mark for "changed this turn" versus carried over. A chip can be focused (to
// annotate it with the keyboard); an annotated chip carries a mark with its
// status, and the suspect the queue stands on is outlined.

import type { LiHTMLAttributes } from 'react';
import type { Status } from '../../../shared/annotations/record';
import type { SlotRecord } from '../../../shared/metrics/evaluate';
import { CLASS_STYLE, splitSlot } from '../model/classes';
import { chipMark, MARK_LABEL } from '../model/turn-view';

const STATUS_MARK: Record<Status, string> = { suspected: '?', confirmed: '!', rejected: '✓' };
const STATUS_LABEL: Record<Status, string> = {
  suspected: 'gold suspected wrong',
  confirmed: 'gold error confirmed',
  rejected: 'suspect rejected (gold right)',
};

interface Props {
  slot: SlotRecord;
  /** Status of the annotation on this slot at this turn, if any. */
  annotated?: Status;
  /** The suspects queue stands here. */
  suspect?: boolean;
  /** Reachable with Tab (the chips of the selected turn). */
  focusable?: boolean;
  /** More attributes for the chip (the playground's focus and keys); they never replace the chip's own hooks. */
  extra?: LiHTMLAttributes<HTMLLIElement>;
}

export function SlotChip({ slot, annotated, suspect, focusable, extra }: Props) {
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
  const label = `${slot.slot}: ${st.label}${slot.class === 'wrong' ? ` (gold ${slot.gold}, predicted ${slot.pred})` : ''}, ${MARK_LABEL[mark]}${annotated ? `, ${STATUS_LABEL[annotated]}` : ''}${suspect ? ', current suspect' : ''}`;
  return (
    <li
      tabIndex={focusable ? 0 : -1}
      {...extra}
      className={`chip cls-${slot.class} mark-${mark}${annotated ? ` annotated ann-${annotated}` : ''}${suspect ? ' suspect' : ''}${extra?.className ? ` ${extra.className}` : ''}`}
      data-testid="slot"
      data-slot={slot.slot}
      data-class={slot.class}
      data-changed={String(slot.changed)}
      data-annotated={annotated}
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
      {annotated && (
        <span className="ann-mark" aria-hidden="true" title={STATUS_LABEL[annotated]}>
          ✎{STATUS_MARK[annotated]}
        </span>
      )}
    </li>
  );
}
