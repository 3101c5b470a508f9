// Layer: shared (pure TS). The error-origin analysis's spec: its API kind,
// CLI name, docs and arguments — what the API contract and the app's tabs
// read (no computation: that is origin.ts).

import { z } from 'zod';
import { declareAnalysis } from '../def';

export const spec = declareAnalysis({
  kind: 'errorOrigin',
  name: 'origin',
  order: 30,
  label: 'Error origin',
  summary: 'fresh (type-1) vs carried (type-2) wrong turns, and their root causes',
  tab: true,
  docs: 'guide/analyses.md#error-origin',
  args: z.object({ top: z.number().int().min(1).max(1000).optional() }),
});
