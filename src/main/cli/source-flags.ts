// Layer: main (Node). The one place command-line flags become a SourceSpec
// and a MetricConfig: every command that reads predictions (score, compare,
// inspect, convert, traits, serve, …) takes the same source options, with the
// same names and the same help text.

import { resolve } from 'node:path';
import { layoutNames } from '../../shared/formats/layouts';
import { parseValueOptions } from '../../shared/formats/normalise';
import {
  configKey,
  DEFAULT_LAMBDAS,
  DEFAULT_SLOT_COUNT,
  defaultConfig,
  TRAIT_VARIANTS,
  type MetricConfig,
} from '../../shared/metrics/config';
import { fileSource, type FileSource } from '../../shared/source';
import { formatBytes, MAX_INPUT_BYTES } from '../services/read-input';
import { oneOf, parseLambdas, parsePositiveInt, UsageError } from './usage';
import { plural } from '../../shared/plural';
import { presetOfFlags } from './preset-options';

export const SOURCE_FLAGS = {
  layout: { type: 'string' },
  gold: { type: 'string' },
  dialogues: { type: 'string' },
  schema: { type: 'string' },
  'slot-vocab': { type: 'string' },
  index: { type: 'string' },
  values: { type: 'string' },
  corrections: { type: 'string' },
  'corrections-from': { type: 'string' },
  'include-suspected': { type: 'boolean', default: false },
  'max-size': { type: 'string' },
} as const;

const CORRECTIONS_OPTION_HELP = `  --corrections FILE    apply the confirmed corrections of an annotation file to the
                        gold first (stale records are reported and skipped; the
                        signature gains corrections=N:hash)
  --include-suspected   with --corrections: apply suspected corrections too
  --corrections-from W  several annotators' files (--corrections A.jsonl,B.jsonl or a
                        merged file): whose corrections to apply — majority (the
                        verdict most annotators of a place gave, more than half),
                        adjudicated (adjudications, else unanimous verdicts), or
                        an annotator's name (the records' "by")
`;
const MAX_SIZE_HELP = `  --max-size BYTES      refuse larger files (default 2 GiB; at most 4 GiB)
`;

/** The source options without --corrections (for `corrections export`, whose file is its argument). */
export const SOURCE_HELP_WITHOUT_CORRECTIONS = () => SOURCE_HELP.replace(CORRECTIONS_OPTION_HELP, '');

export const SOURCE_HELP = `  --layout NAME         input layout, skipping detection (${layoutNames().join(', ')})
  --gold PATH           gold source: MultiWOZ 2.1 data.json, TRADE test_dials.json,
                        MultiWOZ 2.2 / SGD dialogues or a folder of them (needed for
                        mwzeval and sgd predictions; replaces the file's gold otherwise)
  --dialogues PATH      utterance source (same layouts as --gold)
  --schema FILE         SGD schema.json: K for SA is its slot count (--slots overrides)
  --slot-vocab FILE     belief spans (UBAR, PPTOD, FnCTOD, MTTOD): the slot vocabulary
                        (default: MultiWOZ's, built in; format in docs/reference/formats.md)
  --index FILE          line-aligned generations (one per line): the index they were
                        made from (DST-as-Prompting's test JSON Lines, LDST's .idx)
  --values LIST         value normalisation, comma-separated (default exact):
                        lower, trade-fixes, empty, dontcare, alternatives, or all
${CORRECTIONS_OPTION_HELP}${MAX_SIZE_HELP}`;

export const CONFIG_FLAGS = {
  lambdas: { type: 'string' },
  slots: { type: 'string' },
  traits: { type: 'string', default: 'paper' },
} as const;

export const CONFIG_HELP = `  --lambdas L1,L2,…     FGA decay values λ (default ${DEFAULT_LAMBDAS.join(',')})
  --slots K             slot count K for SA (default ${DEFAULT_SLOT_COUNT}, MultiWOZ; an SGD schema gives its own)
  --traits ${TRAIT_VARIANTS.join('|')}  TO/NU definition (default ${defaultConfig().traits})
`;

type FlagValues = Record<string, string | boolean | (string | boolean)[] | undefined>;

const str = (v: FlagValues[string]): string | undefined => (typeof v === 'string' ? v : undefined);

/**
 * The source of one run, checked: a prediction file alone (`score FILE`) is checked as it is read; a source with any
 * other field (or none, or several files, or an empty name) goes through the one source schema (source-schema.ts), as
 * an API call's does, which is then loaded (zod): a plain command does not pay for it at start-up (docs/performance.md).
 */
export async function sourceFromFlags(values: FlagValues, predictions: string[]): Promise<FileSource> {
  const spec = sourceOfFlags(values, predictions);
  const alone = spec.predictions.length === 1 && spec.predictions[0] !== '' && Object.keys(spec).length === 2;
  if (alone) return spec;
  // A source that cannot be one throws SourceSpecError (bad-args): one line and exit code 2, as a UsageError.
  return (await import('../../shared/source-schema')).checkSourceSpec(spec) as FileSource;
}

/** The source of one run as the flags give it, not yet checked (sourceFromFlags checks it; the app's workspace checks what it opens). */
export function sourceOfFlags(values: FlagValues, predictions: string[]): FileSource {
  const opts = str(values.values) !== undefined ? parseValueOptions(str(values.values)!) : [];
  if (typeof opts === 'string') throw new UsageError(`--values: ${opts}`);
  const files = str(values.corrections)
    ?.split(',')
    .map((f) => f.trim())
    .filter((f) => f !== '');
  const file = files?.[0];
  if (values['include-suspected'] === true && file === undefined) throw new UsageError('--include-suspected needs --corrections FILE');
  const from = str(values['corrections-from']);
  if (from !== undefined && file === undefined) throw new UsageError('--corrections-from needs --corrections FILE[,FILE…]');
  if (from !== undefined && from.trim() === '') throw new UsageError('--corrections-from: give majority, adjudicated or an annotator name');
  if (files && files.length > 1 && from === undefined)
    throw new UsageError(
      `--corrections: ${files.length} files given; say whose corrections to apply with --corrections-from majority|adjudicated|NAME`,
    );
  const corrections =
    file !== undefined
      ? {
          file,
          ...(values['include-suspected'] === true ? { includeSuspected: true } : {}),
          ...(files && files.length > 1 ? { more: files.slice(1) } : {}),
          ...(from !== undefined ? { from } : {}),
        }
      : undefined;
  return fileSource(predictions, {
    layout: str(values.layout),
    gold: str(values.gold),
    dialogues: str(values.dialogues),
    schema: str(values.schema),
    slotVocab: str(values['slot-vocab']),
    index: str(values.index),
    values: opts,
    corrections,
  });
}

/** --max-size, or undefined for the default; above the largest file Node.js can hold it is refused here, with that limit. */
export function maxBytesFromFlags(values: FlagValues): number | undefined {
  const v = str(values['max-size']);
  if (v === undefined) return undefined;
  const n = parsePositiveInt('--max-size', v);
  if (n > MAX_INPUT_BYTES)
    throw new UsageError(
      `--max-size: ${n} is above ${MAX_INPUT_BYTES} bytes (${formatBytes(MAX_INPUT_BYTES)}), the largest file this program can read`,
    );
  return n;
}

/**
 * λ, K, the TO/NU variant and the preset; K from a schema (`schemaSlots`) unless --slots is given. Checked by the one
 * config schema (config-schema.ts), loaded only when a setting differs from the defaults: the defaults pass it
 * (test/unit/shared/metrics/config.test.ts), and a plain `score FILE` then loads no zod (docs/performance.md).
 */
export async function configFromFlags(values: FlagValues, schemaSlots?: number): Promise<MetricConfig> {
  const overrides: Partial<MetricConfig> = { traits: oneOf('--traits', str(values.traits) ?? defaultConfig().traits, TRAIT_VARIANTS) };
  // The preset, once loadRuns / loadShared read it (with its value map) from the flags.
  const preset = presetOfFlags(values);
  if (preset) overrides.preset = preset.config;
  if (str(values.lambdas)) overrides.lambdas = parseLambdas(str(values.lambdas)!);
  if (str(values.slots)) overrides.slotCount = parsePositiveInt('--slots', str(values.slots)!);
  else if (schemaSlots) overrides.slotCount = schemaSlots;
  const config = defaultConfig(overrides);
  if (configKey(config) === configKey(defaultConfig())) return config;
  const problem = (await import('../../shared/metrics/config-schema')).checkConfig(config);
  if (problem) throw new UsageError(problem);
  return config;
}

/** The source with every path made absolute (for a long-running server, whose messages must not depend on its folder). */
export function resolveSpecPaths(spec: FileSource, cwd = process.cwd()): FileSource {
  const r = (p: string | undefined) => (p === undefined ? undefined : resolve(cwd, p));
  const out: FileSource = { ...spec, predictions: spec.predictions.map((p) => resolve(cwd, p)) };
  for (const k of ['gold', 'dialogues', 'schema', 'slotVocab', 'index'] as const) if (spec[k] !== undefined) out[k] = r(spec[k]);
  if (spec.corrections)
    out.corrections = {
      ...spec.corrections,
      file: r(spec.corrections.file)!,
      ...(spec.corrections.more ? { more: spec.corrections.more.map((f) => resolve(cwd, f)) } : {}),
    };
  return out;
}

/** --name A,B,…: one unique, non-empty name per run, or undefined for the default names. */
export function parseRunNames(text: string | undefined, runs: number): string[] | undefined {
  if (text === undefined) return undefined;
  const names = text.split(',').map((s) => s.trim());
  if (names.length !== runs)
    throw new UsageError(`--name: ${plural(names.length, 'name')} for ${plural(runs, 'run')}; give one name per prediction file`);
  if (names.some((n) => n === '')) throw new UsageError('--name: a run name is empty');
  const seen = new Set<string>();
  for (const n of names) {
    if (seen.has(n)) throw new UsageError(`--name: the run name ${JSON.stringify(n)} is given twice; run names must be unique`);
    seen.add(n);
  }
  return names;
}
