// Layer: main (Node). "Where do runs differ most" (shared/analysis/differ.ts)
// off the server's thread: the runs' common part goes as plain corpora
// (corpus-payload.ts) to a compare worker of its own (compare-worker.ts, the
// one worker protocol of worker-rpc.ts), which runs the same differ() and
// answers; the worker is stopped once it answers or when the request is
// cancelled (a newer finder request superseded it), so cancelled work does
// not keep a core busy. Without a built worker (sources only) the finder runs
// in this thread. Either way the numbers are differ()'s.

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

/**
 * The finder's answer: in a worker of its own at `path` (null: in this
 * thread). Aborting `signal` answers at once with a `cancelled` AppError and
 * stops the worker.
 */
export async function runDiffer(job: DifferJob, path: string | null, signal?: AbortSignal): Promise<DifferResult> {
  if (path === null || !existsSync(path)) return differJob(job);
  const w = new WorkerClient<{ kind: 'differ'; job: DifferJob }, DifferResult>(path, {
    holdWhileBusy: true,
    stopped: ({ error, exitCode }) =>
      error ? new AppError('internal', error.message) : new AppError('internal', `the finder's worker stopped (exit code ${exitCode})`),
  });
  try {
    return await w.request({ kind: 'differ', job }, { signal });
  } finally {
    void w.terminate();
  }
}
