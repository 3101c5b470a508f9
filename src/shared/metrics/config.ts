// Layer: shared (pure TS). The settings a score depends on — the one
// definition of MetricConfig (its type is inferred from the one zod schema,
// config-schema.ts, which this file loads only as a type) and of its
// defaults and bounds; the API validates it with the schema, the CLI and the
// app build it here. Every setting appears in the metric signature (each metric writes its
// own part). Every cache of something computed under a config keys it with
// configKey / cacheKey below and nothing else, so a new setting can never
// leave a stale answer (test/unit/shared/metrics/config.test.ts and
// test/unit/project/config-keys.test.ts check both).
//
// Dependency direction: metric definitions (defs/) read the config; the
// config owns its defaults and imports no metric.

import type { z } from 'zod';
import type { metricConfigSchema, presetConfigSchema } from './config-schema';

/** The types come from the one schema (config-schema.ts), by a type-only import: this file loads no zod. */
export type MetricConfig = z.infer<typeof metricConfigSchema>;
export type PresetConfig = z.infer<typeof presetConfigSchema>;

/** K for SA when no schema gives one: the 30 slots of MultiWOZ (spec section 3). */
export const DEFAULT_SLOT_COUNT = 30;
/** FGA's λ when none is given: the FGA paper's headline setting. */
export const DEFAULT_LAMBDAS: readonly number[] = [0.5];
/** Bounds the app, the CLI and the API all accept. */
export const MAX_LAMBDAS = 8;
export const MAX_LAMBDA = 1000;
export const MAX_SLOT_COUNT = 100_000;

export const TRAIT_VARIANTS = ['paper', 'notebook'] as const;

/**
 * The evaluator presets (src/shared/presets/parts.ts defines what each one
 * does; test/unit/shared/metrics/config.presets.test.ts keeps these lists
 * equal to its own). Written here, not imported, so the config stays free of
 * metric and matcher code.
 */
export const PRESET_IDS = ['exact', 'mwzeval', 'sgd', 'trade', 'simpletod', 'convlab3'] as const;
export const MATCH_SCORERS = ['ratio', 'partial_ratio', 'token_sort_ratio'] as const;
export const MATCH_BACKENDS = ['levenshtein', 'difflib'] as const;

/** The default preset: exact (today's scoring; nothing about it is written in the signature). */
export const EXACT_PRESET: PresetConfig = { name: 'exact' };

export function defaultConfig(overrides: Partial<MetricConfig> = {}): MetricConfig {
  return { lambdas: [...DEFAULT_LAMBDAS], slotCount: DEFAULT_SLOT_COUNT, traits: 'paper', preset: EXACT_PRESET, ...overrides };
}

/** JSON key for a λ: String(Number(λ)), so 1.0 → "1" and 0.50 → "0.5". */
export function lambdaKey(lambda: number): string {
  return String(Number(lambda));
}

/** JSON with object keys sorted at every level: the same text for the same content, whatever the key order. */
function canonical(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v) ?? 'null';
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (ArrayBuffer.isView(v)) return `[${Array.from(v as unknown as ArrayLike<number>).join(',')}]`;
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o)
    .filter((k) => o[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`).join(',')}}`;
}

/**
 * The one key of a config for every cache: every field, present or future,
 * in canonical form (keys sorted, so field order does not matter). Two
 * configs get the same key exactly when they hold the same settings.
 */
export function configKey(config: MetricConfig): string {
  return canonical(config);
}

/**
 * The key of an answer computed under `config` from further arguments
 * (sort, filter, run references, …): configKey plus the canonical form of
 * the rest. The one way a cache keys anything that depends on a config.
 */
export function cacheKey(config: MetricConfig, ...rest: unknown[]): string {
  return `${configKey(config)}\u0000${canonical(rest)}`;
}
