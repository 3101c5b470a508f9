// Layer: main (Node). Command-line errors (exit code 2, no stack trace) and
// parsing helpers shared by the subcommands: util.parseArgs with negative
// numbers taken as option values, --caption/--caption-latex/--label, and the
// table options --metrics and --max-cell.

import { parseArgs, type ParseArgsConfig } from 'node:util';
import { writeFileAtomic, writeFileAtomicAsync, WriteError } from '../services/atomic-write';
import { outTarget, OutRefused, writeThrough } from './out-target';
import type { MetricConfig } from '../../shared/metrics/config';
import { checkMetricSubset, metricTags, parseMetricList, subsetTable } from '../../shared/report/metric-subset';
import { DEFAULT_MAX_CELL, type Table } from '../../shared/report/tables';
import { pushAll } from '../../shared/arrays';
import { UsageError } from './usage-error';

export { UsageError } from './usage-error';

type Options = NonNullable<ParseArgsConfig['options']>;

/** A negative number (-5, -0.5, -.5, -1,2 for a list): the value of the option before it, not an option. */
const NEGATIVE_NUMBER = /^-\.?\d/;

/**
 * `--opt -5` as `--opt=-5` for options that take a value: util.parseArgs
 * refuses a value starting with "-" as ambiguous, and the option's own check
 * then says what is wrong with it (or takes it, as --series-x -1,0,1).
 */
export function joinNegativeValues(argv: readonly string[], options: Options): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') {
      pushAll(out, argv.slice(i));
      break;
    }
    const name = a.startsWith('--') ? a.slice(2) : undefined;
    if (
      name !== undefined &&
      Object.hasOwn(options, name) &&
      options[name].type === 'string' &&
      i + 1 < argv.length &&
      NEGATIVE_NUMBER.test(argv[i + 1])
    ) {
      out.push(`${a}=${argv[i + 1]}`);
      i++;
    } else out.push(a);
  }
  return out;
}

/** util.parseArgs with errors turned into UsageError naming the command. */
export function parseCommand<O extends Options>(command: string, argv: string[], options: O) {
  try {
    return parseArgs({ args: joinNegativeValues(argv, options), options, allowPositionals: true, strict: true });
  } catch (e) {
    throw new UsageError(`${command}: ${(e as Error).message.replace(/\. To specify a positional argument.*$/s, '')}`);
  }
}

export function parseLambdas(text: string): number[] {
  const parts = text.split(',').map((s) => s.trim());
  const out: number[] = [];
  for (const p of parts) {
    const v = Number(p);
    if (p === '' || !Number.isFinite(v) || v < 0)
      throw new UsageError(`--lambdas: ${JSON.stringify(p)} is not a number ≥ 0 (example: --lambdas 0.25,0.5,0.75,1)`);
    if (!out.includes(v)) out.push(v);
  }
  return out;
}

export function parsePositiveInt(flag: string, text: string): number {
  if (!/^[0-9]+$/.test(text.trim()) || Number(text) < 1) throw new UsageError(`${flag}: ${JSON.stringify(text)} is not a positive integer`);
  return Number(text);
}

export function oneOf<T extends string>(flag: string, text: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(text))
    throw new UsageError(`${flag}: ${JSON.stringify(text)} is not one of ${allowed.join(', ')}`);
  return text as T;
}

/**
 * Writes a report to --out: a regular (or new) file atomically, a character
 * device or named pipe written through, a symbolic link followed; nothing that
 * is not a regular file is ever replaced (out-target.ts). A path that cannot
 * be written is a usage error (exit 2), not a crash.
 */
export function writeOut(path: string, chunks: Iterable<string | Uint8Array>): void {
  try {
    const target = outTarget(path);
    if (target.kind === 'stream') writeThrough(target.path, chunks);
    else writeFileAtomic(target.path, chunks);
  } catch (e) {
    if (e instanceof WriteError || e instanceof OutRefused) throw new UsageError(`--out ${e.message}`);
    throw e;
  }
}

/** writeOut for long reports: SIGINT/SIGTERM during an atomic write stop it and remove the temporary file. */
export async function writeOutAsync(path: string, chunks: Iterable<string>): Promise<void> {
  try {
    const target = outTarget(path);
    if (target.kind === 'stream') writeThrough(target.path, chunks);
    else await writeFileAtomicAsync(target.path, chunks);
  } catch (e) {
    if (e instanceof WriteError || e instanceof OutRefused) throw new UsageError(`--out ${e.message}`);
    throw e;
  }
}

/** The caption options of the commands that write tables (score, compare). */
export const CAPTION_FLAGS = {
  caption: { type: 'string' },
  'caption-latex': { type: 'string' },
  label: { type: 'string' },
} as const;

export interface Captions {
  caption?: string;
  captionLatex?: string;
  label?: string;
}

/** --caption (plain text, escaped in LaTeX), --caption-latex (LaTeX source, verbatim; latex only) and --label (needs a caption). */
export function captionsFromFlags(values: { caption?: string; 'caption-latex'?: string; label?: string }, format: string): Captions {
  const { caption, label } = values;
  const captionLatex = values['caption-latex'];
  if (caption !== undefined && captionLatex !== undefined)
    throw new UsageError('--caption and --caption-latex are the same caption (plain text or LaTeX source): give one');
  if (captionLatex !== undefined && format !== 'latex')
    throw new UsageError(`--caption-latex is LaTeX source: it needs --format latex (--caption gives a title line in --format ${format})`);
  if (label !== undefined && caption === undefined && captionLatex === undefined)
    throw new UsageError('--label needs --caption or --caption-latex (the label goes under the caption)');
  // \label{…} takes these safely (%, #, {, \ … would break the document).
  if (label !== undefined && !/^[A-Za-z0-9:._/-]+$/.test(label))
    throw new UsageError(`--label: ${JSON.stringify(label)} has characters a LaTeX label cannot hold; use letters, digits and : . _ / -`);
  return { caption, captionLatex, label };
}

/** The table options of the commands that write tables with metric columns (score, compare, analyze). */
export const TABLE_FLAGS = {
  metrics: { type: 'string' },
  'max-cell': { type: 'string' },
} as const;

/** Help lines of --metrics and --max-cell. */
export const TABLE_HELP = `  --metrics LIST        only these metric columns (table, csv, latex, markdown; --by domain
                        too), e.g. JGA,FGA,GCA or JGA,FGA_0.5,GCA,VP (metric ids, FGA per λ,
                        GCA's parts VP, VR, LP, LR beside a metric); JSON keeps every metric
  --max-cell N          latex, markdown: text cells longer than N characters end in "…",
                        said in a note (default ${DEFAULT_MAX_CELL}; 0: no limit); csv and json keep them whole
`;

/** --max-cell: a whole number ≥ 0 (undefined: the default). */
export function maxCellFromFlags(values: { 'max-cell'?: string }): number | undefined {
  const text = values['max-cell'];
  if (text === undefined) return undefined;
  if (!/^[0-9]+$/.test(text.trim()) || Number(text) > 100_000)
    throw new UsageError(`--max-cell: ${JSON.stringify(text)} is not a whole number of characters (0: no limit)`);
  return Number(text);
}

/** --metrics: the subset (null: every metric), checked against the config's columns before any file is read. */
export function metricsFromFlags(values: { metrics?: string }, config: MetricConfig): string[] | null {
  if (values.metrics === undefined) return null;
  const wanted = parseMetricList(values.metrics);
  try {
    checkMetricSubset(metricTags(config), wanted);
  } catch (e) {
    if (e instanceof RangeError) throw new UsageError(`--metrics: ${e.message}`);
    throw e;
  }
  return wanted;
}

/** A metric subset applied to a table, a table it leaves without metrics being a usage error. */
export function subsetOrFail(t: Table, wanted: readonly string[] | null): Table {
  try {
    return subsetTable(t, wanted);
  } catch (e) {
    if (e instanceof RangeError) throw new UsageError(`--metrics: ${e.message}`);
    throw e;
  }
}
