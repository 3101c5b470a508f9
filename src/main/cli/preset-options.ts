// Layer: main (Node). The evaluator-preset options as flags and help text,
// and which loaded runs carry a preset: a small module with no heavy imports,
// so that commands list the options without loading the preset code
// (preset-flags.ts, imported only when a preset option is given).

import type { PresetConfig } from '../../shared/metrics/config';

export const PRESET_FLAGS = {
  preset: { type: 'string' },
  'value-map': { type: 'string' },
  match: { type: 'string' },
  'fuzzy-backend': { type: 'string' },
  signature: { type: 'string', default: 'short' },
  joint: { type: 'string' },
  'train-schema': { type: 'string' },
  cleaning: { type: 'string' },
} as const;

export const PRESET_HELP = `  --preset NAME         score as an evaluator does: exact, mwzeval, sgd, trade, simpletod,
                        convlab3 (default exact);
                        docs/reference/presets.md says what each one does and cites its code
  --value-map FILE      mwzeval: the canonical spellings its normalize_state_slot_value uses
                        (a dst-inspector-value-map JSON file; none are shipped)
  --match M             the value matcher: exact, or SCORER>N with SCORER one of ratio,
                        partial_ratio, token_sort_ratio (mwzeval: partial_ratio>95)
  --fuzzy-backend B     levenshtein (python-Levenshtein 0.12) or difflib (fuzzywuzzy's
                        pure-Python fallback); default: what the preset's evaluator used
  --signature short|full  full: the preset's parts written out in the signature
  --joint per-frame|across-turns  sgd: joint goal accuracy per frame (default) or over each
                        turn's frames (the official evaluator's --joint_acc_across_turn)
  --train-schema FILE   sgd: the train schema.json that says which services are seen
                        (default: ../train/schema.json beside the --gold folder)
  sgd also takes --match fuzzy|exact (its --use_fuzzy_match; default fuzzy) and
  --fuzzy-backend (default difflib, what its requirements install)
  --cleaning LIST       simpletod: its switches, comma-separated: default (--default_cleaning),
                        type2 (--type2_cleaning), ignore-dontcare-pred (FnCTOD's), or none
                        (the default, as compute_joint_acc.py without flags)
`;

type FlagValues = Record<string, string | boolean | (string | boolean)[] | undefined>;

/** Whether any preset option is given (then preset-flags.ts reads them). */
export function hasPresetFlags(values: FlagValues): boolean {
  return ['preset', 'value-map', 'match', 'fuzzy-backend', 'joint', 'train-schema', 'cleaning'].some((k) => typeof values[k] === 'string');
}

/**
 * The preset the flags chose (read with its value map when the runs were
 * loaded, by preset-flags.ts): configFromFlags puts it into the MetricConfig,
 * so it reaches every number and signature through the config.
 */
const chosen = new WeakMap<object, { config: PresetConfig; full: boolean }>();

export function rememberPreset(values: object, config: PresetConfig, full: boolean): void {
  chosen.set(values, { config, full });
}

/** The preset read from these flags, or undefined before the runs were loaded or when no preset option is given. */
export function presetOfFlags(values: object): { config: PresetConfig; full: boolean } | undefined {
  return chosen.get(values);
}

/** Runs whose signature writes the preset's parts out (`--signature full`). */
const fullSignature = new WeakSet<object>();

export function markFullSignature(run: object): void {
  fullSignature.add(run);
}

export function hasFullSignature(run: object): boolean {
  return fullSignature.has(run);
}
