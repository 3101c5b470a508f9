// Layer: shared (pure TS). The contract of one analysis, declared in two
// files of defs/ side by side:
// - `<name>.args.ts` exports `spec = declareAnalysis({...})`: its API kind, CLI
//   name, title, docs anchor and its arguments (a zod schema, validated at the
//   API's boundary and by the CLI alike). The API contract and the app's tab
//   list read only these (specs.ts), so the preload and the renderer do not
//   bundle any computation.
// - `<name>.ts` exports `analysis = defineAnalysis(spec, {...})`: its
//   computation on one run, its options' part of the signature, its tables and
//   figure, its CLI flags and output. The engine and the CLI read these
//   (registry.ts), which checks that every spec has its def and back.
// Adding an analysis touches nothing else (docs/dev/adding-an-analysis.md).
//
// Static types come from the def file: it adds itself to the `AnalysisDefs`
// interface below (a module augmentation, one line), which types the API
// call's arguments and result per kind.

import type { z } from 'zod';
import type { MetricConfig } from '../metrics/config';
import type { Evaluation } from '../metrics/evaluate';
import type { Signature, SignaturePart, SignatureSettings } from '../metrics/signature';
import type { Corpus } from '../model/corpus';
import type { Table, TableFormat } from '../report/tables';
import type { Scene } from '../viz/scene';

/**
 * Every analysis, by API kind. Each def file adds its own entry:
 *
 *     declare module '../def' { interface AnalysisDefs { turnPosition: typeof analysis } }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface AnalysisDefs {}

export type AnalysisKind = keyof AnalysisDefs & string;

/** One run as an analysis reads it. */
export interface AnalysisInput {
  corpus: Corpus;
  /** Value options and corrections the run was read with (parts of every signature). */
  settings: SignatureSettings;
  /** The run scored under a config (cached by the caller: the engine per config, the CLI per run). */
  evaluation(config: MetricConfig): Evaluation;
  /** Slot names of the SGD schema the run was read with, when there is one (the CLI knows it; the app's engine does not yet). */
  schemaSlots?: readonly string[];
}

/** A result: whatever the analysis computes, carrying the signature of its numbers. */
export interface AnalysisResult {
  signature: Signature;
}

/** An analysis's own arguments: a zod object (the API adds the run, its revision and the config). */
export type ArgsSchema = z.ZodObject<z.ZodRawShape>;

/** The arguments compute receives: the def's own and the metric config. */
export type ComputeArgs<S extends ArgsSchema> = z.infer<S> & { config: MetricConfig };

/** One of the analysis's flags: the value's name in the help (none: a switch) and one line of help. */
export interface AnalysisFlag {
  value?: string;
  help: string;
}

/** Flag values as util.parseArgs gives them. */
export type FlagValues = Readonly<Record<string, string | boolean | (string | boolean)[] | undefined>>;

/** What parse has besides the flags. */
export interface ParseContext {
  /** The metric config of the flags (without the file's slot count: the file is not read yet). */
  config: MetricConfig;
  format: TableFormat;
  /** How the user wrote a flag of this analysis ("--by"; "--position" when the analysis was chosen with `--position VALUE`). */
  flag(name: string): string;
}

/** One run's answer, as the CLI shows it. */
export interface AnalysisItem<R> {
  /** The prediction file as given. */
  file: string;
  /** Its short name (the file's base name). */
  name: string;
  input: AnalysisInput;
  result: R;
}

/** What the CLI's output functions receive. */
export interface AnalysisOutput<S extends ArgsSchema, R, V> {
  /** One item per prediction file (several only for `files: 'each'`). */
  items: readonly AnalysisItem<R>[];
  args: ComputeArgs<S>;
  view: V;
  config: MetricConfig;
  format: TableFormat;
  /** --metrics: the metric columns asked for (null: every one); the runner applies it to the tables, a figure may follow it. */
  metrics: readonly string[] | null;
  /** A note for the person (stderr), never mixed into the output. */
  note(text: string): void;
}

export interface AnalysisCli<S extends ArgsSchema, R, V> {
  /** The analysis's own flags, in the order `analyze --help` lists them. */
  flags: Readonly<Record<string, AnalysisFlag>>;
  /** A short form: `analyze --<flag> VALUE` = `--kind NAME --<as> VALUE`; without `as`, the switch `analyze --<flag>` = `--kind NAME`. */
  alias?: { flag: string; as?: string };
  /** Several prediction files: the analysis of each, shown together. Without it a one-run analysis takes one file. */
  files?: 'each';
  /** --metrics (only these metric columns in the table formats) applies. */
  metrics?: boolean;
  /** --caption, --caption-latex and --label apply (the analysis writes one table). */
  captions?: boolean;
  /** Arguments after `--kind NAME`, shown by `analyze --help` (the registry test parses each into arguments the API accepts). */
  examples: readonly string[];
  /** The arguments and the view (what to show of the result) from the flags; every flag is checked here, before any file is read (FlagError). */
  parse(flags: FlagValues, ctx: ParseContext): { args: z.infer<S>; view: V };
  /** --format json. */
  json(o: AnalysisOutput<S, R, V>): unknown;
  /** The other formats: the tables, rendered by the one table model. */
  tables(o: AnalysisOutput<S, R, V>): Table[];
  /** --format table, where the analysis prints its own text instead of the tables. */
  text?(o: AnalysisOutput<S, R, V>): string;
}

/** What the API contract and the app's tab list know of an analysis (`defs/<name>.args.ts`): no computation. */
export interface AnalysisSpec<K extends string = string, S extends ArgsSchema = ArgsSchema> {
  /** The API call (and the engine's request kind): "turnPosition". */
  kind: K;
  /** The CLI name (`analyze --kind position`), the analysis view's tab id and the docs' name: "position". */
  name: string;
  /** Place in `analyze --help`, the docs and the analysis view's tabs. */
  order: number;
  /** Its title: "Turn position". */
  label: string;
  /** One line: what it shows (help, the tab's tooltip). */
  summary: string;
  /** Where the guide explains it: "guide/analyses.md#turn-position" (relative to docs/; a test resolves it). */
  docs: string;
  /** A tab of the app's analysis view (its section: views/analysis/AnalysisView.tsx, by CLI name); without it the analysis is in the CLI and the API only. */
  tab?: boolean;
  /** Its own arguments (the API adds run, rev and config). */
  args: S;
}

/** The computation and the output of an analysis (`defs/<name>.ts`), given its spec. */
export interface AnalysisImpl<S extends ArgsSchema = ArgsSchema, R extends AnalysisResult = AnalysisResult, V = unknown> {
  /** The options that change its numbers, as signature parts added to the result's (the dispatcher adds them). */
  signature?(args: ComputeArgs<S>): SignaturePart[];
  /** The computation on one run. Pure; may be slow (the app runs it in a worker). */
  compute(run: AnalysisInput, args: ComputeArgs<S>): R;
  /** Its figure (an exportable Scene carrying the signature), for `analyze --figure FILE`. */
  figure?(o: AnalysisOutput<S, R, V>): Scene | null;
  cli: AnalysisCli<S, R, V>;
}

/** An analysis: its spec and its computation, as the engine and the CLI hold it. */
export type AnalysisDef<
  K extends string = string,
  S extends ArgsSchema = ArgsSchema,
  R extends AnalysisResult = AnalysisResult,
  V = unknown,
> = AnalysisSpec<K, S> & AnalysisImpl<S, R, V>;

/** Any analysis's spec, as the contract's list holds them. */
export type AnyAnalysisSpec = AnalysisSpec<string, ArgsSchema>;

/** Any analysis, as the registry holds them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyAnalysisDef = AnalysisDef<string, ArgsSchema, AnalysisResult, any>;

/** Types a spec (`defs/<name>.args.ts`, checked against the contract); returns it unchanged. */
export function declareAnalysis<K extends string, S extends ArgsSchema>(spec: AnalysisSpec<K, S>): AnalysisSpec<K, S> {
  return spec;
}

/** An analysis (`defs/<name>.ts`): its spec with its computation and output (typed by the spec's arguments). */
export function defineAnalysis<K extends string, S extends ArgsSchema, R extends AnalysisResult, V>(
  spec: AnalysisSpec<K, S>,
  impl: AnalysisImpl<S, R, V>,
): AnalysisDef<K, S, R, V> {
  return { ...spec, ...impl };
}

/** The def's own arguments (none: `{}`; zod infers `z.object({})` as an index signature of never). */
export type AnalysisOwnArgs<K extends AnalysisKind> =
  AnalysisDefs[K] extends AnalysisDef<string, infer S> ? (string extends keyof z.infer<S> ? object : z.infer<S>) : never;
/** The def's result type. */
export type AnalysisResultOf<K extends AnalysisKind> = AnalysisDefs[K] extends AnalysisDef<string, ArgsSchema, infer R> ? R : never;
