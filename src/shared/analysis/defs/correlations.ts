// Layer: shared (pure TS). The correlation matrix of the metrics (the RSA
// paper's Figure 3), over turns or over dialogues, Pearson or Spearman, as
// one analysis of the registry: `analyze --kind correlations` (alias
// `analyze --correlation`), the API's `correlations` call, the analysis
// view's tab.

import { z } from 'zod';
import { renderSignature } from '../../metrics/signature';
import { heatmapScene } from '../../viz/analysis-heatmap';
import { correlationTable } from '../analysis-tables';
import { CORRELATION_LEVELS, CORRELATION_METHODS, correlationMatrix } from '../correlations';
import { defineAnalysis, type FlagValues, type ParseContext } from '../def';
import { oneOf, textOf } from '../flags';

export const analysis = defineAnalysis({
  kind: 'correlations',
  name: 'correlations',
  order: 40,
  label: 'Correlations',
  summary: 'Pearson and Spearman matrices of the metrics, per turn or per dialogue',
  tab: true,
  docs: 'guide/analyses.md#correlations',
  args: z.object({ level: z.enum(['turn', 'dialogue']), method: z.enum(['pearson', 'spearman']) }),
  compute: (run, a) => correlationMatrix(run.evaluation(a.config), a.level, a.method),
  figure: (o) => heatmapScene(o.items[0].result, renderSignature(o.items[0].result.signature), { width: 620 }),
  cli: {
    alias: { flag: 'correlation', as: 'level' },
    flags: {
      level: {
        value: 'turn|dialogue',
        help: 'over all turns (default; AGA, IAGA pairwise where gold is not empty)\nor over dialogues (GCA included)',
      },
      method: { value: 'pearson|spearman', help: 'default pearson' },
    },
    captions: true,
    examples: ['--level turn', '--level dialogue --method spearman --format json'],
    parse: (flags: FlagValues, ctx: ParseContext) => ({
      args: {
        level: oneOf(ctx.flag('level'), textOf(flags.level) ?? 'turn', CORRELATION_LEVELS),
        method: oneOf('--method', textOf(flags.method) ?? 'pearson', CORRELATION_METHODS),
      },
      view: {},
    }),
    json: (o) => {
      const m = o.items[0].result;
      return { level: m.level, method: m.method, metrics: m.metrics, matrix: m.matrix, n: m.n, signature: renderSignature(m.signature) };
    },
    tables: (o) => [correlationTable(o.items[0].result)],
  },
});

declare module '../def' {
  interface AnalysisDefs {
    correlations: typeof analysis;
  }
}
