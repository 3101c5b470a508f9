// Layer: main (Node). The load pipeline's fast path for a large FGA/GCA
// per-turn file with nothing else to join: the file is read once into shared
// memory, a worker reads and analyses the dialogues after a boundary near the
// middle while this thread does the ones before it, then the halves are
// merged. The boundary is only a guess until this thread's own scan arrives
// exactly there between two dialogues; otherwise it reads on alone. Results,
// warnings and error messages are the same as the one-thread path (any doubt
// falls back to it). Only load-pipeline.ts calls this.

import { closeSync, existsSync, readSync, statSync } from 'node:fs';
import { canonicaliseSlots } from '../../shared/formats/canonical';
import { detectLoader, finishCorpus, loadRawCorpus } from '../../shared/formats/detect';
import { LoadError } from '../../shared/formats/errors';
import { fgaBuilder, scanFga, summariseFgaWarnings } from '../../shared/formats/fga';
import type { LoadedCorpus } from '../../shared/formats/types';
import { allocTurnStats, analyseCorpus, type TurnStats } from '../../shared/metrics/turn-stats';
import { AppError } from '../../shared/app-error';
import { tailHere, type TailJob, type TailOutcome, type TailResult } from './fga-tail';
import { WorkerClient, workerPath } from './worker-rpc';
import { DEFAULT_MAX_BYTES, openRegularFile, readFully } from './read-input';

export interface ParallelOptions {
  maxBytes?: number;
  /** Fraction of the file read. */
  onProgress?: (fraction: number) => void;
  /** Files below this size are read in one thread (load-pipeline.ts PARALLEL_MIN_BYTES; tests set less). */
  minBytes: number;
  /** Run the tail half in this thread after the head half (tests; also the fallback when no worker is built). */
  inline?: boolean;
  /** Path of the built worker (default: fga-tail-worker.js next to this bundle). */
  workerPath?: string;
}

export interface ParallelResult {
  loaded: LoadedCorpus;
  stats: TurnStats;
  /** The file's bytes, for the raw index. */
  bytes: Uint8Array;
}

/**
 * Loads and analyses `file` in two threads, or returns null when the fast
 * path does not apply (small file, not the FGA layout, no worker built, the
 * file changed while read); the caller then takes the one-thread path.
 */
export async function loadFgaParallel(file: string, layout: string | undefined, opts: ParallelOptions): Promise<ParallelResult | null> {
  if (layout !== undefined && layout !== 'fga') return null;
  const size = regularFileSize(file);
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  if (size === null || size < opts.minBytes || size > maxBytes) return null;
  if (layout === undefined && !headIsFga(file)) return null;

  const path = opts.workerPath ?? defaultTailWorkerPath();
  if (!opts.inline && (!path || !existsSync(path))) return null; // not built: nothing to gain
  const worker = opts.inline || !path ? null : startWorker(path);
  try {
    const bytes = readShared(file, size);
    if (!bytes) return null;
    const loadOpts = { file, layout: 'fga', onProgress: opts.onProgress };
    const oneThread = (): ParallelResult => {
      const loaded = finishCorpus(loadRawCorpus(bytes, loadOpts), loadOpts);
      return { loaded, stats: analyseCorpus(loaded.corpus), bytes };
    };
    const split = findDialogueBoundary(bytes, Math.floor(bytes.length / 2));
    if (split < 0) return oneThread();
    const job: TailJob = { buffer: bytes.buffer as SharedArrayBuffer, length: bytes.length, at: split, file };
    const tail = worker ? worker.run(job) : null;

    const b = fgaBuilder(bytes.length);
    const head = scanFga(bytes, { file, onProgress: opts.onProgress }, b, { kind: 'head', at: split });
    if (!head.reachedSplit) {
      // The guess was not a boundary between dialogues: this thread read the whole file.
      const loaded = finish(b.build(), head.warnings, file, loadOpts);
      return { loaded, stats: analyseCorpus(loaded.corpus), bytes };
    }
    const headCorpus = b.build();
    const headStats = analyseCorpus(headCorpus);
    const out = tail ? await tail : tailHere(job);
    if (!out.ok && out.error instanceof LoadError) throw out.error;
    // The tail crashed, or a dialogue id of the tail repeats one of the head
    // (the one-thread reading reports it with its place): read in one thread.
    if (!out.ok || !appendTail(b, out.result)) return oneThread();
    const reply = out.result;
    const merged = b.build();
    const loaded = finish(merged, [...head.warnings, ...reply.warnings], file, loadOpts);
    // Canonical slot names that merge two spellings change states: analyse again then.
    const stats = loaded.corpus.goldPairs === merged.goldPairs ? concatStats(headStats, reply.stats) : analyseCorpus(loaded.corpus);
    opts.onProgress?.(1);
    return { loaded, stats, bytes };
  } finally {
    worker?.stop();
  }
}

function finish(
  corpus: LoadedCorpus['corpus'],
  warnings: string[],
  file: string,
  loadOpts: { file: string; layout: string },
): LoadedCorpus {
  if (corpus.dialogueIds.length === 0) throw new LoadError(file, 'the file holds no dialogues', { line: 1, column: 1, offset: 0 }, '$');
  return finishCorpus({ corpus: canonicaliseSlots(corpus, file), format: 'fga', warnings: summariseFgaWarnings(warnings) }, loadOpts);
}

/** Appends the tail's dialogues to the head's builder; false if a dialogue id repeats. */
function appendTail(b: ReturnType<typeof fgaBuilder>, reply: TailResult): boolean {
  const c = reply.corpus;
  const slotMap = c.slotNames.map((n) => b.slots.intern(n));
  const valueMap = c.valueNames.map((n) => b.values.intern(n));
  return b.appendColumns(c, slotMap, valueMap) === null;
}

function concatStats(a: TurnStats, b: TurnStats): TurnStats {
  const out = allocTurnStats(a.correct.length + b.correct.length);
  for (const k of Object.keys(out) as (keyof TurnStats)[]) {
    out[k].set(a[k], 0);
    out[k].set(b[k], a[k].length);
  }
  return out;
}

function regularFileSize(file: string): number | null {
  try {
    const st = statSync(file);
    return st.isFile() ? st.size : null;
  } catch {
    return null;
  }
}

/** Whether the file's first 64 KiB detect as the FGA/GCA layout. */
function headIsFga(file: string): boolean {
  try {
    const { fd } = openRegularFile(file);
    try {
      const head = new Uint8Array(64 * 1024);
      const n = readSync(fd, head, 0, head.length, 0);
      return detectLoader(head.subarray(0, n), file).id === 'fga';
    } finally {
      closeSync(fd);
    }
  } catch {
    return false;
  }
}

/** The file's bytes in memory both threads can see, or null if reading failed (the one-thread path then reports why). */
function readShared(file: string, size: number): Uint8Array | null {
  try {
    const { fd, size: real } = openRegularFile(file);
    try {
      if (real !== size) return null;
      const bytes = new Uint8Array(new SharedArrayBuffer(real));
      return readFully(fd, bytes, real) === real ? bytes : null;
    } finally {
      closeSync(fd);
    }
  } catch {
    return null;
  }
}

const isWs = (c: number | undefined) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/**
 * A guess at a boundary between two top-level dialogues at or after `from`:
 * the offset of the next dialogue's key in `}, "<id>": {"<int>": {"gt"` (or
 * "pr"), or -1 if none is found within 8 MiB. Only a guess: the head scan
 * confirms it.
 */
export function findDialogueBoundary(b: Uint8Array, from: number): number {
  const end = Math.min(b.length, from + 8 * 1024 * 1024);
  const skip = (k: number) => {
    while (isWs(b[k])) k++;
    return k;
  };
  const string = (k: number): number => {
    // k is on an opening quote; returns the offset after the closing quote, or -1.
    for (k++; k < b.length; k++) {
      const c = b[k];
      if (c === 0x22) return k + 1;
      if (c === 0x5c) k++;
      else if (c < 0x20) return -1;
    }
    return -1;
  };
  for (let p = Math.max(1, from); p < end; p++) {
    if (b[p] !== 0x2c) continue;
    let q = p - 1;
    while (q > 0 && isWs(b[q])) q--;
    if (b[q] !== 0x7d) continue;
    const keyAt = skip(p + 1);
    if (b[keyAt] !== 0x22) continue;
    let k = string(keyAt);
    if (k < 0) continue;
    k = skip(k);
    if (b[k] !== 0x3a) continue;
    k = skip(k + 1);
    if (b[k] !== 0x7b) continue;
    k = skip(k + 1);
    if (b[k] !== 0x22) continue;
    let digits = 0;
    for (k++; b[k] >= 0x30 && b[k] <= 0x39; k++) digits++;
    if (digits === 0 || b[k] !== 0x22) continue;
    k = skip(k + 1);
    if (b[k] !== 0x3a) continue;
    k = skip(k + 1);
    if (b[k] !== 0x7b) continue;
    k = skip(k + 1);
    if (b[k] === 0x22 && (b[k + 1] === 0x67 || b[k + 1] === 0x70) && (b[k + 2] === 0x74 || b[k + 2] === 0x72) && b[k + 3] === 0x22)
      return keyAt;
  }
  return -1;
}

/** The built tail worker next to this module, or null (run from the sources: no worker). */
export function defaultTailWorkerPath(): string | null {
  return workerPath('fga-tail-worker');
}

/** A worker started early (its start-up overlaps reading the file), given one job; never rejects. */
function startWorker(path: string): { run(job: TailJob): Promise<TailOutcome>; stop(): void } {
  const w = new WorkerClient<TailJob, TailResult>(path, {
    // The worker keeps the process alive while its job runs: this thread may be waiting for it with nothing else
    // pending, and an unref'd worker let the process exit 0 with no output (seen under load: the CLI's score).
    holdWhileBusy: true,
    stopped: ({ error, exitCode }) => new AppError('internal', `the FGA tail worker stopped: ${error?.message ?? `exit code ${exitCode}`}`),
  });
  return {
    run: (job) =>
      w.request(job).then(
        (result): TailOutcome => {
          void w.terminate(); // its job is done: let it wind down while the halves are merged
          return { ok: true, result };
        },
        // If the worker fails, this thread reads the tail itself; its answer (a LoadError, a crash) or a stop() is the tail's.
        (error: AppError): TailOutcome => (w.alive || error.code === 'cancelled' ? { ok: false, error } : tailHere(job)),
      ),
    stop() {
      void w.terminate();
    },
  };
}
