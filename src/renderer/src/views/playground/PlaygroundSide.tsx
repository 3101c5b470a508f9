// Layer: renderer (React component). One side of the playground: its header
// (template, dialogue id, Save), the Monaco editor with the dialogue's JSON,
// and beside it the inspector's own dialogue view (chips), metric panel and
// per-turn chart for what the editor holds — dimmed and marked stale while
// the text has an error. Chips take keys that edit the prediction (quick
// edits); the JSON changes as one undoable edit, and `u` undoes it with the
// focus kept on the chip. The quick-edit note describes the text it was
// written for (the edit, or its undoing) and goes once the text changes
// otherwise.

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { MetricConfig } from '../../../../shared/metrics/config';
import { playgroundFile } from '../../../../shared/playground/from-corpus';
import { quickEdit, type QuickAction } from '../../../../shared/playground/quick-edit';
import { renderSignature } from '../../../../shared/metrics/signature';
import { turnTable } from '../../../../shared/report/turn-table';
import { buildFigure } from '../../../../shared/viz/figures';
import { useExportPart } from '../../app/exports';
import { useNotify } from '../../app/app-context';
import { MetricPanel } from '../../components/MetricPanel';
import { sceneItems, tableItems } from '../../export/items';
import type { TurnViewMode } from '../../model/turn-view';
import { DialogueView } from '../inspect/DialogueView';
import type { ChipProps } from '../inspect/TurnCard';
import { saveName } from './open';
import { PlaygroundEditor, type EditorHandle } from './PlaygroundEditor';
import { QuickBar } from './QuickBar';
import { sendTemplate, setSideMeta, setSideText, takePending, type Side, type SideState } from './store';
import { TEMPLATES } from './templates';
import type { SideEvaluation } from './use-evaluation';

interface Props {
  side: Side;
  state: SideState;
  /** A dialogue waits to be loaded into this side's editor. */
  pending: boolean;
  evaluation: SideEvaluation;
  config: MetricConfig;
  /** Two sides are shown. */
  ab: boolean;
}

const NO_NOTES: readonly never[] = [];

const KEY_ACTION: Record<string, QuickAction> = { c: 'correct', w: 'wrong', m: 'missed', o: 'overshot' };

export function PlaygroundSide({ side, state, pending, evaluation, config, ab }: Props) {
  const onNotice = useNotify();
  const editor = useRef<EditorHandle>(null);
  const root = useRef<HTMLElement>(null);
  const [ready, setReady] = useState(false);
  const [turnSel, setTurn] = useState(0);
  const [hoverTurn, setHoverTurn] = useState<number | null>(null);
  const [mode, setMode] = useState<TurnViewMode>('full');
  const [chip, setChip] = useState<{ turn: number; slot: string } | null>(null);
  const [onward, setOnward] = useState(false);
  // What the last quick edit (or its undoing) did, for the text it left; shown only while the text is that one.
  const [note, setNote] = useState<{ text: string; note: string; undoable: boolean } | null>(null);
  const { shown, stale, diagnostic, ms } = evaluation;
  const detail = shown?.detail ?? null;
  const turns = useMemo(() => detail?.perTurn ?? [], [detail]);

  // The Export menu: this side's dialogue as the inspector's figure and per-turn chart (the same layouts the CLI's figure draws).
  const exportItems = useMemo(() => {
    if (!detail) return [];
    const signature = renderSignature(detail.signature);
    const fd = { id: detail.id, values: detail.values, perTurn: detail.perTurn ?? [], utterances: detail.utterances };
    const key = side.toLowerCase();
    const stem = `playground-${key}-${saveName(detail.id).replace(/\.json$/i, '')}`;
    const where = ab ? ` (${side})` : '';
    return [
      ...sceneItems({
        id: `pg-${key}-figure`,
        group: `Dialogue figure${where}`,
        stem: `${stem}-figure`,
        make: () => buildFigure('dialogue', fd, config, { signature, theme: 'light', slots: mode }),
      }),
      ...sceneItems({
        id: `pg-${key}-chart`,
        group: `Per-turn chart${where}`,
        stem: `${stem}-chart`,
        make: () => buildFigure('turn-chart', fd, config, { signature, theme: 'light' }),
      }),
      ...tableItems({
        id: `pg-${key}-turns`,
        group: `Per-turn table${where}`,
        stem: `${stem}-turns`,
        make: () => turnTable(detail.id, detail.perTurn ?? [], config, signature),
      }),
    ];
  }, [detail, side, ab, config, mode]);
  useExportPart(`playground-${side}`, exportItems);
  const turn = Math.min(turnSel, Math.max(0, turns.length - 1));

  // A template or a dialogue from a run, sent while this editor is open (or before it was ready).
  useEffect(() => {
    if (!ready || !pending) return;
    const p = takePending(side);
    if (p) editor.current?.replaceAll(p.text);
  }, [ready, pending, side]);

  const onText = useCallback((text: string) => setSideText(side, text), [side]);
  const onCursorTurn = useCallback(
    (index: number) => {
      const pos = turns.findIndex((t) => t.turn === index);
      if (pos >= 0) setTurn(pos);
    },
    [turns],
  );
  const onReady = useCallback(() => setReady(true), []);
  const selectTurn = useCallback(
    (pos: number) => {
      setTurn(pos);
      const t = turns[pos]?.turn;
      if (t !== undefined) editor.current?.revealTurn(t);
    },
    [turns],
  );

  const quick = useCallback(
    (action: QuickAction, scopeOnward: boolean, target: { turn: number; slot: string } | null) => {
      if (!target) return;
      if (stale) {
        setNote({ text: state.text, note: 'fix the JSON first: quick edits work on a dialogue that reads', undoable: false });
        return;
      }
      try {
        const r = quickEdit(state.text, { slot: target.slot, turn: target.turn, action, scope: scopeOnward ? 'onward' : 'turn' });
        const after = editor.current?.applyEdits(r.edits) ?? r.text;
        setNote({ text: after, note: r.note, undoable: r.edits.length > 0 });
      } catch (e) {
        setNote({ text: state.text, note: e instanceof Error ? e.message : String(e), undoable: false });
      }
    },
    [stale, state.text],
  );
  const undo = useCallback(() => {
    const before = state.text;
    const after = editor.current?.undo();
    if (after == null || after === before) return; // nothing to undo
    // Undoing the quick edit the note describes says so; any other undo says what it took back.
    setNote(
      note?.undoable && note.text === before
        ? { text: after, note: `Undone: ${note.note}`, undoable: false }
        : { text: after, note: 'Undone: the last change of the JSON', undoable: false },
    );
  }, [state.text, note]);
  const shownNote = note && note.text === state.text ? note.note : '';

  const chipProps: ChipProps = useCallback(
    (position, s) => {
      const t = turns[position]?.turn ?? position;
      const target = { turn: t, slot: s.slot };
      const on = chip?.turn === t && chip.slot === s.slot;
      return {
        tabIndex: 0,
        className: on ? 'quick-target' : undefined,
        'aria-keyshortcuts': 'C W M O Shift+C Shift+W Shift+M Shift+O U',
        onFocus: () => setChip(target),
        onKeyDown: (e) => {
          if (e.altKey) return;
          const k = e.key.toLowerCase();
          if (e.ctrlKey || e.metaKey) {
            if (k === 'z') {
              e.preventDefault();
              undo();
            }
            return;
          }
          if (KEY_ACTION[k]) {
            e.preventDefault();
            e.stopPropagation();
            quick(KEY_ACTION[k], e.shiftKey, target);
          } else if (k === 'u') {
            e.preventDefault();
            undo();
          }
        },
      };
    },
    [turns, chip, quick, undo],
  );

  // A quick edit can take the focused chip away (a removed overshoot): keep the focus on its turn.
  useEffect(() => {
    if (!chip || !root.current || document.activeElement !== document.body) return;
    const turnEl = root.current.querySelector<HTMLElement>(`[data-testid="turn"][data-turn="${chip.turn}"]`);
    const chipEl = turnEl?.querySelector<HTMLElement>(`[data-testid="slot"][data-slot="${CSS.escape(chip.slot)}"]`);
    (chipEl ?? turnEl)?.focus({ preventScroll: true });
  }, [detail, chip]);

  const save = () => {
    const blob = new Blob([playgroundFile(state.id || 'dialogue', state.text)], { type: 'application/json' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = saveName(state.id);
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    if (stale) onNotice(`Saved ${saveName(state.id)} as it is: its JSON has an error, so it will not load until that is fixed.`);
  };

  const template = TEMPLATES.some((t) => t.name === state.template) ? state.template : '';
  return (
    <section
      ref={root}
      className="pg-side"
      data-testid="playground-side"
      data-side={side}
      aria-label={ab ? `dialogue ${side}` : 'playground dialogue'}
      data-compute-ms={ms.toFixed(3)}
    >
      <header className="pg-side-head">
        {ab && <strong className="pg-side-name">{side}</strong>}
        <label>
          Template{' '}
          <select
            data-testid="playground-template"
            value={template}
            onChange={(e) => {
              setChip(null);
              setNote(null);
              sendTemplate(side, e.target.value);
            }}
            aria-label={`template for dialogue ${side}`}
          >
            {template === '' && (
              <option value="" disabled>
                (your own)
              </option>
            )}
            {TEMPLATES.map((t) => (
              <option key={t.name} value={t.name} title={t.about}>
                {t.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          id{' '}
          <input
            data-testid="playground-id"
            value={state.id}
            size={14}
            onChange={(e) => setSideMeta(side, { id: e.target.value })}
            aria-label={`dialogue id of ${side}`}
          />
        </label>
        <button
          onClick={save}
          data-testid="playground-save"
          title="Save this dialogue as a file in the FGA/GCA per-turn layout (the CLI scores it as it is)"
        >
          Save
        </button>
        <span className="pg-origin" title={state.origin}>
          {state.origin}
        </span>
      </header>
      <div className="pg-editor">
        <PlaygroundEditor
          ref={editor}
          side={side}
          initialText={state.text}
          diagnostic={diagnostic}
          notes={stale || !shown ? NO_NOTES : shown.notes}
          onText={onText}
          onCursorTurn={onCursorTurn}
          onReady={onReady}
        />
        {diagnostic && (
          <p className="pg-diagnostic" role="alert" data-testid="playground-error">
            Line {diagnostic.startLine}, column {diagnostic.startColumn}: {diagnostic.message}
          </p>
        )}
        {!diagnostic && shown && shown.warnings.length > 0 && (
          <p className="pg-warning" role="status">
            {shown.warnings.join(' · ')}
          </p>
        )}
      </div>
      <div className={`pg-results${stale ? ' stale' : ''}`} data-testid="playground-results" data-stale={String(stale)}>
        {stale && shown && (
          <p className="pg-stale-note" data-testid="playground-stale" role="status">
            Stale: the JSON has an error; this is the last dialogue that read.
          </p>
        )}
        {detail ? (
          <>
            <div className="pg-dialogue">
              <DialogueView
                detail={detail}
                error={null}
                turn={turn}
                hoverTurn={hoverTurn}
                mode={mode}
                focusRequest={0}
                showRaw={false}
                onMode={setMode}
                onTurn={selectTurn}
                onHover={setHoverTurn}
                chipProps={chipProps}
              />
            </div>
            <QuickBar
              chip={chip}
              onward={onward}
              disabled={stale}
              note={shownNote}
              onOnward={setOnward}
              onAction={(a) => quick(a, onward, chip)}
              onUndo={undo}
            />
            <MetricPanel
              detail={detail}
              config={config}
              turn={turn}
              hoverTurn={hoverTurn}
              onHover={setHoverTurn}
              onTurn={selectTurn}
              resizable={false}
            />
          </>
        ) : (
          <p className="pg-empty">{diagnostic ? 'The JSON has an error (see the editor); nothing has read yet.' : 'Loading…'}</p>
        )}
      </div>
    </section>
  );
}
