// Layer: shared (pure TS). Where wrong turns come from — fresh (type-1) vs
// carried (type-2), and the root causes: the fresh errors that cost the most
// turns and the slots behind them — as one analysis of the registry:
// `analyze --kind origin` (alias `analyze --origin`), the API's
// `errorOrigin` call, the analysis view's tab.

import { renderSignature } from '../../metrics/signature';
import type { Table } from '../../report/tables';
import { originScene } from '../../viz/analysis-origin';
import { originSummaryTable, rootSlotsTable, rootTurnsTable } from '../analysis-tables';
import { defineAnalysis, type FlagValues, type ParseContext } from '../def';
import { errorOrigin, type ErrorOrigin } from '../error-origin';
import { FlagError, oneOf, positiveInt, textOf } from '../flags';
import { spec } from './origin.args';

const TABLES = ['summary', 'turns', 'slots', 'all'] as const;
type Which = (typeof TABLES)[number];

function originJson(o: ErrorOrigin, which: Which): Record<string, unknown> {
  const { signature, rootTurns, rootSlots, ...summary } = o;
  const out: Record<string, unknown> = { signature: renderSignature(signature) };
  if (which === 'summary' || which === 'all') Object.assign(out, summary);
  if (which === 'turns' || which === 'all') out.rootTurns = rootTurns;
  if (which === 'slots' || which === 'all') out.rootSlots = rootSlots;
  return out;
}

export const analysis = defineAnalysis(spec, {
  compute: (run, a) => errorOrigin(run.evaluation(a.config), a.top ?? 20),
  figure: (o) => originScene(o.items[0].result, renderSignature(o.items[0].result.signature), 760),
  cli: {
    alias: { flag: 'origin', as: 'tables' },
    flags: {
      tables: {
        value: 'summary|turns|slots|all',
        help: 'which tables: wrong turns fresh vs carried, the fresh errors that\ncost the most turns, the slots behind them, or all three (default)',
      },
      top: { value: 'N', help: 'root-cause turns listed (default 20)' },
    },
    examples: ['--tables all', '--tables turns --top 50 --format markdown'],
    parse: (flags: FlagValues, ctx: ParseContext) => {
      const tables = oneOf(ctx.flag('tables'), textOf(flags.tables) ?? 'all', TABLES);
      if (tables === 'all' && ctx.format === 'csv')
        throw new FlagError(
          `${ctx.flag('tables')} all --format csv: CSV holds one table; choose ${ctx.flag('tables')} summary, turns or slots`,
        );
      const topText = textOf(flags.top);
      const top = topText !== undefined ? positiveInt('--top', topText) : 20;
      return { args: { top }, view: { tables } };
    },
    json: (o) => originJson(o.items[0].result, o.view.tables),
    tables: (o) => {
      const r = o.items[0].result;
      const which = o.view.tables;
      const tables: Table[] = [];
      if (which === 'summary' || which === 'all') tables.push({ ...originSummaryTable(r), caption: 'Wrong turns: fresh or carried' });
      if (which === 'turns' || which === 'all')
        tables.push({ ...rootTurnsTable(r), caption: 'Root causes: the fresh errors that cost the most' });
      if (which === 'slots' || which === 'all') tables.push({ ...rootSlotsTable(r), caption: 'Root causes: slots' });
      return tables;
    },
  },
});

declare module '../def' {
  interface AnalysisDefs {
    errorOrigin: typeof analysis;
  }
}
