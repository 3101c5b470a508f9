// Layer: shared (pure TS). The spurious-traits analysis's spec: its API
// kind, CLI name, docs and arguments — what the API contract and the app's
// tabs read (no computation: that is traits.ts).

import { z } from 'zod';
import { declareAnalysis } from '../def';

export const spec = declareAnalysis({
  kind: 'traitsView',
  name: 'traits',
  order: 50,
  label: 'Spurious traits',
  summary: "TO and NU against FGA and GCA (the GCA paper's Figure 4)",
  tab: true,
  docs: 'guide/analyses.md#spurious-traits',
  args: z.object({}),
});
