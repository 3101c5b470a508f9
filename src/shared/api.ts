// Layer: shared (pure TS). The one contract between the UI and the engine:
// every call's name, its argument schema (validated by zod on the Node side
// before anything runs) and its result type. The Electron preload, the IPC
// handlers, the browser-mode HTTP server and its client are all derived from
// API_CALLS; the renderer only ever sees the `Api` interface.
//
// The engine holds a workspace of runs (a run = a source + a label + its
// loaded corpus). Every call that reads data names its run and the revision
// it expects; a run that was reloaded meanwhile answers `stale` instead of
// numbers from another corpus.

import { z } from 'zod';
import type { DialogueResult } from './metrics/evaluate';
import type { Signature } from './metrics/signature';
import type { Scores } from './metrics/state';
import type { MetricConfig } from './metrics/config';
import { METRIC_IDS } from './metrics/registry';
import { sourceSpecSchema, type SourceSpec } from './source';


export const metricConfigSchema = z
  .object({
    lambdas: z.array(z.number().finite().min(0).max(1000)).min(1).max(8),
    slotCount: z.number().int().min(1).max(100_000),
    traits: z.enum(['paper', 'notebook']),
  })
  .strict();

/** What the dialogue list sorts by: file position, id, length, any metric of the registry (FGA: the first λ), |FGA − GCA| or GCA's mistakes. */
export const SORT_KEYS: readonly string[] = ['position', 'id', 'turns', ...METRIC_IDS, 'disagreement', 'mistakes'];
export type SortKey = string;

const runId = z.string().regex(/^r[0-9]{1,9}$/, 'a run id such as "r1"');
/** A run and the revision the caller's data is from. */
const runRef = { run: runId, rev: z.number().int().min(0) };
const label = z.string().trim().min(1).max(200);

export const listFilterSchema = z
  .object({
    domain: z.string().max(200).optional(),
    mistakesOnly: z.boolean().optional(),
    search: z.string().max(500).optional(),
  })
  .strict();

/** Argument schemas, one per call. The key is the IPC channel / HTTP route name. */
export const API_CALLS = {
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
  /** Corpus scores under a config, with domains and warnings. */
  corpusSummary: z.object({ ...runRef, config: metricConfigSchema }).strict(),
  /** A window of the sorted, filtered dialogue list. */
  dialoguePage: z
    .object({
      ...runRef,
      config: metricConfigSchema,
      offset: z.number().int().min(0),
      limit: z.number().int().min(1).max(1000),
      sort: z.object({ key: z.string().refine((k) => SORT_KEYS.includes(k), { message: `one of ${SORT_KEYS.join(', ')}` }), descending: z.boolean() }).strict(),
      filter: listFilterSchema,
    })
    .strict(),
  /** One dialogue in full detail: per-turn records, slot classes, utterances. */
  dialogueDetail: z.object({ ...runRef, config: metricConfigSchema, id: z.string().min(1).max(1000) }).strict(),
  /** The dialogue's JSON as it is in the file, for the raw view. */
  dialogueRaw: z.object({ ...runRef, id: z.string().min(1).max(1000) }).strict(),
  /** For a run whose load failed with a syntax error: the text around the error. */
  loadErrorSource: z.object({ run: runId }).strict(),
  /** Electron only: native open dialog; browser mode answers null. */
  pickFile: z.object({ purpose: z.enum(['predictions', 'dialogues', 'gold']) }).strict(),
} as const;

export type ApiCall = keyof typeof API_CALLS;
export type ApiArgs<C extends ApiCall> = z.infer<(typeof API_CALLS)[C]>;
export const API_CALL_NAMES = Object.keys(API_CALLS) as ApiCall[];

export interface AppInfo {
  version: string;
  mode: 'electron' | 'browser';
  defaultConfig: MetricConfig;
  /** True where the native file dialog exists (Electron). */
  canPickFiles: boolean;
}

export interface LoadErrorInfo {
  message: string;
  file: string;
  problem: string;
  line?: number;
  column?: number;
  jsonPath?: string;
}

/** A run of the workspace and where its loading stands. */
export interface RunInfo {
  id: string;
  label: string;
  source: SourceSpec;
  /** 'ready' once a revision is loaded (a reload may be under way: see stage); 'loading' while the first load runs; 'error' when it failed. */
  state: 'loading' | 'ready' | 'error';
  /** Revision of the data calls read: 0 before the first load, +1 for each successful (re)load. */
  revision: number;
  /** Load attempts so far (successful or not): tells one failed reload from the next. */
  attempts: number;
  /** The prediction file(s), or "built-in demo". */
  file: string;
  /** While a load (the first or a reload) runs: its stage and the fraction done. */
  stage?: string;
  fraction?: number;
  /** Why the first load failed (state 'error'), or why the last replacement failed (the run kept its data). */
  error?: LoadErrorInfo;
}

export interface CorpusSummary {
  run: string;
  revision: number;
  file: string;
  format: string;
  isDemo: boolean;
  dialogues: number;
  turns: number;
  scores: Scores;
  signature: Signature;
  domains: string[];
  warnings: string[];
  hasUtterances: boolean;
  dialoguesFile?: string;
  /** Dialogue to select first (the demo lands on the GCA paper's MUL1110). */
  landing?: string;
  /** K for SA suggested by the source (an SGD schema next to the file); the UI starts from it. */
  slotCount?: number;
}

export interface DialogueRow {
  id: string;
  /** Position in the file. */
  position: number;
  turns: number;
  domains: string[];
  /** Each metric's value for the dialogue (FGA with the config's first λ); null where undefined. */
  values: Record<string, number | null>;
  /** |FGA − GCA| with the first λ. */
  disagreement: number;
  /** GCA mistakes (M + W + O). */
  mistakes: number;
}

export interface DialoguePage {
  total: number;
  offset: number;
  rows: DialogueRow[];
}

export interface TurnText {
  system?: string;
  user?: string;
}

export interface DialogueDetail extends DialogueResult {
  position: number;
  signature: Signature;
  domains: string[];
  /** Per turn (same order as perTurn), when a dialogue corpus is loaded. */
  utterances?: TurnText[];
}

export interface DialogueRaw {
  text: string;
  /** Turn index → 1-based line in `text` where the turn starts. */
  turnLines: Record<number, number>;
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

export interface ApiResults {
  appInfo: AppInfo;
  listRuns: { runs: RunInfo[] };
  openRun: RunInfo;
  addSource: RunInfo;
  closeRun: { runs: RunInfo[] };
  renameRun: RunInfo;
  runStatus: RunInfo;
  corpusSummary: CorpusSummary;
  dialoguePage: DialoguePage;
  dialogueDetail: DialogueDetail;
  dialogueRaw: DialogueRaw;
  loadErrorSource: LoadErrorSource | null;
  pickFile: { path: string | null };
}

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
  | { type: 'close-run' };

/** What the renderer talks to; implemented over IPC (Electron) and HTTP (browser mode). */
export interface Api {
  call<C extends ApiCall>(call: C, args: ApiArgs<C>): Promise<ApiResults[C]>;
  onEvent(listener: (e: ApiEvent) => void): () => void;
}

/** Error a call answers with: bad arguments, a run not loaded (yet), a run reloaded since (stale), unknown run or dialogue. */
export interface ApiErrorBody {
  error: string;
  code: 'bad-args' | 'no-corpus' | 'stale' | 'not-found' | 'internal' | 'forbidden';
}

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
