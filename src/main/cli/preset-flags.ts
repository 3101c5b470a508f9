// Layer: main (Node). The evaluator-preset options every scoring command
// takes (--preset and its parts), read into a PresetSelection, and scoring a
// loaded run under it: the corpus rewritten by the preset's parts
// (src/shared/presets/apply.ts), every metric computed on the matcher's
// classes, the preset named in the signature, the evaluator's own numbers
// (mwzeval's four) beside ours.

import { readFileSync } from 'node:fs';
import { parseTree, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { LoadError, locate } from '../../shared/formats/errors';
import { analyseCorpus } from '../../shared/metrics/turn-stats';
import { applyPresetParts, type PresetCorpus } from '../../shared/presets/apply';
import { mwzevalCounts, mwzevalScores } from '../../shared/presets/mwzeval-scores';
import { tradeScores } from '../../shared/presets/trade-eval';
import { simpletodScores } from '../../shared/presets/simpletod-eval';
import { convlab3Scores } from '../../shared/presets/convlab3-eval';
import {
  isBackend,
  parseMatcher,
  parseSimpletodSwitches,
  PRESET_NAMES,
  PRESETS,
  presetSignatureText,
  type PresetName,
  SGD_DEFAULTS,
  type PresetParts,
  type SgdSettings,
} from '../../shared/presets/parts';
import type { FuzzBackend } from '../../shared/matching/fuzz';
import { scoreSgdOfficial } from './sgd-preset';
import { EMPTY_VALUE_MAP, parseValueMap, ValueMapError, type ValueMap } from '../../shared/presets/value-map';
import type { PresetConfig } from '../../shared/metrics/config';
import { presetSignatureParts as configSignatureParts } from '../../shared/presets/config-parts';
import type { SignaturePart } from '../../shared/metrics/signature';
import type { LoadedRun } from '../services/load-pipeline';
import { oneOf, UsageError } from './usage';
import { carriedTurns, SGD_EQUALS_EXACT, sgdEqualsExact } from '../../shared/presets/sgd-notice';

/** A note on stderr, as runs.ts writes them (this module is imported by runs.ts, so it cannot import it). */
function warn(text: string): void {
  process.stderr.write(`dst-inspector: note: ${text}\n`);
}

type FlagValues = Record<string, string | boolean | (string | boolean)[] | undefined>;
const str = (v: FlagValues[string]): string | undefined => (typeof v === 'string' ? v : undefined);

export interface PresetSelection {
  /** The preset as the MetricConfig carries it (name, matcher set apart, value map hash, sgd flags). */
  config: PresetConfig;
  name: PresetName;
  parts: PresetParts;
  map: ValueMap;
  full: boolean;
  /** --preset sgd: the official evaluator's flags and the train schema. */
  sgd?: SgdSettings & { trainSchema?: string };
}

/** The preset and its parts from the flags; undefined when none of them is given (today's exact scoring). */
export function presetFromFlags(values: FlagValues): PresetSelection | undefined {
  const name = str(values.preset);
  const given = name !== undefined || ['value-map', 'match', 'fuzzy-backend', 'cleaning'].some((k) => str(values[k]) !== undefined);
  const full = oneOf('--signature', str(values.signature) ?? 'short', ['short', 'full'] as const) === 'full';
  if (!given) return undefined;
  const preset = oneOf('--preset', name ?? 'exact', PRESET_NAMES);
  let parts: PresetParts = { ...PRESETS[preset].parts };
  const cleaning = str(values.cleaning);
  if (cleaning !== undefined) {
    if (preset !== 'simpletod') throw new UsageError("--cleaning sets SimpleTOD's switches: use it with --preset simpletod");
    const sw = parseSimpletodSwitches(cleaning);
    if (typeof sw === 'string') throw new UsageError(`--cleaning: ${sw}`);
    parts = { ...parts, simpletod: sw };
  }
  const backendText = str(values['fuzzy-backend']);
  if (backendText !== undefined && !isBackend(backendText))
    throw new UsageError(`--fuzzy-backend: ${JSON.stringify(backendText)} is not one of levenshtein, difflib`);
  const joint = str(values.joint);
  const trainSchema = str(values['train-schema']);
  if (preset !== 'sgd' && (joint !== undefined || trainSchema !== undefined))
    throw new UsageError('--joint and --train-schema are settings of --preset sgd');
  if (preset === 'sgd') {
    const m = str(values.match);
    const sgd = {
      acrossTurns: oneOf('--joint', joint ?? 'per-frame', ['per-frame', 'across-turns'] as const) === 'across-turns',
      fuzzy: oneOf('--match', m ?? 'fuzzy', ['fuzzy', 'exact'] as const) === 'fuzzy',
      backend: (backendText ?? SGD_DEFAULTS.backend) as FuzzBackend,
      trainSchema,
    };
    if (str(values['value-map']) !== undefined)
      throw new UsageError("--value-map gives mwzeval's canonical spellings: use it with --preset mwzeval");
    const config: PresetConfig = { name: preset, sgd: { acrossTurns: sgd.acrossTurns, fuzzy: sgd.fuzzy, backend: sgd.backend } };
    return { config, name: preset, parts, map: EMPTY_VALUE_MAP, full, sgd };
  }
  const match = str(values.match);
  if (match !== undefined) {
    const backend = backendText ?? (parts.matcher.kind === 'fuzzy' ? parts.matcher.backend : 'levenshtein');
    const m = parseMatcher(match, backend as 'levenshtein' | 'difflib');
    if (typeof m === 'string') throw new UsageError(`--match: ${m}`);
    parts = { ...parts, matcher: m };
  } else if (backendText !== undefined && parts.matcher.kind === 'fuzzy') {
    parts = { ...parts, matcher: { ...parts.matcher, backend: backendText } };
  } else if (backendText !== undefined) {
    throw new UsageError('--fuzzy-backend chooses the backend of a fuzzy matcher: give --match SCORER>N or a preset that has one');
  }
  const mapFile = str(values['value-map']);
  if (mapFile !== undefined && parts.normalisation !== 'mwzeval')
    throw new UsageError("--value-map gives mwzeval's canonical spellings: use it with --preset mwzeval");
  const map = mapFile !== undefined ? readValueMap(mapFile) : EMPTY_VALUE_MAP;
  const config: PresetConfig = {
    name: preset,
    ...(parts.matcher !== PRESETS[preset].parts.matcher ? { matcher: parts.matcher } : {}),
    ...(map !== EMPTY_VALUE_MAP ? { valueMap: map.hash } : {}),
    ...(parts.simpletod !== PRESETS[preset].parts.simpletod && parts.simpletod ? { simpletod: parts.simpletod } : {}),
  };
  return { config, name: preset, parts, map, full };
}

function readValueMap(file: string): ValueMap {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(file);
  } catch (e) {
    throw new UsageError(`--value-map: cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  const text = new TextDecoder().decode(bytes);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    // JSON.parse refused it; jsonc-parser says where (its first error).
    const errors: ParseError[] = [];
    parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
    const at = errors[0]?.offset;
    const why = errors[0] ? printParseErrorCode(errors[0].error) : (e as Error).message;
    throw new LoadError(
      file,
      `not valid JSON (${why})`,
      at !== undefined ? locate(bytes, new TextEncoder().encode(text.slice(0, at)).length) : undefined,
    );
  }
  try {
    return parseValueMap(data, file);
  } catch (e) {
    if (e instanceof ValueMapError) throw new UsageError(e.message);
    throw e;
  }
}

/** The signature text of the selection. */
export function presetSignature(sel: PresetSelection): string {
  return presetSignatureText(sel.name, sel.parts, sel.map.hash, sel.full, sel.sgd);
}

/** The signature parts of a selection (as makeSignature writes them from the config). */
export function presetSignatureParts(sel: PresetSelection): SignaturePart[] {
  return configSignatureParts(sel.config, sel.full);
}

/** The preset a run was loaded under (applyPresetToRun), with what applying it did. */
const applied = new WeakMap<LoadedRun, { sel: PresetSelection; applied: PresetCorpus }>();

/**
 * Rewrites a loaded run under a preset, in place: its corpus becomes the
 * preset's (gold policy, normalisation, the matcher's classes) and its turn
 * stats are computed anew, so every later step — scores, analyses, suspects,
 * figures — sees the preset's classes. Notes on stderr say what changed.
 */
export function applyPresetToRun(file: string, run: LoadedRun, sel: PresetSelection): void {
  const input = run.loaded.corpus;
  const a = applyPresetParts(input, sel.parts, { map: sel.map });
  if (a.corpus !== run.loaded.corpus) {
    run.loaded = { ...run.loaded, corpus: a.corpus };
    run.stats = analyseCorpus(a.corpus);
  }
  applied.set(run, { sel, applied: a });
  // The corpus-level sgd is "frames present only": without the gold's service frames it changes nothing (the app says the same).
  if (sel.name === 'sgd' && sgdEqualsExact(carriedTurns(input)))
    warn(`${file}: --preset ${SGD_EQUALS_EXACT} (our metrics; score's sgd object needs --gold GOLD_DIR with schema.json)`);
  if (sel.name === 'mwzeval' && sel.map === EMPTY_VALUE_MAP)
    warn(
      `${file}: --preset mwzeval without --value-map: mwzeval's canonical spellings (venue names, food types, whole-value times) are not applied, so values its tables would change count as they are (the signature says map=none)`,
    );
  if (a.issues.unparsedTimes > 0)
    warn(
      `${file}: ${a.issues.unparsedTimes} time value(s) mwzeval's time_to_canonical cannot parse (it stops with ValueError there); kept as written`,
    );
  if (a.droppedTurns > 0)
    warn(`${file}: ${a.droppedTurns} gold turn(s) the predictions lack are not scored (${sel.name} scores predicted turns only)`);
}

/** The evaluator's own numbers for a run loaded under a preset: { mwzeval: {...} } or { sgd: {...} }. */
export function presetExtra(run: LoadedRun): Record<string, unknown> | undefined {
  const p = applied.get(run);
  if (!p) return undefined;
  const extra: Record<string, unknown> = {};
  if (p.sel.sgd) {
    const spec = run.spec as { predictions?: string[]; gold?: string; schema?: string };
    extra.sgd = scoreSgdOfficial({
      predictions: spec.predictions ?? [],
      gold: spec.gold,
      schema: spec.schema,
      trainSchema: p.sel.sgd.trainSchema,
      acrossTurns: p.sel.sgd.acrossTurns,
      fuzzy: p.sel.sgd.fuzzy,
      backend: p.sel.sgd.backend,
    });
  }
  const stats = () => run.stats ?? analyseCorpus(run.loaded.corpus);
  if (p.sel.name === 'mwzeval') extra.mwzeval = mwzevalScores(mwzevalCounts(stats()));
  if (p.sel.name === 'trade') extra.trade = tradeScores(run.loaded.corpus, stats());
  if (p.sel.name === 'simpletod' && p.sel.parts.simpletod)
    extra.simpletod = simpletodScores(run.loaded.corpus, stats(), p.sel.parts.simpletod);
  if (p.sel.name === 'convlab3') extra.convlab3 = convlab3Scores(stats());
  return extra;
}
