// Layer: shared (pure TS). Comparing runs against a baseline (spec section
// 14): align them (align.ts), refuse what cannot be compared (no common
// dialogue, runs covering different dialogues or turns unless the common part
// is asked for, a different gold unless allowed, different value options),
// score each run, then run the paired statistics (paired.ts) and assemble one
// comparison per (run, metric column): the observed delta — exactly the
// difference of the two corpus scores `score` prints — its 95% paired
// bootstrap interval and its approximate-randomization p-value. The CLI and
// the app's compare view both come through here.

import { AppError } from '../app-error';
import type { MetricConfig } from '../metrics/config';
import { evaluateStats, type Evaluation } from '../metrics/evaluate';
import { extendSignature, type Signature, type SignaturePart } from '../metrics/signature';
import type { Scores } from '../metrics/state';
import { analyseCorpus, type TurnStats } from '../metrics/turn-stats';
import { metricValue } from '../metrics/values';
import type { Corpus } from '../model/corpus';
import { alignRuns, clashingIds, describeCoverage, describeGold, restrictToCommon, type Alignment } from './align';
import { foldRows, Scorer, type StatColumn } from './columns';
import { bootstrapValues, pValue, randomizationCounts, swapStream } from './paired';
import { percentileInterval } from './percentile';
import { DEFAULT_SEED } from './seed';
import { maxBy, pushAll } from '../arrays';

/** Runs that cannot be compared (the message says why): bad arguments. */
export class CompareError extends AppError {
  constructor(message: string) {
    super('bad-args', message);
    this.name = 'CompareError';
  }
}

export interface RunSource {
  name: string;
  file: string;
  corpus: Corpus;
  stats: TurnStats;
  /** Value options the run was loaded with (signature names). */
  valueOptions: readonly string[];
  /** Corrections applied to the run's gold at load (the signature's corrections part). */
  corrections?: { count: number; hash: string };
  /** The whole corpus scored under a config, when the caller keeps one (the app caches them); else scored here. */
  evaluation?: (config: MetricConfig) => Evaluation;
}

export interface CompareOptions {
  /** Compare on the dialogues and turns every run covers, instead of refusing runs that differ. */
  common?: boolean;
  /** Compare runs scored against different gold states (else refused). */
  allowDifferentGold?: boolean;
  /** How the caller's user asks for those two (a flag, a checkbox), for messages. */
  hints?: { common: string; gold: string };
}

export interface StatSettings {
  /** Bootstrap resamples B (0: no intervals). */
  bootstrap: number;
  /** Randomization trials R (0: no p-values). */
  trials: number;
  seed: number;
}

export const DEFAULT_STATS: StatSettings = { bootstrap: 1000, trials: 10000, seed: DEFAULT_SEED };

export { SIGNIFICANCE, significant } from './significance';

export interface Prepared {
  alignment: Alignment;
  /** Each run scored (on the common part when that was asked for and needed). */
  evaluations: Evaluation[];
  /** Per run: the rows of ev.states in the baseline's dialogue order, or null when they already are. */
  rows: (Int32Array | null)[];
  /** Notes for the user (the common part, a gold difference). */
  notes: string[];
  /** Signature parts of the alignment (common part, gold difference). */
  parts: SignaturePart[];
}

const DEFAULT_HINTS = {
  common: 'pass --common to compare on the dialogues and turns every run has',
  gold: 'pass --allow-different-gold to compare anyway',
};

/**
 * prepareComparison for the app, where runs are ticked one by one: a run that
 * cannot be compared with the baseline on its own (no dialogue in common,
 * other value options, other corrections, …) is left out with its reason,
 * and the others are compared. Throws when the runs left cannot be compared
 * together, or none is left besides the baseline.
 */
export function prepareComparable(
  runs: readonly RunSource[],
  config: MetricConfig,
  opts: CompareOptions = {},
): { prepared: Prepared; kept: number[]; refused: { index: number; message: string }[] } {
  try {
    return { prepared: prepareComparison(runs, config, opts), kept: runs.map((_, k) => k), refused: [] };
  } catch (e) {
    if (!(e instanceof CompareError) || runs.length < 3) throw e;
    const refused: { index: number; message: string }[] = [];
    for (let k = 1; k < runs.length; k++) {
      try {
        prepareComparison([runs[0], runs[k]], config, opts);
      } catch (alone) {
        if (!(alone instanceof CompareError)) throw alone;
        refused.push({ index: k, message: alone.message });
      }
    }
    const kept = runs.map((_, k) => k).filter((k) => !refused.some((r) => r.index === k));
    if (refused.length === 0 || kept.length < 2) throw e;
    return {
      prepared: prepareComparison(
        kept.map((k) => runs[k]),
        config,
        opts,
      ),
      kept,
      refused,
    };
  }
}

/** Aligns the runs (the first is the baseline), checks they can be compared, and scores them. */
export function prepareComparison(runs: readonly RunSource[], config: MetricConfig, opts: CompareOptions = {}): Prepared {
  const hints = opts.hints ?? DEFAULT_HINTS;
  if (runs.length < 2) throw new CompareError('a comparison needs a baseline and at least one other run');
  const seen = new Set<string>();
  for (const r of runs) {
    if (seen.has(r.name)) throw new CompareError(`two runs are named ${JSON.stringify(r.name)}; run names must be unique`);
    seen.add(r.name);
  }
  const base = runs[0];
  const values = (r: RunSource) => (r.valueOptions.length ? r.valueOptions.join('+') : 'exact');
  for (const r of runs.slice(1)) {
    if (values(r) !== values(base))
      throw new CompareError(
        `${r.name} was loaded with values=${values(r)} and ${base.name} with values=${values(base)}; compare runs loaded with the same value options`,
      );
    const fixes = (x: RunSource) => (x.corrections ? `${x.corrections.count}:${x.corrections.hash}` : 'none');
    if (fixes(r) !== fixes(base))
      throw new CompareError(
        `${r.name} was scored with corrections=${fixes(r)} and ${base.name} with corrections=${fixes(base)}; compare runs whose gold has the same corrections`,
      );
  }
  for (const r of runs) {
    const clash = clashingIds(r.corpus);
    if (clash)
      throw new CompareError(
        `${r.name} (${r.file}) has two dialogues that match the same id, ${JSON.stringify(clash[0])} and ${JSON.stringify(clash[1])} (ids match case-insensitively, with or without .json); rename one`,
      );
  }
  const alignment = alignRuns(
    runs.map((r) => r.corpus),
    runs.map((r) => r.name),
  );
  for (const [k, cov] of alignment.runs.entries()) {
    if (k === 0) continue;
    if (cov.sharedTurns === 0) {
      const ids = (c: Corpus) => c.dialogueIds.slice(0, 3).join(', ');
      const what = cov.missingDialogues.length === base.corpus.dialogueIds.length ? 'dialogue' : 'turn';
      throw new CompareError(
        `${cov.name} (${runs[k].file}) and the baseline ${base.name} (${base.file}) have no ${what} in common (baseline ids: ${ids(base.corpus)}; ${cov.name}: ${ids(runs[k].corpus)})`,
      );
    }
  }
  const notes: string[] = [];
  const parts: SignaturePart[] = [];
  const coverage = alignment.runs.map((c) => describeCoverage(c, base.name)).filter((x): x is string => x !== null);
  if (!alignment.complete) {
    if (!opts.common) throw new CompareError(`the runs do not cover the same dialogues and turns: ${coverage.join('; ')}; ${hints.common}`);
    if (alignment.commonTurns === 0) throw new CompareError(`the runs have no turn in common (${coverage.join('; ')})`);
    const nb = base.corpus.turnIndex.length;
    notes.push(`${coverage.join('; ')}`);
    notes.push(
      `comparing on the common part: ${alignment.commonIds.length.toLocaleString('en-US')} dialogues, ${alignment.commonTurns.toLocaleString('en-US')} of the baseline's ${nb.toLocaleString('en-US')} turns`,
    );
    parts.push({ key: 'common', text: `common=${alignment.commonIds.length}d/${alignment.commonTurns}t` });
  }
  if (alignment.goldDiffers) {
    const lines = alignment.runs.map((c) => describeGold(c, base.name)).filter((x): x is string => x !== null);
    if (!opts.allowDifferentGold) throw new CompareError(`${lines.join('; ')}; ${hints.gold}`);
    pushAll(notes, lines);
    const n = maxBy(alignment.runs, (c) => c.goldDiffers);
    parts.push({ key: 'gold', text: `gold=differs:${n}t` });
  }

  const settings = { values: base.valueOptions, corrections: base.corrections };
  if (!alignment.complete) {
    const evaluations = runs.map((r, k) => {
      const c = restrictToCommon(r.corpus, alignment.rows[k], alignment.keep[k]);
      return evaluateStats(c, analyseCorpus(c), config, settings);
    });
    return { alignment, evaluations, rows: runs.map(() => null), notes, parts };
  }
  const evaluations = runs.map((r) => r.evaluation?.(config) ?? evaluateStats(r.corpus, r.stats, config, settings));
  const rows = runs.map((_, k) => (alignment.rows[k].every((x, i) => x === i) ? null : alignment.rows[k]));
  return { alignment, evaluations, rows, notes, parts };
}

export interface Comparison {
  baseline: string;
  run: string;
  metric: string;
  /** FGA's λ. */
  lambda?: number;
  /** Column key ("JGA", "FGA_0.5"). */
  key: string;
  /** m(run) − m(baseline) on the corpus: the difference of the two scores as `score` reports them. */
  delta: number | null;
  /** 95% paired-bootstrap percentile interval of the delta. */
  ci: [number, number] | null;
  /** Two-sided approximate-randomization p-value. */
  p: number | null;
}

export interface ComparedRun {
  name: string;
  file: string;
  corpus: Scores;
  /** Per column key: the run's own 95% bootstrap interval (for series bands). */
  ci: Record<string, [number, number] | null>;
}

export interface CompareOutput {
  signature: Signature;
  columns: StatColumn[];
  /** GCA's parts the scores table shows (default all four; restrictMetrics narrows it). */
  parts?: readonly string[];
  runs: ComparedRun[];
  comparisons: Comparison[];
  notes: string[];
  settings: StatSettings;
}

/** The statistics part on its own (what a worker thread runs): per-run intervals, delta intervals, p counts. */
export interface StatInput {
  /** Folded aligned rows of each run (the baseline first). */
  folded: Float64Array[];
  n: number;
}

export interface StatResult {
  /** Per run, per column: the run's interval. */
  runCi: ([number, number] | null)[][];
  /** Per run (index 0 unused), per column: the delta's interval. */
  deltaCi: ([number, number] | null)[][];
  /** Per run (index 0 unused), per column: #{|δ_r| ≥ |δ|}, -1 when undefined. */
  counts: Int32Array[];
  /** Per column: the most resamples on which a run's Δ was undefined (the run or the baseline undefined; left out of that interval). */
  undefinedResamples: number[];
}

/** Folded aligned rows of each prepared run. */
export function statInput(p: Prepared, scorer: Scorer): StatInput {
  const folded = p.evaluations.map((ev, k) => foldRows(ev.states, ev.layout, scorer.folded, p.rows[k] ?? undefined));
  return { folded, n: p.evaluations[0].states.length / p.evaluations[0].layout.width };
}

/** A share of the statistics' work: bootstrap resamples [boot[0], boot[1]) and randomization trials [trials[0], trials[1]). */
export interface StatRange {
  boot: [number, number];
  trials: [number, number];
}

/** What one share computes: each run's column values on its resamples, and each run's randomization counts on its trials. */
export interface StatPart {
  range: StatRange;
  /** Per run: values[c * (boot[1] − boot[0]) + b]. */
  boot: Float64Array[];
  /** Per run (index 0: unused, all -1): counts per column. */
  counts: Int32Array[];
}

/** Splits the work in `parts` shares of about equal size. */
export function splitWork(s: StatSettings, parts: number): StatRange[] {
  const cut = (total: number, k: number) => Math.round((total * k) / parts);
  return Array.from({ length: parts }, (_, k) => ({
    boot: [cut(s.bootstrap, k), cut(s.bootstrap, k + 1)],
    trials: [cut(s.trials, k), cut(s.trials, k + 1)],
  }));
}

/** One share of the bootstrap and of the randomization (any split gives the same numbers). */
export function statPart(
  input: StatInput,
  scorer: Scorer,
  s: StatSettings,
  range: StatRange,
  opts: { batchWords?: number } = {},
): StatPart {
  const C = scorer.columns.length;
  const boot = bootstrapValues(input.folded, input.n, scorer, s.bootstrap, s.seed, range.boot[0], range.boot[1]);
  const [t0, t1] = range.trials;
  const counts = input.folded.map((_, k) => new Int32Array(C).fill(k === 0 || t1 <= t0 ? -1 : 0));
  // Trials in batches, so the swap words of a large corpus never fill memory (at most ~16 MB at a time).
  const W = Math.max(1, Math.ceil(input.n / 32));
  const batch = Math.max(1, Math.floor((opts.batchWords ?? 4 << 20) / W));
  const stream = swapStream(input.n, s.seed, t0);
  for (let r = t0; r < t1; r += batch) {
    const words = stream(Math.min(batch, t1 - r));
    for (let k = 1; k < input.folded.length; k++) {
      const got = randomizationCounts(input.folded[0], input.folded[k], input.n, scorer, words);
      for (let c = 0; c < C; c++) counts[k][c] = got[c] < 0 || counts[k][c] < 0 ? -1 : counts[k][c] + got[c];
    }
  }
  return { range, boot, counts };
}

/** The intervals and counts of the whole, from shares covering every resample and trial once. */
export function combineParts(parts: readonly StatPart[], runs: number, columns: number, s: StatSettings): StatResult {
  const B = s.bootstrap;
  const values = Array.from({ length: runs }, () => new Float64Array(columns * B));
  for (const p of parts) {
    const [b0, b1] = p.range.boot;
    const m = b1 - b0;
    for (let k = 0; k < runs; k++) for (let c = 0; c < columns; c++) values[k].set(p.boot[k].subarray(c * m, (c + 1) * m), c * B + b0);
  }
  const runCi = values.map((v) =>
    Array.from({ length: columns }, (_, c) => (B ? percentileInterval(v.subarray(c * B, (c + 1) * B)) : null)),
  );
  const diff = new Float64Array(B);
  const undefinedResamples = new Array<number>(columns).fill(0);
  const deltaCi = values.map((v, k) =>
    Array.from({ length: columns }, (_, c) => {
      if (k === 0 || !B) return null;
      let nan = 0;
      for (let b = 0; b < B; b++) {
        diff[b] = v[c * B + b] - values[0][c * B + b];
        if (Number.isNaN(diff[b])) nan++;
      }
      undefinedResamples[c] = Math.max(undefinedResamples[c], nan);
      return percentileInterval(diff);
    }),
  );
  const counts = Array.from({ length: runs }, (_, k) => {
    const out = new Int32Array(columns).fill(k === 0 || !s.trials ? -1 : 0);
    if (k === 0 || !s.trials) return out;
    for (const p of parts) {
      if (p.range.trials[1] <= p.range.trials[0]) continue;
      for (let c = 0; c < columns; c++) out[c] = out[c] < 0 || p.counts[k][c] < 0 ? -1 : out[c] + p.counts[k][c];
    }
    return out;
  });
  return { runCi, deltaCi, counts, undefinedResamples };
}

/** Bootstrap and randomization for every run against the first, in this thread. */
export function runStatistics(input: StatInput, scorer: Scorer, s: StatSettings): StatResult {
  const part = statPart(input, scorer, s, { boot: [0, s.bootstrap], trials: [0, s.trials] });
  return combineParts([part], input.folded.length, scorer.columns.length, s);
}

/** The statistics' settings as signature parts. */
export function statParts(s: StatSettings): SignaturePart[] {
  return [
    { key: 'bootstrap', text: `bootstrap=${s.bootstrap}` },
    { key: 'trials', text: `trials=${s.trials}` },
    { key: 'seed', text: `seed=${s.seed}` },
  ];
}

/** Assembles the comparison from the prepared runs and the statistics. */
export function assemble(
  p: Prepared,
  runs: readonly { name: string; file: string }[],
  scorer: Scorer,
  s: StatSettings,
  stats: StatResult,
): CompareOutput {
  const columns = scorer.columns;
  const base = p.evaluations[0];
  const value = (ev: Evaluation, c: StatColumn) => metricValue(ev.corpus.values, c.metric, c.variant);
  const comparisons: Comparison[] = [];
  for (let k = 1; k < runs.length; k++) {
    columns.forEach((c, j) => {
      const a = value(base, c);
      const b = value(p.evaluations[k], c);
      const cmp: Comparison = {
        baseline: runs[0].name,
        run: runs[k].name,
        metric: c.metric,
        key: c.key,
        delta: a === null || b === null ? null : b - a,
        ci: stats.deltaCi[k][j],
        p: pValue(stats.counts[k][j], s.trials),
      };
      if (c.lambda !== undefined) cmp.lambda = c.lambda;
      comparisons.push(cmp);
    });
  }
  return {
    signature: extendSignature(base.signature, [...p.parts, ...statParts(s)]),
    columns,
    runs: runs.map((r, k) => ({
      name: r.name,
      file: r.file,
      corpus: p.evaluations[k].corpus,
      ci: Object.fromEntries(columns.map((c, j) => [c.key, stats.runCi[k][j]])),
    })),
    comparisons,
    notes: [...p.notes, ...undefinedNotes(columns, stats.undefinedResamples, s.bootstrap)],
    settings: s,
  };
}

/** A note per column that some bootstrap resamples left undefined (e.g. AGA on resampled dialogues without a gold slot). */
function undefinedNotes(columns: readonly StatColumn[], counts: readonly number[], B: number): string[] {
  return columns.flatMap((c, j) => {
    const n = counts[j] ?? 0;
    if (n === 0) return [];
    if (n >= B) return [`${c.key} is undefined on every bootstrap resample for some run: no interval`];
    return [
      `${c.key} is undefined on up to ${n} of ${B} bootstrap resamples (for some run, the resampled dialogues give it nothing to count); each of its intervals uses the resamples where its values are defined`,
    ];
  });
}

/** prepareComparison → runStatistics → assemble, in this thread. */
export function compareRuns(
  runs: readonly RunSource[],
  config: MetricConfig,
  s: StatSettings = DEFAULT_STATS,
  opts: CompareOptions = {},
): CompareOutput {
  const p = prepareComparison(runs, config, opts);
  const scorer = new Scorer(p.evaluations[0].layout, config);
  return assemble(p, runs, scorer, s, runStatistics(statInput(p, scorer), scorer, s));
}
