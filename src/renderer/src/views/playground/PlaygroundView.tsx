// Layer: renderer (React component). The playground view: write one
// hypothetical dialogue in the FGA/GCA per-turn layout (or two, A and B) and
// watch every metric react as you type. The dialogue is read and scored here,
// in the page, by the same pure engine as the CLI (shared/playground); it
// needs no run, so the shell shows it even when none is open.

import { useEffect, useSyncExternalStore } from 'react';
import { MAX_PLAYGROUND_TEXT } from '../../../../shared/link';
import { useReportLink, useTakeLink } from '../../app/view-link';
import type { AnyRunViewProps } from '../../app/views';
import { useConfig } from '../../app/app-context';
import { Comparison } from './Comparison';
import { PlaygroundSide } from './PlaygroundSide';
import { playgroundState, sendTemplate, sendToSide, setAb, subscribe } from './store';
import { templateByName, templateDialogue } from './templates';
import { useEvaluation } from './use-evaluation';
import './playground.css';

export function PlaygroundView({ run }: AnyRunViewProps) {
  const config = useConfig();
  const st = useSyncExternalStore(subscribe, playgroundState);
  const A = st.sides.A;
  const B = st.sides.B;
  // A link carries side A's text while it is small (MAX_PLAYGROUND_TEXT); opened, it goes to A as an undoable edit.
  const linked = useTakeLink('playground')?.state.playground;
  useEffect(() => {
    if (linked) sendToSide('A', { ...playgroundState().sides.A, text: linked.text, template: '', origin: 'a link' });
  }, [linked]);
  useReportLink('playground', run ? [run.id] : [], A.text.length <= MAX_PLAYGROUND_TEXT ? { playground: { text: A.text } } : {});
  const a = useEvaluation(A.text, A.id || 'dialogue', config);
  const b = useEvaluation(B.text, B.id || 'dialogue', config, st.ab);

  const toggleAb = (on: boolean) => {
    if (on) {
      // B starts as A's partner prediction (P1 → P2), or as a copy of A to vary — unless B holds work of its own.
      const bIsTemplate = !!templateByName(B.template) && B.text === templateDialogue(B.template).text;
      if (bIsTemplate) {
        const partner = templateByName(A.template)?.partner;
        if (partner) sendTemplate('B', partner);
        else sendToSide('B', { ...A, origin: `a copy of A (${A.id})` });
      }
    }
    setAb(on);
  };

  return (
    <div className={`playground${st.ab ? ' ab' : ''}`} data-testid="playground" data-view-root="playground">
      <div className="pg-bar">
        <h2>Playground</h2>
        <label className="pg-ab" title="two dialogues side by side, with their scores compared">
          <input type="checkbox" data-testid="playground-ab" checked={st.ab} onChange={(e) => toggleAb(e.target.checked)} /> A/B
        </label>
        <p className="pg-hint">
          Edit the JSON, or focus a chip and press <kbd>c</kbd> <kbd>w</kbd> <kbd>m</kbd> <kbd>o</kbd> (correct, wrong, missed, overshot;
          with <kbd>Shift</kbd> from that turn on). Every metric is recomputed as you type, in this page, by the engine the CLI uses. λ and
          K are in the header.
        </p>
      </div>
      {st.ab && a.shown && b.shown && (
        <Comparison a={a.shown.detail} b={b.shown.detail} staleA={a.stale} staleB={b.stale} config={config} />
      )}
      <div className="pg-sides">
        <PlaygroundSide side="A" state={A} pending={!!st.pending.A} evaluation={a} config={config} ab={st.ab} />
        {st.ab && <PlaygroundSide side="B" state={B} pending={!!st.pending.B} evaluation={b} config={config} ab />}
      </div>
    </div>
  );
}
