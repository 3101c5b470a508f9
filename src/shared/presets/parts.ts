// Layer: shared (pure TS). Evaluator presets as named bundles of parts: how
// values are normalised, which matcher accepts a predicted value (exact, or a
// fuzzywuzzy scorer with its threshold and backend), what the gold policy is
// (mwzeval drops dontcare from gold and keeps the first of several values),
// and which turns and slots are scored. Each part can also be set on its own;
// the signature writes the preset and, in its full form, every part.

import type { FuzzBackend, FuzzScorerName } from '../matching/fuzz';
// The scorer and backend names from the config (equal to fuzz.ts's lists: config.presets.test.ts), so that naming a
// matcher does not load the matchers' code (the CLI's start-up, docs/performance.md).
import { MATCH_BACKENDS as FUZZ_BACKENDS, MATCH_SCORERS as FUZZ_SCORERS } from '../metrics/config';

export const PRESET_NAMES = ['exact', 'mwzeval', 'sgd', 'trade', 'simpletod', 'convlab3'] as const;
export type PresetName = (typeof PRESET_NAMES)[number];

export type Matcher =
  | { kind: 'exact' }
  /** Accepts when scorer(pred, gold) > threshold (mwzeval: partial_ratio > 95), computed with fuzzywuzzy's backend. */
  | { kind: 'fuzzy'; scorer: FuzzScorerName; threshold: number; backend: FuzzBackend };

export type Normalisation = 'none' | 'mwzeval';

export interface PresetParts {
  normalisation: Normalisation;
  matcher: Matcher;
  /** Gold slot dropped when its value (or any of its alternatives) is "dontcare" (mwzeval utils.py parse_state). */
  dropDontcareGold: boolean;
  /** Gold slots of services without a frame in the turn are not carried over (MultiWOZ 2.2 / SGD sources; parse_state, SGD get_metrics). */
  framesPresentOnly: boolean;
  /** Gold value lists reduced to their first value (parse_state: value[0]). */
  firstAlternative: boolean;
  /** The literal value "none" is an ordinary value (mwzeval), not "inactive" (the metric papers). */
  noneIsValue: boolean;
  /** Only turns the prediction file has are scored (mwzeval loops over the predictions); else every gold turn. */
  predictedTurnsOnly: boolean;
  /**
   * TRADE's gold label fix (trade-dst utils/fix_label.py::fix_general_label_error, on gold only, on its 30
   * slots); a gold value it turns into "none" stays in the gold as a value no prediction matches, as
   * TRADE keeps "slot-none" in turn_belief. 'none': gold as it is.
   */
  goldFix: 'none' | 'trade';
  /** SimpleTOD compute_joint_acc.py's belief-item handling with its switches; null: not SimpleTOD's. */
  simpletod: SimpletodSwitches | null;
  /** ConvLab-3 evaluate_unified_datasets.py: all whitespace removed, lower-cased, '|' alternatives on both sides. */
  convlabValues: boolean;
  /** Predicted slots outside the gold's slot set (its ontology) are not scored (ConvLab-3 loops over the gold's slots). */
  goldSlotsOnly: boolean;
}

/**
 * SimpleTOD's switches (salesforce/simpletod compute_joint_acc.py flags; ignore_dontcare_in_pred is
 * facebookresearch/FnCTOD compute_joint_acc.py::compute_jacc's parameter).
 */
export interface SimpletodSwitches {
  /** --default_cleaning: utils/dst.py::default_cleaning (fix_mismatch_jason on both sides). */
  defaultCleaning: boolean;
  /** --type2_cleaning: credit a turn whose extra predictions are all in the dialogue's final target (see presets.md). */
  type2Cleaning: boolean;
  /** FnCTOD: predicted items containing dontcare / dont care / do not care removed (the gold's stay). */
  ignoreDontcareInPred: boolean;
}

export const SIMPLETOD_SWITCHES = ['default', 'type2', 'ignore-dontcare-pred'] as const;

export function simpletodText(s: SimpletodSwitches): string {
  const on = [s.defaultCleaning ? 'default' : '', s.type2Cleaning ? 'type2' : '', s.ignoreDontcareInPred ? 'ignore-dontcare-pred' : ''];
  return on.filter(Boolean).join('+') || 'none';
}

/** Parses --cleaning: "none" or switches joined by "," or "+" (default, type2, ignore-dontcare-pred). */
export function parseSimpletodSwitches(text: string): SimpletodSwitches | string {
  const out: SimpletodSwitches = { defaultCleaning: false, type2Cleaning: false, ignoreDontcareInPred: false };
  const t = text.trim();
  if (t === 'none') return out;
  for (const w of t.split(/[,+]/).map((x) => x.trim())) {
    if (w === 'default') out.defaultCleaning = true;
    else if (w === 'type2') out.type2Cleaning = true;
    else if (w === 'ignore-dontcare-pred') out.ignoreDontcareInPred = true;
    else return `unknown switch ${JSON.stringify(w)}; known: none, ${SIMPLETOD_SWITCHES.join(', ')}`;
  }
  return out;
}

/** The official SGD evaluator's flags (evaluate.py joint_acc_across_turn, use_fuzzy_match) and fuzzywuzzy's backend. */
export interface SgdSettings {
  acrossTurns: boolean;
  fuzzy: boolean;
  backend: FuzzBackend;
}
/** Its defaults: per frame, fuzzy, difflib (its requirements.txt does not list python-Levenshtein). */
export const SGD_DEFAULTS: SgdSettings = { acrossTurns: false, fuzzy: true, backend: 'difflib' };

export function sgdSettingsText(s: SgdSettings, full: boolean): string {
  const all = [`joint=${s.acrossTurns ? 'across-turns' : 'per-frame'}`, `match=${s.fuzzy ? 'fuzzy' : 'exact'}`, `backend=${s.backend}`];
  if (full) return all.join(',');
  const d = SGD_DEFAULTS;
  return all
    .filter((_, i) => (i === 0 ? s.acrossTurns !== d.acrossTurns : i === 1 ? s.fuzzy !== d.fuzzy : s.backend !== d.backend))
    .join(',');
}

export interface Preset {
  name: PresetName;
  /** One line for help and docs. */
  summary: string;
  /** The corpus-level parts; null for presets scored by their own evaluator (sgd) or unchanged (exact). */
  parts: PresetParts;
}

export const EXACT_PARTS: PresetParts = {
  normalisation: 'none',
  matcher: { kind: 'exact' },
  dropDontcareGold: false,
  framesPresentOnly: false,
  firstAlternative: false,
  noneIsValue: false,
  predictedTurnsOnly: false,
  goldFix: 'none',
  simpletod: null,
  convlabValues: false,
  goldSlotsOnly: false,
};

export const PRESETS: Readonly<Record<PresetName, Preset>> = {
  exact: { name: 'exact', summary: "values compared verbatim, as the metric papers' code does (the default)", parts: EXACT_PARTS },
  mwzeval: {
    name: 'mwzeval',
    summary: 'Tomiinek/MultiWOZ_Evaluation get_dst: normalize_data, dontcare dropped from gold, partial_ratio > 95',
    parts: {
      normalisation: 'mwzeval',
      matcher: { kind: 'fuzzy', scorer: 'partial_ratio', threshold: 95, backend: 'levenshtein' },
      dropDontcareGold: true,
      framesPresentOnly: true,
      firstAlternative: true,
      noneIsValue: true,
      predictedTurnsOnly: true,
      goldFix: 'none',
      simpletod: null,
      convlabValues: false,
      goldSlotsOnly: false,
    },
  },
  sgd: {
    name: 'sgd',
    summary: 'google-research schema_guided_dst evaluate.py: per frame, token_sort_ratio on non-categorical slots',
    parts: { ...EXACT_PARTS, framesPresentOnly: true },
  },
  trade: {
    name: 'trade',
    summary: "TRADE's evaluate_metrics after fix_general_label_error on gold (set equality, slot accuracy over 30 slots, per-turn F1)",
    parts: { ...EXACT_PARTS, goldFix: 'trade', predictedTurnsOnly: true },
  },
  simpletod: {
    name: 'simpletod',
    summary: "SimpleTOD's compute_joint_acc.py (set equality of belief items; --cleaning default,type2,ignore-dontcare-pred)",
    parts: {
      ...EXACT_PARTS,
      simpletod: { defaultCleaning: false, type2Cleaning: false, ignoreDontcareInPred: false },
      predictedTurnsOnly: true,
    },
  },
  convlab3: {
    name: 'convlab3',
    summary: "ConvLab-3 evaluate_unified_datasets.py (gold's slots only, whitespace removed, '|' alternatives)",
    parts: { ...EXACT_PARTS, convlabValues: true, goldSlotsOnly: true, noneIsValue: true, predictedTurnsOnly: true },
  },
};

/** Parses --match: "exact" or "SCORER>N" (e.g. partial_ratio>95); the backend is given apart. */
export function parseMatcher(text: string, backend: FuzzBackend): Matcher | string {
  const t = text.trim();
  if (t === 'exact') return { kind: 'exact' };
  const m = /^([a-z_]+)\s*>\s*(\d+(?:\.\d+)?)$/.exec(t);
  if (!m) return `expected "exact" or SCORER>N (e.g. partial_ratio>95), got ${JSON.stringify(text)}`;
  if (!(FUZZ_SCORERS as readonly string[]).includes(m[1]))
    return `unknown scorer ${JSON.stringify(m[1])}; known: ${FUZZ_SCORERS.join(', ')}`;
  const threshold = Number(m[2]);
  if (threshold > 100) return `a threshold above 100 accepts nothing (scores are 0..100), got ${threshold}`;
  return { kind: 'fuzzy', scorer: m[1] as FuzzScorerName, threshold, backend };
}

export function isBackend(s: string): s is FuzzBackend {
  return (FUZZ_BACKENDS as readonly string[]).includes(s);
}

export function matcherText(m: Matcher): string {
  return m.kind === 'exact' ? 'exact' : `${m.scorer}>${m.threshold}`;
}

/** The parts written out, in a fixed order: what `--signature full` prints inside preset=NAME(…). */
export function partsText(p: PresetParts, mapHash: string): string {
  const gold =
    [p.dropDontcareGold ? 'drop-dontcare' : '', p.framesPresentOnly ? 'frames-present' : '', p.firstAlternative ? 'first-value' : '']
      .filter(Boolean)
      .join('+') || 'as-is';
  const out = [
    `norm=${p.normalisation}${p.normalisation === 'mwzeval' ? `,map=${mapHash}` : ''}`,
    `match=${matcherText(p.matcher)}${p.matcher.kind === 'fuzzy' ? `,backend=${p.matcher.backend}` : ''}`,
    `gold=${gold}`,
    `none=${p.noneIsValue ? 'value' : 'inactive'}`,
    `turns=${p.predictedTurnsOnly ? 'predicted' : 'gold'}`,
  ];
  // The parts of trade, simpletod and convlab3, written when set (older signatures stay as they were).
  if (p.goldFix !== 'none') out.push(`fix=${p.goldFix}`);
  if (p.simpletod) out.push(`cleaning=${simpletodText(p.simpletod)}`);
  if (p.convlabValues) out.push('values=convlab3');
  if (p.goldSlotsOnly) out.push('slots=gold');
  return out.join(' ');
}

/** The parts that differ from the preset's own (what the short signature adds after the name). */
export function changedParts(name: PresetName, p: PresetParts): string[] {
  const base = PRESETS[name].parts;
  const out: string[] = [];
  if (p.normalisation !== base.normalisation) out.push(`norm=${p.normalisation}`);
  if (matcherText(p.matcher) !== matcherText(base.matcher)) out.push(`match=${matcherText(p.matcher)}`);
  const b = (m: Matcher) => (m.kind === 'fuzzy' ? m.backend : '');
  if (b(p.matcher) !== b(base.matcher) && p.matcher.kind === 'fuzzy') out.push(`backend=${b(p.matcher)}`);
  if (p.dropDontcareGold !== base.dropDontcareGold) out.push(`drop-dontcare=${p.dropDontcareGold ? 'yes' : 'no'}`);
  if (p.framesPresentOnly !== base.framesPresentOnly) out.push(`frames-present=${p.framesPresentOnly ? 'yes' : 'no'}`);
  if (p.firstAlternative !== base.firstAlternative) out.push(`first-value=${p.firstAlternative ? 'yes' : 'no'}`);
  if (p.noneIsValue !== base.noneIsValue) out.push(`none=${p.noneIsValue ? 'value' : 'inactive'}`);
  if (p.predictedTurnsOnly !== base.predictedTurnsOnly) out.push(`turns=${p.predictedTurnsOnly ? 'predicted' : 'gold'}`);
  if (p.goldFix !== base.goldFix) out.push(`fix=${p.goldFix}`);
  const st = (x: PresetParts) => (x.simpletod ? simpletodText(x.simpletod) : '');
  if (st(p) !== st(base)) out.push(`cleaning=${st(p) || 'off'}`);
  if (p.convlabValues !== base.convlabValues) out.push(`values=${p.convlabValues ? 'convlab3' : 'as-is'}`);
  if (p.goldSlotsOnly !== base.goldSlotsOnly) out.push(`slots=${p.goldSlotsOnly ? 'gold' : 'all'}`);
  return out;
}

/** The signature text: `preset=NAME` (with changed parts), or every part with `full`. */
export function presetSignatureText(name: PresetName, p: PresetParts, mapHash: string, full: boolean, sgd?: SgdSettings): string {
  if (sgd) {
    const t = sgdSettingsText(sgd, full);
    if (full) return `preset=sgd(${t} ${partsText(p, mapHash)})`;
    const changed = [t, ...changedParts(name, p)].filter(Boolean);
    return `preset=sgd${changed.length ? `(${changed.join(',')})` : ''}`;
  }
  if (full) return `preset=${name}(${partsText(p, mapHash)})`;
  const changed = changedParts(name, p);
  const map = p.normalisation === 'mwzeval' ? `,map=${mapHash}` : '';
  return `preset=${name}${changed.length > 0 || map ? `(${[...changed, ...(map ? [map.slice(1)] : [])].join(',')})` : ''}`;
}
