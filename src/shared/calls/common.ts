// Layer: shared (pure TS). Argument pieces every group of API calls uses:
// a run id, a (run, revision) reference, the metric config, names.

import { z } from 'zod';

export const metricConfigSchema = z
  .object({
    lambdas: z.array(z.number().finite().min(0).max(1000)).min(1).max(8),
    slotCount: z.number().int().min(1).max(100_000),
    traits: z.enum(['paper', 'notebook']),
  })
  .strict();

export const runId = z.string().regex(/^r[0-9]{1,9}$/, 'a run id such as "r1"');
/** A run and the revision the caller's data is from (spread into a call's arguments). */
export const runRef = { run: runId, rev: z.number().int().min(0) };
export const label = z.string().trim().min(1).max(200);
export const dialogueId = z.string().min(1).max(1000);
