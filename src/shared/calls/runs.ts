// Layer: shared (pure TS). API calls about the workspace: the app's info,
// the runs (open, reload with a source added, rename, close, status), a
// failed load's text, and the native file dialog.

import type { AppErrorData } from '../app-error';
import { z } from 'zod';
import type { MetricConfig } from '../metrics/config';
import type { SourceSpec } from '../source';
import { sourceSpecSchema } from '../source-schema';
import { label, runId } from './common';

export const RUN_CALLS = {
  /** Version, mode and defaults. */
  appInfo: z.object({}).strict(),
  /** The runs of the workspace, in the order they were opened. */
  listRuns: z.object({}).strict(),
  /** Loads a source as a new run, or (with `replace`) as the next revision of a run; poll runStatus. A failed replacement keeps the run's data. */
  openRun: z.object({ source: sourceSpecSchema, label: label.optional(), replace: runId.optional() }).strict(),
  /** Reloads a run with an utterance source (role "dialogues", the default) or a gold source (role "gold") added. */
  addSource: z.object({ run: runId, path: z.string().min(1).max(4096), role: z.enum(['dialogues', 'gold']).optional() }).strict(),
  /** Removes a run from the workspace. */
  closeRun: z.object({ run: runId }).strict(),
  /** Renames a run (names are unique in the workspace). */
  renameRun: z.object({ run: runId, label }).strict(),
  /** A run's load progress, its revision, or its error. */
  runStatus: z.object({ run: runId }).strict(),
  /** For a run whose load failed with a syntax error: the text around the error. */
  loadErrorSource: z.object({ run: runId }).strict(),
  /** Opens the run a link names (its path as links write it: relative to the served folder, or "@demo"); refused outside the folder. */
  openLinkedRun: z.object({ path: z.string().min(1).max(4096) }).strict(),
  /** Follow a run's files: reload it when one changes (serve --watch does this for every run), or stop. */
  watchRun: z.object({ run: runId, on: z.boolean() }).strict(),
  /** Electron only: native open dialog; browser mode answers null. */
  pickFile: z.object({ purpose: z.enum(['predictions', 'dialogues', 'gold']) }).strict(),
} as const;

export interface AppInfo {
  version: string;
  mode: 'electron' | 'browser';
  defaultConfig: MetricConfig;
  /** True where the native file dialog exists (Electron). */
  canPickFiles: boolean;
  /** The folder relative paths typed in the Open dialog are resolved against (where the inspector was started). */
  baseDir?: string;
  /** What "~" means in a typed path. */
  homeDir?: string;
  /** The input layouts (--layout): id and name, in detection order. */
  layouts?: { id: string; label: string }[];
  /** The hash of the value map the server read (serve --value-map): the app's mwzeval uses it. */
  valueMap?: string;
}

/**
 * Why a load failed: the AppError's plain shape (code `bad-input` for a file whose content is wrong, `internal` for a
 * bug or a worker that stopped) with the file and the problem always set; `reason` tells a file that may be truncated
 * (ends-early, ends-in-string), `found` what its start holds when its layout was not recognised (structure only: "top
 * level is an object whose values are …").
 */
export type LoadErrorInfo = AppErrorData & { file: string; problem: string };

/** A run of the workspace and where its loading stands. */
export interface RunInfo {
  id: string;
  label: string;
  source: SourceSpec;
  /** Its files are watched: it reloads when one changes (watchRun, serve --watch). */
  watching?: boolean;
  /** 'ready' once a revision is loaded (a reload may be under way: see stage); 'loading' while the first load runs; 'error' when it failed. */
  state: 'loading' | 'ready' | 'error';
  /** Revision of the data calls read: 0 before the first load, +1 for each successful (re)load. */
  revision: number;
  /** Load attempts so far (successful or not): tells one failed reload from the next. */
  attempts: number;
  /** The prediction file(s), or "built-in demo". */
  file: string;
  /** The run's name in links (src/shared/link.ts): its first prediction file relative to the served folder, absolute outside it, "@demo" for the demo. */
  linkPath?: string;
  /** First 12 hex digits of the SHA-256 of the loaded prediction bytes (once a revision is loaded): tells a link that the file changed. */
  contentHash?: string;
  /** While a load (the first or a reload) runs: its stage and the fraction done. */
  stage?: string;
  fraction?: number;
  /** Why the first load failed (state 'error'), or why the last replacement failed (the run kept its data). */
  error?: LoadErrorInfo;
}

export interface LoadErrorSource {
  text: string;
  /** Line and column of the error within `text` (1-based). */
  line: number;
  column: number;
  /** Line in the file of `text`'s first line. */
  firstLine: number;
  truncated: boolean;
}

export interface RunResults {
  appInfo: AppInfo;
  listRuns: { runs: RunInfo[] };
  openRun: RunInfo;
  openLinkedRun: RunInfo;
  addSource: RunInfo;
  closeRun: { runs: RunInfo[] };
  renameRun: RunInfo;
  runStatus: RunInfo;
  watchRun: RunInfo;
  loadErrorSource: LoadErrorSource | null;
  pickFile: { path: string | null };
}
