// Layer: main (Node). What the load worker and the workspace say to each
// other: the load job, progress, and the compact result (typed arrays are
// transferred, string tables are cloned and re-interned on arrival).

import type { WorkerClient } from './worker-rpc';
import type { LoadErrorInfo, LoadErrorSource } from '../../shared/api';
import type { LookalikeReport } from '../../shared/formats/value-lookalikes';
import type { TurnStats } from '../../shared/metrics/turn-stats';
import type { SourceSpec } from '../../shared/source';

export interface LoadJob {
  spec: SourceSpec;
  /** Refusal limit for input files, in bytes. */
  maxBytes?: number;
}

/** Where a dialogue's JSON sits in the files it came from (for the raw view). */
export interface RawIndex {
  files: { path: string; size: number; mtimeMs: number }[];
  /** Per dialogue: index into files, or -1 when the layout gives no range. */
  file: Int32Array;
  /** Byte offset of the dialogue's key (or first byte) and the end of its value. */
  start: Float64Array;
  end: Float64Array;
}

import type { CorpusPayload } from '../../shared/model/corpus-payload';
export type { CorpusPayload };

export interface LoadResult {
  corpus: CorpusPayload;
  stats: TurnStats;
  raw: RawIndex;
  /** Per-dialogue domain ids (ragged: domainList[domainStart[d] .. domainStart[d + 1])). */
  domainStart: Int32Array;
  domainList: Int32Array;
  domains: string[];
  format: string;
  warnings: string[];
  file: string;
  isDemo: boolean;
  dialoguesFile?: string;
  /** Dialogue to show first (the demo lands on MUL1110). */
  landing?: string;
  /** K from an SGD schema given with the file, if any. */
  slotCount?: number;
  /** Value normalisation options applied (signature names). */
  valueOptions: string[];
  /** Corrections applied to the gold at load (source.corrections): for the signature. */
  corrections?: { count: number; hash: string };
  /** Predicted values that differ from gold only by whitespace, case or punctuation (computed in the worker). */
  lookalikes?: LookalikeReport;
  /** First 12 hex digits of the SHA-256 of the prediction bytes (load-pipeline.ts contentHash): a run's identity in links. */
  contentHash?: string;
}

export type WorkerMessage = LoadProgress | LoadOutcome;

export type LoadProgress = { type: 'progress'; stage: string; fraction: number };

/** A load's one answer: the result, or why it failed (with the file's text around the place). */
export type LoadOutcome = { type: 'done'; result: LoadResult } | { type: 'error'; error: LoadErrorInfo; source: LoadErrorSource | null };

/** The load worker's protocol (worker-rpc.ts): a job in, progress reports, then the outcome. */
export type LoadClient = WorkerClient<LoadJob, LoadOutcome, Omit<LoadProgress, 'type'>>;
