// Layer: main (Node). The tail half of a two-thread FGA/GCA load (see
// fga-parallel.ts): reads the dialogues from a boundary to the end of the
// file and analyses their turns. Runs in fga-tail-worker.ts, or inline when no
// worker is available; the result is plain data so it can cross threads, and
// bad input is the LoadError it is (in a worker, it crosses as an AppError).

import { corpusPayload, payloadArrays, type CorpusPayload } from '../../shared/model/corpus-payload';
import { fgaBuilder, scanFga } from '../../shared/formats/fga';
import { analyseCorpus, type TurnStats } from '../../shared/metrics/turn-stats';
import type { AppError } from '../../shared/app-error';
import { Transferring } from './worker-rpc';

export interface TailJob {
  /** The whole file's bytes (shared between the threads). */
  buffer: SharedArrayBuffer | ArrayBuffer;
  length: number;
  /** Byte offset of the first tail dialogue's key. */
  at: number;
  file: string;
}

/** The tail corpus as plain data: interner names instead of interners. */
export type TailCorpus = CorpusPayload;

export interface TailResult {
  corpus: TailCorpus;
  stats: TurnStats;
  warnings: string[];
}

/** How the tail went: its result, or the error (a LoadError for bad input; anything else makes the caller read in one thread). */
export type TailOutcome = { ok: true; result: TailResult } | { ok: false; error: AppError | Error };

/** Reads and analyses the tail; throws a LoadError for bad input. The result's arrays are to be transferred, not copied. */
export function readTail(job: TailJob): Transferring<TailResult> {
  const bytes = new Uint8Array(job.buffer, 0, job.length);
  const b = fgaBuilder(job.length - job.at);
  const { warnings } = scanFga(bytes, { file: job.file }, b, { kind: 'tail', at: job.at });
  const c = b.build();
  const stats = analyseCorpus(c);
  const corpus = corpusPayload(c);
  const transfer = [...new Set([...payloadArrays(corpus), ...Object.values(stats)].map((a) => a.buffer as ArrayBuffer))];
  return new Transferring({ corpus, stats, warnings }, transfer);
}

/** readTail on this thread, its error caught. */
export function tailHere(job: TailJob): TailOutcome {
  try {
    return { ok: true, result: readTail(job).result };
  } catch (e) {
    return { ok: false, error: e as Error };
  }
}
