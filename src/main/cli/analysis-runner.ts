// Layer: main (Node). The CLI's one way to run an analysis of the registry
// (src/shared/analysis/defs): the def's flags read by its `cli.parse` before
// any file is read, the prediction files loaded and scored once each, the
// registry's dispatcher (runAnalysis) on each run, and the output — JSON,
// the def's own text, or its tables through the one table model (--metrics,
// captions, --max-cell) — to stdout or --out, and its figure to --figure.
// `analyze --kind NAME` and its aliases (`score --by`, `traits`, `analyze
// --position …`) all end here.

import { basename } from 'node:path';
import type { AnalysisItem, AnalysisOutput, AnyAnalysisDef, FlagValues } from '../../shared/analysis/def';
import { FlagError } from '../../shared/analysis/flags';
import { runAnalysis } from '../../shared/analysis/dispatch';
import type { MetricConfig } from '../../shared/metrics/config';
import type { Evaluation } from '../../shared/metrics/evaluate';
import { renderTableAs, TABLE_FORMATS } from '../../shared/report/tables';
import { versioned } from '../../shared/report/json';
import type { LoadedRun } from '../services/load-pipeline';
import { formatOf } from './figure-format';
import { correctionsExit, evaluateRun, loadRuns, warn, warnSlotCount } from './runs';
import { configFromFlags } from './source-flags';
import { captionsFromFlags, maxCellFromFlags, metricsFromFlags, oneOf, subsetOrFail, UsageError, writeOut } from './usage';

export interface RunOptions {
  /** How the person wrote a flag of the def: "--by", or "--position" for `analyze --position VALUE`. Default "--NAME". */
  flag?(name: string): string;
}

/** A def's flag errors as usage errors (exit code 2). */
function usage<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof FlagError) throw new UsageError(e.message);
    throw e;
  }
}

/** A run as the analyses read it, its evaluations cached per config. */
function inputOf(run: LoadedRun) {
  const evaluations = new Map<string, Evaluation>();
  return {
    corpus: run.loaded.corpus,
    settings: { values: run.loaded.valueOptions, corrections: run.corrections?.result.summary },
    schemaSlots: run.schemaSlots,
    evaluation(config: MetricConfig): Evaluation {
      const key = JSON.stringify(config);
      let ev = evaluations.get(key);
      if (!ev) evaluations.set(key, (ev = evaluateRun(run, config)));
      return ev;
    },
  };
}

/** Runs `def` on the prediction files with the flags given; returns the exit code. */
export async function runAnalysisCli(
  def: AnyAnalysisDef,
  values: FlagValues,
  files: string[],
  write: (s: string) => void,
  opts: RunOptions = {},
): Promise<number> {
  const flag = opts.flag ?? ((name: string) => `--${name}`);
  const cli = def.cli;
  // Every flag is checked before any file is read.
  const format = oneOf('--format', (values.format as string | undefined) ?? 'table', TABLE_FORMATS);
  const captions = cli.captions ? captionsFromFlags(values as Parameters<typeof captionsFromFlags>[0], format) : {};
  const flagConfig = await configFromFlags(values);
  const { args, view } = usage(() => cli.parse(values, { config: flagConfig, format, flag }));
  const metrics = cli.metrics ? metricsFromFlags(values as { metrics?: string }, flagConfig) : null;
  const maxCell = maxCellFromFlags(values as { 'max-cell'?: string });
  const figure = typeof values.figure === 'string' ? values.figure : undefined;
  if (figure !== undefined) {
    if (!def.figure) throw new UsageError(`--figure: the ${def.name} analysis has no figure`);
    formatOf(undefined, figure, '--figure');
  }

  const runs = await loadRuns(files, values as Parameters<typeof loadRuns>[1]);
  const config = await configFromFlags(values, runs[0].run.loaded.slotCount);
  for (const { file, run } of runs) warnSlotCount(file, run, config);
  const items: AnalysisItem<unknown>[] = runs.map(({ file, run }) => {
    const input = inputOf(run);
    return { file, name: basename(file), input, result: runAnalysis(def, input, { ...args, config }) };
  });
  const o: AnalysisOutput<never, never, unknown> = {
    items: items as AnalysisItem<never>[],
    args: { ...args, config } as never,
    view,
    config,
    format,
    metrics,
    note: warn,
  };

  let text: string;
  if (format === 'json') text = JSON.stringify(versioned(usage(() => cli.json(o))), null, 1) + '\n';
  else if (format === 'table' && cli.text) text = cli.text(o);
  else {
    const tables = usage(() => cli.tables(o)).map((t) => (cli.metrics ? subsetOrFail(t, metrics) : t));
    const { caption, captionLatex, label } = captions as { caption?: string; captionLatex?: string; label?: string };
    text = tables.map((t) => renderTableAs(format, cli.captions ? { ...t, caption, captionLatex } : t, { label, maxCell })).join('\n');
  }
  if (figure !== undefined) {
    const scene = usage(() => def.figure!(o));
    if (!scene) throw new UsageError(`--figure: the ${def.name} analysis has nothing to draw here`);
    // The exporters (fonts, PDF, PNG) load only when a figure is asked for.
    const [{ renderScene }, { exportScene }] = await Promise.all([
      import('../services/export/render'),
      import('../../shared/viz/signature-footer'),
    ]);
    const fig = await renderScene(exportScene(scene), formatOf(undefined, figure, '--figure'));
    writeOut(figure, [fig.bytes]);
  }
  if (typeof values.out === 'string') writeOut(values.out, [text]);
  else write(text);
  return correctionsExit(runs);
}
