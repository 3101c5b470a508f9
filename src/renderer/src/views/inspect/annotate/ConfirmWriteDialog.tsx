// Layer: renderer (React component). Browser mode's question before the
// first write to an annotation file nobody chose yet (one opened in the page,
// not named on the command line): it names the full path, says whether the
// file is new, and only "Save annotations here" lets the engine write there
// (useReview then sends allowAnnotationFile naming that path). Escape, the
// close button and Cancel write nothing.

import { useEffect, useRef } from 'react';
import { Modal } from '../../../components/Modal';
import type { PendingConfirmation } from './useReview';

interface Props {
  pending: PendingConfirmation;
  onAnswer: (yes: boolean) => void;
}

export function ConfirmWriteDialog({ pending, onAnswer }: Props) {
  const yes = useRef<HTMLButtonElement>(null);
  useEffect(() => yes.current?.focus(), []);
  return (
    <Modal title="Save annotations to this file?" onClose={() => onAnswer(false)} testId="annotation-file-confirm">
      <div className="confirm-write" onKeyDown={(e) => e.stopPropagation()}>
        <p>
          {pending.exists ? 'Annotations will be appended to this existing annotation file:' : 'A new annotation file will be created:'}
        </p>
        <p>
          <code className="path" data-testid="annotation-file-confirm-path">
            {pending.file}
          </code>
        </p>
        <p className="muted">
          Every run on the same gold shares it.{' '}
          {pending.exists
            ? 'Records are only appended; nothing in the file is overwritten.'
            : 'It is created with permissions 0600 (only your user can read it).'}{' '}
          Until you say yes, nothing is written there. To choose another file, start <code>dst-inspector serve</code> with{' '}
          <code>--annotations FILE</code>.
        </p>
        <p className="form-actions">
          <button ref={yes} onClick={() => onAnswer(true)} data-testid="annotation-file-confirm-yes">
            Save annotations here
          </button>
          <button onClick={() => onAnswer(false)} data-testid="annotation-file-confirm-cancel">
            Cancel
          </button>
        </p>
      </div>
    </Modal>
  );
}
