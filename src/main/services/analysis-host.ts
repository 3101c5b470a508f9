// Layer: main (Node). Where a run revision's heavy computations run — the
// analysis view's analyses, the suspects queue, the value-options what-if: a
// worker thread of its own (out/main/analysis-worker.js), started on the
// first request with a copy of the corpus and turn statistics, so that the
// main thread (the API of every tab, the Electron window) stays free while a
// breakdown or a matrix of a million turns is computed; stopped when idle or
// when its revision is gone. Utterances, which only the suspects need, are
// sent when first needed, in parts (no single copy blocks this thread for
// long). Without a built worker (tests), the engine runs in this thread.

import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { TurnStats } from '../../shared/metrics/turn-stats';
import type { Corpus } from '../../shared/model/corpus';
import { ApiError } from './api-error';
import {
  AnalysisEngine,
  type EngineArgs,
  type EngineKind,
  type EngineRequest,
  type EngineResult,
  type UtterancePart,
} from './analysis-engine';
import { corpusPayload, type CorpusPayload } from '../../shared/model/corpus-payload';
import type { RunData } from './run-data';
import type { SignatureSettings } from '../../shared/metrics/signature';

/** The signature settings of a run's data: its value options and corrections. */
function settingsOf(data: RunData): SignatureSettings {
  return { values: data.l.valueOptions, corrections: data.l.corrections };
}

export interface AnalysisInit {
  corpus: Omit<CorpusPayload, 'utterances'>;
  stats: TurnStats;
  /** Value options and corrections the run was loaded with (the signatures' parts). */
  settings: SignatureSettings;
}

export interface AnalysisJob {
  id: number;
  request: EngineRequest;
}

/** What the host posts to the worker: a job, or a part of some utterances (answered by no reply). */
export type AnalysisMessage = AnalysisJob | { part: UtterancePart };

/** Turns of utterances per posted part. */
const UTTERANCE_PART = 50_000;

export type AnalysisReply = { id: number; ok: true; result: unknown } | { id: number; ok: false; message: string };

/** The built analysis worker next to this module (out/main or out/main/chunks), or null when it is not built. */
export function analysisWorkerPath(): string | null {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [
    join(here, 'analysis-worker.js'),
    join(here, '..', 'analysis-worker.js'),
    join(here, '..', '..', '..', 'out', 'main', 'analysis-worker.js'),
  ];
  return candidates.find((c) => existsSync(c)) ?? null;
}

export interface HostOptions {
  /** The worker script; null runs the engine in this thread. */
  workerPath: string | null;
  /** Stop the worker after this long without a request (default 2 minutes). */
  idleMs?: number;
  /** Turns of utterances per posted part (default UTTERANCE_PART; tests use small parts). */
  utterancePart?: number;
}

export class AnalysisHost {
  private worker: Worker | null = null;
  private engine: AnalysisEngine | null = null;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private nextId = 1;
  private idle: ReturnType<typeof setTimeout> | null = null;
  private disposed = false;
  /** The utterances the current worker holds in full or is being sent, by key (one send per key). */
  private readonly sent = new Map<string, Promise<void>>();

  constructor(
    private readonly data: RunData,
    private readonly opts: HostOptions,
  ) {}

  private gone(): ApiError {
    return new ApiError('stale', `run ${this.data.run} revision ${this.data.revision} is gone; ask again`);
  }

  /**
   * Makes `utterances` (under `key`) available to the engine's next requests:
   * in-process at once; to the worker in parts of UTTERANCE_PART turns, with
   * the event loop free between parts. Sent once per worker.
   */
  sendUtterances(key: string, utterances: NonNullable<Corpus['utterances']>): Promise<void> {
    if (this.disposed) return Promise.reject(this.gone());
    const total = utterances.system.length;
    if (!this.opts.workerPath) {
      this.engine ??= new AnalysisEngine(this.data.corpus, this.data.l.stats, settingsOf(this.data));
      if (!this.engine.hasUtterances(key))
        this.engine.addUtterances({ key, total, offset: 0, system: utterances.system, user: utterances.user });
      return Promise.resolve();
    }
    const w = this.ensureWorker(this.opts.workerPath);
    const sending = this.sent.get(key);
    if (sending) return sending;
    const done = (async () => {
      const size = Math.max(1, this.opts.utterancePart ?? UTTERANCE_PART);
      for (let offset = 0; offset < total || offset === 0; offset += size) {
        if (this.disposed) throw this.gone();
        if (this.worker !== w) throw new ApiError('internal', 'the analysis worker stopped while utterances were sent to it');
        const end = Math.min(total, offset + size);
        w.postMessage({
          part: { key, total, offset, system: utterances.system.slice(offset, end), user: utterances.user.slice(offset, end) },
        } satisfies AnalysisMessage);
        if (end >= total) break;
        await new Promise<void>((r) => setImmediate(r));
      }
    })();
    this.sent.set(key, done);
    // The engine keeps the two most recent keys: so does this record of what it holds.
    for (const k of this.sent.keys()) if (this.sent.size > 2) this.sent.delete(k);
    done.catch(() => {
      if (this.sent.get(key) === done) this.sent.delete(key);
    });
    return done;
  }

  run<K extends EngineKind>(kind: K, args: EngineArgs<K>): Promise<EngineResult<K>> {
    if (this.disposed) return Promise.reject(this.gone());
    const request = { kind, args } as EngineRequest;
    if (!this.opts.workerPath) {
      // In-process: still answer asynchronously, as the worker does.
      return new Promise((resolve, reject) =>
        setImmediate(() => {
          try {
            this.engine ??= new AnalysisEngine(this.data.corpus, this.data.l.stats, settingsOf(this.data));
            resolve(this.engine.run({ kind, args }));
          } catch (e) {
            reject(e as Error);
          }
        }),
      );
    }
    const w = this.ensureWorker(this.opts.workerPath);
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      w.postMessage({ id, request } satisfies AnalysisMessage);
    });
  }

  private ensureWorker(path: string): Worker {
    if (this.worker) return this.worker;
    const c = this.data.corpus;
    const init: AnalysisInit = {
      corpus: corpusPayload(c),
      stats: this.data.l.stats,
      settings: settingsOf(this.data),
    };
    const w = new Worker(path, { workerData: init });
    w.on('message', (reply: AnalysisReply) => {
      const p = this.pending.get(reply.id);
      if (!p) return;
      this.pending.delete(reply.id);
      if (reply.ok) p.resolve(reply.result);
      else p.reject(new ApiError('internal', `analysis failed (please report): ${reply.message}`));
      if (this.pending.size === 0) this.armIdle();
    });
    const fail = (why: string) => {
      if (this.worker !== w) return;
      this.worker = null;
      this.sent.clear();
      for (const p of this.pending.values()) p.reject(new ApiError('internal', `the analysis worker stopped: ${why}`));
      this.pending.clear();
    };
    w.on('error', (e) => fail(e.message));
    w.on('exit', (code) => fail(`exit code ${code}; the corpus may be too large for the available memory`));
    // After the listeners (adding a 'message' listener refs the port again): the worker never keeps the process alive.
    w.unref();
    this.worker = w;
    return w;
  }

  private armIdle(): void {
    if (this.idle) clearTimeout(this.idle);
    this.idle = setTimeout(() => this.stopWorker(), this.opts.idleMs ?? 120_000);
    this.idle.unref();
  }

  private stopWorker(): void {
    const w = this.worker;
    this.worker = null;
    this.sent.clear();
    if (w) void w.terminate();
  }

  /** Whether a worker thread is running (tests). */
  get threaded(): boolean {
    return this.worker !== null;
  }

  dispose(): void {
    this.disposed = true;
    if (this.idle) clearTimeout(this.idle);
    for (const p of this.pending.values()) p.reject(new ApiError('stale', `run ${this.data.run} was reloaded or closed; ask again`));
    this.pending.clear();
    this.stopWorker();
  }
}
