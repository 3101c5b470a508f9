// Layer: shared (pure TS). The breakdowns' spec (spec section 13): its API
// kind, CLI name, docs and arguments — what the API contract and the app's
// tabs read (no computation: that is breakdown.ts).

import { z } from 'zod';
import { declareAnalysis } from '../def';

export const BY = ['domain', 'slot'] as const;

export const spec = declareAnalysis({
  kind: 'breakdown',
  name: 'breakdown',
  order: 10,
  label: 'Breakdowns',
  summary: 'every metric per domain; counts, P/R/F1 and confusions per slot',
  tab: true,
  docs: 'guide/analyses.md#breakdowns-spec-section-13',
  args: z.object({
    by: z.enum(BY),
    domainTurns: z.enum(['active', 'dialogue']).optional(),
    domainK: z.union([z.number().int().min(1).max(100_000), z.literal('slots')]).optional(),
  }),
});
