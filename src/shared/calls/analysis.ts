// Layer: shared (pure TS). API calls of the analysis view and of the
// header's filtered scores: the scores of the inspect list's filtered subset,
// and one call per analysis of the registry (src/shared/analysis/defs: the
// breakdowns, turn position, error origin, correlations, spurious traits, …),
// generated from its def: the call's name is the def's kind, its arguments
// the run and revision it reads, the metric config and the def's own schema,
// validated at the boundary like every call's; its result the def's, typed
// per kind. Every result carries its signature.

import { z } from 'zod';
import type { AnalysisKind, AnalysisOwnArgs, AnalysisResultOf, AnyAnalysisSpec } from '../analysis/def';
import { ANALYSIS_SPECS } from '../analysis/specs';
import type { MetricConfig } from '../metrics/config';
import type { Signature } from '../metrics/signature';
import type { Scores } from '../metrics/state';
import { metricConfigSchema, runRef } from './common';
import { listFilterSchema } from './inspect';

const base = { ...runRef, config: metricConfigSchema };

/** The arguments of an analysis's call: the run and revision it reads, the config, and the def's own. */
export type AnalysisCallArgs<K extends AnalysisKind> = { run: string; rev: number; config: MetricConfig } & AnalysisOwnArgs<K>;

/** The call's argument schema of a def. */
export function analysisCallSchema(def: AnyAnalysisSpec): z.ZodObject<z.ZodRawShape> {
  return z.object({ ...base, ...def.args.shape }).strict();
}

type AnalysisCallSchemas = { readonly [K in AnalysisKind]: z.ZodType<AnalysisCallArgs<K>> };

export const ANALYSIS_CALLS = {
  /** The corpus metrics of the dialogues the inspect list's filter keeps (their state rows summed). */
  filteredScores: z.object({ ...base, filter: listFilterSchema }).strict(),
  ...(Object.fromEntries(ANALYSIS_SPECS.map((d) => [d.kind, analysisCallSchema(d)])) as unknown as AnalysisCallSchemas),
} as const;

export interface FilteredScores {
  /** What the filter keeps, in words ("domain taxi · search "missed:train-leaveat""). */
  label: string;
  scores: Scores;
  signature: Signature;
}

export type AnalysisResults = { filteredScores: FilteredScores } & { [K in AnalysisKind]: AnalysisResultOf<K> };
