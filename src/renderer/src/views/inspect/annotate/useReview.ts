// Layer: renderer (React hook). The state of gold-label review in the inspect
// view: the run's annotations (refreshed on every save, here or in another
// window), the suspects queue and where it stands, the what-if switch, the
// form and export dialogs, the undo stack, and the actions the keys trigger
// (annotate, reject, undo, walk the queue).

import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { isApplicable, placeKey, type RecordBody, type Status } from '../../../../../shared/annotations/record';
import type { Suspect } from '../../../../../shared/annotations/suspects';
import type { Api, AnnotationItem, DialogueDetail } from '../../../../../shared/api';
import type { ValueOption } from '../../../../../shared/formats/normalise';
import { errorText, useApiQuery } from '../../../app/queries';
import type { NoticeKind } from '../../../app/views';
import { leaveChip } from './targets';
import {
  bodyOf,
  describeTarget,
  recordsByPlace,
  suggestedCategory,
  type AnnotationTarget,
  type UndoEntry,
} from '../../../model/annotations';

export type ReviewPaneTab = 'annotations' | 'suspects' | 'whatif';

/** Queries whose answers depend on the annotation file. */
const ANNOTATION_QUERIES = ['listAnnotations', 'whatIf', 'whatIfDialogue', 'exportCorrections', 'suspects'];

export interface Jump {
  id: string;
  /** Turn index (as in the file). */
  turn: number;
  slot?: string;
}

export function useReview(
  api: Api,
  runRef: { run: string; rev: number },
  onNotice: (t: string, kind?: NoticeKind) => void,
  jump: (j: Jump) => void,
) {
  const qc = useQueryClient();
  const [pane, setPane] = useState<ReviewPaneTab | null>(null);
  const [queueOn, setQueueOn] = useState(false);
  const [queueIndex, setQueueIndex] = useState(0);
  const [whatIf, setWhatIf] = useState(false);
  const [includeSuspected, setIncludeSuspected] = useState(false);
  const [valuesWhatIf, setValuesWhatIf] = useState<ValueOption[] | null>(null);
  const [form, setForm] = useState<AnnotationTarget | null>(null);
  const [exporting, setExporting] = useState(false);
  // The undo stack lives in a ref: a second `u` pressed before the first one's answer must see the entry below.
  const undoStack = useRef<UndoEntry[]>([]);
  const [undoDepth, setUndoDepth] = useState(0);

  const refresh = useCallback(() => {
    for (const k of ANNOTATION_QUERIES) void qc.invalidateQueries({ queryKey: [k] });
  }, [qc]);
  useEffect(() => api.onEvent((e) => (e.type === 'annotations-changed' ? refresh() : undefined)), [api, refresh]);

  const listQuery = useApiQuery(api, 'listAnnotations', { run: runRef.run }, { key: String(runRef.rev) });
  const list = listQuery.data ?? null;
  const version = list?.version ?? 0;
  const byPlace = useMemo(() => recordsByPlace(list?.records ?? []), [list]);

  const suspectsQuery = useApiQuery(api, 'suspects', queueOn || pane === 'suspects' ? { ...runRef, limit: 1000 } : null);
  const suspects: Suspect[] = useMemo(() => suspectsQuery.data?.items ?? [], [suspectsQuery.data]);
  const isDone = useCallback((s: Suspect) => byPlace.has(placeKey(s.dialogue, s.turn, s.slot)), [byPlace]);
  const current: Suspect | null = queueOn ? (suspects[queueIndex] ?? null) : null;

  /** Moves the queue to suspect k (clamped) and shows it. */
  const goSuspect = useCallback(
    (k: number) => {
      if (suspects.length === 0) return;
      const i = Math.max(0, Math.min(suspects.length - 1, k));
      leaveChip();
      setQueueIndex(i);
      const s = suspects[i];
      jump({ id: s.dialogue, turn: s.turn, slot: s.slot });
    },
    [suspects, jump],
  );

  /** The next suspect after `from` not annotated yet (or the last one). */
  const nextOpen = useCallback(
    (from: number, dir: 1 | -1, skipDone: boolean) => {
      for (let k = from + dir; k >= 0 && k < suspects.length; k += dir) if (!skipDone || !isDone(suspects[k])) return k;
      return from;
    },
    [suspects, isDone],
  );

  // Each start of the queue, each stop and each run change gets a new number: a ranking that comes back
  // after the queue was stopped (or restarted, or the run reloaded) is dropped.
  const queueRequest = useRef(0);
  useEffect(() => {
    queueRequest.current++;
  }, [runRef.run, runRef.rev]);

  // The queue starts on the first suspect not annotated yet (fetched here if the pane has not yet).
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
      const args = { ...runRef, limit: 1000 };
      const [got, anns] = await Promise.all([
        qc.fetchQuery({ queryKey: ['suspects', args, null], queryFn: () => api.call('suspects', args) }),
        qc.fetchQuery({
          queryKey: ['listAnnotations', { run: runRef.run }, String(runRef.rev)],
          queryFn: () => api.call('listAnnotations', { run: runRef.run }),
        }),
      ]);
      if (request !== queueRequest.current) return;
      const done = recordsByPlace(anns.records);
      const k = got.items.findIndex((s) => !done.has(placeKey(s.dialogue, s.turn, s.slot)));
      if (got.items.length === 0) {
        setQueueOn(false);
        return onNotice('no suspects: the runs agree with the gold everywhere the evidence can tell', 'info');
      }
      const i = k < 0 ? 0 : k;
      setQueueIndex(i);
      const s = got.items[i];
      jump({ id: s.dialogue, turn: s.turn, slot: s.slot });
      onNotice(`Queue on: ${got.total.toLocaleString('en-US')} suspects, starting at #${i + 1}`, 'info');
    } catch (err) {
      if (request !== queueRequest.current) return;
      setQueueOn(false);
      onNotice(`Cannot rank suspects: ${errorText(err)}`);
    }
  }, [queueOn, pane, runRef, qc, api, jump, onNotice]);

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

  /** Saves the form's record (a new one, or a revision of the one there). */
  const save = useCallback(
    async (target: AnnotationTarget, body: RecordBody): Promise<boolean> => {
      try {
        const e = target.existing;
        if (e) {
          const r = await api.call('reviseAnnotation', { run: runRef.run, id: e.id, rev: e.rev, record: body, replace: true });
          push({ id: r.id, rev: r.rev, previous: bodyOf(e), label: describeTarget(target) });
        } else {
          const r = await api.call('saveAnnotation', { run: runRef.run, record: body });
          push({ id: r.id, rev: r.rev, label: describeTarget(target) });
        }
        onNotice(
          `Saved (${body.status}): ${describeTarget(target)}${body.to !== undefined ? ` → ${body.to === null ? 'absent' : JSON.stringify(body.to)}` : ''}`,
          'info',
        );
        refresh();
        return true;
      } catch (err) {
        onNotice(`Not saved: ${errorText(err)}`);
        return false;
      }
    },
    [api, runRef.run, onNotice, refresh, push],
  );

  const afterDecision = useCallback(() => {
    if (queueOn) goSuspect(nextOpen(queueIndex, 1, true));
  }, [queueOn, goSuspect, nextOpen, queueIndex]);

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
      if (last.previous)
        await api.call('reviseAnnotation', { run: runRef.run, id: last.id, rev: last.rev, record: last.previous, replace: true });
      else await api.call('reviseAnnotation', { run: runRef.run, id: last.id, rev: last.rev, deleted: true });
      onNotice(`Undone: ${last.label}`, 'info');
      refresh();
    } catch (err) {
      onNotice(`Cannot undo: ${errorText(err)}`);
    }
  }, [api, runRef.run, onNotice, refresh]);

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
    queueIndex,
    suspects,
    suspectsTotal: suspectsQuery.data?.total ?? 0,
    suspectRuns: suspectsQuery.data?.runs ?? [],
    suspectsHaveText: suspectsQuery.data?.hasText ?? false,
    suspectsLoading: suspectsQuery.isLoading,
    current,
    isDone,
    goSuspect,
    nextSuspect: () => goSuspect(nextOpen(queueIndex, 1, false)),
    prevSuspect: () => goSuspect(nextOpen(queueIndex, -1, false)),
    whatIf,
    toggleWhatIf,
    includeSuspected,
    setIncludeSuspected,
    valuesWhatIf,
    setValuesWhatIf,
    form,
    setForm,
    exporting,
    setExporting,
    save,
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
