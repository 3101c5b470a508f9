// Layer: renderer (React component). One slot of a turn with both runs'
// classes side by side: the gold value, then for each run its class told as
// the inspect view's chips tell it (colour, icon and border pattern from
// model/classes.ts) and its predicted value where it differs from the gold.

import { CLASS_STYLE, splitSlot } from '../../model/classes';
import { classOf, type PairSlot } from './pair-model';
import type { SlotRecord } from '../../../../shared/metrics/evaluate';

function Side({ who, rec }: { who: string; rec: SlotRecord | null }) {
  if (!rec) {
    return (
      <span className="side cls-none" title={`${who}: not predicted, not in gold`}>
        <span className="who">{who}</span>
        <span className="icon" aria-hidden="true">
          ·
        </span>
      </span>
    );
  }
  const st = CLASS_STYLE[rec.class];
  const shown = rec.class === 'wrong' || rec.class === 'overshot' ? rec.pred : null;
  const title = `${who}: ${st.label}${shown !== null ? ` (predicted ${shown})` : ''}${rec.changed ? ', changed this turn' : ''}`;
  return (
    <span className={`side cls-${rec.class}${rec.changed ? ' changed' : ''}`} title={title}>
      <span className="who">{who}</span>
      <span className="icon" aria-hidden="true">
        {st.icon}
      </span>
      {shown !== null && <span className="val pred">{shown}</span>}
      {rec.changed && (
        <span className="mark" aria-hidden="true">
          Δ
        </span>
      )}
    </span>
  );
}

export function PairChip({ slot, names }: { slot: PairSlot; names: [string, string] }) {
  const { domain, name } = splitSlot(slot.slot);
  const ca = classOf(slot.a);
  const cb = classOf(slot.b);
  const label = `${slot.slot}: ${names[0]} ${ca === 'none' ? 'absent' : CLASS_STYLE[ca].label}, ${names[1]} ${cb === 'none' ? 'absent' : CLASS_STYLE[cb].label}`;
  return (
    <li
      className={`pair-chip${ca !== cb ? ' differ' : ''}`}
      data-testid="pair-slot"
      data-slot={slot.slot}
      data-class-a={ca}
      data-class-b={cb}
      data-changed-a={String(slot.a?.changed ?? false)}
      data-changed-b={String(slot.b?.changed ?? false)}
      aria-label={label}
    >
      <span className="name">
        {domain && <span className="domain">{domain}·</span>}
        {name}
      </span>
      <span className="val gold" title="gold value">
        {slot.gold ?? '∅'}
      </span>
      <Side who="A" rec={slot.a} />
      <Side who="B" rec={slot.b} />
    </li>
  );
}
