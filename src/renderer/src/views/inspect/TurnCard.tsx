// Layer: renderer (React component). One turn of the dialogue view: the
// utterances, the FGA class of the turn, GCA's counts, the slot chips
// (with their annotation marks, shaded by confidence where the layout gives
// one) and, for LLM-era layouts, the model's generated text (collapsible,
// whitespace visible) or, when it could not be parsed, the turn marked
// "unparseable" with the reason (issue 18 item 2).

import { forwardRef, type LiHTMLAttributes } from 'react';
import type { Status } from '../../../../shared/annotations/record';
import type { TurnText } from '../../../../shared/api';
import type { TurnGeneration } from '../../../../shared/model/generation';
import type { SlotRecord, TurnRecord } from '../../../../shared/metrics/evaluate';
import { metricValue } from '../../../../shared/metrics/values';
import { SlotChip } from '../../components/SlotChip';
import { fgaClassHelp, fgaClassLabel } from '../../model/classes';
import { RSA_EMPTY } from '../../model/metric-help';
import { gcaDeltaText } from '../../model/format';
import { visibleSlots, type TurnViewMode } from '../../model/turn-view';

/** Extra attributes for the chip of `slot` in the turn at `position` (focus, keys, data-* hooks). */
export type ChipProps = (position: number, slot: SlotRecord) => LiHTMLAttributes<HTMLLIElement> | undefined;

interface Props {
  index: number;
  rec: TurnRecord;
  text?: TurnText;
  mode: TurnViewMode;
  selected: boolean;
  hovered: boolean;
  onSelect: (i: number) => void;
  onHover: (i: number | null) => void;
  chipProps?: ChipProps;
  /** Annotation status by slot ("" for the turn itself). */
  annotations?: ReadonlyMap<string, Status>;
  /** Slot the suspects queue stands on in this turn. */
  suspectSlot?: string;
  /** What an LLM-era layout carried beside the states of this turn. */
  generation?: TurnGeneration;
  /** Under a preset: why its matcher accepted a predicted value, by slot. */
  matches?: ReadonlyMap<string, string>;
}

/**
 * The text with its whitespace visible: a faint · over each space, → before a
 * tab, ↵ before a line break, drawn by CSS (::before), so selecting and
 * copying the text gives the generation itself.
 */
function visibleWhitespace(raw: string): React.ReactNode[] {
  const out: React.ReactNode[] = [];
  let plain = '';
  for (const ch of raw) {
    const mark = ch === ' ' ? '·' : ch === '\t' ? '→' : ch === '\n' ? '↵' : ch === '\r' ? '␍' : null;
    if (mark === null) {
      plain += ch;
      continue;
    }
    if (plain) out.push(plain);
    plain = '';
    out.push(
      <span key={out.length} className={ch === ' ' ? 'ws ws-space' : 'ws'} data-mark={mark}>
        {ch === ' ' ? ' ' : ''}
      </span>,
    );
    if (ch !== ' ') out.push(ch);
  }
  if (plain) out.push(plain);
  return out;
}

function GenerationBlock({ g }: { g: TurnGeneration }) {
  if (g.raw === undefined && !g.unparseable) return null;
  return (
    <div className={`generation${g.unparseable ? ' unparseable' : ''}`}>
      {g.unparseable && (
        <p className="unparseable-note" data-testid="turn-unparseable" title="scored as an empty prediction (docs/reference/formats.md)">
          <span className="badge">unparseable</span> {g.problem ?? 'the generation could not be parsed'}
        </p>
      )}
      {g.raw !== undefined && (
        <details className="generated" data-testid="turn-generation" open={g.unparseable ? true : undefined}>
          <summary>
            generated text <span className="len">({g.raw.length} characters)</span>
          </summary>
          <pre className="raw" aria-label="generated text" title={g.raw}>
            {visibleWhitespace(g.raw)}
          </pre>
        </details>
      )}
    </div>
  );
}

export const TurnCard = forwardRef<HTMLElement, Props>(function TurnCard(
  { index, rec, text, mode, selected, hovered, onSelect, onHover, chipProps, annotations, suspectSlot, generation, matches },
  ref,
) {
  const slots = visibleSlots(rec.slots, mode);
  const turnNote = annotations?.get('');
  const hidden = rec.slots.length - slots.length;
  return (
    <section
      ref={ref}
      className={`turn${selected ? ' selected' : ''}${hovered ? ' hovered' : ''}${generation?.unparseable ? ' unparseable' : ''}`}
      data-testid="turn"
      data-turn={rec.turn}
      data-position={index}
      data-annotated={turnNote}
      tabIndex={selected ? 0 : -1}
      aria-label={`Turn ${rec.turn}, ${fgaClassLabel(rec.fgaClass, rec.fgaDistance)}`}
      aria-current={selected ? 'step' : undefined}
      onClick={() => onSelect(index)}
      onFocus={() => onSelect(index)}
      onMouseEnter={() => onHover(index)}
      onMouseLeave={() => onHover(null)}
    >
      <header className="turn-head">
        <span className="turn-no">Turn {rec.turn}</span>
        <span className={`fga-class fga-${rec.fgaClass}`} title={fgaClassHelp(rec.fgaClass)}>
          FGA: {fgaClassLabel(rec.fgaClass, rec.fgaDistance)}
        </span>
        <span className="gca-delta" title="GCA counts added by this turn (Correct, Wrong, Missed, Overshot)">
          GCA {gcaDeltaText(rec)}
        </span>
        <span className={`jga jga-${metricValue(rec.values, 'JGA')}`}>{metricValue(rec.values, 'JGA') ? 'joint ✓' : 'joint ✗'}</span>
        {turnNote && <span className={`turn-ann ann-${turnNote}`}>✎ turn {turnNote}</span>}
        {generation?.unparseable && <span className="unparseable-tag">unparseable</span>}
      </header>
      {text?.system !== undefined && text.system !== '' && (
        <p className="utt system">
          <span className="who">System</span> {text.system}
        </p>
      )}
      {text?.user !== undefined && text.user !== '' && (
        <p className="utt user">
          <span className="who">User</span> {text.user}
        </p>
      )}
      {generation && <GenerationBlock g={generation} />}
      {slots.length > 0 ? (
        <ul className="chips" aria-label="slots">
          {slots.map((s) => (
            <SlotChip
              key={s.slot}
              slot={s}
              annotated={annotations?.get(s.slot)}
              suspect={s.slot === suspectSlot}
              confidence={generation?.confidence?.[s.slot]}
              matched={matches?.get(s.slot)}
              focusable={selected}
              extra={chipProps?.(index, s)}
            />
          ))}
        </ul>
      ) : (
        <p className="no-slots">
          {mode === 'changes' ? (
            'no change this turn'
          ) : rec.slots.length === 0 ? (
            <span title={RSA_EMPTY}>both states empty: RSA scores this turn 0 (no slot to score)</span>
          ) : (
            'empty state'
          )}
        </p>
      )}
      {selected && matches && matches.size > 0 && (
        <ul className="match-reasons" data-testid="match-reasons" aria-label="values the preset's matcher accepted">
          {[...matches].map(([slot, why]) => (
            <li key={slot}>
              <span className="slot-name">{slot}</span> {why}
            </li>
          ))}
        </ul>
      )}
      {mode === 'changes' && hidden > 0 && (
        <p className="hidden-note">
          {hidden} unchanged slot{hidden === 1 ? '' : 's'} hidden
        </p>
      )}
    </section>
  );
});
