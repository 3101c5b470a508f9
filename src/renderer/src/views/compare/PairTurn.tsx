// Layer: renderer (React component). One turn of the side-by-side dialogue:
// its number and the runs' verdicts, the utterances, then the slots as the
// caller draws them (pair chips for two runs, lanes for more). PairDialogue
// uses it for both, so the turn's frame, focus and selection are one code.

import type { ReactNode } from 'react';

interface Props {
  turn: number;
  selected: boolean;
  text?: { system?: string; user?: string };
  /** The runs' verdicts in the turn's header. */
  verdicts: ReactNode;
  /** The slots (or a line saying there are none). */
  children: ReactNode;
  /** Keeps the section's element by turn, for scrolling to the selected turn. */
  register: (turn: number, el: HTMLElement | null) => void;
  onTurn: (t: number) => void;
}

export function PairTurn({ turn, selected, text, verdicts, children, register, onTurn }: Props) {
  return (
    <section
      ref={(el) => register(turn, el)}
      className={`turn pair-turn${selected ? ' selected' : ''}`}
      data-testid="pair-turn"
      data-turn={turn}
      tabIndex={selected ? 0 : -1}
      onClick={() => onTurn(turn)}
    >
      <header className="turn-head">
        <span className="turn-no">Turn {turn}</span>
        {verdicts}
      </header>
      {text?.system && (
        <p className="utt system">
          <span className="who">System</span> {text.system}
        </p>
      )}
      {text?.user && (
        <p className="utt user">
          <span className="who">User</span> {text.user}
        </p>
      )}
      {children}
    </section>
  );
}
