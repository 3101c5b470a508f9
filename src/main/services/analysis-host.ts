// Layer: main (Node). Where a run revision's heavy computations run — the
// analysis view's analyses, the suspects queue, the value-options what-if: a
// worker thread of its own (out/main/analysis-worker.js), started on the
// first request with a copy of the corpus and turn statistics, so that the
// main thread (the API of every tab, the Electron window) stays free while a
// breakdown or a matrix of a million turns is computed; stopped when idle or
// when its revision is gone. Utterances, which only the suspects need, are
// sent when first needed, in parts (no single copy blocks this thread for
// long). Without a built worker (tests), the engine runs in this thread.

import type { TurnStats } from '../../shared/metrics/turn-stats';
import type { Corpus } from '../../shared/model/corpus';
import { AppError } from '../../shared/app-error';
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
import { WorkerClient, workerPath } from './worker-rpc';

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

/** The worker's protocol (worker-rpc.ts): engine requests answered by their results; parts of utterances as notes (no reply). */
export type AnalysisClient = WorkerClient<EngineRequest, unknown, never, UtterancePart>;

/** Turns of utterances per posted part. */
const UTTERANCE_PART = 50_000;

/** The built analysis worker (from the sources too: tests use the last build), or null when it is not built. */
export function analysisWorkerPath(): string | null {
  return workerPath('analysis-worker', { fromSources: true });
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
  private worker: AnalysisClient | null = null;
  private engine: AnalysisEngine | null = null;
  private idle: ReturnType<typeof setTimeout> | null = null;
  private disposed = false;
  /** The utterances the current worker holds in full or is being sent, by key (one send per key). */
  private readonly sent = new Map<string, Promise<void>>();

  constructor(
    private readonly data: RunData,
    private readonly opts: HostOptions,
  ) {}

  private gone(): AppError {
    return new AppError('stale', `run ${this.data.run} revision ${this.data.revision} is gone; ask again`);
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
        if (this.worker !== w) throw new AppError('internal', 'the analysis worker stopped while utterances were sent to it');
        const end = Math.min(total, offset + size);
        w.notify({ key, total, offset, system: utterances.system.slice(offset, end), user: utterances.user.slice(offset, end) });
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
    const answered = () => {
      if (this.worker === w && w.busy === 0) this.armIdle();
    };
    return w.request(request).then(
      (result) => {
        answered();
        return result as EngineResult<K>;
      },
      (e: AppError) => {
        answered();
        // The engine's own refusals keep their code; anything else it threw is a bug.
        throw e.code === 'internal' && w.alive ? new AppError('internal', `analysis failed (please report): ${e.message}`) : e;
      },
    );
  }

  private ensureWorker(path: string): AnalysisClient {
    if (this.worker) return this.worker;
    const c = this.data.corpus;
    const init: AnalysisInit = {
      // The confidences (not the generated text) go along: the calibration analysis reads them.
      corpus: corpusPayload(c.generation?.confidence ? { ...c, generation: { confidence: c.generation.confidence } } : c, {
        generation: true,
      }),
      stats: this.data.l.stats,
      settings: settingsOf(this.data),
    };
    const w: AnalysisClient = new WorkerClient(path, {
      workerData: init,
      stopped: ({ error, exitCode }) =>
        new AppError(
          'internal',
          `the analysis worker stopped: ${error ? error.message : `exit code ${exitCode}; the corpus may be too large for the available memory`}`,
        ),
      onStop: () => {
        if (this.worker !== w) return;
        this.worker = null;
        this.sent.clear();
      },
    });
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
    const w = this.worker;
    this.worker = null;
    this.sent.clear();
    if (w) void w.terminate(new AppError('stale', `run ${this.data.run} was reloaded or closed; ask again`));
  }
}
