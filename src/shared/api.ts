// Layer: shared (pure TS). The one contract between the UI and the engine:
// every call's name, its argument schema (validated by zod on the Node side
// before anything runs) and its result type. The Electron preload, the IPC
// handlers, the browser-mode HTTP server and its client are all derived from
// API_CALLS; the renderer only ever sees the `Api` interface.
//
// The engine holds a workspace of runs (a run = a source + a label + its
// loaded corpus). Every call that reads data names its run and the revision
// it expects; a run that was reloaded meanwhile answers `stale` instead of
// numbers from another corpus. The calls are grouped by feature in calls/;
// a feature adds its group here (one spread, one `extends`).

import type { z } from 'zod';
import type { SourceSpec } from './source';
import { INSPECT_CALLS, type InspectResults } from './calls/inspect';
import { RUN_CALLS, type RunInfo, type RunResults } from './calls/runs';
import { PLAYGROUND_CALLS, type PlaygroundResults } from './calls/playground';
import { ANNOTATION_CALLS, type AnnotationResults } from './calls/annotations';
import { EXPORT_CALLS, type ExportResults } from './calls/export';
import { COMPARE_CALLS, type CompareResults } from './calls/compare-view';
import { ANALYSIS_CALLS, type AnalysisResults } from './calls/analysis';

export * from './calls/common';
export * from './calls/inspect';
export * from './calls/runs';
export * from './calls/playground';
export * from './calls/annotations';
export * from './calls/export';
export * from './calls/compare-view';
export * from './calls/analysis';

/** Argument schemas, one per call. The key is the IPC channel / HTTP route name. */
export const API_CALLS = {
  ...RUN_CALLS,
  ...INSPECT_CALLS,
  ...PLAYGROUND_CALLS,
  ...ANNOTATION_CALLS,
  ...EXPORT_CALLS,
  ...COMPARE_CALLS,
  ...ANALYSIS_CALLS,
} as const;

export type ApiCall = keyof typeof API_CALLS;
export type ApiArgs<C extends ApiCall> = z.infer<(typeof API_CALLS)[C]>;
export const API_CALL_NAMES = Object.keys(API_CALLS) as ApiCall[];

/** Each call's result type. */
export interface ApiResults
  extends RunResults, InspectResults, PlaygroundResults, AnnotationResults, ExportResults, CompareResults, AnalysisResults {}

/** Pushed from the Node side (Electron menu actions, workspace changes). */
export type ApiEvent =
  | { type: 'runs-changed' }
  | { type: 'run-changed'; run: string; revision: number; state: RunInfo['state'] }
  | { type: 'theme'; theme: 'light' | 'dark' | 'system' }
  | { type: 'show-help' }
  | { type: 'open-file' }
  /** Open a source in the window's current run (or as a new run). */
  | { type: 'open-source'; source: SourceSpec; asNewRun?: boolean }
  /** Add a gold or utterance source to the window's current run. */
  | { type: 'add-source'; path: string; role: 'dialogues' | 'gold' }
  /** Close the window's current run. */
  | { type: 'close-run' }
  /** A dst-inspector:// link was opened (Electron's protocol handler, validated there): the view's state to show (src/shared/link.ts). */
  | { type: 'open-link'; fragment: string }
  /** Something to tell the person (a watched run reloaded: what changed). */
  | { type: 'notice'; text: string; run?: string }
  /** An annotation file's records changed (a save in any window, or another process's seen). */
  | { type: 'annotations-changed'; file: string; version: number };

/**
 * How one call may be ended early. `signal` aborted: the call's promise rejects at once with the signal's reason
 * (an AbortError) and its answer, if it still comes, is dropped. Over HTTP the request is aborted too (the
 * engine still finishes the work it started: only the answer is not read); over IPC the renderer cannot abort
 * `ipcRenderer.invoke`, so only the answer is dropped. docs/dev/architecture.md, "Renderer data layer".
 */
export interface CallOptions {
  signal?: AbortSignal;
}

/** What the renderer talks to; implemented over IPC (Electron) and HTTP (browser mode). */
export interface Api {
  call<C extends ApiCall>(call: C, args: ApiArgs<C>, opts?: CallOptions): Promise<ApiResults[C]>;
  onEvent(listener: (e: ApiEvent) => void): () => void;
}

/**
 * What a failed call answers with, on both transports: the AppError's plain shape (code, message and, for bad input,
 * file, line:column and JSON path; see src/shared/app-error.ts for the codes) plus `error`, the message again.
 */
export type { ApiErrorBody } from './app-error';

/** Validates arguments; returns the parsed value or an error message naming the field. */
export function validateArgs<C extends ApiCall>(call: C, args: unknown): { ok: true; value: ApiArgs<C> } | { ok: false; error: string } {
  const schema = API_CALLS[call];
  if (!schema) return { ok: false, error: `unknown call ${JSON.stringify(call)}` };
  const r = schema.safeParse(args);
  if (r.success) return { ok: true, value: r.data as ApiArgs<C> };
  const issue = r.error.issues[0];
  const where = issue.path.length ? issue.path.join('.') : '(arguments)';
  return { ok: false, error: `${call}: ${where}: ${issue.message}` };
}

export function isApiCall(name: unknown): name is ApiCall {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(API_CALLS, name);
}
