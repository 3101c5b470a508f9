// Layer: shared (pure TS). API calls of the analysis view and of the
// header's filtered scores: the scores of the inspect list's filtered subset,
// the per-domain and per-slot breakdowns, turn position with bootstrap bands,
// the origin of wrong turns, correlation matrices, and the spurious-trait
// points. Each names the run and revision it reads; every result carries its
// signature.

import { z } from 'zod';
import type { Breakdown } from '../analysis/breakdown-report';
import type { CorrelationMatrix } from '../analysis/correlations';
import type { ErrorOrigin } from '../analysis/error-origin';
import type { TraitsView } from '../analysis/traits-points';
import type { TurnPosition } from '../analysis/turn-position';
import type { Signature } from '../metrics/signature';
import type { Scores } from '../metrics/state';
import { metricConfigSchema, runRef } from './common';
import { listFilterSchema } from './inspect';
import { MAX_BOOTSTRAP, MAX_SEED } from '../analysis/seed';

const base = { ...runRef, config: metricConfigSchema };

export const ANALYSIS_CALLS = {
  /** The corpus metrics of the dialogues the inspect list's filter keeps (their state rows summed). */
  filteredScores: z.object({ ...base, filter: listFilterSchema }).strict(),
  /** Per-domain (states restricted to the domain, spec 13) or per-slot breakdown. */
  breakdown: z
    .object({
      ...base,
      by: z.enum(['domain', 'slot']),
      domainTurns: z.enum(['active', 'dialogue']).optional(),
      domainK: z.union([z.number().int().min(1).max(100_000), z.literal('slots')]).optional(),
    })
    .strict(),
  /** Every metric by turn index or dialogue length, with seeded bootstrap bands for the metrics named. */
  turnPosition: z
    .object({
      ...base,
      by: z.enum(['index', 'length']),
      bands: z.array(z.string().min(1).max(40)).max(24),
      replicates: z.number().int().min(1).max(MAX_BOOTSTRAP).optional(),
      seed: z.number().int().min(0).max(MAX_SEED).optional(),
    })
    .strict(),
  /** Fresh (type-1) vs carried (type-2) wrong turns and their root causes. */
  errorOrigin: z.object({ ...base, top: z.number().int().min(1).max(1000).optional() }).strict(),
  /** Pearson or Spearman matrix of the metrics at turn or dialogue level. */
  correlations: z.object({ ...base, level: z.enum(['turn', 'dialogue']), method: z.enum(['pearson', 'spearman']) }).strict(),
  /** The GCA paper's spurious-trait analysis with each kept dialogue's z-scores. */
  traitsView: z.object(base).strict(),
} as const;

export interface FilteredScores {
  /** What the filter keeps, in words ("domain taxi · search "missed:train-leaveat""). */
  label: string;
  scores: Scores;
  signature: Signature;
}

export interface AnalysisResults {
  filteredScores: FilteredScores;
  breakdown: Breakdown;
  turnPosition: TurnPosition;
  errorOrigin: ErrorOrigin;
  correlations: CorrelationMatrix;
  traitsView: TraitsView;
}
