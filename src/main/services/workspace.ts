// Layer: main (Node). The workspace: several named runs, each a source + a
// label + its loaded corpus. A run loads in a worker thread (progress →
// runStatus) and answers the queries of src/shared/api.ts through its
// RunData; every read names the run and the revision it expects, so an answer
// never comes from a corpus replaced meanwhile. Runs whose gold states are
// equal hold that gold once. Both transports (Electron IPC, browser-mode HTTP)
// call into one workspace.

import { existsSync } from 'node:fs';
import type { ApiEvent, LoadErrorInfo, LoadErrorSource, RunInfo } from '../../shared/api';
import { shareGold } from '../../shared/model/share-gold';
import { sourceFile, sourceLabel, type SourceSpec } from '../../shared/source';
import { checkSourceSpec } from '../../shared/source-schema';
import { AppError } from '../../shared/app-error';
import { errorInfo, runLoadJob } from './load-job';
import type { LoadClient, LoadJob, WorkerMessage } from './load-types';
import { loadedFromResult, RunData } from './run-data';
import { WorkerClient, workerPath } from './worker-rpc';
import { linkPathOf } from './link-paths';
import { defaultPathBase } from './user-paths';

export interface WorkspaceOptions {
  /** Path of the built worker script; default: score-worker.js next to the built main code. */
  workerPath?: string;
  /** Run loads in this thread (tests without a build); the default is a worker thread. */
  inline?: boolean;
  maxBytes?: number;
  /** Sees every progress report (tests, terminal progress). */
  onProgress?: (run: string, stage: string, fraction: number) => void;
}

/** The built load worker (from the sources too: tests use the last build), or null when it is not built. */
export function defaultWorkerPath(): string | null {
  return workerPath('score-worker', { fromSources: true });
}

interface Loading {
  spec: SourceSpec;
  /** Distinguishes this load from a later one of the same run. */
  ticket: number;
  stage: string;
  fraction: number;
  worker?: LoadClient;
  done: Promise<RunInfo>;
}

interface Run {
  id: string;
  label: string;
  /** The user named the run (serve --name, Rename, a label with the open): its name stays when another file replaces its source. */
  named?: boolean;
  /** The source of the data (or, before the first load, of the load). */
  spec: SourceSpec;
  revision: number;
  attempts: number;
  data?: RunData;
  loading?: Loading;
  error?: LoadErrorInfo;
  errorText?: LoadErrorSource | null;
}

export class Workspace {
  private readonly runs = new Map<string, Run>();
  private readonly listeners = new Set<(e: ApiEvent) => void>();
  private nextId = 1;
  private nextTicket = 1;

  constructor(private readonly opts: WorkspaceOptions = {}) {}

  onEvent(listener: (e: ApiEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(e: ApiEvent): void {
    for (const l of this.listeners) l(e);
  }

  /** Pushes an event to every listener (features outside the workspace: annotation changes). */
  notify(e: ApiEvent): void {
    this.emit(e);
  }

  /** The runs that have data, in the order they were opened. */
  readyRuns(): { id: string; label: string; spec: SourceSpec; data: RunData }[] {
    return [...this.runs.values()].filter((r) => r.data).map((r) => ({ id: r.id, label: r.label, spec: r.spec, data: r.data! }));
  }

  private changed(r: Run): void {
    this.emit({ type: 'run-changed', run: r.id, revision: r.revision, state: this.info(r).state });
  }

  private info(r: Run): RunInfo {
    const state = r.data ? 'ready' : r.loading ? 'loading' : 'error';
    const out: RunInfo = {
      id: r.id,
      label: r.label,
      source: r.loading?.spec ?? r.spec,
      state,
      revision: r.revision,
      attempts: r.attempts,
      file: sourceFile(r.loading?.spec ?? r.spec),
      linkPath: linkPathOf(r.spec, defaultPathBase().base),
    };
    if (r.data?.l.contentHash) out.contentHash = r.data.l.contentHash;
    if (r.loading) {
      out.stage = r.loading.stage;
      out.fraction = r.loading.fraction;
    }
    if (r.error) out.error = r.error;
    return out;
  }

  list(): RunInfo[] {
    return [...this.runs.values()].map((r) => this.info(r));
  }

  private get(id: string): Run {
    const r = this.runs.get(id);
    if (!r)
      throw new AppError(
        'not-found',
        `no run ${JSON.stringify(id)} in the workspace (runs: ${[...this.runs.keys()].join(', ') || 'none'})`,
      );
    return r;
  }

  status(id: string): RunInfo {
    return this.info(this.get(id));
  }

  /** A name no other run has: the wanted one, else with " (2)", " (3)", … */
  private uniqueLabel(wanted: string, except?: string): string {
    const taken = new Set([...this.runs.values()].filter((r) => r.id !== except).map((r) => r.label));
    if (!taken.has(wanted)) return wanted;
    for (let k = 2; ; k++) if (!taken.has(`${wanted} (${k})`)) return `${wanted} (${k})`;
  }

  /**
   * Loads `source` as a new run, or with `replace` as the next revision of an
   * existing run (which keeps answering from its current data until the new
   * one is ready, and keeps it if the load fails).
   */
  open(source: unknown, opts: { label?: string; replace?: string } = {}): RunInfo {
    // A source that cannot be read as one throws SourceSpecError: the AppError of code bad-args.
    const spec = checkSourceSpec(source);
    let r: Run;
    if (opts.replace) {
      r = this.get(opts.replace);
      if (opts.label) {
        r.label = this.uniqueLabel(opts.label, r.id);
        r.named = true;
      } else if (!r.data) r.label = this.uniqueLabel(sourceLabel(spec), r.id);
    } else {
      const same = [...this.runs.values()].find((x) => sameSource(x.loading?.spec ?? x.spec, spec));
      if (same)
        throw new AppError(
          'bad-args',
          `${sourceLabel(spec)} is already open as run "${same.label}" with the same gold, dialogues and options; a second copy would count twice (in the suspects queue's votes, for one)`,
        );
      const id = `r${this.nextId++}`;
      r = { id, label: this.uniqueLabel(opts.label ?? sourceLabel(spec)), spec, revision: 0, attempts: 0, named: opts.label !== undefined };
      this.runs.set(id, r);
    }
    this.startLoad(r, spec);
    this.emit({ type: 'runs-changed' });
    return this.info(r);
  }

  /** Reloads a run with a gold or utterance source added to (or replacing the one in) its source. */
  addSource(id: string, path: string, role: 'dialogues' | 'gold' = 'dialogues'): RunInfo {
    const r = this.get(id);
    const s = r.loading?.spec ?? r.spec;
    if (s.kind === 'demo')
      throw new AppError(
        'bad-args',
        `the demo already has its ${role}; open a prediction file to add a ${role === 'gold' ? 'gold' : 'dialogue'} file`,
      );
    return this.open(role === 'gold' ? { ...s, gold: path } : { ...s, dialogues: path }, { replace: id });
  }

  rename(id: string, label: string): RunInfo {
    const r = this.get(id);
    const clash = [...this.runs.values()].find((x) => x.id !== id && x.label === label);
    if (clash)
      throw new AppError('bad-args', `another run (${clash.id}) is already named ${JSON.stringify(label)}; run names must be unique`);
    r.label = label;
    r.named = true;
    this.emit({ type: 'runs-changed' });
    return this.info(r);
  }

  close(id: string): RunInfo[] {
    const r = this.get(id);
    this.stopLoad(r);
    this.runs.delete(id);
    this.emit({ type: 'runs-changed' });
    return this.list();
  }

  /** Resolves when the run's current load has finished (ready or error). */
  whenSettled(id: string): Promise<RunInfo> {
    const r = this.get(id);
    return r.loading ? r.loading.done : Promise.resolve(this.info(r));
  }

  /** The data of revision `rev` of a run: refuses a run still loading its first revision, and a stale revision. */
  data(id: string, rev?: number): RunData {
    const r = this.get(id);
    if (!r.data) {
      const why = r.loading ? `run ${id} is still loading` : `run ${id} failed to load: ${r.error?.message ?? 'unknown error'}`;
      throw new AppError('no-corpus', why);
    }
    if (rev !== undefined && rev !== r.revision)
      throw new AppError('stale', `run ${id} is at revision ${r.revision}, not ${rev}: it was reloaded; ask again`);
    return r.data;
  }

  /** For a run whose first load failed with a place in the file: the text around it. */
  errorSource(id: string): LoadErrorSource | null {
    const r = this.get(id);
    return r.error ? (r.errorText ?? null) : null;
  }

  private stopLoad(r: Run): void {
    const w = r.loading?.worker;
    r.loading = undefined;
    if (w) void w.terminate();
  }

  private startLoad(r: Run, spec: SourceSpec): void {
    this.stopLoad(r);
    r.attempts++;
    const ticket = this.nextTicket++;
    const job: LoadJob = { spec, maxBytes: this.opts.maxBytes };
    let resolveDone!: (i: RunInfo) => void;
    const loading: Loading = { spec, ticket, stage: 'starting', fraction: 0, done: new Promise((res) => (resolveDone = res)) };
    r.loading = loading;
    const current = () => this.runs.get(r.id) === r && r.loading?.ticket === ticket;
    const onMessage = (msg: WorkerMessage) => {
      if (!current()) return;
      if (msg.type === 'progress') {
        loading.stage = msg.stage;
        loading.fraction = msg.fraction;
        this.opts.onProgress?.(r.id, msg.stage, msg.fraction);
        return;
      }
      const worker = loading.worker;
      r.loading = undefined;
      if (worker) void worker.terminate();
      if (msg.type === 'done') {
        const loaded = loadedFromResult(msg.result);
        loaded.corpus = this.withSharedGold(r, loaded.corpus);
        r.revision++;
        r.data = new RunData(r.id, r.revision, loaded);
        // Another file in the run's place takes its name, unless the user named the run.
        if (!r.named && sourceLabel(spec) !== sourceLabel(r.spec)) r.label = this.uniqueLabel(sourceLabel(spec), r.id);
        r.spec = spec;
        r.error = undefined;
        r.errorText = undefined;
      } else {
        // A failed first load leaves the run in error; a failed replacement keeps the data it had.
        r.error = msg.error;
        r.errorText = msg.source;
      }
      this.changed(r);
      this.emit({ type: 'runs-changed' });
      resolveDone(this.info(r));
    };
    if (this.opts.inline) {
      setImmediate(() => void runLoadJob(job, (m) => onMessage(m)));
      return;
    }
    const file = sourceFile(spec);
    // A worker that cannot start, fails or stops is the load's error (about the file, so the page says which).
    const failed = (problem: string, message = `${file}: ${problem}`) =>
      onMessage({ type: 'error', error: { ...errorInfo(new AppError('internal', message)), file, problem }, source: null });
    let w: LoadClient;
    try {
      const path = this.opts.workerPath ?? defaultWorkerPath();
      if (!path || !existsSync(path)) throw new Error(`${path ?? 'score-worker.js'} is missing; run "npm run build"`);
      w = new WorkerClient(path, {
        holdWhileBusy: true,
        stopped: ({ error, exitCode }) => {
          if (error)
            return new AppError('internal', `internal error in the load worker (please report): ${error.message}`, {
              problem: error.message,
            });
          const problem = `the load worker stopped (exit code ${exitCode}); the file may be too large for the available memory`;
          return new AppError('internal', `${file}: ${problem}`, { problem });
        },
      });
    } catch (e) {
      const problem = `the load worker could not start: ${(e as Error).message}`;
      setImmediate(() => failed(problem));
      return;
    }
    loading.worker = w;
    w.request(job, { onProgress: (p) => onMessage({ type: 'progress', ...p }) }).then(onMessage, (e: AppError) => {
      if (e.code !== 'cancelled') failed(e.problem ?? e.message, e.message); // cancelled: stopped for a newer load, or the run closed
    });
  }

  /** The corpus on the gold of another ready run when the two golds are equal (held once), else as it is. */
  private withSharedGold(r: Run, corpus: RunData['corpus']): RunData['corpus'] {
    for (const other of this.runs.values()) {
      if (other === r || !other.data) continue;
      const shared = shareGold(other.data.corpus, corpus);
      if (shared) return shared;
    }
    return corpus;
  }

  dispose(): void {
    for (const r of this.runs.values()) this.stopLoad(r);
    this.listeners.clear();
  }
}

/** Whether two sources read the same files the same way (keys in any order). */
export function sameSource(a: SourceSpec, b: SourceSpec): boolean {
  const canon = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canon)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, canon((v as Record<string, unknown>)[k])]),
          )
        : v;
  return JSON.stringify(canon(a)) === JSON.stringify(canon(b));
}
