// Layer: renderer (React hook and context). The view's state in the page's
// address (src/shared/link.ts says what a link holds and why the fragment):
// the shell applies a link — on load, on back/forward, from the desktop's
// dst-inspector:// handler — by finding its runs (by path; a run not open is
// opened when it lies in the served folder), showing its view and handing
// the view its state once (takeLink); every view reports its state
// (useReportLink) and the shell writes it into the address: a new history
// entry for what the person did (a click, a key) unless only a search box
// changed, a replaced one for what the app settled by itself. The run's
// content hash is compared with the link's: a changed file is said. The
// evaluator preset (the config's `preset`) is the shell's part of every link:
// written from the config, and set in the config when a link is applied (a
// value map the server has not read is dropped, and said).

import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { Api, RunInfo } from '../../../shared/api';
import {
  decodeLink,
  desktopLink,
  encodeLink,
  historyStep,
  samePreset,
  type LinkRun,
  type LinkState,
  type LinkView,
} from '../../../shared/link';
import { EXACT_PRESET, type MetricConfig, type PresetConfig } from '../../../shared/metrics/config';
import type { Notify } from './app-context';
import { errorText } from './queries';

/** A link's state handed to the view it names, with its runs as this workspace's run ids (in the link's order). */
export interface TakenLink {
  state: LinkState;
  runIds: string[];
}

/** The view's part of a link: its own state (inspect, compare, analysis or playground), without the view and the runs. */
export type LinkPart = Omit<LinkState, 'view' | 'runs'>;

interface ViewLinkValue {
  take(view: LinkView): TakenLink | null;
  report(view: LinkView, runIds: readonly string[], part: LinkPart): void;
}

const ViewLinkOf = createContext<ViewLinkValue | null>(null);

/** The link meant for this view, once (the first call after a link was applied); null otherwise or outside the shell. */
export function useTakeLink(view: LinkView): TakenLink | null {
  const c = useContext(ViewLinkOf);
  const [taken] = useState(() => c?.take(view) ?? null);
  return taken;
}

/** Tells the shell this view's state (run ids first-named-first, and its part); written to the address when it changes. */
export function useReportLink(view: LinkView, runIds: readonly string[], part: LinkPart): void {
  const c = useContext(ViewLinkOf);
  const key = JSON.stringify([runIds, part]);
  useEffect(() => {
    const [ids, p] = JSON.parse(key) as [string[], LinkPart];
    c?.report(view, ids, p);
  }, [c, view, key]);
}

interface Pending {
  state: LinkState;
  /** Resolved run ids, null while runs are being found or opened. */
  runIds: string[] | null;
  taken: boolean;
  /** Paths asked of openLinkedRun, and content hashes already compared. */
  opening: Set<string>;
  checked: Set<string>;
  /** The link's preset was set in the config. */
  presetSet: boolean;
}

interface Options {
  api: Api;
  electron: boolean;
  runs: RunInfo[] | undefined;
  view: string;
  setView: (v: string) => void;
  chooseRun: (id: string) => void;
  notify: Notify;
  /** The metric config (null until the engine answered) and its setter: a link's preset is set in it. */
  config: MetricConfig | null;
  setConfig: (c: MetricConfig) => void;
  /** The value map the server read (AppInfo.valueMap). */
  valueMap: string | undefined;
}

export interface ViewLinks {
  /** A link is being applied: its runs are found or opened (the shell shows this instead of a view). */
  resolving: boolean;
  /** Grows with each link applied: the view is shown afresh. */
  generation: number;
  /** Copies the current view's link (no token) and says so. */
  copyLink(): void;
  /** Applies a link's fragment as a new history entry (the desktop's dst-inspector:// handler). */
  openFragment(fragment: string): void;
  Provider: (p: { children: ReactNode }) => ReactNode;
}

function pendingOf(state: LinkState): Pending {
  return { state, runIds: null, taken: false, opening: new Set(), checked: new Set(), presetSet: false };
}

/** The view the address's link names (App's first view), or null. */
export function initialView(): LinkView | null {
  return window.location.hash.length > 1 ? (decodeLink(window.location.hash).state?.view ?? null) : null;
}

function linkRunOf(r: RunInfo | undefined): LinkRun | null {
  return r?.linkPath ? { path: r.linkPath, hash: r.contentHash ?? null } : null;
}

/**
 * The preset a link asks for, as this server can score it: a value map hash the server has not read (serve
 * --value-map) is dropped, with a sentence saying so.
 */
export function presetForServer(asked: PresetConfig, valueMap: string | undefined): { preset: PresetConfig; notice: string | null } {
  if (asked.valueMap === undefined || asked.valueMap === valueMap) return { preset: asked, notice: null };
  const { valueMap: _dropped, ...rest } = asked;
  const has = valueMap ? `it read ${valueMap} (serve --value-map)` : 'it read none (serve --value-map FILE)';
  return {
    preset: rest,
    notice:
      `The link's preset ${asked.name} uses the value map ${asked.valueMap}, which this server has not read (${has}): ` +
      `scoring as ${asked.name} without a value map, so the numbers may differ from the link's.`,
  };
}

export function useViewLinks({ api, electron, runs, view, setView, chooseRun, notify, config, setConfig, valueMap }: Options): ViewLinks {
  // A link in the address when the page loads is applied from the start (App starts on its view: initialView).
  const [boot] = useState(() => decodeLink(window.location.hash));
  const pending = useRef<Pending | null>(boot.state ? pendingOf(boot.state) : null);
  const [generation, setGeneration] = useState(0);
  const [resolving, setResolving] = useState(!!boot.state);
  const acted = useRef(false);
  const runsRef = useRef(runs);
  // The typed field whose edit is open (historyStep): its later keystrokes replace the entry its first one pushed.
  const edit = useRef<string | null>(null);
  // The last view's report, re-written when the preset changes (the views do not report the preset).
  const last = useRef<{ view: LinkView; runIds: readonly string[]; part: LinkPart } | null>(null);
  const preset = config?.preset ?? EXACT_PRESET;
  const presetRef = useRef(preset);

  const apply = useCallback(
    (fragment: string) => {
      const { state, notices } = decodeLink(fragment);
      if (notices.length) notify(`This link could not be read whole: ${notices.join('; ')}.`);
      if (!state) return;
      pending.current = pendingOf(state);
      // The shown view's last report and an open edit belong to the address left: never written over the link's.
      last.current = null;
      edit.current = null;
      setView(state.view);
      setResolving(true);
      setGeneration((g) => g + 1);
    },
    [notify, setView],
  );

  // What the address's link could not say; back and forward; a person's clicks and keys (they push history).
  useEffect(() => {
    if (boot.notices.length) notify(`This link could not be read whole: ${boot.notices.join('; ')}.`);
  }, [boot, notify]);
  const onPop = useEffectEvent(() => apply(window.location.hash));
  useEffect(() => {
    const pop = () => onPop();
    const act = () => (acted.current = true);
    // An edit of a typed field ends when focus leaves it: typing in it again is a new history entry.
    const left = () => (edit.current = null);
    window.addEventListener('popstate', pop);
    window.addEventListener('focusout', left, true);
    // What a person does: a press, a key, a control changed (a select chosen from the keyboard or by a script too).
    const acts = ['pointerdown', 'keydown', 'change', 'input'] as const;
    for (const a of acts) window.addEventListener(a, act, true);
    return () => {
      window.removeEventListener('popstate', pop);
      window.removeEventListener('focusout', left, true);
      for (const a of acts) window.removeEventListener(a, act, true);
    };
  }, []);

  // Finds the link's runs by path, opening (in the served folder) the ones not open; then picks the first.
  const resolve = useEffectEvent(() => {
    const p = pending.current;
    if (!p || p.runIds || !runs) return;
    const ids: string[] = [];
    let waiting = false;
    for (const lr of p.state.runs) {
      const r = runs.find((x) => x.linkPath === lr.path);
      if (r) ids.push(r.id);
      else if (!p.opening.has(lr.path)) {
        p.opening.add(lr.path);
        waiting = true;
        api.call('openLinkedRun', { path: lr.path }).then(
          () => undefined, // the run appears in the list (runs-changed); this effect runs again
          (e: unknown) => {
            notify(`The link's run ${lr.path} could not be opened: ${errorText(e)}`);
            p.state = { ...p.state, runs: p.state.runs.filter((x) => x !== lr) };
            setGeneration((g) => g + 1);
          },
        );
      } else waiting = true;
    }
    if (waiting) return;
    p.runIds = ids;
    if (ids[0]) chooseRun(ids[0]); // compare: the baseline (the shell shows a view once this tab's run is ready)
    setResolving(false);
  });
  useEffect(() => resolve(), [runs, generation]);

  // A run whose file changed since the link was made is opened all the same, and said so (once its hash is known).
  useEffect(() => {
    const p = pending.current;
    if (!p?.runIds || !runs) return;
    const changed: string[] = [];
    p.state.runs.forEach((lr, k) => {
      const r = runs.find((x) => x.id === p.runIds![k]);
      if (!r?.contentHash || !lr.hash || p.checked.has(lr.path)) return;
      p.checked.add(lr.path);
      if (r.contentHash !== lr.hash)
        changed.push(`run ${r.label} (${lr.path}) changed since the link was made (its content hash was ${lr.hash}, is ${r.contentHash})`);
    });
    if (changed.length) notify(`${changed.join('; ')}: what is shown is the file as it is now.`, 'info');
  }, [runs, resolving, notify]);

  const take = useCallback((v: LinkView): TakenLink | null => {
    const p = pending.current;
    if (!p || p.taken || !p.runIds || p.state.view !== v) return null;
    p.taken = true;
    return { state: p.state, runIds: p.runIds };
  }, []);

  const write = useCallback((v: LinkView, runIds: readonly string[], part: LinkPart) => {
    const p = pending.current;
    if (p && (!p.runIds || !p.presetSet)) return; // a link is being applied
    const all = runsRef.current ?? [];
    const linkRuns = runIds.map((id) => linkRunOf(all.find((r) => r.id === id))).filter((r): r is LinkRun => r !== null);
    const fragment = encodeLink({ view: v, runs: linkRuns, preset: presetRef.current, ...part });
    const now = window.location.hash.slice(1);
    const step = historyStep(now, fragment, edit.current);
    let mode = step.mode;
    if (mode === 'none') return;
    // Settled by the app, not done by the person: replaced, and an open edit stays as it was.
    if (mode === 'push' && !acted.current) mode = 'replace';
    else edit.current = step.edit;
    acted.current = false;
    const url = `${window.location.pathname}${window.location.search}#${fragment}`;
    try {
      if (mode === 'push') window.history.pushState(null, '', url);
      else window.history.replaceState(null, '', url);
    } catch {
      /* a page that refuses history changes keeps working without links */
    }
  }, []);

  const report = useCallback(
    (v: LinkView, runIds: readonly string[], part: LinkPart) => {
      if (v !== view) return;
      last.current = { view: v, runIds, part };
      write(v, runIds, part);
    },
    [view, write],
  );

  // The link's preset (absent: exact) is set in the config once the config is known; the views score under it.
  useEffect(() => {
    const p = pending.current;
    if (!p || p.presetSet || !config) return;
    p.presetSet = true;
    const { preset: want, notice } = presetForServer(p.state.preset ?? EXACT_PRESET, valueMap);
    if (notice) notify(notice);
    if (!samePreset(want, config.preset)) setConfig({ ...config, preset: want });
    else if (last.current?.view === view && p.runIds) write(last.current.view, last.current.runIds, last.current.part); // reported before
  }, [config, generation, valueMap, notify, setConfig, view, write]);

  // A preset chosen (the header's menu, the Open dialog) or set by a link: the address says it (a push when chosen).
  const presetText = JSON.stringify(preset);
  useEffect(() => {
    const l = last.current;
    if (l && l.view === view) write(l.view, l.runIds, l.part);
  }, [presetText, view, write]);

  const copyLink = useCallback(() => {
    const fragment = window.location.hash.slice(1);
    if (!fragment) return notify('Nothing to link to yet: open a run first.');
    // The address without its query: the browser-mode token is never in a link (the receiver uses their own).
    const link = electron ? desktopLink(fragment) : `${window.location.origin}${window.location.pathname}#${fragment}`;
    const said = (copied: boolean) => notify(copied ? `Link copied: ${link}` : `Copy this link: ${link}`, 'info');
    // Electron refuses the page's clipboard API: the main process writes the system clipboard (writeClipboard).
    const write = electron
      ? api.call('writeClipboard', { text: link }).then((r) => r.supported)
      : navigator.clipboard.writeText(link).then(() => true);
    write.then(said, () => said(false));
  }, [api, electron, notify]);

  const openFragment = useCallback(
    (fragment: string) => {
      try {
        window.history.pushState(null, '', `${window.location.pathname}${window.location.search}#${fragment}`);
      } catch {
        /* applied all the same */
      }
      apply(fragment);
    },
    [apply],
  );

  const value = useRef<ViewLinkValue>({ take, report });
  // Synced before any view's effects report (layout effects run before every passive effect).
  useLayoutEffect(() => {
    runsRef.current = runs;
    presetRef.current = preset;
    value.current = { take, report };
  });
  const [stable] = useState<ViewLinkValue>(() => ({
    take: (v) => value.current.take(v),
    report: (v, ids, part) => value.current.report(v, ids, part),
  }));
  const Provider = useCallback(
    ({ children }: { children: ReactNode }) => <ViewLinkOf.Provider value={stable}>{children}</ViewLinkOf.Provider>,
    [stable],
  );

  return { resolving, generation, copyLink, openFragment, Provider };
}
