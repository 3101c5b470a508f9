// Layer: shared (pure TS). The correlations analysis's spec: its API kind,
// CLI name, docs and arguments — what the API contract and the app's tabs
// read (no computation: that is correlations.ts).

import { z } from 'zod';
import { declareAnalysis } from '../def';

export const spec = declareAnalysis({
  kind: 'correlations',
  name: 'correlations',
  order: 40,
  label: 'Correlations',
  summary: 'Pearson and Spearman matrices of the metrics, per turn or per dialogue',
  tab: true,
  docs: 'guide/analyses.md#correlations',
  args: z.object({ level: z.enum(['turn', 'dialogue']), method: z.enum(['pearson', 'spearman']) }),
});
