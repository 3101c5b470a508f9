// Layer: shared (pure TS). The correlation matrix of the metrics (the RSA
// paper's Figure 3), over turns or over dialogues, Pearson or Spearman, as
// one analysis of the registry: `analyze --kind correlations` (alias
// `analyze --correlation`), the API's `correlations` call, the analysis
// view's tab.

import { renderSignature } from '../../metrics/signature';
import { heatmapScene } from '../../viz/analysis-heatmap';
import { correlationTable } from '../analysis-tables';
import { CORRELATION_LEVELS, CORRELATION_METHODS, correlationMatrix } from '../correlations';
import { defineAnalysis, type FlagValues, type ParseContext } from '../def';
import { oneOf, textOf } from '../flags';
import { spec } from './correlations.args';

export const analysis = defineAnalysis(spec, {
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
