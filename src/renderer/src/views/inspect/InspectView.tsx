// Layer: renderer (React component). The inspect view: one run, dialogue by
// dialogue, turn by turn — the dialogue list, the dialogue's turns with their
// slot chips, the metric panel and the raw JSON. Its choices (list query,
// turn, modes) are one state object (model/view-state.ts); the list and its
// selection come from useDialogueList (paged rows + list selection), the
// review from useReview; what is left here is the wiring and the keys.

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { metricValue } from '../../../../shared/metrics/values';
import { lambdaKey } from '../../../../shared/metrics/config';
import { ColourGuide } from '../../components/ColourGuide';
import { MetricPanel } from '../../components/MetricPanel';
import { useApi, useConfig, useNotify } from '../../app/app-context';
import { inTextField, storage } from '../../app/dom';
import type { ViewProps } from '../../app/views';
import { errorText, useApiQuery } from '../../app/queries';
import { step, type KeyAction } from '../../model/keyboard';
import { useKeyActions } from '../../app/use-key-actions';
import { dismissGuide, guideDismissed } from '../../model/landing';
import { apiFilter, dialogueListArgs, type ListQuery } from '../../model/list-query';
import type { TurnViewMode } from '../../model/turn-view';
import {
  INSPECT_DEFAULTS,
  inspectLinkOf,
  inspectStateOf,
  inspectStateOfLink,
  viewState,
  type InspectViewState,
} from '../../model/view-state';
import { useReportLink, useTakeLink } from '../../app/view-link';
import { useViewExports } from '../../app/exports';
import { inspectExports } from './inspect-exports';
import { DialogueList } from './DialogueList';
import { DialogueView } from './DialogueView';
import { HiddenByFilter } from './HiddenByFilter';
import { RawView } from './RawView';
import { useDialogueList } from './use-dialogue-list';
import { openInPlayground } from '../playground/open';
import { AnnotationForm } from './annotate/AnnotationForm';
import { ConfirmWriteDialog } from './annotate/ConfirmWriteDialog';
import { ExportDialog } from './annotate/ExportDialog';
import { ReviewPane } from './annotate/ReviewPane';
import { annotationTarget, focusPlace, moveChipFocus } from './annotate/targets';
import { useReview, type Jump } from './annotate/useReview';
import { takeInspectTarget } from '../../app/inspect-target';
import { plural } from '../../../../shared/plural';

export function InspectView({ run, summary, modalOpen, onView, onListFilter }: ViewProps) {
  const api = useApi();
  const config = useConfig();
  const onNotice = useNotify();
  const rev = run.revision;
  const ref = useMemo(() => ({ run: run.id, rev }), [run.id, rev]);
  // Another view (analysis) may have asked to show a dialogue and turn, or a search.
  const [target] = useState(takeInspectTarget);
  // Or a link (view-link.tsx) may have named the dialogue, turn, sort, filter and modes.
  const linked = useTakeLink('inspect')?.state.inspect;
  const [state, setState] = useState<InspectViewState>(() =>
    viewState(INSPECT_DEFAULTS, target ? inspectStateOf(target) : linked ? inspectStateOfLink(linked) : {}),
  );
  const { query, mode, raw: showRaw } = state;
  const setQuery = useCallback((q: ListQuery) => setState((s) => ({ ...s, query: q })), []);
  const setMode = (m: TurnViewMode | ((m: TurnViewMode) => TurnViewMode)) =>
    setState((s) => ({ ...s, mode: typeof m === 'function' ? m(s.mode) : m }));
  const setShowRaw = (r: boolean | ((r: boolean) => boolean)) => setState((s) => ({ ...s, raw: typeof r === 'function' ? r(s.raw) : r }));

  const [hoverTurn, setHoverTurn] = useState<number | null>(null);
  const forgetHover = useCallback(() => setHoverTurn(null), []);
  const { rows, selection: list } = useDialogueList(ref, query, summary, {
    initial: target ? (target.dialogue ?? null) : (linked?.dialogue ?? null),
    onSelect: forgetHover,
  });
  const selectedId = list.id;

  const jumpRef = useRef<(j: Jump) => void>(() => undefined);
  const review = useReview(
    ref,
    useCallback((j: Jump) => jumpRef.current(j), []),
  );

  const detailQuery = useApiQuery('dialogueDetail', selectedId ? { ...ref, config, id: selectedId } : null, { keepPrevious: true });
  // What-if on: the dialogue is shown on the corrected gold (annotations still name the original gold).
  const whatIfQuery = useApiQuery(
    'whatIfDialogue',
    selectedId && review.whatIf
      ? {
          ...ref,
          config,
          id: selectedId,
          includeSuspected: review.includeSuspected,
          ...(review.correctionsFrom ? { correctionsFrom: review.correctionsFrom } : {}),
        }
      : null,
    { keepPrevious: true, key: String(review.version) },
  );
  const original = detailQuery.data && selectedId ? detailQuery.data : null;
  const detail = review.whatIf ? (whatIfQuery.data && selectedId ? whatIfQuery.data : null) : original;
  const detailError = detailQuery.error
    ? errorText(detailQuery.error)
    : whatIfQuery.error && review.whatIf
      ? errorText(whatIfQuery.error)
      : null;
  const turns = detail?.perTurn ?? [];
  // A target named by turn index (a flip link): once its dialogue is shown, select that turn (adjusted while rendering, once).
  const [turnIndexPending, setTurnIndexPending] = useState(target?.turnIndex !== undefined);
  if (turnIndexPending && detail && target && detail.id === target.dialogue) {
    setTurnIndexPending(false);
    const p = (detail.perTurn ?? []).findIndex((t) => t.turn === target.turnIndex);
    if (p >= 0) setState((s) => ({ ...s, turn: { dialogue: detail.id, position: p } }));
  }
  const turnSel = state.turn;
  const turn = detail && turnSel.dialogue === detail.id ? Math.min(turnSel.position, Math.max(0, turns.length - 1)) : 0;
  const setTurnSel = (dialogue: string | null, position: number) => setState((s) => ({ ...s, turn: { dialogue, position } }));
  const [focusRequest, setFocusRequest] = useState(target?.dialogue || linked?.dialogue ? 1 : 0);
  // The address holds this view's state (a copied link, reload and back/forward restore it).
  useReportLink('inspect', [run.id], { inspect: inspectLinkOf(state, selectedId) });
  const [guideChoice, setGuide] = useState<boolean | null>(null);
  const guide = guideChoice ?? (!!summary?.isDemo && !guideDismissed(storage()));
  const searchRef = useRef<HTMLInputElement>(null);

  const selectTurn = useCallback((i: number) => setState((s) => ({ ...s, turn: { dialogue: detail?.id ?? null, position: i } })), [detail]);
  const moveTurn = (delta: number) => {
    const next = step(turn, delta, turns.length);
    if (next < 0) return;
    selectTurn(next);
    setFocusRequest((f) => f + 1);
  };

  // Jumps (suspects queue, annotation list, what-if flips) select the dialogue, then its turn, then focus the chip.
  const [pendingJump, setPendingJump] = useState<Jump | null>(null);
  useEffect(() => {
    jumpRef.current = (j: Jump) => {
      if (j.id !== selectedId) list.jump(j.id, undefined);
      setPendingJump(j);
    };
  });
  // (State adjusted while rendering, once the jump's dialogue is shown; focusing the chip is the effect.)
  const [focusJump, setFocusJump] = useState<{ turn: number; slot?: string } | null>(null);
  if (pendingJump && detail && detail.id === pendingJump.id) {
    const perTurn = detail.perTurn ?? [];
    const pos = pendingJump.turn < 0 ? 0 : perTurn.findIndex((t) => t.turn === pendingJump.turn);
    setPendingJump(null);
    if (pos >= 0) {
      setTurnSel(detail.id, pos);
      setFocusJump({ turn: perTurn[pos].turn, slot: pendingJump.slot });
    }
  }
  useEffect(() => {
    if (!focusJump) return;
    const t = setTimeout(() => focusPlace(focusJump.turn, focusJump.slot), 0);
    return () => clearTimeout(t);
  }, [focusJump]);

  /** What each key does here (the shell takes open, help and export; a dialog takes every key). */
  const keys: Partial<Record<KeyAction, () => void>> = {
    'next-turn': () => moveTurn(1),
    'prev-turn': () => moveTurn(-1),
    'next-dialogue': () => (review.queueOn ? review.nextSuspect() : void list.move(1)),
    'prev-dialogue': () => (review.queueOn ? review.prevSuspect() : void list.move(-1)),
    'next-chip': () => moveChipFocus(1),
    'prev-chip': () => moveChipFocus(-1),
    annotate: () => annotateOrReject('annotate'),
    reject: () => annotateOrReject('reject'),
    undo: () => void review.undoLast(),
    'toggle-queue': () => void review.toggleQueue(),
    'toggle-whatif': review.toggleWhatIf,
    'toggle-annotations': () => review.togglePane('annotations'),
    'toggle-disagreements': () => review.togglePane('team'),
    'export-corrections': () => review.setExporting(true),
    'focus-search': () => {
      searchRef.current?.focus();
      searchRef.current?.select();
    },
    'toggle-view': () => setMode((m) => (m === 'full' ? 'changes' : 'full')),
    'toggle-raw': () => setShowRaw((r) => !r),
  };
  const annotateOrReject = (action: 'annotate' | 'reject') => {
    const t = annotationTarget(original, turn, review.current, review.recordAt);
    if (!t) return onNotice('select a dialogue first');
    if (action === 'annotate') review.setForm(t);
    else void review.reject(t);
  };
  useKeyActions((action, e) => {
    // A dialog (the shell's, the annotation form or export, or the metric reference) handles its own keys.
    if (modalOpen || review.form || review.exporting || document.querySelector('dialog[open]')) return;
    if (action === 'close') {
      if (inTextField(e.target) && e.target instanceof HTMLElement) e.target.blur();
      return;
    }
    const run = keys[action];
    if (!run) return;
    e.preventDefault();
    run();
  });

  // The header shows the filtered subset's scores while the list is filtered.
  const filterKey = JSON.stringify(apiFilter(query.filter));
  useEffect(() => onListFilter?.(JSON.parse(filterKey)), [filterKey, onListFilter]);
  useEffect(() => () => onListFilter?.(null), [onListFilter]);

  const dismiss = () => {
    dismissGuide(storage());
    setGuide(false);
  };
  const lk = lambdaKey(config.lambdas[0]);
  const setExporting = review.setExporting;
  const { whatIf, includeSuspected } = review;
  const exportItems = useMemo(
    () => [
      ...inspectExports({
        detail,
        summary,
        config,
        mode,
        runLabel: run.label,
        runRef: ref,
        whatIf: whatIf ? { includeSuspected } : null,
        list: { sort: query.sort, filter: apiFilter(query.filter) },
      }),
      // The annotation file's correction diff has its own dialog (formats, suspected or not).
      {
        id: 'corrections-diff',
        label: 'Correction diff of the annotations… (E)',
        group: 'Annotations',
        run: async () => setExporting(true),
      },
    ],
    [detail, summary, config, mode, run.label, ref, setExporting, whatIf, includeSuspected, query],
  );
  useViewExports(exportItems);

  const whatIfBanner = review.whatIf ? (
    <p className="whatif-banner" data-testid="whatif-banner">
      {review.correctionsFrom
        ? // Another annotator's, the majority's or the adjudicated corrections: this session's file does not count them.
          `What-if: this dialogue is shown with the corrections of ${review.correctionsFrom} applied to its gold, where it has any`
        : review.correctionsIn(detail?.id ?? null) > 0
          ? `What-if: this dialogue is shown with its ${plural(review.correctionsIn(detail?.id ?? null), review.includeSuspected ? 'confirmed or suspected correction' : 'confirmed correction')} applied to its gold`
          : `What-if is on: this dialogue has no ${review.includeSuspected ? 'confirmed or suspected' : 'confirmed'} correction; it is shown as the file has it`}{' '}
      · <kbd>w</kbd> turns it off
    </p>
  ) : null;

  return (
    <div className={`workspace${showRaw ? ' with-raw' : ''}${review.pane ? ' with-review' : ''}`} data-view-root="inspect">
      <DialogueList
        runRef={ref}
        rows={rows}
        query={query}
        domains={summary?.domains ?? []}
        confidenceColumn={summary?.generation?.confidenceColumns[0] ?? null}
        selectedId={selectedId}
        selectedIndex={list.index}
        scrollRequest={list.scrollRequest}
        searchRef={searchRef}
        onQuery={setQuery}
        onSelect={(id, index) => list.select(id, index, undefined)}
      />
      <div className="centre">
        {guide && (
          <ColourGuide
            onDismiss={dismiss}
            landing={
              detail && detail.id === summary?.landing
                ? { fga: metricValue(detail.values, 'FGA', lk) ?? 0, gca: metricValue(detail.values, 'GCA') ?? 0, lambda: lk }
                : undefined
            }
          />
        )}
        <DialogueView
          detail={detail}
          error={detailError}
          turn={turn}
          hoverTurn={hoverTurn}
          mode={mode}
          focusRequest={focusRequest}
          showRaw={showRaw}
          onMode={setMode}
          onToggleRaw={() => setShowRaw((r) => !r)}
          onGuide={() => setGuide(true)}
          onTurn={selectTurn}
          onHover={setHoverTurn}
          actions={
            detail && onView ? (
              <button
                data-testid="open-in-playground"
                title="Copy this dialogue into the playground (FGA/GCA layout) to edit it; the file is not changed"
                onClick={() =>
                  openInPlayground(api, ref, detail.id, run.label).then(
                    () => onView('playground'),
                    (e: unknown) => onNotice(errorText(e)),
                  )
                }
              >
                Open in playground
              </button>
            ) : undefined
          }
          annotations={review.marksOf(detail)}
          suspect={
            review.current && detail && review.current.dialogue === detail.id
              ? { turn: review.current.turn, slot: review.current.slot }
              : null
          }
          banner={
            <>
              <HiddenByFilter
                args={dialogueListArgs(ref, config, query)}
                filter={query.filter}
                id={selectedId}
                index={list.index}
                listReady={rows.total !== null}
                onClear={() => setQuery({ ...query, filter: {} })}
              />
              {whatIfBanner}
            </>
          }
        />
      </div>
      <MetricPanel detail={detail} config={config} turn={turn} hoverTurn={hoverTurn} onHover={setHoverTurn} onTurn={selectTurn} />
      {showRaw && <RawView runRef={ref} id={selectedId} position={turn} turnIndex={turns[turn]?.turn} onClose={() => setShowRaw(false)} />}
      {review.pane && (
        <ReviewPane runRef={ref} config={config} review={review} dialogueId={selectedId} onJump={(j) => jumpRef.current(j)} />
      )}
      {review.form && (
        <AnnotationForm
          key={`${review.form.dialogue}|${review.form.turn}|${review.form.slot ?? ''}`}
          target={review.form}
          onClose={() => review.setForm(null)}
          onSave={async (body) => {
            const t = review.form!;
            // The form stays open until the record is on disk; a refusal is shown in it.
            const why = await review.saveRecord(t, body);
            if (why === null) {
              review.setForm(null);
              review.afterDecision();
            }
            return why;
          }}
        />
      )}
      {review.confirming && <ConfirmWriteDialog pending={review.confirming} onAnswer={review.answerConfirmation} />}
      {review.exporting && (
        <ExportDialog
          runRef={ref}
          version={review.version}
          includeSuspected={review.includeSuspected}
          onClose={() => review.setExporting(false)}
        />
      )}
    </div>
  );
}
