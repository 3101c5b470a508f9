// Layer: renderer (React component). Browser mode's "Open": asks for a path on
// the machine running `dst-inspector serve` (a browser cannot hand a local
// path to the server) — a file or a folder, "~" for the home folder there,
// relative paths resolved against the folder the inspector was started in
// (the dialog names it) — with optional dialogue (utterance) and gold sources,
// the layout (detected, or chosen) and the value options, and makes a
// SourceSpec of them. With only a dialogue or gold path, that source is added
// to the run already open. Ctrl/Cmd+O, here too, puts the focus in the path.
// The evaluator preset to score under (it applies to every open run), and the
// partner files two layouts need (--slot-vocab for belief spans, --index for
// line-aligned generations), are set here too.

import { useEffect, useRef, useState } from 'react';
import type { AppInfo } from '../../../shared/api';
import { VALUE_OPTION_HELP, VALUE_OPTIONS, type ValueOption } from '../../../shared/formats/normalise';
import type { SourceSpec } from '../../../shared/source';
import { Modal } from './Modal';
import { PresetSelect } from './PresetSelect';
import { EXACT_PRESET, type PresetConfig } from '../../../shared/metrics/config';
import { OPEN_SGD_NOTE } from '../../../shared/presets/sgd-notice';

interface Props {
  /** Opening a run to compare (a new run) rather than replacing this tab's run. */
  asNewRun?: boolean;
  /** Where relative paths go, what "~" is, and the layouts (appInfo). */
  info?: AppInfo | null;
  /** The source, and the preset chosen here (it applies to every open run). */
  onOpen: (source: SourceSpec, preset?: PresetConfig) => void;
  /** The preset the app scores under now. */
  preset?: PresetConfig;
  /** Adds an utterance or gold source to the corpus already open. */
  onAddSource: (path: string, role: 'dialogues' | 'gold') => void;
  onDemo: () => void;
  onClose: () => void;
}

export function OpenDialog({ asNewRun, info, onOpen, onAddSource, onDemo, onClose, preset: current }: Props) {
  const [path, setPath] = useState('');
  const [dialogues, setDialogues] = useState('');
  const [gold, setGold] = useState('');
  const [layout, setLayout] = useState('');
  const [values, setValues] = useState<ValueOption[]>([]);
  const [slotVocab, setSlotVocab] = useState('');
  const [index, setIndex] = useState('');
  const [preset, setPreset] = useState<PresetConfig>(current ?? EXACT_PRESET);
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
            onOpen(
              {
                kind: 'files',
                predictions: [path.trim()],
                ...(dialogues.trim() ? { dialogues: dialogues.trim() } : {}),
                ...(gold.trim() ? { gold: gold.trim() } : {}),
                ...(layout ? { layout } : {}),
                ...(values.length ? { values } : {}),
                ...(slotVocab.trim() ? { slotVocab: slotVocab.trim() } : {}),
                ...(index.trim() ? { index: index.trim() } : {}),
              },
              preset,
            );
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
        <label>
          Slot vocabulary (optional: belief-span layouts, e.g. UBAR&apos;s bspn; default MultiWOZ&apos;s; as --slot-vocab)
          <input
            name="slotVocab"
            data-testid="open-slot-vocab"
            value={slotVocab}
            onChange={(e) => setSlotVocab(e.target.value)}
            placeholder="~/data/slot-vocab.json"
          />
        </label>
        <label>
          Index (optional: line-aligned generations, the JSON Lines file the lines were made from; as --index)
          <input
            name="index"
            data-testid="open-index"
            value={index}
            onChange={(e) => setIndex(e.target.value)}
            placeholder="~/runs/test.idx"
          />
        </label>
        <div className="open-options">
          <PresetSelect value={preset} valueMap={info?.valueMap} onChange={setPreset} testId="open-preset" />
          {preset.name === 'sgd' && (
            <p className="hint" data-testid="open-preset-note">
              {OPEN_SGD_NOTE}
            </p>
          )}
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
