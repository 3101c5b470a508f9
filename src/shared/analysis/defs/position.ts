// Layer: shared (pure TS). Every metric by turn index or by dialogue length,
// with seeded percentile bootstrap bands, as one analysis of the registry:
// `analyze --kind position --by index|length` (alias `analyze --position`),
// the API's `turnPosition` call, the analysis view's tab. Positions with
// fewer turns than a minimum are hidden in the output (a view option: the
// result keeps them), and the output says which.

import { lambdaKey, type MetricConfig } from '../../metrics/config';
import { renderSignature } from '../../metrics/signature';
import { metricColumns } from '../../report/rows';
import { positionScene } from '../../viz/analysis-position';
import { positionTable } from '../analysis-tables';
import { defineAnalysis, type FlagValues, type ParseContext } from '../def';
import { FlagError, oneOf, positiveInt, textOf } from '../flags';
import { DEFAULT_SEED, MAX_BOOTSTRAP, MAX_SEED } from '../seed';
import {
  DEFAULT_MIN_TURNS,
  DEFAULT_REPLICATES,
  hiddenNote,
  POSITION_BY,
  resolveColumn,
  turnPosition,
  withMinTurns,
  type TurnPosition,
} from '../turn-position';
import { spec } from './position.args';

function parseMinTurns(text: string): number {
  if (!/^[0-9]+$/.test(text.trim()) || Number(text) > 1e9)
    throw new FlagError(`--min-turns: ${JSON.stringify(text)} is not a whole number of turns (0: show every position)`);
  return Number(text);
}

function parseSeed(text: string): number {
  if (!/^[0-9]+$/.test(text.trim()) || Number(text) > MAX_SEED)
    throw new FlagError(`--seed: ${JSON.stringify(text)} is not an integer in [0, ${MAX_SEED}]`);
  return Number(text);
}

/** --band: column keys of the registry's metrics (default all). */
function bandColumns(text: string | undefined, config: MetricConfig): string[] {
  const all = metricColumns(config).map((c) => c.key);
  if (text === undefined) return all;
  const keys = text.split(',').map((s) => s.trim());
  for (const k of keys) if (!resolveColumn(config, k)) throw new FlagError(`--band: ${JSON.stringify(k)} is not one of ${all.join(', ')}`);
  return keys;
}

function positionJson(p: TurnPosition, config: MetricConfig): Record<string, unknown> {
  const cols = metricColumns(config);
  return {
    signature: renderSignature(p.signature),
    by: p.by,
    replicates: p.replicates,
    seed: p.seed,
    level: p.level,
    minTurns: p.minTurns,
    hidden: (p.hidden ?? []).map((h) => ({ [p.by === 'index' ? 'turn' : 'length']: h.key, turns: h.turns })),
    buckets: p.buckets.map((b) => ({
      [p.by === 'index' ? 'turn' : 'length']: b.key,
      dialogues: b.dialogues,
      turns: b.turns,
      ...b.values,
      bands: Object.fromEntries(cols.filter((c) => c.key in b.bands).map((c) => [c.key, b.bands[c.key]])),
    })),
  };
}

export const analysis = defineAnalysis(spec, {
  compute: (run, a) => turnPosition(run.evaluation(a.config), { by: a.by, bands: a.bands, replicates: a.replicates, seed: a.seed }),
  figure: (o) => {
    const p = withMinTurns(o.items[0].result, o.view.minTurns);
    const wanted = o.metrics ?? ['JGA', `FGA_${lambdaKey(o.config.lambdas[0])}`, 'RSA', 'GCA'];
    const cols = metricColumns(o.config).filter((c) => wanted.includes(c.key) || wanted.includes(c.metric));
    return positionScene({
      position: p,
      series: cols.map((c) => ({ key: c.key, label: c.header, value: (b) => c.get({ label: '', turns: 0, values: b.values }) })),
      signature: renderSignature(p.signature),
      width: 760,
    });
  },
  cli: {
    alias: { flag: 'position', as: 'by' },
    flags: {
      by: { value: 'index|length', help: 'every metric by turn index (default), or by dialogue length' },
      band: { value: 'M1,M2,…', help: 'the metrics with intervals (default: all; FGA as FGA_<λ>)' },
      bootstrap: { value: 'B', help: `resamples (default ${DEFAULT_REPLICATES})` },
      seed: { value: 'S', help: `seed of the resamples (default ${DEFAULT_SEED})` },
      'min-turns': {
        value: 'N',
        help: `hide positions with fewer than N turns (default ${DEFAULT_MIN_TURNS};\n0: show all); the note under the table says which were hidden`,
      },
    },
    metrics: true,
    captions: true,
    examples: [
      '--by index',
      '--by index --min-turns 0',
      '--by index --metrics JGA,FGA,GCA --format latex',
      '--by length --band JGA,GCA --bootstrap 2000 --seed 7 --format json',
    ],
    parse: (flags: FlagValues, ctx: ParseContext) => {
      const by = oneOf(ctx.flag('by'), textOf(flags.by) ?? 'index', POSITION_BY);
      const bootstrap = textOf(flags.bootstrap);
      const replicates = bootstrap !== undefined ? positiveInt('--bootstrap', bootstrap) : DEFAULT_REPLICATES;
      if (replicates > MAX_BOOTSTRAP) throw new FlagError(`--bootstrap: at most ${MAX_BOOTSTRAP} resamples, got ${replicates}`);
      const seedText = textOf(flags.seed);
      const seed = seedText !== undefined ? parseSeed(seedText) : DEFAULT_SEED;
      const minText = textOf(flags['min-turns']);
      const minTurns = minText !== undefined ? parseMinTurns(minText) : DEFAULT_MIN_TURNS;
      const bands = bandColumns(textOf(flags.band), ctx.config);
      return { args: { by, bands, replicates, seed }, view: { minTurns } };
    },
    json: (o) => {
      const p = withMinTurns(o.items[0].result, o.view.minTurns);
      const hidden = hiddenNote(p);
      if (hidden) o.note(`${hidden} --min-turns 0 shows every position.`);
      return positionJson(p, o.config);
    },
    tables: (o) => [positionTable(withMinTurns(o.items[0].result, o.view.minTurns), o.config)],
  },
});

declare module '../def' {
  interface AnalysisDefs {
    turnPosition: typeof analysis;
  }
}
