// Layer: renderer (React component). "Which turns flip": the turns of the
// open run whose joint correctness changes between two presets (A: a preset
// chosen here, exact by default; B: the preset the app scores under now),
// grouped by reason with counts and examples, as `score --diff-preset A,B`
// prints them (shared/presets/diff.ts, computed by the engine: the presetFlips
// call). Each example is a link that opens that dialogue and turn in the
// inspector.

import { useState } from 'react';
import { EXACT_PRESET, type PresetConfig } from '../../../shared/metrics/config';
import { errorText, useApiQuery } from '../app/queries';
import { Modal } from './Modal';
import { presetNamed, PresetSelect } from './PresetSelect';

interface Props {
  runRef: { run: string; rev: number };
  /** The preset the app scores under now (side B). */
  current: PresetConfig;
  /** The server's value map (serve --value-map), for an mwzeval side. */
  valueMap?: string;
  onOpenTurn: (dialogue: string, turn: number) => void;
  onClose: () => void;
}

const quoted = (v: string | null) => (v === null ? '—' : JSON.stringify(v));

export function PresetFlipsDialog({ runRef, current, valueMap, onOpenTurn, onClose }: Props) {
  const [a, setA] = useState<PresetConfig>(current.name === 'exact' ? presetNamed('mwzeval', valueMap) : EXACT_PRESET);
  const [b, setB] = useState<PresetConfig>(current);
  const q = useApiQuery('presetFlips', { ...runRef, a, b, examples: 5 });
  const d = q.data;
  return (
    <Modal title="Which turns flip between two presets" onClose={onClose} testId="flips-dialog">
      <div className="flips-choose">
        <PresetSelect value={a} valueMap={valueMap} onChange={setA} testId="flips-a" label="A" />
        <PresetSelect value={b} valueMap={valueMap} onChange={setB} testId="flips-b" label="B" />
      </div>
      {q.error && (
        <p className="problem" role="alert">
          {errorText(q.error)}
        </p>
      )}
      {!d && !q.error && <p role="status">Scoring the run under both presets…</p>}
      {d && (
        <div className="flips" data-testid="flips">
          <p className="flips-head">
            A = <code>{d.a}</code>, B = <code>{d.b}</code>. Turns scored: A {d.scored.a.toLocaleString('en-US')}, B{' '}
            {d.scored.b.toLocaleString('en-US')}, both {d.scored.both.toLocaleString('en-US')}.{' '}
            <span data-testid="flips-counts">
              {d.flips.toCorrect.toLocaleString('en-US')} wrong under A → correct under B; {d.flips.toWrong.toLocaleString('en-US')} correct
              under A → wrong under B.
            </span>
          </p>
          {d.reasons.length === 0 && <p>No turn flips.</p>}
          {d.reasons.map((r) => (
            <section key={r.reason} className="flip-reason" data-testid="flip-reason" data-reason={r.reason}>
              <h3>
                {r.reason}: {r.turns.toLocaleString('en-US')} turn{r.turns === 1 ? '' : 's'}
              </h3>
              <ul>
                {r.examples.map((e, k) => (
                  <li key={k}>
                    <button
                      type="button"
                      className="link"
                      data-testid="flip-link"
                      data-dialogue={e.dialogue}
                      data-turn={e.turn}
                      onClick={() => onOpenTurn(e.dialogue, e.turn)}
                    >
                      {e.dialogue} turn {e.turn}
                    </button>{' '}
                    <span className="slot-name">{e.slot}</span>: pred {quoted(e.pred)}, gold {quoted(e.gold)} ({e.a} → {e.b})
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </Modal>
  );
}
