// Layer: main (Node). `dst-inspector compare BASE OTHER…`: scores each run
// (the options of `score`), aligns them on the baseline, and prints every
// run's scores and, for every other run, each metric's delta against the
// baseline with a 95% paired-bootstrap interval and an approximate-
// randomization p-value (spec section 14), with score's caption options.
// Runs that share the baseline's gold hold it once. The statistics are in
// src/shared/analysis.

import { basename, dirname } from 'node:path';
import { CompareError, prepareComparison, type RunSource, type StatSettings } from '../../shared/analysis/run-comparison';
import {
  DEFAULT_DIFFER_LIMIT,
  DEFAULT_DIFFER_MIN_TURNS,
  differ as differFinder,
  differColumn,
  differRuns,
} from '../../shared/analysis/differ';
import { renderDiffer } from '../../shared/analysis/differ-report';
import { statColumns } from '../../shared/analysis/columns';
import { checkMetrics, renderCompare, restrictMetrics } from '../../shared/analysis/compare-report';
import { DEFAULT_SEED, MAX_BOOTSTRAP, MAX_SEED, MAX_TRIALS } from '../../shared/analysis/seed';
import { parseSeriesX, readNameSeries } from '../../shared/analysis/series';
import { shareGold } from '../../shared/model/share-gold';
import { TABLE_FORMATS } from '../../shared/report/tables';
import { loadSource, ReferenceCache, type LoadedRun } from '../services/load-pipeline';
import { compareRuns } from '../services/compare-runs';
import { terminalProgress } from './progress';
import { noteJoins, correctionsExit, warnSlotCount } from './runs';
import { hasPresetFlags, PRESET_FLAGS, PRESET_HELP, rememberPreset } from './preset-options';
import {
  CONFIG_FLAGS,
  CONFIG_HELP,
  configFromFlags,
  maxBytesFromFlags,
  parseRunNames,
  SOURCE_FLAGS,
  SOURCE_HELP,
  sourceFromFlags,
} from './source-flags';
import { CAPTION_FLAGS, captionsFromFlags, maxCellFromFlags, oneOf, parseCommand, TABLE_FLAGS, UsageError, writeOut } from './usage';
import { parseMetricList } from '../../shared/report/metric-subset';
import { renderSignature } from '../../shared/metrics/signature';
import { seriesPanels, seriesScene } from '../../shared/viz/series-chart';
import { exportScene } from '../../shared/viz/signature-footer';
import { formatOf } from './figure-format';

export const COMPARE_HELP = `Usage: dst-inspector compare <baseline> <other> [more…] [options]

Compares runs against the first (the baseline): every run's scores (JGA, SA,
AGA, IAGA, F1, RSA, FGA per λ, GCA with VP/VR/LP/LR), and for every other run
each metric's delta with a 95% paired-bootstrap interval and a two-sided
approximate-randomization p-value. The unit of resampling is the dialogue.
Runs are aligned by dialogue id and turn index.

Options:
  --name A,B,…          run names, one per file (default: the file names)
  --bootstrap N         bootstrap resamples (default 1000, at most ${MAX_BOOTSTRAP}; 0: no intervals)
  --trials N            randomization trials (default 10000, at most ${MAX_TRIALS}; 0: no p-values)
  --seed S              seed of both, 0…${MAX_SEED} (default ${DEFAULT_SEED}); B, R and S are in the signature
  --format FMT          table (default) | json | csv | latex | markdown
  --caption TEXT        latex: each table in a float captioned "TEXT (scores)", "TEXT
                        (differences against BASE)" (and "TEXT (series)"); markdown,
                        table: a title line. Plain text: LaTeX's special characters are
                        escaped; for math or \\cite use --caption-latex
  --caption-latex TEXT  latex: the caption as LaTeX source, written verbatim
  --label KEY           latex: \\label{KEY} on the scores, KEY-delta on the differences
                        (KEY-series on the series); needs a caption
  --common              runs that cover different dialogues or turns: compare on the
                        part every run has (recorded in the signature) instead of refusing
  --allow-different-gold  compare runs scored against different gold states (refused
                        otherwise); says how many turns differ
  --metrics LIST        only these columns in the tables and comparisons, e.g.
                        JGA,FGA,GCA or JGA,FGA_0.5,GCA,VP,VR (metric ids, FGA per λ,
                        GCA's parts VP, VR, LP, LR, beside at least one metric); default
                        all; JSON keeps every run's whole corpus; the statistics do not change
  --max-cell N          latex, markdown: text cells (run names) longer than N characters end
                        in "…", said in a note (default 40; 0: no limit); csv, json keep them whole
  --series-x X1,X2,…    the runs are a series (one x per run, e.g. data ratios); adds a
                        series table. "names": x is the one number that differs across
                        the run names (T5_ratio_0.01_seed_557, T5_ratio_0.05_seed_557 →
                        ratio; the names must agree in everything else); "names:ratio"
                        chooses it when several differ (ratio and seed)
  --series-figure FILE  with --series-x: the series figure (each metric against x with its
                        95% bootstrap band; the --metrics columns) as FILE, .svg, .pdf or .png
  --x-label TEXT        the series figure's x axis label, e.g. "training data ratio"
                        (default: the part of the names x was read from, else "x")
  --no-signature        the series figure without its signature line (kept in the file's
                        metadata: SVG <desc>, PDF Subject)
  --differ              where do the runs differ most: instead of the tables above, slices
                        (each domain, slot, turn position bucket 1, 2, 3, 4-5, 6-8, 9-12,
                        13+ and dialogue length bucket 1-4, 5-8, 9-12, 13-16, 17+) ranked
                        by the spread (max − min) of a metric across the runs, with each
                        run's value and the 95% paired-bootstrap interval of the highest
                        run minus the lowest there (--bootstrap, --seed); a domain's or a
                        slot's turns are those whose gold has it (not "none"), scored on
                        its slots only. Formats: table, csv, json, markdown, latex
  --metric M            --differ: the metric column (default JGA; SA, FGA_0.5, GCA, …)
  --min-turns N         --differ: leave out slices with fewer turns (default ${DEFAULT_DIFFER_MIN_TURNS})
  --limit N             --differ: the top N slices (default ${DEFAULT_DIFFER_LIMIT})
  --threads N           threads for the statistics, 1-4 (default: the machine's cores for
                        large jobs); the numbers do not depend on it
${CONFIG_HELP}${PRESET_HELP}${SOURCE_HELP}  --out FILE            write to FILE (atomically) instead of stdout
  -h, --help            this help

The same source options apply to every file. Exit codes: 0 ok, 2 bad input or usage.
`;

const FORMATS = TABLE_FORMATS;

function note(text: string): void {
  process.stderr.write(`dst-inspector: note: ${text}\n`);
}

/** A count flag between `min` (0 unless given) and `max`. */
function parseCount(flag: string, text: string | undefined, dflt: number, max: number, min = 0): number {
  if (text === undefined) return dflt;
  if (!/^[0-9]+$/.test(text.trim()) || Number(text) > max || Number(text) < min)
    throw new UsageError(`${flag}: ${JSON.stringify(text)} is not a whole number between ${min} and ${max}`);
  return Number(text);
}

/** Default run names: the file names, with parent folders added where two would be equal, numbered when the same path repeats. */
export function defaultRunNames(files: readonly string[]): string[] {
  const names = files.map((f) => basename(f));
  for (let depth = 1; depth < 4; depth++) {
    // How many different files carry each name (the same file twice is told apart by "#2" below, not by its folders).
    const counts = new Map<string, number>();
    const seenFiles = new Set<string>();
    names.forEach((n, i) => {
      if (seenFiles.has(`${n}\u0000${files[i]}`)) return;
      seenFiles.add(`${n}\u0000${files[i]}`);
      counts.set(n, (counts.get(n) ?? 0) + 1);
    });
    let changed = false;
    names.forEach((n, i) => {
      if (counts.get(n)! < 2) return;
      let d = files[i];
      for (let k = 0; k < depth; k++) d = dirname(d);
      const longer = `${basename(d)}/${n}`;
      if (longer !== n && d !== '.' && d !== '/') {
        names[i] = longer;
        changed = true;
      }
    });
    if (!changed) break;
  }
  const seen = new Map<string, number>();
  return names.map((n) => {
    const k = (seen.get(n) ?? 0) + 1;
    seen.set(n, k);
    return k === 1 ? n : `${n} #${k}`;
  });
}

export async function compareCommand(argv: string[], write: (s: string) => void): Promise<number | void> {
  const { values, positionals } = parseCommand('compare', argv, {
    ...CONFIG_FLAGS,
    ...SOURCE_FLAGS,
    ...PRESET_FLAGS,
    name: { type: 'string' },
    bootstrap: { type: 'string' },
    trials: { type: 'string' },
    seed: { type: 'string' },
    format: { type: 'string', default: 'table' },
    ...CAPTION_FLAGS,
    common: { type: 'boolean', default: false },
    'allow-different-gold': { type: 'boolean', default: false },
    'series-x': { type: 'string' },
    ...TABLE_FLAGS,
    'series-figure': { type: 'string' },
    'x-label': { type: 'string' },
    'no-signature': { type: 'boolean', default: false },
    threads: { type: 'string' },
    differ: { type: 'boolean', default: false },
    metric: { type: 'string' },
    'min-turns': { type: 'string' },
    limit: { type: 'string' },
    out: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  });
  if (values.help) {
    write(COMPARE_HELP);
    return;
  }
  if (positionals.length < 2)
    throw new UsageError(`compare: give a baseline and at least one other prediction file (got ${positionals.length})\n\n${COMPARE_HELP}`);
  const format = oneOf('--format', values.format as string, FORMATS);
  const captions = captionsFromFlags(values, format);
  const stats: StatSettings = {
    bootstrap: parseCount('--bootstrap', values.bootstrap, 1000, MAX_BOOTSTRAP),
    trials: parseCount('--trials', values.trials, 10000, MAX_TRIALS),
    seed: parseCount('--seed', values.seed, DEFAULT_SEED, MAX_SEED),
  };
  const names = parseRunNames(values.name, positionals.length) ?? defaultRunNames(positionals);
  let xs: (number | null)[] | undefined;
  // The series figure's default axis label: the part of the names x was read from (ratio), else "x".
  let namesLabel: string | undefined;
  const seriesText = values['series-x'] as string | undefined;
  if (seriesText !== undefined) {
    // "names", or "names:ratio" to choose the number when several differ across the names.
    const fromNames = /^names(?::(.+))?$/.exec(seriesText);
    if (fromNames) {
      const s = readNameSeries(names, fromNames[1]);
      if (!s.ok)
        throw new UsageError(
          `--series-x: the run names are no series: ${s.reason} (a series' names differ in one number only: model_ratio_0.05, model_ratio_0.1)`,
        );
      note(s.description);
      xs = s.xs;
      namesLabel = s.part.label;
    } else {
      const parsed = parseSeriesX(seriesText, positionals.length);
      if (typeof parsed === 'string') throw new UsageError(`--series-x: ${parsed}`);
      xs = parsed;
    }
  }
  const seriesFigure = values['series-figure'] as string | undefined;
  const figureFormat = seriesFigure !== undefined ? formatOf(undefined, seriesFigure, '--series-figure') : undefined;
  if (seriesFigure !== undefined && !xs) throw new UsageError('--series-figure needs --series-x (the x of each run)');
  if (seriesFigure === undefined && (values['x-label'] !== undefined || values['no-signature']))
    throw new UsageError(`${values['x-label'] !== undefined ? '--x-label' : '--no-signature'} needs --series-figure FILE`);
  const threads = values.threads === undefined ? undefined : parseCount('--threads', values.threads, 0, 4, 1);
  const early = await configFromFlags(values); // bad settings fail before any file is read
  const metrics = values.metrics === undefined ? undefined : parseMetricList(values.metrics as string);
  const maxCell = maxCellFromFlags(values);
  if (metrics) {
    try {
      checkMetrics(statColumns(early), metrics);
    } catch (e) {
      if (e instanceof RangeError) throw new UsageError(`--metrics: ${e.message}`);
      throw e;
    }
  }

  const differ = values.differ as boolean;
  for (const f of ['metric', 'min-turns', 'limit'] as const)
    if (!differ && values[f] !== undefined) throw new UsageError(`--${f} needs --differ`);
  if (differ) {
    if (seriesText !== undefined || metrics)
      throw new UsageError(`--differ: ${seriesText !== undefined ? '--series-x' : '--metrics'} does not apply`);
    try {
      differColumn(early, (values.metric as string | undefined) ?? 'JGA');
    } catch (e) {
      if (e instanceof RangeError) throw new UsageError(`--metric: ${e.message}`);
      throw e;
    }
  }
  const minTurns = parseCount('--min-turns', values['min-turns'], DEFAULT_DIFFER_MIN_TURNS, 1_000_000);
  const limit = parseCount('--limit', values.limit, DEFAULT_DIFFER_LIMIT, 1000, 1);

  const runs = await loadShared(positionals, values);
  const config = await configFromFlags(values, runs[0].loaded.slotCount);
  runs.forEach((run, k) => warnSlotCount(positionals[k], run, config));
  const sources: RunSource[] = runs.map((r, k) => runSource(r, names[k], positionals[k]));
  if (differ) {
    let text: string;
    try {
      const prepared = prepareComparison(sources, config, {
        common: values.common as boolean,
        allowDifferentGold: values['allow-different-gold'] as boolean,
      });
      for (const n of prepared.notes) note(n);
      const result = differFinder(
        differRuns(sources, prepared.alignment),
        config,
        { metric: (values.metric as string | undefined) ?? 'JGA', minTurns, bootstrap: stats.bootstrap, seed: stats.seed, limit },
        prepared.evaluations[0].signature,
      );
      text = renderDiffer(format, result);
    } catch (e) {
      if (e instanceof CompareError) throw new UsageError(`compare: ${e.message}`);
      throw e;
    }
    if (values.out) writeOut(values.out as string, [text]);
    else write(text);
    return correctionsExit(runs.map((run) => ({ run })));
  }
  let compared;
  try {
    compared = await compareRuns(sources, config, stats, {
      common: values.common as boolean,
      allowDifferentGold: values['allow-different-gold'] as boolean,
      threads,
    });
  } catch (e) {
    if (e instanceof CompareError) throw new UsageError(`compare: ${e.message}`);
    throw e;
  }
  for (const n of [...compared.prepareNotes, ...compared.statNotes]) note(n);
  const all = compared.out;
  const out = metrics ? restrictMetrics(all, metrics) : all;
  const text = renderCompare(format, out, xs, { ...captions, maxCell });
  if (seriesFigure !== undefined && figureFormat && xs) {
    const panels = seriesPanels(out, xs);
    if (panels[0].points.length < 2) throw new UsageError('--series-figure: fewer than two runs have an x');
    const scene = seriesScene(panels, {
      width: 720,
      xLabel: (values['x-label'] as string | undefined) ?? namesLabel,
      signature: renderSignature(out.signature),
    });
    const { renderScene } = await import('../services/export/render');
    const fig = await renderScene(exportScene(scene, { signature: !values['no-signature'] }), figureFormat, 2);
    writeOut(seriesFigure, [fig.bytes]);
  }
  if (values.out) writeOut(values.out as string, [text]);
  else write(text);
  return correctionsExit(runs.map((run) => ({ run })));
}

/** A loaded run as the comparison reads it. */
export function runSource(r: LoadedRun, name: string, file: string): RunSource {
  return {
    name,
    file,
    corpus: r.loaded.corpus,
    stats: r.stats!,
    valueOptions: r.loaded.valueOptions ?? [],
    corrections: r.corrections?.result.summary,
  };
}

/** Loads each file as a run (gold, utterance and schema sources read once); a run on the baseline's gold holds it once. */
export async function loadShared(files: string[], values: Parameters<typeof sourceFromFlags>[0]): Promise<LoadedRun[]> {
  const maxBytes = maxBytesFromFlags(values);
  const references = new ReferenceCache(maxBytes);
  const specs = await Promise.all(files.map((f) => sourceFromFlags(values, [f])));
  // --preset: every run is scored under the same preset (its classes are what the paired tests compare).
  const presets = hasPresetFlags(values) ? await import('./preset-flags') : undefined;
  const preset = presets?.presetFromFlags(values);
  if (preset) rememberPreset(values, preset.config, preset.full);
  const progress = terminalProgress();
  const out: LoadedRun[] = [];
  try {
    for (let k = 0; k < files.length; k++) {
      const run = await loadSource(specs[k], {
        maxBytes,
        references,
        onProgress: (stage, f) => progress.update(`${stage} ${basename(files[k])}`, f),
      });
      noteJoins(files[k], run);
      for (const n of run.corrections?.notes ?? []) note(n);
      if (presets && preset) presets.applyPresetToRun(files[k], run, preset);
      if (k > 0) {
        const shared = shareGold(out[0].loaded.corpus, run.loaded.corpus);
        if (shared) run.loaded = { ...run.loaded, corpus: shared };
      }
      out.push(run);
    }
  } finally {
    progress.done();
  }
  return out;
}
