// Layer: main (Node). The corpus store: opens a source (file or built-in demo),
// loads and scores it in a worker thread (progress → loadStatus), keeps the
// compact corpus and turn stats, and answers the queries of src/shared/api.ts.
// Both transports (Electron IPC, browser-mode HTTP) call into one store.

import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ApiArgs, ApiEvent, CorpusSummary, DialogueDetail, DialoguePage, DialogueRaw, LoadErrorSource, LoadStatus } from '../../shared/api';
import type { MetricConfig } from '../../shared/metrics/config';
import { dialogueDetail, evaluateStats, type Evaluation } from '../../shared/metrics/evaluate';
import { metricSignature } from '../../shared/metrics/signature';
import { Interner } from '../../shared/model/interner';
import type { Corpus } from '../../shared/model/corpus';
import { ApiError } from './api-error';
import { dialogueDomainNames, filterIndex, rowColumns, rowConfigKey, rowOf, searchTexts, sortIndex, type Loaded, type RowColumns } from './corpus-queries';
import { runLoadJob } from './load-job';
import type { LoadJob, LoadResult, LoadSource, WorkerMessage } from './load-types';
import { dialogueRawText } from './raw-index';

export interface StoreOptions {
  /** Path of the built worker script; default: score-worker.js next to the built main code. */
  workerPath?: string;
  /** Run loads in this thread (tests without a build); the default is a worker thread. */
  inline?: boolean;
  maxBytes?: number;
  /** Sees every progress report of the worker (tests, terminal progress). */
  onProgress?: (stage: string, fraction: number) => void;
}

/** Finds the built worker next to this module (out/main or out/main/chunks). */
export function defaultWorkerPath(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [join(here, 'score-worker.js'), join(here, '..', 'score-worker.js'), join(here, '..', '..', '..', 'out', 'main', 'score-worker.js')];
  return candidates.find((c) => existsSync(c)) ?? candidates[0];
}

class Lru<V> {
  private map = new Map<string, V>();
  constructor(private readonly max: number) {}
  get(k: string, make: () => V): V {
    let v = this.map.get(k);
    if (v !== undefined) {
      this.map.delete(k);
    } else {
      v = make();
      if (this.map.size >= this.max) this.map.delete(this.map.keys().next().value as string);
    }
    this.map.set(k, v);
    return v;
  }
}

function rebuild(r: LoadResult): Loaded {
  const p = r.corpus;
  const corpus: Corpus = {
    slots: new Interner(p.slotNames),
    values: new Interner(p.valueNames),
    dialogueIds: p.dialogueIds,
    dialogueStart: p.dialogueStart,
    turnIndex: p.turnIndex,
    goldStart: p.goldStart,
    goldLen: p.goldLen,
    predStart: p.predStart,
    predLen: p.predLen,
    pairs: p.pairs,
    utterances: p.utterances,
  };
  const idIndex = new Map<string, number>();
  p.dialogueIds.forEach((id, d) => idIndex.set(id, d));
  return {
    corpus,
    stats: r.stats,
    raw: r.raw,
    domains: r.domains,
    domainStart: r.domainStart,
    domainList: r.domainList,
    format: r.format,
    warnings: r.warnings,
    file: r.file,
    isDemo: r.isDemo,
    dialoguesFile: r.dialoguesFile,
    landing: r.landing,
    slotCount: r.slotCount,
    idIndex,
  };
}

export class CorpusStore {
  private state: LoadStatus = { state: 'empty', generation: 0 };
  private loaded: Loaded | undefined;
  private errorText: LoadErrorSource | null = null;
  private source: LoadSource | undefined;
  private worker: Worker | undefined;
  private settled: Promise<LoadStatus> = Promise.resolve(this.state);
  private readonly listeners = new Set<(e: ApiEvent) => void>();
  private summaries = new Lru<Evaluation>(8);
  private columns = new Lru<RowColumns>(8);
  private indexes = new Lru<Int32Array>(16);
  private texts: string[] | undefined;

  constructor(private readonly opts: StoreOptions = {}) {}

  onEvent(listener: (e: ApiEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(e: ApiEvent): void {
    for (const l of this.listeners) l(e);
  }

  status(): LoadStatus {
    return { ...this.state };
  }

  /** Resolves when the current load has finished (ready or error). */
  whenSettled(): Promise<LoadStatus> {
    return this.settled;
  }

  /** The signature of numbers computed under `config` from the open source (its value options included). */
  private signature(config: MetricConfig): string {
    const s = this.source;
    return metricSignature(config, { valueOptions: s?.kind === 'file' ? (s.values ?? []) : [] });
  }

  /** The source of the open corpus (for "open dialogues" and recent files). */
  currentSource(): LoadSource | undefined {
    return this.source;
  }

  open(source: LoadSource): LoadStatus {
    this.stopWorker();
    this.loaded = undefined;
    this.errorText = null;
    this.texts = undefined;
    this.summaries = new Lru(8);
    this.columns = new Lru(8);
    this.indexes = new Lru(16);
    this.source = source;
    const generation = this.state.generation + 1;
    const file = source.kind === 'demo' ? 'built-in demo' : source.path;
    this.state = { state: 'loading', generation, file, stage: 'starting', fraction: 0 };
    const job: LoadJob = { source, maxBytes: this.opts.maxBytes };
    this.settled = new Promise((resolve) => {
      const onMessage = (msg: WorkerMessage) => {
        if (this.state.generation !== generation) return;
        if (msg.type === 'progress') {
          this.state = { ...this.state, stage: msg.stage, fraction: msg.fraction };
          this.opts.onProgress?.(msg.stage, msg.fraction);
          return;
        }
        if (msg.type === 'done') {
          this.loaded = rebuild(msg.result);
          this.state = { state: 'ready', generation, file: this.loaded.file };
        } else {
          this.errorText = msg.source;
          this.state = { state: 'error', generation, file, error: msg.error };
        }
        this.stopWorker();
        this.emit({ type: 'corpus-changed' });
        resolve(this.status());
      };
      if (this.opts.inline) {
        setImmediate(() => runLoadJob(job, (m) => onMessage(m)));
        return;
      }
      const workerPath = this.opts.workerPath ?? defaultWorkerPath();
      let w: Worker;
      try {
        if (!existsSync(workerPath)) throw new Error(`${workerPath} is missing; run "npm run build"`);
        w = new Worker(workerPath, { workerData: job });
      } catch (e) {
        const problem = `the scoring worker could not start: ${(e as Error).message}`;
        setImmediate(() => onMessage({ type: 'error', error: { message: `${file}: ${problem}`, file, problem }, source: null }));
        return;
      }
      this.worker = w;
      w.on('message', onMessage);
      w.on('error', (e) => onMessage({ type: 'error', error: { message: `internal error in the scoring worker (please report): ${e.message}`, file, problem: e.message }, source: null }));
      w.on('exit', (code) => {
        if (this.worker === w && this.state.state === 'loading' && this.state.generation === generation) {
          const problem = `the scoring worker stopped (exit code ${code}); the file may be too large for the available memory`;
          onMessage({ type: 'error', error: { message: `${file}: ${problem}`, file, problem }, source: null });
        }
      });
    });
    this.emit({ type: 'corpus-changed' });
    return this.status();
  }

  /** Re-opens the current file with a dialogue (utterance) file. */
  /** Reloads the open prediction file with a dialogue (utterance) source, or with a gold source. */
  openDialogues(path: string, role: 'dialogues' | 'gold' = 'dialogues'): LoadStatus {
    const s = this.source;
    if (!s || (this.state.state !== 'ready' && this.state.state !== 'error')) throw new ApiError('no-corpus', 'open a prediction file first');
    if (s.kind === 'demo') throw new ApiError('bad-args', `the demo already has its ${role}; open a prediction file to add a ${role === 'gold' ? 'gold' : 'dialogue'} file`);
    return this.open(role === 'gold' ? { ...s, goldPath: path } : { ...s, dialoguesPath: path });
  }

  close(): void {
    this.stopWorker();
    this.loaded = undefined;
    this.source = undefined;
    this.errorText = null;
    this.state = { state: 'empty', generation: this.state.generation + 1 };
    this.emit({ type: 'corpus-changed' });
  }

  private stopWorker(): void {
    const w = this.worker;
    this.worker = undefined;
    if (w) void w.terminate();
  }

  private need(): Loaded {
    if (!this.loaded) {
      const why = this.state.state === 'loading' ? 'the corpus is still loading' : this.state.state === 'error' ? 'the corpus failed to load' : 'no corpus is open';
      throw new ApiError('no-corpus', why);
    }
    return this.loaded;
  }

  private dialogueIndex(l: Loaded, id: string): number {
    const d = l.idIndex.get(id);
    if (d === undefined) throw new ApiError('not-found', `no dialogue with id ${JSON.stringify(id)}`);
    return d;
  }

  summary(config: MetricConfig): CorpusSummary {
    const l = this.need();
    const ev = this.summaries.get(JSON.stringify(config), () => evaluateStats(l.corpus, l.stats, config));
    return {
      file: l.file,
      format: l.format,
      isDemo: l.isDemo,
      dialogues: l.corpus.dialogueIds.length,
      turns: l.corpus.turnIndex.length,
      scores: ev.corpus,
      signature: this.signature(config),
      domains: l.domains,
      warnings: l.warnings,
      hasUtterances: !!l.corpus.utterances,
      dialoguesFile: l.dialoguesFile,
      landing: l.landing,
      slotCount: l.slotCount,
    };
  }

  private cols(l: Loaded, config: MetricConfig): RowColumns {
    return this.columns.get(rowConfigKey(config), () => rowColumns(l, config));
  }

  page(args: ApiArgs<'dialoguePage'>): DialoguePage {
    const l = this.need();
    const cols = this.cols(l, args.config);
    const key = JSON.stringify([rowConfigKey(args.config), args.sort, args.filter]);
    const idx = this.indexes.get(key, () => sortIndex(l, cols, filterIndex(l, cols, args.filter, () => (this.texts ??= searchTexts(l))), args.sort));
    const rows = [];
    for (let k = args.offset; k < Math.min(idx.length, args.offset + args.limit); k++) rows.push(rowOf(l, cols, idx[k]));
    return { total: idx.length, offset: args.offset, rows };
  }

  detail(config: MetricConfig, id: string): DialogueDetail {
    const l = this.need();
    const d = this.dialogueIndex(l, id);
    const c = l.corpus;
    const out: DialogueDetail = {
      ...dialogueDetail(c, d, config),
      position: d,
      signature: this.signature(config),
      domains: dialogueDomainNames(l, d),
    };
    if (c.utterances) {
      out.utterances = [];
      for (let i = c.dialogueStart[d]; i < c.dialogueStart[d + 1]; i++) out.utterances.push({ system: c.utterances.system[i], user: c.utterances.user[i] });
    }
    return out;
  }

  raw(id: string): DialogueRaw {
    const l = this.need();
    return dialogueRawText(l.corpus, l.raw, this.dialogueIndex(l, id));
  }

  errorSource(): LoadErrorSource | null {
    return this.state.state === 'error' ? this.errorText : null;
  }

  dispose(): void {
    this.stopWorker();
    this.listeners.clear();
  }
}
