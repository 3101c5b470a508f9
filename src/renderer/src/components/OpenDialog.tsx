// Layer: renderer (React component). Browser mode's "Open": asks for a path on
// the machine running `dst-inspector serve` (a browser cannot hand a local
// path to the server), with an optional dialogues/utterances file.

import { useState } from 'react';
import { Modal } from './Modal';

interface Props {
  onOpen: (path: string, dialoguesPath: string | undefined) => void;
  /** Adds utterances to the corpus already open. */
  onAddDialogues: (path: string) => void;
  onDemo: () => void;
  onClose: () => void;
}

export function OpenDialog({ onOpen, onAddDialogues, onDemo, onClose }: Props) {
  const [path, setPath] = useState('');
  const [dialogues, setDialogues] = useState('');
  return (
    <Modal title="Open a predictions file" onClose={onClose} testId="open-dialog">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (path.trim()) onOpen(path.trim(), dialogues.trim() || undefined);
          else if (dialogues.trim()) onAddDialogues(dialogues.trim());
        }}
      >
        <label>
          Predictions file (path on the server)
          <input autoFocus name="path" data-testid="open-path" value={path} onChange={(e) => setPath(e.target.value)} placeholder="/data/runs/somdst/preds.json" />
        </label>
        <label>
          Dialogues with utterances (optional; alone, adds them to the open corpus)
          <input name="dialogues" data-testid="open-dialogues" value={dialogues} onChange={(e) => setDialogues(e.target.value)} placeholder="/data/multiwoz/data.json" />
        </label>
        <div className="actions">
          <button type="button" onClick={onDemo}>
            Open the demo
          </button>
          <button type="submit" className="primary" data-testid="open-submit">
            Open
          </button>
        </div>
      </form>
    </Modal>
  );
}
