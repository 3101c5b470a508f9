// Layer: renderer (React component). The application shell: holds what is
// selected (corpus, config, list query, dialogue, turn) and lays out the
// header, the dialogue list, the dialogue view, the metric panel and the raw
// view. Data comes only through the Api interface.

import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import type { Api, AppInfo, CorpusSummary } from '../../shared/api';
import type { MetricConfig } from '../../shared/metrics/config';
import { configKey } from './model/config-input';
import { keyAction, step, type KeyAction } from './model/keyboard';
import { dismissGuide, guideDismissed, LANDING_DIALOGUE, pickLanding } from './model/landing';
import { apiFilter, DEFAULT_QUERY, queryKey, type ListQuery } from './model/list-query';
import { PageCache } from './model/page-cache';
import type { TurnViewMode } from './model/turn-view';
import { useCorpusSummary } from './hooks/useCorpusSummary';
import { useDialogueDetail } from './hooks/useDialogueDetail';
import { useLoadStatus } from './hooks/useLoadStatus';
import { ColourGuide } from './components/ColourGuide';
import { lambdaKey } from '../../shared/metrics/config';
import { DialogueList } from './components/DialogueList';
import { DialogueView } from './components/DialogueView';
import { Header } from './components/Header';
import { HelpDialog } from './components/HelpDialog';
import { LoadErrorView } from './components/LoadErrorView';
import { MetricPanel } from './components/MetricPanel';
import { OpenDialog } from './components/OpenDialog';
import { ProgressBar } from './components/ProgressBar';
import { RawView } from './components/RawView';
import { droppedFilePath } from './dropped-file';

interface Selection {
  gen: number;
  id: string | null;
  /** Index in the list under `key`; -1 when unknown. */
  index: number;
  key: string;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function inTextField(t: EventTarget | null): boolean {
  if (!(t instanceof HTMLElement)) return false;
  return t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName) || t.closest('.monaco-editor') !== null;
}

export function App({ api }: { api: Api }) {
  const [info, setInfo] = useState<AppInfo | null>(null);
  const [config, setConfig] = useState<MetricConfig | null>(null);
  const { status, poll, failure } = useLoadStatus(api);
  const ready = status?.state === 'ready';
  const generation = status?.generation ?? 0;
  // A source that knows its slot count (an SGD schema next to the file) sets K once per loaded corpus.
  const takeSchemaK = useCallback((s: CorpusSummary) => {
    const k = s.slotCount;
    if (k) setConfig((c) => (c && c.slotCount !== k ? { ...c, slotCount: k } : c));
  }, []);
  const summary = useCorpusSummary(api, ready, config, generation, takeSchemaK);

  const [query, setQuery] = useState<ListQuery>(DEFAULT_QUERY);
  const cacheKey = `${generation}|${config ? configKey(config) : ''}|${queryKey(query)}`;
  const cache = useMemo(() => new PageCache(cacheKey), [cacheKey]);
  const [, setPageTick] = useState(0);
  const onPage = useCallback(() => setPageTick((t) => t + 1), []);

  const [sel, setSel] = useState<Selection>({ gen: -1, id: null, index: -1, key: '' });
  const [firstPick, setFirstPick] = useState<{ gen: number; id: string } | null>(null);
  const selectedId = sel.gen === generation ? sel.id : (summary?.landing ?? (firstPick?.gen === generation ? firstPick.id : null));
  const selIndex = selectedId ? (sel.key === cache.key ? sel.index : cache.indexOf(selectedId)) : -1;
  const [scrollRequest, setScrollRequest] = useState(0);

  const { detail, error: detailError } = useDialogueDetail(api, ready ? selectedId : null, config, generation);
  const turns = detail?.perTurn ?? [];
  const [turnSel, setTurnSel] = useState<{ id: string | null; turn: number }>({ id: null, turn: 0 });
  const turn = detail && turnSel.id === detail.id ? Math.min(turnSel.turn, Math.max(0, turns.length - 1)) : 0;
  const [hoverTurn, setHoverTurn] = useState<number | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const [mode, setMode] = useState<TurnViewMode>('full');
  const [showRaw, setShowRaw] = useState(false);
  const [help, setHelp] = useState(false);
  const [openDialog, setOpenDialog] = useState(false);
  const [guideChoice, setGuide] = useState<boolean | null>(null);
  const guide = guideChoice ?? (!!summary?.isDemo && !guideDismissed(storage()));
  const [notice, setNotice] = useState<string | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const landedGen = useRef(-1);

  useEffect(() => {
    api.call('appInfo', {}).then(
      (i) => {
        setInfo(i);
        setConfig((c) => c ?? i.defaultConfig);
      },
      () => undefined,
    );
  }, [api]);

  const select = useCallback(
    (id: string, index: number) => {
      setSel({ gen: generation, id, index, key: cacheKey });
      setHoverTurn(null);
    },
    [generation, cacheKey],
  );

  // First selection of a newly loaded corpus: the demo lands on MUL1110 (the
  // GCA paper's figure 6, named by summary.landing), any other file on the
  // first dialogue of the list.
  useEffect(() => {
    if (!summary || !config || summary.landing || landedGen.current === generation) return;
    landedGen.current = generation;
    const gen = generation;
    const filter = summary.isDemo ? { search: LANDING_DIALOGUE } : apiFilter(query.filter);
    const sort = summary.isDemo ? { key: 'position' as const, descending: false } : query.sort;
    api.call('dialoguePage', { config, offset: 0, limit: 20, sort, filter }).then(
      (p) => {
        const id = summary.isDemo ? pickLanding(p.rows.map((r) => r.id)) : (p.rows[0]?.id ?? null);
        if (id) setFirstPick({ gen, id });
      },
      () => undefined,
    );
  }, [api, summary, config, generation, query]);

  /** After an open call: poll the new load, or say why the call was refused. */
  const opened = useCallback(
    (p: Promise<unknown>) => {
      setOpenDialog(false);
      setNotice(null);
      p.then(poll, (e: unknown) => {
        setNotice(e instanceof Error ? e.message : String(e));
        poll();
      });
    },
    [poll],
  );
  const openFile = useCallback(
    (path: string, dialoguesPath?: string, goldPath?: string) =>
      opened(api.call('openCorpus', { source: { kind: 'file', path, ...(dialoguesPath ? { dialoguesPath } : {}), ...(goldPath ? { goldPath } : {}) } })),
    [api, opened],
  );
  const addSource = useCallback((path: string, role: 'dialogues' | 'gold') => opened(api.call('openDialogues', { path, role })), [api, opened]);
  const openDemo = useCallback(() => opened(api.call('openCorpus', { source: { kind: 'demo' } })), [api, opened]);
  const requestOpen = useCallback(() => {
    if (info?.canPickFiles) {
      api.call('pickFile', { purpose: 'predictions' }).then(
        (r) => (r.path ? openFile(r.path) : undefined),
        () => setOpenDialog(true),
      );
    } else setOpenDialog(true);
  }, [api, info, openFile]);

  const moveDialogue = useCallback(
    (delta: number) => {
      const total = cache.total ?? 0;
      const next = step(selIndex, delta, total);
      if (next < 0 || next === selIndex) return;
      const row = cache.row(next);
      if (row) {
        select(row.id, next);
        setScrollRequest((r) => r + 1);
        return;
      }
      if (!config) return;
      api.call('dialoguePage', { config, offset: next, limit: 1, sort: query.sort, filter: apiFilter(query.filter) }).then((p) => {
        if (p.rows[0]) {
          select(p.rows[0].id, next);
          setScrollRequest((r) => r + 1);
        }
      }, () => undefined);
    },
    [api, cache, config, query, selIndex, select],
  );

  const selectTurn = useCallback((i: number) => setTurnSel({ id: detail?.id ?? null, turn: i }), [detail]);
  const moveTurn = (delta: number) => {
    const next = step(turn, delta, turns.length);
    if (next < 0) return;
    selectTurn(next);
    setFocusRequest((f) => f + 1);
  };

  const onKey = useEffectEvent((e: KeyboardEvent) => {
    const action: KeyAction | null = keyAction({ key: e.key, ctrlKey: e.ctrlKey, metaKey: e.metaKey, altKey: e.altKey, inTextField: inTextField(e.target) });
    if (!action) return;
    if ((help || openDialog) && action !== 'open') return; // the modal handles its own keys
    if (action === 'close') {
      if (inTextField(e.target) && e.target instanceof HTMLElement) e.target.blur();
      return;
    }
    e.preventDefault();
    switch (action) {
      case 'next-turn':
        return moveTurn(1);
      case 'prev-turn':
        return moveTurn(-1);
      case 'next-dialogue':
        return moveDialogue(1);
      case 'prev-dialogue':
        return moveDialogue(-1);
      case 'focus-search':
        searchRef.current?.focus();
        searchRef.current?.select();
        return;
      case 'help':
        return setHelp(true);
      case 'open':
        return requestOpen();
      case 'toggle-view':
        return setMode((m) => (m === 'full' ? 'changes' : 'full'));
      case 'toggle-raw':
        return setShowRaw((r) => !r);
    }
  });
  useEffect(() => {
    const h = (e: KeyboardEvent) => onKey(e);
    window.addEventListener('keydown', h);
    return () => window.removeEventListener('keydown', h);
  }, []);

  const onEvent = useEffectEvent((type: string) => {
    if (type === 'show-help') setHelp(true);
    if (type === 'open-file') requestOpen();
  });
  useEffect(
    () =>
      api.onEvent((e) => {
        if (e.type === 'theme') document.documentElement.dataset.theme = e.theme === 'system' ? '' : e.theme;
        else onEvent(e.type);
      }),
    [api],
  );

  const onDrop = (e: React.DragEvent) => {
    const f = e.dataTransfer.files[0];
    if (!f) return;
    e.preventDefault();
    const path = droppedFilePath(f);
    if (path) openFile(path);
  };

  const dismiss = () => {
    dismissGuide(storage());
    setGuide(false);
  };

  let body: React.ReactNode;
  if (!status) {
    body = <main className="placeholder-pane">{failure ? `Cannot reach the inspector: ${failure}` : 'Connecting…'}</main>;
  } else if (status.state === 'loading') {
    body = (
      <main className="placeholder-pane">
        <ProgressBar status={status} />
      </main>
    );
  } else if (status.state === 'error' && status.error) {
    body = <LoadErrorView api={api} error={status.error} generation={generation} onOpen={requestOpen} onDemo={openDemo} />;
  } else if (status.state === 'empty') {
    body = (
      <main className="placeholder-pane">
        <p>No corpus is open.</p>
        <p>
          <button onClick={requestOpen}>Open a predictions file…</button> <button onClick={openDemo}>Open the demo</button>
        </p>
      </main>
    );
  } else if (config) {
    body = (
      <div className={`workspace${showRaw ? ' with-raw' : ''}`}>
        <DialogueList
          api={api}
          config={config}
          cache={cache}
          query={query}
          domains={summary?.domains ?? []}
          selectedId={selectedId}
          selectedIndex={selIndex}
          scrollRequest={scrollRequest}
          searchRef={searchRef}
          onQuery={setQuery}
          onSelect={select}
          onPage={onPage}
        />
        <div className="centre">
          {guide && (
            <ColourGuide
              onDismiss={dismiss}
              landing={
                detail && config && detail.id === summary?.landing
                  ? { fga: detail.FGA[lambdaKey(config.lambdas[0])], gca: detail.GCA, lambda: lambdaKey(config.lambdas[0]) }
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
            onMode={setMode}
            onTurn={selectTurn}
            onHover={setHoverTurn}
          />
        </div>
        <MetricPanel detail={detail} config={config} turn={turn} hoverTurn={hoverTurn} onHover={setHoverTurn} onTurn={selectTurn} />
        {showRaw && <RawView api={api} id={selectedId} position={turn} turnIndex={turns[turn]?.turn} generation={generation} onClose={() => setShowRaw(false)} />}
      </div>
    );
  }

  return (
    <div className="app" onDragOver={(e) => e.preventDefault()} onDrop={onDrop}>
      <Header
        summary={summary}
        config={config}
        showRaw={showRaw}
        onConfig={setConfig}
        onOpen={requestOpen}
        onToggleRaw={() => setShowRaw((r) => !r)}
        onHelp={() => setHelp(true)}
        onGuide={() => setGuide(true)}
      />
      {notice && (
        <div className="notice" role="alert" data-testid="notice">
          {notice}{' '}
          <button onClick={() => setNotice(null)} aria-label="dismiss">
            ✕
          </button>
        </div>
      )}
      {body}
      {help && <HelpDialog onClose={() => setHelp(false)} />}
      {openDialog && <OpenDialog onOpen={openFile} onAddSource={addSource} onDemo={openDemo} onClose={() => setOpenDialog(false)} />}
    </div>
  );
}
