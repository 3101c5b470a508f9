// Layer: shared (pure TS). The one schema of a MetricConfig (zod), kept apart
// from config.ts so that what only builds or keys a config loads no zod (the
// CLI's start-up: docs/performance.md, "Start-up of the command"). The types
// are inferred from it (config.ts: `z.infer`, by `import type`); the API
// contract validates every config with it (calls/common.ts), and the CLI
// checks every setting given on its command line with checkConfig.

import { z } from 'zod';
import {
  MATCH_BACKENDS,
  MATCH_SCORERS,
  MAX_LAMBDA,
  MAX_LAMBDAS,
  MAX_SLOT_COUNT,
  PRESET_IDS,
  TRAIT_VARIANTS,
  type MetricConfig,
} from './config';

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
