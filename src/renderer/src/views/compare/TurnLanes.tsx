// Layer: renderer (React component). One turn of three runs and more: a gold
// lane, then one lane per run labelled with its name (cut with an ellipsis to
// the label column, the full name as its title), each with that run's chip
// for every slot of the turn, on the grid of shared/viz/run-lanes.ts (the same
// geometry its export scene draws), so a slot sits at the same place in every
// lane. A chip tells its class as the inspect view's do (colour, icon, border
// pattern from model/classes.ts) and the predicted value where it is wrong or
// overshot.

import { useRef } from 'react';
import type { SlotRecord } from '../../../../shared/metrics/evaluate';
import { diffMarks } from '../../../../shared/model/char-diff';
import { valueLabel } from '../../../../shared/model/visible-text';
import { chipAt, runLanesLayout } from '../../../../shared/viz/run-lanes';
import { MaybeValue, VisibleValue } from '../../components/VisibleValue';
import { CLASS_STYLE, splitSlot } from '../../model/classes';
import { useWidth } from '../../viz/use-width';

export interface LanesSlot {
  slot: string;
  gold: string | null;
  /** Per run (lane order): its record of the slot, null when it neither has it in gold nor predicts it. */
  runs: (SlotRecord | null)[];
}

function SlotName({ slot }: { slot: string }) {
  const { domain, name } = splitSlot(slot);
  return (
    <span className="name">
      {domain && <span className="domain">{domain}·</span>}
      {name}
    </span>
  );
}

function RunChip({ run, slot, rec }: { run: string; slot: string; rec: SlotRecord | null }) {
  if (!rec)
    return (
      <span
        className="lane-chip cls-none"
        data-testid="lane-slot"
        data-slot={slot}
        data-class="none"
        title={`${slot}: ${run}: neither gold nor predicted`}
      >
        <span className="icon" aria-hidden="true">
          ·
        </span>
        <SlotName slot={slot} />
      </span>
    );
  const st = CLASS_STYLE[rec.class];
  const shown = rec.class === 'wrong' || rec.class === 'overshot' ? rec.pred : null;
  const marks = rec.class === 'wrong' && rec.gold !== null && rec.pred !== null ? diffMarks(rec.gold, rec.pred) : null;
  return (
    <span
      className={`lane-chip cls-${rec.class}${rec.changed ? ' changed' : ''}`}
      data-testid="lane-slot"
      data-slot={slot}
      data-class={rec.class}
      title={`${slot}: ${run}: ${st.label}${shown !== null ? ` (predicted ${valueLabel(shown)})` : ''}${rec.changed ? ', changed this turn' : ''}`}
    >
      <span className="icon" aria-hidden="true">
        {st.icon}
      </span>
      <SlotName slot={slot} />
      {shown !== null && <VisibleValue className="val pred" titlePrefix={`${run} predicted: `} value={shown} changed={marks?.pred} />}
    </span>
  );
}

export function TurnLanes({ runs, slots }: { runs: readonly string[]; slots: readonly LanesSlot[] }) {
  const ref = useRef<HTMLDivElement>(null);
  const width = useWidth(ref, 640);
  const l = runLanesLayout(runs, slots.length, { width });
  return (
    <div ref={ref} className="turn-lanes" style={{ height: l.height }} aria-label="slots per run">
      {l.lanes.map((lane, li) => (
        <div
          key={lane.gold ? '\u0000gold' : lane.key}
          className={`run-lane${lane.gold ? ' gold' : ''}`}
          data-testid={lane.gold ? 'gold-lane' : 'run-lane'}
          data-run={lane.gold ? undefined : lane.key}
          style={{ top: lane.y, height: lane.h }}
        >
          <span className="lane-label" style={{ width: l.labelWidth - 6 }} title={lane.title ?? lane.key}>
            {lane.letter ? <b>{lane.letter} </b> : ''}
            {lane.label}
          </span>
          {slots.map((s, k) => {
            const at = chipAt(l, k);
            return (
              <span key={s.slot} className="lane-cell" style={{ left: at.x, top: at.y, width: l.chipWidth, height: l.chipHeight }}>
                {lane.gold ? (
                  <span
                    className="lane-chip gold"
                    data-slot={s.slot}
                    title={`${s.slot}: gold ${s.gold === null ? 'none' : valueLabel(s.gold)}`}
                  >
                    <SlotName slot={s.slot} />
                    <MaybeValue className="val gold" titlePrefix="gold value: " value={s.gold} />
                  </span>
                ) : (
                  <RunChip run={lane.key} slot={s.slot} rec={s.runs[li - 1]} />
                )}
              </span>
            );
          })}
        </div>
      ))}
    </div>
  );
}
