// Layer: shared (pure TS). The GCA paper's spurious-trait analysis (spec
// section 9, its Figure 4) as one analysis of the registry: `analyze --kind
// traits` (alias `traits`), the API's `traitsView` call, the analysis view's
// tab. FGA uses the config's first λ. The table format keeps the plain lines
// `traits` has always printed; the other formats go through the one table
// model.

import type { MetricConfig } from '../../metrics/config';
import { renderSignature } from '../../metrics/signature';
import { DISAGREEMENT_THRESHOLD } from '../../metrics/traits-analysis';
import { plural } from '../../plural';
import { traitsScene } from '../../viz/analysis-traits';
import { traitsJson, traitsTable } from '../analysis-tables';
import { defineAnalysis } from '../def';
import { traitsView } from '../traits-points';
import { spec } from './traits.args';

/** FGA of the first λ only. */
const firstLambda = (config: MetricConfig): MetricConfig => ({ ...config, lambdas: config.lambdas.slice(0, 1) });

export const analysis = defineAnalysis(spec, {
  compute: (run, a) => traitsView(run.evaluation(firstLambda(a.config))),
  figure: (o) => traitsScene(o.items[0].result, renderSignature(o.items[0].result.signature), 860),
  cli: {
    flags: {},
    examples: ['', '--format json'],
    parse: () => ({ args: {}, view: {} }),
    json: (o) => traitsJson(o.items[0].result, o.items[0].name),
    tables: (o) => [traitsTable(o.items[0].result)],
    text: (o) => {
      const [{ name, input, result }] = o.items;
      const a = result.analysis;
      const f = (x: number | null) => (x === null ? '–' : x.toFixed(3));
      const noChanges = a.droppedNoChanges > 0 ? `, ${a.droppedNoChanges} of them without any change: GCA undefined` : '';
      const lines = [
        `${name}: ${plural(a.dialogues, 'dialogue')}, ${a.dropped} dropped (FGA = GCA = 100, or no mistakes${noChanges}), ${a.dialogues - a.dropped - a.kept} where FGA and GCA agree (|FGA_z − GCA_z| < ${DISAGREEMENT_THRESHOLD}), ${a.kept} kept`,
        '',
        'trait  r(FGA)  r(GCA)  r(FGA)−r(GCA)  95% CI (Zou)         differ?',
        ...a.correlations.map((c) =>
          [
            c.trait.padEnd(5),
            f(c.withFGA).padStart(6),
            f(c.withGCA).padStart(7),
            f(c.difference?.difference ?? null).padStart(14),
            (c.difference ? `[${f(c.difference.lower)}, ${f(c.difference.upper)}]` : '–').padEnd(20),
            c.difference ? (c.difference.significant ? 'yes' : 'no') : '–',
          ].join('  '),
        ),
        '',
        `r(FGA, GCA) = ${f(a.fgaGca)}`,
        // The evaluation's signature (FGA's λ in it), as `traits` has always printed it.
        `signature: ${renderSignature(input.evaluation(firstLambda(o.config)).signature)}`,
      ];
      return lines.join('\n') + '\n';
    },
  },
});

declare module '../def' {
  interface AnalysisDefs {
    traitsView: typeof analysis;
  }
}
