// Layer: renderer (React component). The application shell: the header (runs,
// views, λ/K, actions), the active view, and the dialogs. It holds, besides
// what the app's context gives every view (app-context.tsx: the Api, the
// metric config, the notices), this tab's current run (each browser tab
// has its own, so tabs never fight over a corpus), the view, and the open
// requests that come from the menu (Electron) or the Open dialog. Views fetch
// their own data through app/queries.ts.

import { useCallback, useEffect, useEffectEvent, useMemo, useState } from 'react';
import type { Api, CorpusSummary, RunInfo } from '../../../shared/api';
import type { MetricConfig } from '../../../shared/metrics/config';
import type { SourceSpec } from '../../../shared/source';
import { ExportMenu } from '../components/ExportMenu';
import { HelpDialog } from '../components/HelpDialog';
import { LoadErrorView } from '../components/LoadErrorView';
import { OpenDialog } from '../components/OpenDialog';
import { PresetFlipsDialog } from '../components/PresetFlipsDialog';
import { requestInspect } from './inspect-target';
import { ProgressBar } from '../components/ProgressBar';
import { ViewErrorBoundary } from '../components/ViewErrorBoundary';
import { droppedFilePath } from '../dropped-file';
import { keyAction, type KeyAction } from '../model/keyboard';
import { Header } from './Header';
import type { ListFilter } from '../model/list-query';
import { errorText, runRef, useApiQuery, useRuns } from './queries';
import { inTextField } from './dom';
import { VIEWS, type AnyRunViewProps, type ViewId } from './views';
import { useAppContext } from './app-context';
import { ExportContextOf } from './exports';
import { initialView, useViewLinks } from './view-link';

const RUN_KEY = 'dst-inspector.run';

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function App() {
  // The Api, the engine's info, the config and the notice line come from the app's one context.
  const { api, info, config, setConfig, notice, notify: setNotice } = useAppContext();
  const [view, setView] = useState<ViewId>(() => initialView() ?? 'inspect');
  const [help, setHelp] = useState(false);
  const [openDialog, setOpenDialog] = useState<{ asNewRun: boolean } | null>(null);
  const [flips, setFlips] = useState(false);
  /** Bumped to show the inspect view anew (a flip link asks it for a dialogue and turn). */
  const [viewNonce, setViewNonce] = useState(0);
  const [runId, setRunId] = useState<string | null>(() => sessionStore()?.getItem(RUN_KEY) ?? null);
  const { runs, error: runsError } = useRuns();
  const [listFilter, setListFilter] = useState<ListFilter | null>(null);

  // This tab's run: the one it chose, while it exists; else the first run.
  const run: RunInfo | undefined = runs?.find((r) => r.id === runId) ?? runs?.[0];
  const chooseRun = useCallback((id: string) => {
    setRunId(id);
    try {
      sessionStore()?.setItem(RUN_KEY, id);
    } catch {
      /* the choice then lasts until reload */
    }
  }, []);

  // The view's state in the address (view-link.tsx): links applied on load and back/forward, Copy link.
  const links = useViewLinks({
    api,
    electron: info?.mode === 'electron',
    runs,
    view,
    setView,
    chooseRun,
    notify: setNotice,
    config,
    setConfig,
    valueMap: info?.valueMap,
  });

  const ref = runRef(run);
  const summaryQuery = useApiQuery('corpusSummary', ref && config ? { ...ref, config } : null, { keepPrevious: true });
  // A kept previous answer is shown only while it belongs to this run and revision.
  const summary: CorpusSummary | null =
    summaryQuery.data && ref && summaryQuery.data.run === ref.run && summaryQuery.data.revision === ref.rev ? summaryQuery.data : null;

  // The inspect list's filter: the header shows that subset's scores beside the corpus's.
  const filterOn = !!listFilter && Object.keys(listFilter).length > 0;
  const filteredQuery = useApiQuery('filteredScores', filterOn && ref && config ? { ...ref, config, filter: listFilter } : null, {
    keepPrevious: true,
  });
  const filtered = filterOn && summary ? (filteredQuery.data ?? null) : null;

  // A source that knows its slot count (an SGD schema next to the file) sets K once per loaded revision;
  // a later source without one puts back the default K, unless the user changed K meanwhile
  // (state adjusted while rendering, React's pattern for deriving from a new input).
  // The config lives in the app's context (a component above this one): the new K is handed to it by an effect.
  const [kTaken, setKTaken] = useState<{ key: string; fromSource: number | null }>({ key: '', fromSource: null });
  const [kConfig, setKConfig] = useState<MetricConfig | null>(null);
  const kKey = summary ? `${summary.run}@${summary.revision}` : '';
  if (summary && config && kKey !== kTaken.key) {
    const k = summary.slotCount;
    const fallback = info?.defaultConfig.slotCount;
    setKTaken({ key: kKey, fromSource: k ?? null });
    if (k && config.slotCount !== k) setKConfig({ ...config, slotCount: k });
    else if (
      !k &&
      kTaken.fromSource !== null &&
      config.slotCount === kTaken.fromSource &&
      fallback !== undefined &&
      fallback !== config.slotCount
    )
      setKConfig({ ...config, slotCount: fallback });
  }
  useEffect(() => {
    if (kConfig) setConfig(kConfig);
  }, [kConfig, setConfig]);

  // A failed reload keeps the run's data: its error is shown (with the place in the file) until the user goes back to the data.
  const [dismissed, setDismissed] = useState<string | null>(null);
  const attempt = run ? `${run.id}#${run.attempts}` : '';
  // A tab that comes to a run after a reload of it failed (a new tab, another run chosen) shows the data, not
  // an error it did not cause; the run's next failed attempt is shown.
  const [seenRun, setSeenRun] = useState<string | null>(null);
  if (run && run.id !== seenRun) {
    setSeenRun(run.id);
    if (run.state === 'ready' && run.error) setDismissed(attempt);
  }
  const failedReload = run?.state === 'ready' && run.error && attempt !== dismissed ? run.error : null;

  /** Opens a source in this tab's run (a new revision of it), or as a new run. */
  const openSource = useCallback(
    (source: SourceSpec, asNewRun = false) => {
      setOpenDialog(null);
      setNotice(null);
      const replace = !asNewRun && run ? run.id : undefined;
      // A view that shows every run (compare) keeps this tab's run when one is added; others switch to the new run.
      const stay = asNewRun && !!run && !!VIEWS.find((v) => v.id === view)?.keepsRunOnAdd;
      api.call('openRun', { source, ...(replace ? { replace } : {}) }).then(
        (r) => (stay ? undefined : chooseRun(r.id)),
        (e: unknown) => setNotice(errorText(e)),
      );
    },
    [api, run, chooseRun, view, setNotice],
  );
  const addSource = useCallback(
    (path: string, role: 'dialogues' | 'gold') => {
      setOpenDialog(null);
      setNotice(null);
      if (!run) return setNotice('open a prediction file first');
      api.call('addSource', { run: run.id, path, role }).then(undefined, (e: unknown) => setNotice(errorText(e)));
    },
    [api, run, setNotice],
  );
  const openDemo = useCallback(() => openSource({ kind: 'demo' }), [openSource]);
  const requestOpen = useCallback(
    (asNewRun = false) => {
      if (info?.canPickFiles) {
        api.call('pickFile', { purpose: 'predictions' }).then(
          (r) => (r.path ? openSource({ kind: 'files', predictions: [r.path] }, asNewRun) : undefined),
          () => setOpenDialog({ asNewRun }),
        );
      } else setOpenDialog({ asNewRun });
    },
    [api, info, openSource],
  );

  const onKey = useEffectEvent((e: KeyboardEvent) => {
    const action: KeyAction | null = keyAction({
      key: e.key,
      ctrlKey: e.ctrlKey,
      metaKey: e.metaKey,
      altKey: e.altKey,
      inTextField: inTextField(e.target),
    });
    if (action === 'open') {
      e.preventDefault();
      requestOpen();
    } else if (action === 'help' && !openDialog) {
      e.preventDefault();
      setHelp(true);
    } else if (action === 'copy-link' && !openDialog && !help) {
      e.preventDefault();
      links.copyLink();
    }
  });
  useEffect(() => {
    const h = (e: KeyboardEvent) => onKey(e);
    window.addEventListener('keydown', h);
    return () => window.removeEventListener('keydown', h);
  }, []);

  const onMenuEvent = useEffectEvent((e: Parameters<Parameters<Api['onEvent']>[0]>[0]) => {
    if (e.type === 'show-help') setHelp(true);
    else if (e.type === 'open-file') requestOpen();
    else if (e.type === 'open-source') openSource(e.source, e.asNewRun);
    else if (e.type === 'add-source') addSource(e.path, e.role);
    else if (e.type === 'close-run' && run) void api.call('closeRun', { run: run.id }).catch((x: unknown) => setNotice(errorText(x)));
    else if (e.type === 'theme') document.documentElement.dataset.theme = e.theme === 'system' ? '' : e.theme;
    else if (e.type === 'notice') setNotice(e.text, 'info');
    else if (e.type === 'open-link') links.openFragment(e.fragment);
  });
  useEffect(() => api.onEvent((e) => onMenuEvent(e)), [api]);

  const onDrop = (e: React.DragEvent) => {
    const f = e.dataTransfer.files[0];
    if (!f) return;
    e.preventDefault();
    const path = droppedFilePath(f);
    // A second file dropped while a run is open is added as a run to compare (Shift keeps it in this run).
    if (path) openSource({ kind: 'files', predictions: [path] }, !!run && !e.shiftKey);
  };

  // What every view gets besides its run.
  const common: Omit<AnyRunViewProps, 'run'> = {
    runs: runs ?? [],
    summary,
    modalOpen: help || !!openDialog,
    onRun: chooseRun,
    onAddRun: () => requestOpen(true),
    onView: setView,
  };

  let body: React.ReactNode;
  const entry = VIEWS.find((v) => v.id === view) ?? VIEWS[0];
  if (links.resolving) {
    body = (
      <main className="placeholder-pane" data-testid="link-opening">
        Opening the link…
      </main>
    );
  } else if (entry.needsRun === false && config) {
    // A view of its own (the playground) shows whatever state the runs are in.
    const Free = entry.component;
    body = <Free {...common} run={run?.state === 'ready' ? run : null} />;
  } else if (!runs) {
    body = <main className="placeholder-pane">{runsError ? `Cannot reach the inspector: ${runsError}` : 'Connecting…'}</main>;
  } else if (!run) {
    body = (
      <main className="placeholder-pane">
        <p>No corpus is open.</p>
        <p>
          <button onClick={() => requestOpen()}>Open a predictions file…</button> <button onClick={openDemo}>Open the demo</button>
        </p>
      </main>
    );
  } else if (run.state === 'loading') {
    body = (
      <main className="placeholder-pane">
        <ProgressBar status={run} />
      </main>
    );
  } else if (run.state === 'error' && run.error) {
    body = <LoadErrorView run={run.id} error={run.error} onOpen={() => requestOpen()} onDemo={openDemo} />;
  } else if (failedReload) {
    body = (
      <LoadErrorView
        run={run.id}
        error={failedReload}
        onOpen={() => requestOpen()}
        onDemo={openDemo}
        back={{ label: run.label, go: () => setDismissed(attempt) }}
      />
    );
  } else if (config && ref) {
    const View = (VIEWS.find((v) => v.id === view) ?? VIEWS[0]).component;
    body = <View key={viewNonce} {...common} run={run} onListFilter={setListFilter} />;
  }

  const exportCtx = useMemo(() => ({ api, electron: info?.mode === 'electron' }), [api, info]);

  return (
    <div className="app" onDragOver={(e) => e.preventDefault()} onDrop={onDrop}>
      <Header
        summary={summary}
        config={config}
        runs={runs ?? []}
        run={run ?? null}
        view={view}
        views={VIEWS}
        onView={setView}
        onRun={chooseRun}
        onConfig={setConfig}
        onOpen={() => requestOpen()}
        onHelp={() => setHelp(true)}
        onFlips={ref ? () => setFlips(true) : undefined}
        valueMap={info?.valueMap}

        onCopyLink={links.copyLink}
        exportMenu={<ExportMenu electron={info?.mode === 'electron'} config={config} />}
        filtered={filterOn && summary ? { scores: filtered, total: summary.dialogues } : null}
        onWatch={(on) => run && void api.call('watchRun', { run: run.id, on }).catch((x: unknown) => setNotice(errorText(x)))}
      />
      {notice && (
        <div
          className={`notice ${notice.kind}`}
          role={notice.kind === 'error' ? 'alert' : 'status'}
          data-testid="notice"
          data-kind={notice.kind}
        >
          {notice.text}{' '}
          <button onClick={() => setNotice(null)} aria-label="dismiss">
            ✕
          </button>
        </div>
      )}
      <ExportContextOf.Provider value={exportCtx}>
        {/* A view that throws while rendering shows an error panel in its place; another view, run or revision starts afresh. */}
        <links.Provider>
          <ViewErrorBoundary key={`${entry.id}|${run?.id ?? ''}@${run?.revision ?? ''}|${links.generation}`} name={entry.label} landmark>
            {body}
          </ViewErrorBoundary>
        </links.Provider>
      </ExportContextOf.Provider>
      {help && <HelpDialog onClose={() => setHelp(false)} />}
      {openDialog && (
        <OpenDialog
          asNewRun={openDialog.asNewRun}
          info={info}
          onOpen={(source, preset) => {
            if (config && preset !== undefined && JSON.stringify(preset) !== JSON.stringify(config.preset))
              setConfig({ ...config, preset });
            openSource(source, openDialog.asNewRun);
          }}
          preset={config?.preset}
          onAddSource={addSource}
          onDemo={openDemo}
          onClose={() => setOpenDialog(null)}
        />
      )}
      {flips && ref && config && (
        <PresetFlipsDialog
          runRef={ref}
          current={config.preset}
          valueMap={info?.valueMap}
          onClose={() => setFlips(false)}
          onOpenTurn={(dialogue, turn) => {
            setFlips(false);
            requestInspect({ dialogue, turnIndex: turn });
            setView('inspect');
            setViewNonce((n) => n + 1);
          }}
        />
      )}
    </div>
  );
}
