// Layer: renderer (React component). Browser mode's "Open": asks for a path on
// the machine running `dst-inspector serve` (a browser cannot hand a local
// path to the server) — a file or a folder, "~" for the home folder there,
// relative paths resolved against the folder the inspector was started in
// (the dialog names it) — with optional dialogue (utterance) and gold sources,
// the layout (detected, or chosen) and the value options, and makes a
// SourceSpec of them. With only a dialogue or gold path, that source is added
// to the run already open. Ctrl/Cmd+O, here too, puts the focus in the path.

import { useEffect, useRef, useState } from 'react';
import type { AppInfo } from '../../../shared/api';
import { VALUE_OPTION_HELP, VALUE_OPTIONS, type ValueOption } from '../../../shared/formats/normalise';
import type { SourceSpec } from '../../../shared/source';
import { Modal } from './Modal';

interface Props {
  /** Opening a run to compare (a new run) rather than replacing this tab's run. */
  asNewRun?: boolean;
  /** Where relative paths go, what "~" is, and the layouts (appInfo). */
  info?: AppInfo | null;
  onOpen: (source: SourceSpec) => void;
  /** Adds an utterance or gold source to the corpus already open. */
  onAddSource: (path: string, role: 'dialogues' | 'gold') => void;
  onDemo: () => void;
  onClose: () => void;
}

export function OpenDialog({ asNewRun, info, onOpen, onAddSource, onDemo, onClose }: Props) {
  const [path, setPath] = useState('');
  const [dialogues, setDialogues] = useState('');
  const [gold, setGold] = useState('');
  const [layout, setLayout] = useState('');
  const [values, setValues] = useState<ValueOption[]>([]);
  const pathRef = useRef<HTMLInputElement>(null);

  // The path field has the focus when the dialog opens (showModal would give it to the first button),
  // and again on Ctrl/Cmd+O while the dialog is open.
  useEffect(() => {
    pathRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'o') {
        e.preventDefault();
        pathRef.current?.focus();
        pathRef.current?.select();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const toggle = (v: ValueOption, on: boolean) => setValues((vs) => VALUE_OPTIONS.filter((o) => (o === v ? on : vs.includes(o))));
  const where = info?.baseDir ? (
    <p className="hint" data-testid="open-base">
      Paths are on the machine running the inspector: a file or a folder. Relative paths start from <code>{info.baseDir}</code>
      {info.homeDir ? (
        <>
          ; <code>~</code> is <code>{info.homeDir}</code>
        </>
      ) : null}
      .
    </p>
  ) : null;

  return (
    <Modal
      title={asNewRun ? 'Open a predictions file as a run to compare' : 'Open a predictions file'}
      onClose={onClose}
      testId="open-dialog"
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (path.trim()) {
            onOpen({
              kind: 'files',
              predictions: [path.trim()],
              ...(dialogues.trim() ? { dialogues: dialogues.trim() } : {}),
              ...(gold.trim() ? { gold: gold.trim() } : {}),
              ...(layout ? { layout } : {}),
              ...(values.length ? { values } : {}),
            });
          } else if (gold.trim()) onAddSource(gold.trim(), 'gold');
          else if (dialogues.trim()) onAddSource(dialogues.trim(), 'dialogues');
        }}
      >
        {where}
        <label>
          Predictions (a file, or a folder of them)
          <input
            ref={pathRef}
            name="path"
            data-testid="open-path"
            value={path}
            onChange={(e) => setPath(e.target.value)}
            placeholder="~/runs/somdst/preds.json"
          />
        </label>
        <label>
          Dialogues with utterances (optional; alone, adds them to the open corpus)
          <input
            name="dialogues"
            data-testid="open-dialogues"
            value={dialogues}
            onChange={(e) => setDialogues(e.target.value)}
            placeholder="~/data/multiwoz/data.json"
          />
        </label>
        <label>
          Gold (optional: for predictions without gold, e.g. mwzeval or SGD output; MultiWOZ data.json, an SGD folder…)
          <input name="gold" data-testid="open-gold" value={gold} onChange={(e) => setGold(e.target.value)} placeholder="~/data/sgd/test" />
        </label>
        <div className="open-options">
          <label>
            Layout{' '}
            <select name="layout" data-testid="open-layout" value={layout} onChange={(e) => setLayout(e.target.value)}>
              <option value="">detect from the file</option>
              {(info?.layouts ?? []).map((l) => (
                <option key={l.id} value={l.id}>
                  {l.label} ({l.id})
                </option>
              ))}
            </select>
          </label>
          <fieldset className="value-options">
            <legend>Value options (recorded in the signature; none: values compared exactly)</legend>
            {VALUE_OPTIONS.map((v) => (
              <label key={v} className="check" title={VALUE_OPTION_HELP[v]}>
                <input
                  type="checkbox"
                  data-testid={`open-value-${v}`}
                  checked={values.includes(v)}
                  onChange={(e) => toggle(v, e.target.checked)}
                />{' '}
                {v}
              </label>
            ))}
          </fieldset>
        </div>
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
