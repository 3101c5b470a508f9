// Layer: shared (pure TS). The metric signature (spec section 10), as an
// object: every evaluation carries the settings that produced it, in one
// canonical order, and renderSignature writes it the same way everywhere (as
// sacrebleu does). Metrics contribute their own parts (contract.ts); the
// source, corrections, breakdowns and statistics add theirs. Two numbers are
// comparable only if their signatures agree.

import { APP_VERSION } from '../version';
import { EXACT_PRESET, type MetricConfig } from './config';
import { METRICS } from './registry';
import type { TraitVariant } from './traits';
import { pushAll } from '../arrays';
import { presetSignatureParts } from '../presets/config-parts';

export interface SignaturePart {
  /** What the part is about: a metric id, or a setting name (values, corrections, seed, …). */
  key: string;
  /** How it is written, e.g. "SA K=30", "values=exact". */
  text: string;
}

export interface Signature {
  /** In canonical order (see ORDER). */
  readonly parts: readonly SignaturePart[];
}

/**
 * Canonical order of the parts: the metrics' settings (GCA, FGA, SA first, as
 * the metric papers write them, then any other metric's in registry order),
 * the input's settings, then the settings of derived numbers, the version last.
 */
const ORDER = [
  'GCA',
  'FGA',
  'SA',
  ...METRICS.map((m) => m.id),
  'preset',
  'values',
  'none',
  'corrections',
  'traits',
  'domain',
  'turns',
  'common',
  'gold',
  'bootstrap',
  'trials',
  'seed',
];

function rank(key: string): number {
  if (key === 'app') return Number.MAX_SAFE_INTEGER;
  const i = ORDER.indexOf(key);
  return i < 0 ? ORDER.length : i;
}

function ordered(parts: SignaturePart[]): SignaturePart[] {
  const seen = new Map<string, SignaturePart>();
  for (const p of parts) seen.set(p.key, p); // a later part with the same key replaces an earlier one
  return [...seen.values()].sort((a, b) => rank(a.key) - rank(b.key) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

export interface SignatureSettings {
  /** Value normalisation options in force (short names); empty = exact. */
  values?: readonly string[];
  /** TO/NU definition (only a non-default one is written). */
  traits?: TraitVariant;
  /** Corrections applied to the gold: how many, and a short hash of them (docs/reference/annotation-file.md). */
  corrections?: { count: number; hash: string; from?: string };
  /** Further parts (breakdown selection, statistics settings, …). */
  extra?: readonly SignaturePart[];
  /** The preset's parts written out (`--signature full`), not only its name and what is set apart. */
  presetFull?: boolean;
}

/** The signature of numbers computed under `config` with these settings. */
export function makeSignature(config: MetricConfig, settings: SignatureSettings = {}): Signature {
  const parts: SignaturePart[] = [];
  for (const m of METRICS) {
    const t = m.signature?.(config);
    if (t) parts.push({ key: m.id, text: t });
  }
  const values = settings.values ?? [];
  parts.push({ key: 'values', text: `values=${values.length === 0 ? 'exact' : values.join('+')}` });
  parts.push({ key: 'none', text: 'none=inactive' });
  // The preset (none for the default, exact); "none=value" replaces "none=inactive" where it says so.
  pushAll(parts, presetSignatureParts(config.preset ?? EXACT_PRESET, settings.presetFull));
  if (settings.corrections)
    parts.push({
      key: 'corrections',
      // Several annotators' files: whose corrections (an annotator, majority, adjudicated) are part of the number's identity.
      text: `corrections=${settings.corrections.count}:${settings.corrections.hash}${settings.corrections.from !== undefined ? ` from=${settings.corrections.from}` : ''}`,
    });
  const traits = settings.traits ?? config.traits;
  if (traits && traits !== 'paper') parts.push({ key: 'traits', text: `TO/NU=${traits}` });
  pushAll(parts, settings.extra ?? []);
  parts.push({ key: 'app', text: `app ${APP_VERSION}` });
  return { parts: ordered(parts) };
}

/** The signature with more parts (or parts replaced by key), still in canonical order. */
export function extendSignature(sig: Signature, extra: readonly SignaturePart[]): Signature {
  return { parts: ordered([...sig.parts, ...extra]) };
}

/** The one way a signature is written: its parts joined by " | ". */
export function renderSignature(sig: Signature): string {
  return sig.parts.map((p) => p.text).join(' | ');
}
