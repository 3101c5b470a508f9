// Layer: shared (pure TS). Argument pieces every group of API calls uses:
// a run id, a (run, revision) reference, the metric config, names.

import { z } from 'zod';

/** The metric config is validated by its one schema (metrics/config-schema.ts). */
export { metricConfigSchema } from '../metrics/config-schema';

export const runId = z.string().regex(/^r[0-9]{1,9}$/, 'a run id such as "r1"');
/** A run and the revision the caller's data is from (spread into a call's arguments). */
export const runRef = { run: runId, rev: z.number().int().min(0) };
export const label = z.string().trim().min(1).max(200);
export const dialogueId = z.string().min(1).max(1000);
