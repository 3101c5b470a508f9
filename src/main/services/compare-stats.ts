// Layer: main (Node). Runs a comparison's paired statistics
// (src/shared/analysis) on several threads: the bootstrap resamples and the
// randomization trials are split into shares (splitWork), each share runs in
// a worker thread (compare-worker.ts, request kind `stats`) or in this one, and the shares are
// combined. Every share draws exactly the random numbers it would draw in one
// thread, so the numbers do not depend on the number of threads. Small jobs
// stay in this thread (a worker costs tens of milliseconds to start).

import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import {
  combineParts,
  splitWork,
  statPart,
  type StatInput,
  type StatPart,
  type StatRange,
  type StatResult,
  type StatSettings,
} from '../../shared/analysis/run-comparison';
import { Scorer } from '../../shared/analysis/columns';
import type { MetricConfig } from '../../shared/metrics/config';
import { stateLayout } from '../../shared/metrics/state';
import { AppError } from '../../shared/app-error';
import { Transferring, WorkerClient, workerPath } from './worker-rpc';

/** One share of the work, as posted to a worker. */
export interface StatJob {
  input: StatInput;
  config: MetricConfig;
  settings: StatSettings;
  range: StatRange;
}

export function statJob(job: StatJob): StatPart {
  const scorer = new Scorer(stateLayout(job.config), job.config);
  return statPart(job.input, scorer, job.settings, job.range);
}

/** statJob in a worker: its typed arrays moved back, not copied. */
export function statJobTransferring(job: StatJob): Transferring<StatPart> {
  const part = statJob(job);
  return new Transferring(part, [...part.boot.map((b) => b.buffer), ...part.counts.map((c) => c.buffer)] as ArrayBuffer[]);
}

export interface ParallelOptions {
  /** Threads to use, at most 4 (default: the machine's for big jobs, else this thread only). */
  threads?: number;
  /** Run every share in a worker, none in this thread (a server keeps its event loop free). */
  offMain?: boolean;
  /** Path of the built worker (default: compare-worker.js next to this bundle). */
  workerPath?: string;
}

/** The built worker next to this module, or null (run from the sources: no worker). */
export function defaultCompareWorkerPath(): string | null {
  return workerPath('compare-worker');
}

/** About how many additions a job needs (the bootstrap's row sums and the randomization's table reads). */
export function workOf(input: StatInput, s: StatSettings): number {
  const runs = input.folded.length;
  const F = runs ? input.folded[0].length / Math.max(1, input.n) : 0;
  return s.bootstrap * input.n * runs * F + s.trials * (runs - 1) * ((input.n / 8) * 12 + 200);
}

/** Below this much work, threads cost more than they save. */
const PARALLEL_WORK = 3e7;

/** One share in a worker of its own (the one worker protocol, worker-rpc.ts), stopped once it answers. */
async function inWorker(path: string, job: StatJob): Promise<StatPart> {
  const w = new WorkerClient<{ kind: 'stats'; job: StatJob }, StatPart>(path, {
    holdWhileBusy: true,
    stopped: ({ error, exitCode }) =>
      error ? new AppError('internal', error.message) : new AppError('internal', `the statistics worker stopped (exit code ${exitCode})`),
  });
  try {
    return await w.request({ kind: 'stats', job });
  } finally {
    void w.terminate();
  }
}

/** The statistics of a comparison, on up to `threads` threads; the same numbers as runStatistics in one thread. */
export async function runStatisticsParallel(
  input: StatInput,
  config: MetricConfig,
  s: StatSettings,
  opts: ParallelOptions = {},
): Promise<StatResult> {
  const columns = new Scorer(stateLayout(config), config).columns.length;
  const path = opts.workerPath ?? defaultCompareWorkerPath();
  const canFork = path !== null && existsSync(path);
  const big = workOf(input, s) >= PARALLEL_WORK;
  const clamp = (n: number) => Math.max(1, Math.min(n, 4));
  // Threads given explicitly are used; else the machine's, for big jobs or off this thread.
  const threads = !canFork ? 1 : opts.threads !== undefined ? clamp(opts.threads) : opts.offMain || big ? clamp(availableParallelism()) : 1;
  const ranges = splitWork(s, threads);
  const job = (range: StatRange): StatJob => ({ input, config, settings: s, range });
  let parts: StatPart[];
  if (opts.offMain && canFork) {
    // A worker that fails leaves its share to this thread: slower, never wrong.
    parts = await Promise.all(ranges.map((r) => inWorker(path as string, job(r)).catch(() => statJob(job(r)))));
  } else {
    // Workers take every share but the first; this thread does the first meanwhile.
    const others = ranges.slice(1).map((r) => inWorker(path as string, job(r)).catch(() => statJob(job(r))));
    const mine = statJob(job(ranges[0]));
    parts = [mine, ...(await Promise.all(others))];
  }
  return combineParts(parts, input.folded.length, columns, s);
}
