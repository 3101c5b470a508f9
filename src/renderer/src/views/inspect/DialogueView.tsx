// Layer: renderer (React component). The centre pane: the selected dialogue
// turn by turn, with the "only this turn's changes / full state" toggle.

import { useEffect, useRef, type ReactNode } from 'react';
import type { Status } from '../../../../shared/annotations/record';
import type { DialogueDetail } from '../../../../shared/api';
import type { TurnViewMode } from '../../model/turn-view';
import { TurnCard, type ChipProps } from './TurnCard';

interface Props {
  detail: DialogueDetail | null;
  error: string | null;
  turn: number;
  hoverTurn: number | null;
  mode: TurnViewMode;
  focusRequest: number;
  showRaw: boolean;
  onMode: (m: TurnViewMode) => void;
  /** Absent: no Raw button (the playground shows its JSON beside the view). */
  onToggleRaw?: () => void;
  /** Absent: no Colours button. */
  onGuide?: () => void;
  onTurn: (i: number) => void;
  onHover: (i: number | null) => void;
  /** More buttons for the header (the inspector's "Open in playground"). */
  actions?: ReactNode;
  /** Extra attributes for each slot chip (the playground makes chips focusable and gives them keys). */
  chipProps?: ChipProps;
  /** Annotation status by turn index, then slot ("" for the turn). */
  annotations?: ReadonlyMap<number, ReadonlyMap<string, Status>>;
  /** Where the suspects queue stands in this dialogue. */
  suspect?: { turn: number; slot: string } | null;
  /** A line above the turns (the what-if banner). */
  banner?: ReactNode;
}

export function DialogueView({
  detail,
  error,
  turn,
  hoverTurn,
  mode,
  focusRequest,
  showRaw,
  onMode,
  onToggleRaw,
  onGuide,
  onTurn,
  onHover,
  actions,
  chipProps,
  annotations,
  suspect,
  banner,
}: Props) {
  const refs = useRef<(HTMLElement | null)[]>([]);
  // The sticky head's height, so a turn or chip scrolled into view lands below it (scroll-margin-top in the CSS).
  const headRef = useRef<HTMLDivElement>(null);
  const shown = detail !== null && !error;
  useEffect(() => {
    const head = headRef.current;
    const main = head?.parentElement;
    if (!head || !main || typeof ResizeObserver === 'undefined') return;
    const set = () => main.style.setProperty('--head-h', `${head.offsetHeight}px`);
    set();
    const watch = new ResizeObserver(set);
    watch.observe(head);
    return () => watch.disconnect();
  }, [shown]);
  // A focus request is carried out once: a later change of turn or dialogue (a search's Enter opening its first
  // match, with the focus on the list's row) does not take the focus back to a turn.
  const focusDone = useRef(0);
  useEffect(() => {
    if (focusRequest === focusDone.current) return;
    const el = refs.current[turn];
    if (el) {
      focusDone.current = focusRequest;
      el.scrollIntoView({ block: 'nearest' });
      el.focus({ preventScroll: true });
    }
  }, [focusRequest, turn]);

  if (error)
    return (
      <main className="dialogue-view empty" aria-label="dialogue">
        {error}
      </main>
    );
  if (!detail)
    return (
      <main className="dialogue-view empty" aria-label="dialogue">
        Select a dialogue on the left.
      </main>
    );
  const turns = detail.perTurn ?? [];
  // Under a preset: why its matcher accepted values, by turn position and slot.
  const matchesByTurn = new Map<number, Map<string, string>>();
  for (const m of detail.matches ?? []) {
    let t = matchesByTurn.get(m.turn);
    if (!t) matchesByTurn.set(m.turn, (t = new Map()));
    t.set(m.slot, m.text);
  }
  return (
    <main className="dialogue-view" aria-label={`dialogue ${detail.id}`} data-dialogue-id={detail.id}>
      <div className="view-head" ref={headRef}>
        <h2 className="dialogue-title" data-testid="dialogue-title">
          {detail.id}
        </h2>
        <span className="domains">{detail.domains.join(', ')}</span>
        <div className="mode-toggle" role="radiogroup" aria-label="slots shown per turn">
          <button
            role="radio"
            aria-checked={mode === 'full'}
            className={mode === 'full' ? 'on' : ''}
            onClick={() => onMode('full')}
            title="gold ∪ prediction at each turn"
          >
            Full state
          </button>
          <button
            role="radio"
            aria-checked={mode === 'changes'}
            className={mode === 'changes' ? 'on' : ''}
            onClick={() => onMode('changes')}
            title="only slots that changed this turn, as GCA counts them (key c)"
          >
            Changes only (GCA)
          </button>
        </div>
        <div className="view-actions">
          {actions}
          {onToggleRaw && (
            <button onClick={onToggleRaw} aria-pressed={showRaw} title="the dialogue's JSON as in the file (r)" data-testid="raw-button">
              Raw
            </button>
          )}
          {onGuide && (
            <button onClick={onGuide} title="What the colours mean">
              Colours
            </button>
          )}
        </div>
      </div>
      {banner}
      <div className="turns" role="list" aria-label="turns">
        {turns.map((rec, i) => (
          <div role="listitem" key={i}>
            <TurnCard
              ref={(el) => {
                refs.current[i] = el;
              }}
              index={i}
              rec={rec}
              text={detail.utterances?.[i]}
              generation={detail.generation?.[i] ?? undefined}
              matches={matchesByTurn.get(i)}
              mode={mode}
              selected={i === turn}
              hovered={i === hoverTurn}
              onSelect={onTurn}
              onHover={onHover}
              chipProps={chipProps}
              annotations={annotations?.get(rec.turn)}
              suspectSlot={suspect && suspect.turn === rec.turn ? suspect.slot : undefined}
            />
          </div>
        ))}
      </div>
    </main>
  );
}
