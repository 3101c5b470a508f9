// Layer: main (Node). "Where do runs differ most" (shared/analysis/differ.ts)
// off the server's thread: the runs' common part goes as plain corpora
// (corpus-payload.ts) to a compare worker of its own (compare-worker.ts, the
// one worker protocol of worker-rpc.ts), which runs the same differ() and
// answers; the worker is kept for the next request while requests come, and
// stopped when a request is cancelled (a newer finder request superseded
// it), so cancelled work does not keep a core busy. Without a built worker
// (sources only) the finder runs in this thread. Either way the numbers are
// differ()'s.

import { existsSync } from 'node:fs';
import { differ, type DifferResult, type DifferRun } from '../../shared/analysis/differ';
import type { DifferOptions } from '../../shared/analysis/slices';
import type { MetricConfig } from '../../shared/metrics/config';
import type { Signature } from '../../shared/metrics/signature';
import { corpusFromPayload, corpusPayload, type CorpusPayload } from '../../shared/model/corpus-payload';
import { AppError } from '../../shared/app-error';
import { WorkerClient, workerPath } from './worker-rpc';

/** The finder's input as posted to a worker: the runs cut to their common part, as plain data. */
export interface DifferJob {
  runs: { name: string; corpus: CorpusPayload }[];
  config: MetricConfig;
  options: DifferOptions;
  signature: Signature;
}

export function differJobOf(runs: readonly DifferRun[], config: MetricConfig, options: DifferOptions, signature: Signature): DifferJob {
  // Copied, not transferred: a run the common part does not cut is the workspace's own corpus.
  return { runs: runs.map((r) => ({ name: r.name, corpus: corpusPayload(r.corpus) })), config, options, signature };
}

/** differ() on a job; a bad setting (an unknown metric) is bad-args. */
export function differJob(job: DifferJob): DifferResult {
  try {
    return differ(
      job.runs.map((r) => ({ name: r.name, corpus: corpusFromPayload(r.corpus) })),
      job.config,
      job.options,
      job.signature,
    );
  } catch (e) {
    if (e instanceof RangeError) throw new AppError('bad-args', `compareDiffer: ${e.message}`);
    throw e;
  }
}

/** The built compare worker (from the sources too: tests use the last build), or null when it is not built. */
export function differWorkerPath(): string | null {
  return workerPath('compare-worker', { fromSources: true });
}

type DifferClient = WorkerClient<{ kind: 'differ'; job: DifferJob }, DifferResult>;

/** How long the finder's worker is kept after its last answer (its code stays compiled for the next request). */
const IDLE_MS = 60_000;

/**
 * The finder's thread: one compare worker at `path` (null, or not built: this
 * thread), started on the first request and kept while requests come (a
 * fresh worker runs its first finder about half again as slow: nothing is
 * compiled yet), stopped after IDLE_MS without one. Aborting a request's
 * signal answers it at once with a `cancelled` AppError and stops the worker,
 * so cancelled work does not keep a core busy; the next request starts
 * another.
 */
export class DifferThread {
  private worker: DifferClient | null = null;
  private idle: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly path: string | null,
    private readonly idleMs = IDLE_MS,
  ) {}

  async run(job: DifferJob, signal?: AbortSignal): Promise<DifferResult> {
    if (this.path === null || !existsSync(this.path)) return differJob(job);
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    if (!this.worker?.alive) this.worker = this.start(this.path);
    const w = this.worker;
    const answer = w.request({ kind: 'differ', job }, { signal });
    // After the request's own listener (which answers `cancelled`): stop the work itself.
    const stop = () => this.stop(w);
    signal?.addEventListener('abort', stop, { once: true });
    try {
      return await answer;
    } finally {
      signal?.removeEventListener('abort', stop);
      if (this.worker === w && w.busy === 0) this.armIdle(w);
    }
  }

  /** Stops the worker (pending requests are answered `cancelled`). */
  dispose(): void {
    if (this.worker) this.stop(this.worker);
  }

  private start(path: string): DifferClient {
    return new WorkerClient(path, {
      stopped: ({ error, exitCode }) =>
        error ? new AppError('internal', error.message) : new AppError('internal', `the finder's worker stopped (exit code ${exitCode})`),
    });
  }

  private stop(w: DifferClient): void {
    if (this.worker === w) this.worker = null;
    void w.terminate();
  }

  private armIdle(w: DifferClient): void {
    this.idle = setTimeout(() => this.stop(w), this.idleMs);
    this.idle.unref?.();
  }
}
