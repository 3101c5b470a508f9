// Layer: shared (pure TS). The per-domain and per-slot breakdowns (spec
// section 13) as one analysis of the registry: `analyze --kind breakdown --by
// domain|slot` (alias `score --by`), the API's `breakdown` call, the analysis
// view's first tab. Several prediction files: each run's breakdown, shown
// together with deltas against the first.

import { renderSignature } from '../../metrics/signature';
import { metricColumns } from '../../report/rows';
import { breakdownScene, DEFAULT_DOMAIN_SERIES } from '../../viz/analysis-breakdown';
import { breakdownJson, breakdownTable, type Breakdown, type BreakdownEntry } from '../breakdown-report';
import { defineAnalysis, type FlagValues, type ParseContext } from '../def';
import { domainBreakdown, type DomainK } from '../domain-breakdown';
import { FlagError, oneOf, positiveInt, textOf } from '../flags';
import { DOMAIN_TURNS } from '../restrict';
import { slotBreakdown } from '../slot-breakdown';
import { BY, spec } from './breakdown.args';

export const analysis = defineAnalysis(spec, {
  compute: (run, a): Breakdown =>
    a.by === 'slot'
      ? slotBreakdown(run.corpus, run.evaluation(a.config).signature)
      : domainBreakdown(run.corpus, a.config, {
          turns: a.domainTurns ?? 'active',
          k: a.domainK,
          schemaSlots: run.schemaSlots,
          settings: run.settings,
        }),
  figure: (o) => {
    if (o.items.length > 2)
      throw new FlagError('--figure: the breakdown chart draws one run, or two (the second as bars, the first as ticks)');
    const [first, second] = o.items;
    const bars = second ?? first;
    const wanted = o.metrics ?? DEFAULT_DOMAIN_SERIES;
    const series = metricColumns(o.config)
      .filter((c) => wanted.includes(c.key) || wanted.includes(c.metric))
      .map((c) => ({ key: c.key, label: c.header }));
    return breakdownScene({
      name: bars.name,
      b: bars.result,
      baseline: second ? { name: first.name, b: first.result } : undefined,
      config: o.config,
      series,
      signature: renderSignature(bars.result.signature),
      width: 760,
    });
  },
  cli: {
    flags: {
      by: { value: 'domain|slot', help: 'one row per domain (states restricted to its slots) or per slot (default domain)' },
      'domain-turns': {
        value: 'MODE',
        help: '--by domain: active (default: the turns where the domain is in gold) or\ndialogue (every turn of the dialogues that mention it)',
      },
      'domain-k': {
        value: 'K|slots',
        help: "--by domain: SA's K per domain: a number, or \"slots\" (each domain's own\nslot count); default: the signature's K (--slots)",
      },
    },
    files: 'each',
    metrics: true,
    captions: true,
    examples: ['--by domain', '--by domain --domain-turns dialogue --domain-k slots --format latex', '--by slot --format csv'],
    parse: (flags: FlagValues, ctx: ParseContext) => {
      const by = oneOf(ctx.flag('by'), textOf(flags.by) ?? 'domain', BY);
      if (by !== 'domain' && (flags['domain-turns'] !== undefined || flags['domain-k'] !== undefined))
        throw new FlagError(`--domain-turns and --domain-k need ${ctx.flag('by')} domain`);
      if (by === 'slot' && flags.metrics !== undefined)
        throw new FlagError('--metrics: the per-slot breakdown has no metric columns (precision, recall, F1 and counts)');
      if (by === 'slot') return { args: { by }, view: {} };
      const domainTurns = oneOf('--domain-turns', textOf(flags['domain-turns']) ?? 'active', DOMAIN_TURNS);
      const kText = textOf(flags['domain-k']);
      const domainK: DomainK = kText === undefined ? undefined : kText === 'slots' ? 'slots' : positiveInt('--domain-k', kText);
      return { args: { by, domainTurns, domainK }, view: {} };
    },
    json: (o) => {
      const [first] = o.items;
      const objects = o.items.map((r, i) =>
        breakdownJson(r.result, r.input.evaluation(o.config).corpus, {
          config: o.config,
          file: o.items.length > 1 ? r.file : undefined,
          baseline: i > 0 ? { file: first.file, b: first.result } : undefined,
        }),
      );
      return objects.length === 1 ? objects[0] : objects;
    },
    tables: (o) => {
      const entries: BreakdownEntry[] = o.items.map((r) => ({ name: r.name, b: r.result }));
      return [breakdownTable(entries, o.config, entries.length > 1 ? entries[0] : undefined)];
    },
  },
});

declare module '../def' {
  interface AnalysisDefs {
    breakdown: typeof analysis;
  }
}
