// Layer: renderer (React component). One slot of a turn as a chip: coloured
// and patterned by class, icon, gold vs predicted value for wrong ones, and a
// mark for "changed this turn" versus carried over. A chip can be focused (to
// annotate it with the keyboard); an annotated chip carries a mark with its
// status, and the suspect the queue stands on is outlined. Values show their
// invisible characters (VisibleValue), and a wrong value's characters that
// differ from the gold are highlighted on both sides (a character diff).
// Where the layout gives confidences, the chip is shaded by the first score
// (faint = unsure, full = confident) and every score is in its tooltip.
// Under a preset whose matcher accepted a value that is not the gold's text,
// the chip says which matcher and why (`' centre' ≈ 'centre' (partial_ratio
// 100)`) in its tooltip and carries a ≈ mark.

import type { LiHTMLAttributes } from 'react';
import type { Status } from '../../../shared/annotations/record';
import type { SlotRecord } from '../../../shared/metrics/evaluate';
import { diffMarks } from '../../../shared/model/char-diff';
import { valueLabel } from '../../../shared/model/visible-text';
import { CLASS_STYLE, splitSlot } from '../model/classes';
import { chipMark, MARK_LABEL } from '../model/turn-view';
import { MaybeValue } from './VisibleValue';

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
  /** The predicted pair's confidence scores by column, when the layout carries them. */
  confidence?: Readonly<Record<string, number>>;
  /** Why the preset's matcher accepted the predicted value, when its text is not the gold's. */
  matched?: string;
}

/** The scores as the tooltip says them: "confidence 0.93 (softmax), 0.80 (verbalized)". */
export function confidenceText(c: Readonly<Record<string, number>>): string {
  const parts = Object.entries(c).map(([k, v]) => `${v.toFixed(2)} (${k})`);
  return parts.length ? `confidence ${parts.join(', ')}` : '';
}

export function SlotChip({ slot, annotated, suspect, focusable, extra, confidence, matched }: Props) {
  const st = CLASS_STYLE[slot.class];
  const { domain, name } = splitSlot(slot.slot);
  const mark = chipMark(slot);
  const marks = slot.class === 'wrong' && slot.gold !== null && slot.pred !== null ? diffMarks(slot.gold, slot.pred) : null;
  const value =
    slot.class === 'wrong' ? (
      <>
        <MaybeValue className="val gold" titlePrefix="gold value: " value={slot.gold} absent="" changed={marks?.gold} />
        <span className="vs" aria-hidden="true">
          vs
        </span>
        <MaybeValue className="val pred" titlePrefix="predicted value: " value={slot.pred} absent="" changed={marks?.pred} />
      </>
    ) : (
      <MaybeValue className="val" value={slot.class === 'overshot' ? slot.pred : slot.gold} absent="" />
    );
  const scores = confidence ? Object.values(confidence) : [];
  const conf = scores.length ? scores[0] : undefined;
  const label = `${slot.slot}: ${st.label}${slot.class === 'wrong' ? ` (gold ${valueLabel(slot.gold ?? '')}, predicted ${valueLabel(slot.pred ?? '')})` : ''}, ${MARK_LABEL[mark]}${matched ? `, accepted: ${matched}` : ''}${confidence && scores.length ? `, ${confidenceText(confidence)}` : ''}${annotated ? `, ${STATUS_LABEL[annotated]}` : ''}${suspect ? ', current suspect' : ''}`;
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
      data-confidence={conf === undefined ? undefined : String(conf)}
      data-matched={matched}
      style={conf === undefined ? extra?.style : { ...extra?.style, opacity: 0.55 + 0.45 * Math.max(0, Math.min(1, conf)) }}
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
      {matched && (
        <span className="match-mark" aria-hidden="true">
          ≈
        </span>
      )}
      {conf !== undefined && (
        <span className="conf" aria-hidden="true">
          {conf.toFixed(2)}
        </span>
      )}
      {annotated && (
        <span className="ann-mark" aria-hidden="true" title={STATUS_LABEL[annotated]}>
          ✎{STATUS_MARK[annotated]}
        </span>
      )}
    </li>
  );
}
