// Layer: renderer (React hook). The state of gold-label review in the inspect
// view: the run's annotations (refreshed on every save, here or in another
// window), the suspects queue (a paged list with its selection, as every long
// list: usePagedRows + useListSelection) and whether it is on, the what-if switch, the form and export dialogs, the
// confirmation of the annotation file before its first write, the undo
// stack, and the actions the keys and buttons trigger (annotate, reject,
// withdraw, undo, walk the queue).

import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { isApplicable, placeKey, type RecordBody, type Status } from '../../../../../shared/annotations/record';
import type { Suspect } from '../../../../../shared/annotations/suspects';
import type { AnnotationItem, AnnotationList, DialogueDetail, SuspectList } from '../../../../../shared/api';
import type { ValueOption } from '../../../../../shared/formats/normalise';
import { useApi, useNotify } from '../../../app/app-context';
import { errorText, useApiQuery } from '../../../app/queries';
import { findRow, rowId, usePagedRows } from '../../../app/paged-rows';
import { allOf, ANNOTATION_CALLS, callKey, listId, pageKey } from '../../../app/query-keys';
import { useListSelection } from '../../../app/use-list-selection';
import { leaveChip } from './targets';
import {
  bodyOf,
  describeTarget,
  recordsByPlace,
  suggestedCategory,
  type AnnotationTarget,
  type UndoEntry,
} from '../../../model/annotations';

export type ReviewPaneTab = 'annotations' | 'suspects' | 'whatif' | 'team';

/** Suspects fetched per page (the list's window, or the queue's walk, fetches the page it reaches). */
const SUSPECT_PAGE = 1000;
const suspectOf = (s: Suspect) => s;

/** The annotation file waiting for the person's yes or no (browser mode: the page's dialog). */
export interface PendingConfirmation {
  file: string;
  exists: boolean;
}

export interface Jump {
  id: string;
  /** Turn index (as in the file). */
  turn: number;
  slot?: string;
}

export function useReview(runRef: { run: string; rev: number }, jump: (j: Jump) => void) {
  const api = useApi();
  const onNotice = useNotify();
  const qc = useQueryClient();
  const [pane, setPane] = useState<ReviewPaneTab | null>(null);
  const [queueOn, setQueueOn] = useState(false);
  const [whatIf, setWhatIf] = useState(false);
  const [includeSuspected, setIncludeSuspected] = useState(false);
  const [valuesWhatIf, setValuesWhatIf] = useState<ValueOption[] | null>(null);
  // Several annotators' files open: whose corrections the what-if applies (null: this session's annotation file).
  const [correctionsFrom, setCorrectionsFrom] = useState<string | null>(null);
  const [form, setForm] = useState<AnnotationTarget | null>(null);
  const [exporting, setExporting] = useState(false);
  // The undo stack lives in a ref: a second `u` pressed before the first one's answer must see the entry below.
  const undoStack = useRef<UndoEntry[]>([]);
  const [undoDepth, setUndoDepth] = useState(0);
  const [confirming, setConfirming] = useState<PendingConfirmation | null>(null);
  const answer = useRef<((yes: boolean) => void) | null>(null);

  const refresh = useCallback(() => {
    for (const k of ANNOTATION_CALLS) void qc.invalidateQueries({ queryKey: allOf(k) });
  }, [qc]);
  useEffect(() => api.onEvent((e) => (e.type === 'annotations-changed' ? refresh() : undefined)), [api, refresh]);

  // Keyed by the revision too: a reload may find another annotation file beside the predictions.
  const annotationsKey = callKey('listAnnotations', { run: runRef.run }, String(runRef.rev));
  const listQuery = useApiQuery('listAnnotations', { run: runRef.run }, { key: String(runRef.rev) });
  const list = listQuery.data ?? null;
  const version = list?.version ?? 0;
  const byPlace = useMemo(() => recordsByPlace(list?.records ?? []), [list]);

  // The ranked suspects (ranked once in the run's worker), a page at a time; the selection is the suspect the queue stands on.
  const suspectRows = usePagedRows('suspects', runRef, { pageSize: SUSPECT_PAGE, enabled: queueOn || pane === 'suspects' });
  const isDone = useCallback((s: Suspect) => byPlace.has(placeKey(s.dialogue, s.turn, s.slot)), [byPlace]);
  /** Shows a suspect's place (its dialogue, turn and chip); the chip focused so far is left first. */
  const show = useCallback(
    (s: Suspect) => {
      leaveChip();
      jump({ id: s.dialogue, turn: s.turn, slot: s.slot });
    },
    [jump],
  );
  const onQueueSelect = useCallback((_: string, s: Suspect) => show(s), [show]);
  const queue = useListSelection(suspectRows, { scope: `${runRef.run}@${runRef.rev}`, extraOf: suspectOf, onSelect: onQueueSelect });
  const current: Suspect | null = queueOn ? queue.extra : null;

  /** Moves the queue by `delta` (past the suspects `skip` names); at the queue's end it stays, its place shown again. */
  const walk = useCallback(
    async (delta: 1 | -1, skip?: (s: Suspect) => boolean) => {
      if (!(await queue.move(delta, skip)) && queue.extra) show(queue.extra);
    },
    [queue, show],
  );

  // Each start of the queue, each stop and each run change gets a new number: a ranking that comes back
  // after the queue was stopped (or restarted, or the run reloaded) is dropped.
  const queueRequest = useRef(0);
  useEffect(() => {
    queueRequest.current++;
  }, [runRef.run, runRef.rev]);

  // The queue starts on the first suspect not annotated yet (its pages fetched here if the pane has not yet).
  const toggleQueue = useCallback(async () => {
    if (queueOn && pane !== 'suspects') {
      // The queue is on behind another tab (what-if, annotations): s brings it back, where it stood.
      setPane('suspects');
      return;
    }
    const request = ++queueRequest.current;
    if (queueOn) {
      setQueueOn(false);
      setPane((p) => (p === 'suspects' ? null : p));
      return;
    }
    setQueueOn(true);
    setPane('suspects');
    try {
      const anns = await qc.fetchQuery({
        queryKey: annotationsKey,
        queryFn: ({ signal }) => api.call('listAnnotations', { run: runRef.run }, { signal }),
      });
      const done = recordsByPlace(anns.records);
      const start =
        (await findRow(suspectRows, 0, 1, (s) => done.has(placeKey(s.dialogue, s.turn, s.slot)))) ?? (await findRow(suspectRows, 0, 1));
      if (request !== queueRequest.current) return;
      if (!start) {
        setQueueOn(false);
        return onNotice('no suspects: the runs agree with the gold everywhere the evidence can tell', 'info');
      }
      queue.select(rowId('suspects', start.row), start.index, start.row, true);
      const total = qc.getQueryData<SuspectList>(pageKey('suspects', listId('suspects', runRef), 0))?.total ?? 0;
      onNotice(`Queue on: ${total.toLocaleString('en-US')} suspects, starting at #${start.index + 1}`, 'info');
    } catch (err) {
      if (request !== queueRequest.current) return;
      setQueueOn(false);
      onNotice(`Cannot rank suspects: ${errorText(err)}`);
    }
  }, [queueOn, pane, runRef, qc, api, onNotice, annotationsKey, suspectRows, queue]);

  const toggleWhatIf = useCallback(() => {
    setWhatIf((on) => {
      setPane(on ? (p) => (p === 'whatif' ? null : p) : 'whatif');
      return !on;
    });
  }, []);

  const togglePane = useCallback((tab: ReviewPaneTab) => setPane((p) => (p === tab ? null : tab)), []);

  const push = useCallback((e: UndoEntry) => {
    undoStack.current = [...undoStack.current.slice(-99), e];
    setUndoDepth(undoStack.current.length);
  }, []);

  /** The annotation file as the engine sees it now (the cached list, else asked). */
  const currentList = useCallback(
    (): Promise<AnnotationList> =>
      list
        ? Promise.resolve(list)
        : qc.fetchQuery({
            queryKey: annotationsKey,
            queryFn: ({ signal }) => api.call('listAnnotations', { run: runRef.run }, { signal }),
          }),
    [list, qc, api, runRef.run, annotationsKey],
  );

  /**
   * Before a write: true once saves may go to the run's annotation file. A
   * file nobody chose yet is confirmed first — in browser mode by the page's
   * dialog naming its full path (then the engine is told, in a call of its
   * own), in Electron by the engine's native dialog.
   */
  const ensureWritable = useCallback(async (): Promise<boolean> => {
    const l = await currentList();
    if (l.writable) return true;
    if (l.confirmWith === 'page') {
      const yes = await new Promise<boolean>((resolve) => {
        answer.current?.(false);
        answer.current = resolve;
        setConfirming({ file: l.file, exists: l.exists });
      });
      if (!yes) return false;
    }
    const r = await api.call('allowAnnotationFile', { run: runRef.run, file: l.file });
    void qc.invalidateQueries({ queryKey: allOf('listAnnotations') });
    return r.allowed;
  }, [currentList, api, runRef.run, qc]);

  /** The person's answer in the page's confirmation dialog. */
  const answerConfirmation = useCallback((yes: boolean) => {
    const a = answer.current;
    answer.current = null;
    setConfirming(null);
    a?.(yes);
  }, []);

  /** Tells the person what the store repaired on the way (records the file had lost, written back). */
  const tellRepairs = useCallback(
    (notices: string[] | undefined) => {
      if (notices?.length) onNotice(notices.join(' '), 'error');
    },
    [onNotice],
  );

  /** Saves the form's record (a new one, or a revision of the one there); resolves with null, or why it was not saved. */
  const saveRecord = useCallback(
    async (target: AnnotationTarget, body: RecordBody): Promise<string | null> => {
      try {
        if (!(await ensureWritable())) return 'Not saved: the annotation file was not confirmed.';
        const e = target.existing;
        let notices: string[] | undefined;
        if (e) {
          const r = await api.call('reviseAnnotation', { run: runRef.run, id: e.id, rev: e.rev, record: body, replace: true });
          push({ id: r.id, rev: r.rev, previous: bodyOf(e), label: describeTarget(target) });
          notices = r.notices;
        } else {
          const r = await api.call('saveAnnotation', { run: runRef.run, record: body });
          push({ id: r.id, rev: r.rev, label: describeTarget(target) });
          notices = r.notices;
        }
        onNotice(
          `Saved (${body.status}): ${describeTarget(target)}${body.to !== undefined ? ` → ${body.to === null ? 'absent' : JSON.stringify(body.to)}` : ''}`,
          'info',
        );
        tellRepairs(notices);
        refresh();
        return null;
      } catch (err) {
        return `Not saved: ${errorText(err)}`;
      }
    },
    [api, runRef.run, onNotice, refresh, push, ensureWritable, tellRepairs],
  );

  /** saveRecord for the keys (x): a failure is a notice. */
  const save = useCallback(
    async (target: AnnotationTarget, body: RecordBody): Promise<boolean> => {
      const why = await saveRecord(target, body);
      if (why) onNotice(why);
      return why === null;
    },
    [saveRecord, onNotice],
  );

  /** Withdraws any record of the list (an appended withdrawal; u brings it back). */
  const withdraw = useCallback(
    async (r: AnnotationItem) => {
      const label = describeTarget(r);
      try {
        if (!(await ensureWritable())) return onNotice('Not withdrawn: the annotation file was not confirmed.');
        const w = await api.call('reviseAnnotation', { run: runRef.run, id: r.id, rev: r.rev, deleted: true });
        push({ id: w.id, rev: w.rev, previous: bodyOf(r), label: `withdrawal of ${label}` });
        onNotice(`Withdrawn: ${label} (u brings it back)`, 'info');
        tellRepairs(w.notices);
        refresh();
      } catch (err) {
        onNotice(`Not withdrawn: ${errorText(err)}`);
      }
    },
    [api, runRef.run, onNotice, refresh, push, ensureWritable, tellRepairs],
  );

  /** After a decision the queue moves on to the next suspect not annotated yet. */
  const afterDecision = useCallback(() => {
    if (queueOn) void walk(1, isDone);
  }, [queueOn, walk, isDone]);

  /** x: the gold is right here (a suspect rejected). */
  const reject = useCallback(
    async (t: AnnotationTarget) => {
      if (t.slot === undefined) return onNotice('focus a slot chip (or walk the suspects queue) to reject a suspect');
      const e = t.existing;
      const status: Status = 'rejected';
      const body: RecordBody = e
        ? { ...bodyOf(e), status }
        : { dialogue: t.dialogue, turn: t.turn, slot: t.slot, from: t.gold, scope: 'onward', category: suggestedCategory(t.cls), status };
      if (await save(t, body)) afterDecision();
    },
    [save, afterDecision, onNotice],
  );

  const undoLast = useCallback(async () => {
    const last = undoStack.current[undoStack.current.length - 1];
    if (!last) return onNotice('nothing to undo');
    undoStack.current = undoStack.current.slice(0, -1);
    setUndoDepth(undoStack.current.length);
    try {
      if (!(await ensureWritable())) return onNotice('Not undone: the annotation file was not confirmed.');
      if (last.previous)
        await api.call('reviseAnnotation', { run: runRef.run, id: last.id, rev: last.rev, record: last.previous, replace: true });
      else await api.call('reviseAnnotation', { run: runRef.run, id: last.id, rev: last.rev, deleted: true });
      onNotice(`Undone: ${last.label}`, 'info');
      refresh();
    } catch (err) {
      onNotice(`Cannot undo: ${errorText(err)}`);
    }
  }, [api, runRef.run, onNotice, refresh, ensureWritable]);

  /** How many corrections the what-if applies to one dialogue's gold (confirmed ones; suspected too when asked). */
  const correctionsIn = useCallback(
    (id: string | null) =>
      id && list ? list.records.filter((r) => placeKey(r.dialogue, 0) === placeKey(id, 0) && isApplicable(r, includeSuspected)).length : 0,
    [list, includeSuspected],
  );

  /** Annotation status by turn index then slot, for one dialogue. */
  const marksOf = useCallback(
    (detail: DialogueDetail | null) => {
      const out = new Map<number, Map<string, Status>>();
      if (!detail || !list) return out;
      for (const r of list.records) {
        if (placeKey(r.dialogue, 0) !== placeKey(detail.id, 0)) continue;
        let m = out.get(r.turn);
        if (!m) out.set(r.turn, (m = new Map()));
        m.set(r.slot ?? '', r.status);
      }
      return out;
    },
    [list],
  );

  const recordAt = useCallback(
    (dialogue: string, turn: number, slot?: string): AnnotationItem | undefined => byPlace.get(placeKey(dialogue, turn, slot)),
    [byPlace],
  );

  return {
    pane,
    setPane,
    togglePane,
    list,
    version,
    queueOn,
    toggleQueue,
    /** The ranked suspects (paged) and the one the queue stands on. */
    suspectRows,
    queue,
    current,
    isDone,
    nextSuspect: () => void walk(1),
    prevSuspect: () => void walk(-1),
    whatIf,
    toggleWhatIf,
    includeSuspected,
    setIncludeSuspected,
    valuesWhatIf,
    setValuesWhatIf,
    correctionsFrom,
    setCorrectionsFrom,
    form,
    setForm,
    exporting,
    setExporting,
    save,
    saveRecord,
    withdraw,
    confirming,
    answerConfirmation,
    reject,
    undoLast,
    afterDecision,
    marksOf,
    correctionsIn,
    recordAt,
    canUndo: undoDepth > 0,
  };
}

export type Review = ReturnType<typeof useReview>;
