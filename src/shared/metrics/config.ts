// Layer: shared (pure TS). The settings a score depends on — one zod schema,
// the one definition of MetricConfig (its type is inferred from the schema)
// and of its defaults; the API validates it, the CLI and the app build it
// here. Every setting appears in the metric signature (each metric writes its
// own part). Every cache of something computed under a config keys it with
// configKey / cacheKey below and nothing else, so a new setting can never
// leave a stale answer (test/unit/shared/metrics/config.test.ts and
// test/unit/project/config-keys.test.ts check both).
//
// Dependency direction: metric definitions (defs/) read the config; the
// config owns its defaults and imports no metric.

import { z } from 'zod';

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

const matcherSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('exact') }).strict(),
  z
    .object({
      kind: z.literal('fuzzy'),
      scorer: z.enum(MATCH_SCORERS),
      threshold: z
        .number('a matcher threshold must be a number')
        .min(0, 'a matcher threshold must be ≥ 0')
        .max(100, 'a matcher threshold must be at most 100'),
      backend: z.enum(MATCH_BACKENDS),
    })
    .strict(),
]);

/**
 * The evaluator preset a score is computed under: its name and the parts set
 * apart from the preset's own (presets/config-parts.ts turns this into the
 * parts). The default, `{ name: 'exact' }`, is the metric papers' scoring.
 */
export const presetConfigSchema = z
  .object({
    name: z.enum(PRESET_IDS),
    /** A matcher other than the preset's own (--match, --fuzzy-backend). */
    matcher: matcherSchema.optional(),
    /** Content hash of the value map (mwzeval's canonical spellings, --value-map); absent: none. */
    valueMap: z
      .string()
      .regex(/^[0-9a-f]{1,64}$/, 'a value map hash is hex')
      .optional(),
    /** --preset simpletod --cleaning: its switches (presets/parts.ts SimpletodSwitches); absent: the preset's own (all off). */
    simpletod: z
      .object({ defaultCleaning: z.boolean(), type2Cleaning: z.boolean(), ignoreDontcareInPred: z.boolean() })
      .strict()
      .optional(),
    /** --preset sgd: the official evaluator's flags. */
    sgd: z
      .object({ acrossTurns: z.boolean(), fuzzy: z.boolean(), backend: z.enum(MATCH_BACKENDS) })
      .strict()
      .optional(),
  })
  .strict();

export type PresetConfig = z.infer<typeof presetConfigSchema>;

/** The default preset: exact (today's scoring; nothing about it is written in the signature). */
export const EXACT_PRESET: PresetConfig = { name: 'exact' };

export const metricConfigSchema = z
  .object({
    /** FGA decay values λ, in the order they are reported. */
    lambdas: z
      .array(z.number('FGA λ must be a number').min(0, 'FGA λ must be ≥ 0').max(MAX_LAMBDA, `FGA λ must be at most ${MAX_LAMBDA}`))
      .min(1, 'at least one FGA λ is needed')
      .max(MAX_LAMBDAS, `at most ${MAX_LAMBDAS} FGA λ values`),
    /** K, the number of slots in the schema, for SA. */
    slotCount: z
      .number()
      .int('SA slot count K must be a positive integer')
      .min(1, 'SA slot count K must be a positive integer')
      .max(MAX_SLOT_COUNT, `SA slot count K must be at most ${MAX_SLOT_COUNT}`),
    /** TO/NU definition. */
    traits: z.enum(TRAIT_VARIANTS),
    /** The evaluator preset (normalisation, matcher, gold policy, scope): every number is computed on its classes. */
    preset: presetConfigSchema,
  })
  .strict();

export type MetricConfig = z.infer<typeof metricConfigSchema>;

export function defaultConfig(overrides: Partial<MetricConfig> = {}): MetricConfig {
  return { lambdas: [...DEFAULT_LAMBDAS], slotCount: DEFAULT_SLOT_COUNT, traits: 'paper', preset: EXACT_PRESET, ...overrides };
}

/** JSON key for a λ: String(Number(λ)), so 1.0 → "1" and 0.50 → "0.5". */
export function lambdaKey(lambda: number): string {
  return String(Number(lambda));
}

/** Validates settings against the schema; returns the first problem (what is wrong, and the value given) or null. */
export function checkConfig(c: MetricConfig): string | null {
  const r = metricConfigSchema.safeParse(c);
  if (r.success) return null;
  const issue = r.error.issues[0];
  const where = issue.path.length > 0 ? issue.path.join('.') : 'config';
  const got = valueAt(c, issue.path);
  return `${where}: ${issue.message}${got === undefined ? '' : `, got ${got}`}`;
}

function valueAt(c: unknown, path: readonly PropertyKey[]): string | undefined {
  let v: unknown = c;
  for (const p of path) v = v !== null && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[p] : undefined;
  return v === undefined || (v !== null && typeof v === 'object') ? undefined : String(v);
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
