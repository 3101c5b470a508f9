// Layer: renderer (React component). The annotation form, keyboard first (as
// in Prodigy or Argilla): it opens with the gold and predicted values filled
// in (`to` defaults to the prediction), digits 1–9 pick the category, Enter
// saves as confirmed, Shift+Enter as suspected, Esc cancels. Tab reaches the
// proposed value, the scope and the note. A correction that equals the gold
// is refused here (and by the engine); the form stays open with the reason
// whenever a save fails.

import { useEffect, useRef, useState } from 'react';
import { CATEGORIES, CATEGORY_HELP, type Status } from '../../../../../shared/annotations/record';
import { Modal } from '../../../components/Modal';
import { MaybeValue } from '../../../components/VisibleValue';
import { categoryOfDigit, formProblem, initialForm, recordBody, type AnnotationTarget, type FormValues } from '../../../model/annotations';
import type { RecordBody } from '../../../../../shared/annotations/record';

interface Props {
  target: AnnotationTarget;
  /** Saves; resolves with null once saved, else with why not (shown in the form, which stays open). */
  onSave: (body: RecordBody) => Promise<string | null>;
  onClose: () => void;
}

export function AnnotationForm({ target, onSave, onClose }: Props) {
  const [f, setF] = useState<FormValues>(() => initialForm(target));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => root.current?.focus(), []);
  const slot = target.slot;
  const problem = formProblem(target, f);

  const submit = (status: Status) => {
    if (busy) return;
    if (problem) return setError(problem);
    setBusy(true);
    setError(null);
    void onSave(recordBody(target, f, status)).then((why) => {
      setBusy(false);
      if (why) setError(why);
    });
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    const inText = e.target instanceof HTMLTextAreaElement || (e.target instanceof HTMLInputElement && e.target.type === 'text');
    if (e.target instanceof HTMLButtonElement && (e.key === 'Enter' || e.key === ' ')) {
      e.stopPropagation(); // a focused button does what it says
      return;
    }
    if (e.key === 'Enter' && !(e.target instanceof HTMLTextAreaElement && !e.ctrlKey && !e.metaKey && !e.shiftKey)) {
      e.preventDefault();
      e.stopPropagation();
      submit(e.shiftKey ? 'suspected' : 'confirmed');
      return;
    }
    if (!inText && !e.ctrlKey && !e.metaKey && !e.altKey) {
      const c = categoryOfDigit(e.key);
      if (c) {
        e.preventDefault();
        setF((x) => ({ ...x, category: c }));
      }
    }
    e.stopPropagation();
  };

  return (
    <Modal title={`Annotate ${target.dialogue} turn ${target.turn}${slot ? ` · ${slot}` : ''}`} onClose={onClose} testId="annotation-form">
      <div ref={root} tabIndex={-1} className="annotation-form" onKeyDown={onKeyDown} data-testid="annotation-form-body">
        {slot !== undefined ? (
          <p className="values">
            gold{' '}
            <strong data-testid="form-gold">
              <MaybeValue value={target.gold} absent="absent" titlePrefix="gold value: " />
            </strong>{' '}
            · predicted{' '}
            <strong data-testid="form-pred">
              <MaybeValue value={target.pred} absent="absent" titlePrefix="predicted value: " />
            </strong>
            {target.existing && (
              <span className="existing">
                {' '}
                · revising the {target.existing.status} annotation (rev {target.existing.rev})
              </span>
            )}
          </p>
        ) : (
          <p className="values">A note on the whole turn (no correction).</p>
        )}
        {slot !== undefined && (
          <fieldset className="to">
            <legend>Correct gold value</legend>
            <label>
              <input
                type="radio"
                name="to-kind"
                checked={f.to !== undefined && f.to !== null}
                onChange={() => setF((x) => ({ ...x, to: target.pred ?? target.gold ?? '' }))}
              />{' '}
              value{' '}
              <input
                type="text"
                data-testid="form-to"
                aria-label="correct gold value"
                value={f.to ?? ''}
                disabled={f.to === null || f.to === undefined}
                onChange={(e) => setF((x) => ({ ...x, to: e.target.value }))}
              />
            </label>
            <label>
              <input type="radio" name="to-kind" checked={f.to === null} onChange={() => setF((x) => ({ ...x, to: null }))} /> absent (the
              slot should not be there)
            </label>
            <label>
              <input type="radio" name="to-kind" checked={f.to === undefined} onChange={() => setF((x) => ({ ...x, to: undefined }))} /> no
              correction (only flag it)
            </label>
            <label className="scope">
              <input
                type="checkbox"
                checked={f.scope === 'onward'}
                onChange={(e) => setF((x) => ({ ...x, scope: e.target.checked ? 'onward' : 'turn' }))}
              />{' '}
              and every later turn that still has the gold value (onward)
            </label>
          </fieldset>
        )}
        <fieldset className="categories">
          <legend>Category (digits)</legend>
          {CATEGORIES.map((c, k) => (
            <label key={c} title={CATEGORY_HELP[c]} className={f.category === c ? 'on' : ''}>
              <input
                type="radio"
                name="category"
                checked={f.category === c}
                onChange={() => setF((x) => ({ ...x, category: c }))}
                data-testid={`form-category-${c}`}
              />
              <kbd>{k + 1}</kbd> {c}
            </label>
          ))}
        </fieldset>
        <label className="note">
          Note <textarea rows={2} value={f.note} onChange={(e) => setF((x) => ({ ...x, note: e.target.value }))} aria-label="note" />
        </label>
        {(error ?? problem) && (
          <p className="error" role="alert" data-testid="form-error">
            {error ?? problem}
          </p>
        )}
        <p className="form-actions">
          <button onClick={() => submit('confirmed')} data-testid="form-confirm">
            Confirm <kbd>Enter</kbd>
          </button>
          <button onClick={() => submit('suspected')} data-testid="form-suspect">
            Suspected <kbd>Shift+Enter</kbd>
          </button>
          <button onClick={onClose}>
            Cancel <kbd>Esc</kbd>
          </button>
        </p>
      </div>
    </Modal>
  );
}
