// Layer: renderer (React component). One slot of a turn with both runs'
// classes side by side: the gold value, then for each run its class told as
// the inspect view's chips tell it (colour, icon and border pattern from
// model/classes.ts) and its predicted value where it differs from the gold —
// invisible characters made visible, and a wrong value's characters that
// differ from the gold highlighted (as the inspect view's chips do).

import { diffMarks } from '../../../../shared/model/char-diff';
import { valueLabel } from '../../../../shared/model/visible-text';
import { MaybeValue, VisibleValue } from '../../components/VisibleValue';
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
  const marks = rec.class === 'wrong' && rec.gold !== null && rec.pred !== null ? diffMarks(rec.gold, rec.pred) : null;
  const title = `${who}: ${st.label}${shown !== null ? ` (predicted ${valueLabel(shown)})` : ''}${rec.changed ? ', changed this turn' : ''}`;
  return (
    <span className={`side cls-${rec.class}${rec.changed ? ' changed' : ''}`} title={title}>
      <span className="who">{who}</span>
      <span className="icon" aria-hidden="true">
        {st.icon}
      </span>
      {shown !== null && <VisibleValue className="val pred" titlePrefix={`${who} predicted: `} value={shown} changed={marks?.pred} />}
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
      <MaybeValue className="val gold" titlePrefix="gold value: " value={slot.gold} />
      <Side who="A" rec={slot.a} />
      <Side who="B" rec={slot.b} />
    </li>
  );
}
