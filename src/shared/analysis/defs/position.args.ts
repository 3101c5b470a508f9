// Layer: shared (pure TS). The turn-position analysis's spec: its API kind,
// CLI name, docs and arguments — what the API contract and the app's tabs
// read (no computation: that is position.ts).

import { z } from 'zod';
import { MAX_BOOTSTRAP, MAX_SEED } from '../seed';
import { declareAnalysis } from '../def';

export const spec = declareAnalysis({
  kind: 'turnPosition',
  name: 'position',
  order: 20,
  label: 'Turn position',
  summary: 'every metric by turn index or dialogue length, with bootstrap bands',
  tab: true,
  docs: 'guide/analyses.md#turn-position',
  args: z.object({
    by: z.enum(['index', 'length']),
    bands: z.array(z.string().min(1).max(40)).max(24),
    replicates: z.number().int().min(1).max(MAX_BOOTSTRAP).optional(),
    seed: z.number().int().min(0).max(MAX_SEED).optional(),
  }),
});
