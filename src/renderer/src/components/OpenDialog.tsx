// Layer: renderer (React component). Browser mode's "Open": asks for a path on
// the machine running `dst-inspector serve` (a browser cannot hand a local
// path to the server), with optional dialogue (utterance) and gold files, and
// makes a SourceSpec of them. With only a dialogue or gold path, that source
// is added to the run already open.

import { useState } from 'react';
import type { SourceSpec } from '../../../shared/source';
import { Modal } from './Modal';

interface Props {
  /** Opening a run to compare (a new run) rather than replacing this tab's run. */
  asNewRun?: boolean;
  onOpen: (source: SourceSpec) => void;
  /** Adds an utterance or gold source to the corpus already open. */
  onAddSource: (path: string, role: 'dialogues' | 'gold') => void;
  onDemo: () => void;
  onClose: () => void;
}

export function OpenDialog({ asNewRun, onOpen, onAddSource, onDemo, onClose }: Props) {
  const [path, setPath] = useState('');
  const [dialogues, setDialogues] = useState('');
  const [gold, setGold] = useState('');
  return (
    <Modal title={asNewRun ? 'Open a predictions file as a run to compare' : 'Open a predictions file'} onClose={onClose} testId="open-dialog">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (path.trim()) onOpen({ kind: 'files', predictions: [path.trim()], ...(dialogues.trim() ? { dialogues: dialogues.trim() } : {}), ...(gold.trim() ? { gold: gold.trim() } : {}) });
          else if (gold.trim()) onAddSource(gold.trim(), 'gold');
          else if (dialogues.trim()) onAddSource(dialogues.trim(), 'dialogues');
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
        <label>
          Gold (optional: for predictions without gold, e.g. mwzeval or SGD output; MultiWOZ data.json, SGD folder…)
          <input name="gold" data-testid="open-gold" value={gold} onChange={(e) => setGold(e.target.value)} placeholder="/data/sgd/test" />
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
