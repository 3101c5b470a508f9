// Layer: renderer (React component). The quick-edit bar under a playground
// dialogue: the chip being edited, one button per class (the keys c, w, m, o
// on a focused chip do the same; with Shift, from this turn on), the scope,
// Undo, and what the last edit did.

import type { QuickAction } from '../../../../shared/playground/quick-edit';
import { QUICK_ACTIONS } from '../../../../shared/playground/quick-edit';
import { CLASS_STYLE } from '../../model/classes';

interface Props {
  chip: { turn: number; slot: string } | null;
  onward: boolean;
  disabled: boolean;
  note: string;
  onOnward: (on: boolean) => void;
  onAction: (a: QuickAction) => void;
  onUndo: () => void;
}

const HELP: Record<QuickAction, string> = {
  correct: 'predict the gold value (or nothing, where the gold state lacks the slot)',
  wrong: 'predict another value than the gold one',
  missed: 'predict nothing for this slot',
  overshot: 'predict the slot where the gold state lacks it',
};

export function QuickBar({ chip, onward, disabled, note, onOnward, onAction, onUndo }: Props) {
  return (
    <div className="quick-bar" data-testid="quick-bar" role="group" aria-label="quick edits of the prediction">
      <span className="quick-target-name">
        {chip ? (
          <>
            Predict <strong>{chip.slot}</strong> at turn {chip.turn}:
          </>
        ) : (
          'Quick edit: focus a chip, then'
        )}
      </span>
      {QUICK_ACTIONS.map((a) => (
        <button
          key={a}
          className={`quick-action cls-${a}`}
          data-testid="quick-action"
          data-action={a}
          disabled={!chip || disabled}
          title={`${HELP[a]} (key ${CLASS_STYLE[a].letter.toLowerCase()}; Shift+${CLASS_STYLE[a].letter.toLowerCase()} from this turn on)`}
          onClick={() => onAction(a)}
        >
          <span aria-hidden="true">{CLASS_STYLE[a].icon}</span> <u>{a[0]}</u>
          {a.slice(1)}
        </button>
      ))}
      <label title="Shift with a key does the same">
        <input type="checkbox" checked={onward} onChange={(e) => onOnward(e.target.checked)} /> from here on (<kbd>Shift</kbd>)
      </label>
      <button onClick={onUndo} title="undo the last change of the JSON (u, or Ctrl/Cmd+Z)">
        <u>U</u>ndo
      </button>
      {note && (
        <p className="quick-note" role="status" data-testid="quick-note">
          {note}
        </p>
      )}
    </div>
  );
}
