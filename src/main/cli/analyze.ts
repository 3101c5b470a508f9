// Layer: main (Node). `dst-inspector analyze`: the analysis view's analyses
// on one prediction file, one per call — correlation matrices of the metrics
// (turn or dialogue level, Pearson or Spearman), every metric by turn
// position with seeded bootstrap bands (positions with too few turns hidden,
// and said so), and the origin of wrong turns (fresh
// vs carried, root causes). JSON for scripts; the other formats through the
// one table model.

import { correlationTable, originSummaryTable, positionTable, rootSlotsTable, rootTurnsTable } from '../../shared/analysis/analysis-tables';
import { CORRELATION_LEVELS, CORRELATION_METHODS, correlationMatrix } from '../../shared/analysis/correlations';
import { errorOrigin, type ErrorOrigin } from '../../shared/analysis/error-origin';
import { DEFAULT_SEED, MAX_BOOTSTRAP, MAX_SEED } from '../../shared/analysis/seed';
import {
  DEFAULT_MIN_TURNS,
  DEFAULT_REPLICATES,
  hiddenNote,
  POSITION_BY,
  resolveColumn,
  turnPosition,
  withMinTurns,
  type TurnPosition,
} from '../../shared/analysis/turn-position';
import type { MetricConfig } from '../../shared/metrics/config';
import { renderSignature } from '../../shared/metrics/signature';
import { metricColumns } from '../../shared/report/rows';
import { DEFAULT_MAX_CELL, renderTableAs, TABLE_FORMATS, type Table, type TableFormat } from '../../shared/report/tables';
import { evaluateRun, loadRuns, correctionsExit } from './runs';
import { CONFIG_FLAGS, CONFIG_HELP, configFromFlags, SOURCE_FLAGS, SOURCE_HELP } from './source-flags';
import {
  maxCellFromFlags,
  metricsFromFlags,
  oneOf,
  parseCommand,
  parsePositiveInt,
  subsetOrFail,
  TABLE_FLAGS,
  UsageError,
  writeOut,
} from './usage';

export const ANALYZE_HELP = `Usage: dst-inspector analyze <predictions file> ANALYSIS [options]

The analysis view's analyses, one per call (exactly one ANALYSIS):

  --correlation turn|dialogue   correlation matrix of the metrics (the RSA paper's Figure 3):
                                over all turns (AGA, IAGA pairwise where gold is not empty)
                                or over dialogues (GCA included)
    --method pearson|spearman   default pearson
  --position index|length       every metric by turn index, or by dialogue length, with
                                95% percentile bootstrap intervals (dialogues resampled)
    --band M1,M2,…              the metrics with intervals (default: all; FGA as FGA_<λ>)
    --bootstrap B               resamples (default ${DEFAULT_REPLICATES})
    --seed S                    seed of the resamples (default ${DEFAULT_SEED})
    --min-turns N               hide positions with fewer than N turns (default ${DEFAULT_MIN_TURNS};
                                0: show all); the note under the table says which were hidden
    --metrics LIST              only these metric columns (JGA,FGA,GCA; FGA per λ as FGA_0.5);
                                JSON keeps every metric
  --origin summary|turns|slots|all   wrong turns: fresh (type-1) vs carried (type-2), the
                                fresh errors that cost the most turns, and the slots behind them
    --top N                     root-cause turns listed (default 20)

Options:
  --format FMT          table (default) | json | csv | latex | markdown
  --max-cell N          latex, markdown: text cells longer than N characters end in "…",
                        said in a note (default ${DEFAULT_MAX_CELL}; 0: no limit); csv and json keep them whole
${CONFIG_HELP}${SOURCE_HELP}  --out FILE            write to FILE (atomically) instead of stdout
  -h, --help            this help

JSON: --correlation gives {"level", "method", "metrics": [...], "matrix": [[...]], "n": [[...]], "signature"}.
Exit codes: 0 ok, 2 bad input or usage (one message on stderr).
`;

const ORIGIN_TABLES = ['summary', 'turns', 'slots', 'all'] as const;

export async function analyzeCommand(argv: string[], write: (s: string) => void): Promise<number | void> {
  const { values, positionals } = parseCommand('analyze', argv, {
    ...CONFIG_FLAGS,
    ...SOURCE_FLAGS,
    correlation: { type: 'string' },
    method: { type: 'string' },
    position: { type: 'string' },
    band: { type: 'string' },
    'min-turns': { type: 'string' },
    ...TABLE_FLAGS,
    bootstrap: { type: 'string' },
    seed: { type: 'string' },
    origin: { type: 'string' },
    top: { type: 'string' },
    format: { type: 'string', default: 'table' },
    out: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  });
  if (values.help) return void write(ANALYZE_HELP);
  if (positionals.length !== 1)
    throw new UsageError(`analyze: give exactly one prediction file (got ${positionals.length})\n\n${ANALYZE_HELP}`);
  const chosen = (['correlation', 'position', 'origin'] as const).filter((k) => values[k] !== undefined);
  if (chosen.length !== 1)
    throw new UsageError(
      'analyze: choose one analysis: --correlation turn|dialogue, --position index|length or --origin summary|turns|slots|all',
    );
  const format = oneOf('--format', values.format as string, TABLE_FORMATS);
  const what = chosen[0];
  const given = values as Record<string, unknown>;
  const only = (flags: string[], need: string) => {
    for (const f of flags) if (given[f] !== undefined && what !== need) throw new UsageError(`--${f} needs --${need}`);
  };
  only(['method'], 'correlation');
  only(['band', 'bootstrap', 'seed', 'min-turns', 'metrics'], 'position');
  only(['top'], 'origin');
  // Every flag is checked before the file is read.
  const level = what === 'correlation' ? oneOf('--correlation', values.correlation as string, CORRELATION_LEVELS) : 'turn';
  const method = oneOf('--method', (values.method as string | undefined) ?? 'pearson', CORRELATION_METHODS);
  const by = what === 'position' ? oneOf('--position', values.position as string, POSITION_BY) : 'index';
  const replicates = values.bootstrap !== undefined ? parsePositiveInt('--bootstrap', values.bootstrap as string) : DEFAULT_REPLICATES;
  if (replicates > MAX_BOOTSTRAP) throw new UsageError(`--bootstrap: at most ${MAX_BOOTSTRAP} resamples, got ${replicates}`);
  const seed = values.seed !== undefined ? parseSeed(values.seed as string) : DEFAULT_SEED;
  const originTable = what === 'origin' ? oneOf('--origin', values.origin as string, ORIGIN_TABLES) : 'all';
  if (what === 'origin' && originTable === 'all' && format === 'csv')
    throw new UsageError('--origin all --format csv: CSV holds one table; choose --origin summary, turns or slots');
  const top = values.top !== undefined ? parsePositiveInt('--top', values.top as string) : 20;
  const minTurns = values['min-turns'] !== undefined ? parseMinTurns(values['min-turns'] as string) : DEFAULT_MIN_TURNS;
  const metrics = metricsFromFlags(values, configFromFlags(values));
  const maxCell = maxCellFromFlags(values);

  const runs = await loadRuns(positionals, values);
  const [{ run }] = runs;
  const config = configFromFlags(values, run.loaded.slotCount);
  const bands = bandColumns(values.band as string | undefined, config);
  const ev = evaluateRun(run, config);
  let text: string;
  if (what === 'correlation') {
    const m = correlationMatrix(ev, level, method);
    text =
      format === 'json'
        ? json({ level: m.level, method: m.method, metrics: m.metrics, matrix: m.matrix, n: m.n, signature: renderSignature(m.signature) })
        : renderTableAs(format, correlationTable(m), { maxCell });
  } else if (what === 'position') {
    const p = withMinTurns(turnPosition(ev, { by, bands, replicates, seed }), minTurns);
    const hidden = hiddenNote(p);
    if (hidden && format === 'json') note(`${hidden} --min-turns 0 shows every position.`);
    text =
      format === 'json'
        ? json(positionJson(p, config))
        : renderTableAs(format, subsetOrFail(positionTable(p, config), metrics), { maxCell });
  } else {
    const o = errorOrigin(ev, top);
    text = format === 'json' ? json(originJson(o, originTable)) : originText(o, originTable, format, maxCell);
  }
  if (values.out) writeOut(values.out as string, [text]);
  else write(text);
  return correctionsExit(runs);
}

function note(text: string): void {
  process.stderr.write(`dst-inspector: note: ${text}\n`);
}

function parseMinTurns(text: string): number {
  if (!/^[0-9]+$/.test(text.trim()) || Number(text) > 1e9)
    throw new UsageError(`--min-turns: ${JSON.stringify(text)} is not a whole number of turns (0: show every position)`);
  return Number(text);
}

function parseSeed(text: string): number {
  if (!/^[0-9]+$/.test(text.trim()) || Number(text) > MAX_SEED)
    throw new UsageError(`--seed: ${JSON.stringify(text)} is not an integer in [0, ${MAX_SEED}]`);
  return Number(text);
}

/** --band: column keys of the registry's metrics (default all). */
function bandColumns(text: string | undefined, config: MetricConfig): string[] {
  const all = metricColumns(config).map((c) => c.key);
  if (text === undefined) return all;
  const keys = text.split(',').map((s) => s.trim());
  for (const k of keys) if (!resolveColumn(config, k)) throw new UsageError(`--band: ${JSON.stringify(k)} is not one of ${all.join(', ')}`);
  return keys;
}

function json(o: unknown): string {
  return JSON.stringify(o, null, 1) + '\n';
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

function originJson(o: ErrorOrigin, which: (typeof ORIGIN_TABLES)[number]): Record<string, unknown> {
  const { signature, rootTurns, rootSlots, ...summary } = o;
  const out: Record<string, unknown> = { signature: renderSignature(signature) };
  if (which === 'summary' || which === 'all') Object.assign(out, summary);
  if (which === 'turns' || which === 'all') out.rootTurns = rootTurns;
  if (which === 'slots' || which === 'all') out.rootSlots = rootSlots;
  return out;
}

function originText(o: ErrorOrigin, which: (typeof ORIGIN_TABLES)[number], format: TableFormat, maxCell?: number): string {
  const tables: Table[] = [];
  if (which === 'summary' || which === 'all') tables.push({ ...originSummaryTable(o), caption: 'Wrong turns: fresh or carried' });
  if (which === 'turns' || which === 'all')
    tables.push({ ...rootTurnsTable(o), caption: 'Root causes: the fresh errors that cost the most' });
  if (which === 'slots' || which === 'all') tables.push({ ...rootSlotsTable(o), caption: 'Root causes: slots' });
  return tables.map((t) => renderTableAs(format, t, { maxCell })).join('\n');
}
