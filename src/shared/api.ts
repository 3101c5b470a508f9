// Layer: shared (pure TS). The one contract between the UI and the engine:
// every call's name, its argument schema (validated by zod on the Node side
// before anything runs) and its result type. The Electron preload, the IPC
// handlers, the browser-mode HTTP server and its client are all derived from
// API_CALLS; the renderer only ever sees the `Api` interface.

import { z } from 'zod';
import { VALUE_OPTIONS } from './formats/normalise';
import type { DialogueResult } from './metrics/evaluate';
import type { Scores } from './metrics/state';
import type { MetricConfig } from './metrics/config';

const path = z.string().min(1).max(4096);

export const metricConfigSchema = z
  .object({
    lambdas: z.array(z.number().finite().min(0).max(1000)).min(1).max(8),
    slotCount: z.number().int().min(1).max(100_000),
    traits: z.enum(['paper', 'notebook']),
  })
  .strict();

export const SORT_KEYS = ['position', 'id', 'turns', 'JGA', 'SA', 'AGA', 'RSA', 'FGA', 'GCA', 'disagreement', 'mistakes'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

const sourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('demo') }).strict(),
  z
    .object({
      kind: z.literal('file'),
      path,
      layout: z.string().min(1).max(64).optional(),
      dialoguesPath: path.optional(),
      goldPath: path.optional(),
      /** Value normalisation options (off by default; recorded in the signature). */
      values: z.array(z.enum(VALUE_OPTIONS)).max(VALUE_OPTIONS.length).optional(),
    })
    .strict(),
]);

/** Argument schemas, one per call. The key is the IPC channel / HTTP route name. */
export const API_CALLS = {
  /** Version, mode and defaults. */
  appInfo: z.object({}).strict(),
  /** Starts loading and scoring a corpus in the background; poll loadStatus. */
  openCorpus: z.object({ source: sourceSchema }).strict(),
  /** Adds or replaces the utterance source (role "dialogues", the default) or the gold source (role "gold") of the open corpus. */
  openDialogues: z.object({ path, role: z.enum(['dialogues', 'gold']).optional() }).strict(),
  /** Progress of the current load, or its error. */
  loadStatus: z.object({}).strict(),
  /** Corpus scores under a config, with domains and warnings. */
  corpusSummary: z.object({ config: metricConfigSchema }).strict(),
  /** A window of the sorted, filtered dialogue list. */
  dialoguePage: z
    .object({
      config: metricConfigSchema,
      offset: z.number().int().min(0),
      limit: z.number().int().min(1).max(1000),
      sort: z.object({ key: z.enum(SORT_KEYS), descending: z.boolean() }).strict(),
      filter: z
        .object({
          domain: z.string().max(200).optional(),
          mistakesOnly: z.boolean().optional(),
          search: z.string().max(500).optional(),
        })
        .strict(),
    })
    .strict(),
  /** One dialogue in full detail: per-turn records, slot classes, utterances. */
  dialogueDetail: z.object({ config: metricConfigSchema, id: z.string().min(1).max(1000) }).strict(),
  /** The dialogue's JSON as it is in the file, for the raw view. */
  dialogueRaw: z.object({ id: z.string().min(1).max(1000) }).strict(),
  /** For a failed load with a syntax error: the text around the error. */
  loadErrorSource: z.object({}).strict(),
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

export interface LoadStatus {
  state: 'empty' | 'loading' | 'ready' | 'error';
  /** Increments each time a new corpus starts loading. */
  generation: number;
  file?: string;
  stage?: string;
  fraction?: number;
  error?: LoadErrorInfo;
}

export interface CorpusSummary {
  file: string;
  format: string;
  isDemo: boolean;
  dialogues: number;
  turns: number;
  scores: Scores;
  signature: string;
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
  JGA: number;
  SA: number;
  AGA: number | null;
  RSA: number;
  /** FGA with the config's first λ. */
  FGA: number;
  GCA: number;
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
  signature: string;
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
  openCorpus: LoadStatus;
  openDialogues: LoadStatus;
  loadStatus: LoadStatus;
  corpusSummary: CorpusSummary;
  dialoguePage: DialoguePage;
  dialogueDetail: DialogueDetail;
  dialogueRaw: DialogueRaw;
  loadErrorSource: LoadErrorSource | null;
  pickFile: { path: string | null };
}

/** Pushed from the Node side (Electron menu actions, corpus changes). */
export type ApiEvent = { type: 'corpus-changed' } | { type: 'theme'; theme: 'light' | 'dark' | 'system' } | { type: 'show-help' } | { type: 'open-file' };

/** What the renderer talks to; implemented over IPC (Electron) and HTTP (browser mode). */
export interface Api {
  call<C extends ApiCall>(call: C, args: ApiArgs<C>): Promise<ApiResults[C]>;
  onEvent(listener: (e: ApiEvent) => void): () => void;
}

/** Error a call answers with: bad arguments, no corpus open, unknown dialogue. */
export interface ApiErrorBody {
  error: string;
  code: 'bad-args' | 'no-corpus' | 'not-found' | 'internal' | 'forbidden';
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
