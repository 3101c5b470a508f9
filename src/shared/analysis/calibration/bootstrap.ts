// Layer: shared (pure TS). Paired bootstrap of calibration between confidence
// columns (softmax, verbalized, minicons, …) on the same dialogues: each
// resample draws the corpus's dialogues with replacement — the same MT19937
// draws as compare's paired bootstrap (../resample.ts, ../rng.ts: row b of
// numpy's RandomState(seed).randint(0, D, size=(B, D))) — and every column is
// scored on the same drawn dialogues, so ΔECE and ΔAUROC (column − baseline)
// carry the pairing. Intervals are numpy's linear percentiles (../percentile.ts)
// over the resamples where the statistic is defined (a resample may have no
// wrong pair, leaving AUROC undefined); those left out are counted.
//
// A resample is scored by sweeping the column's distinct confidences, each
// weighted by how often its pairs' dialogues were drawn (Mann–Whitney U for
// AUROC, then the bins' level ranges for ECE), never by rebuilding the
// pairs; the result equals scoring the rebuilt pairs up to float summation
// order (tested).

import { eachResample, resampledInterval, type ResampledInterval } from '../resample';
import { MAX_BOOTSTRAP, MAX_SEED } from '../seed';
import { eceOfStats, placeSorted, type Binning } from './binning';
import { checkPairs, CalibrationInputError, type CalibrationPairs } from './pairs';
import { argsortDoubles } from './sort';
import { pairCalibration, resolveOptions, type CalibrationOptions } from './summary';

export interface CalibrationColumn {
  /** Column name as shown ("pair_confidence", "softmax"). */
  name: string;
  /** Its pairs, each with a `dialogue` index below the corpus's dialogue count. */
  pairs: CalibrationPairs;
}

export interface CalibrationBootstrapSettings {
  /** Resamples B (0: observed values only, no intervals). */
  bootstrap: number;
  seed: number;
  /** Interval level (default 0.95). */
  level?: number;
}

export interface ColumnEstimate {
  name: string;
  count: number;
  ece: number | null;
  auroc: number | null;
  /** The column's own bootstrap interval of each. */
  eceInterval: ResampledInterval;
  aurocInterval: ResampledInterval;
}

export interface DeltaEstimate {
  /** Statistic(column) − statistic(baseline) on the corpus; null when either is undefined. */
  delta: number | null;
  /** Percentile interval of the resampled differences; null without resamples where both are defined. */
  ci: [number, number] | null;
  /** Resamples on which the difference was undefined (left out). */
  undefinedResamples: number;
}

export interface ColumnComparison {
  baseline: string;
  column: string;
  ece: DeltaEstimate;
  auroc: DeltaEstimate;
}

export interface CalibrationComparison {
  /** Resampling units (dialogues), also those without pairs. */
  dialogues: number;
  binning: Binning['name'];
  binCount: number;
  bootstrap: number;
  seed: number;
  level: number;
  columns: ColumnEstimate[];
  /** Every column after the first against the first. */
  comparisons: ColumnComparison[];
}

/**
 * One column made ready for resampling: its distinct confidences (levels,
 * ascending), per level the entries (dialogue, correct pairs, wrong pairs)
 * of the pairs there and its places in the bin statistics.
 */
export interface PreparedColumn {
  value: Float64Array;
  /** Exclusive end of each level's entries. */
  levelEnd: Int32Array;
  unit: Int32Array;
  pos: Float64Array;
  neg: Float64Array;
  /** binning.ts placeA / placeB of each level. */
  placeA: Int32Array;
  placeB: Int32Array;
}

export interface PreparedCalibration {
  dialogues: number;
  binning: Binning;
  columns: PreparedColumn[];
}

/** Levels, per-level dialogue entries and bin places of each column (checks every pair). */
export function prepareCalibrationBootstrap(
  columns: readonly CalibrationPairs[],
  dialogues: number,
  opts: CalibrationOptions = {},
): PreparedCalibration {
  const { binning, outOfRange } = resolveOptions(opts);
  if (!Number.isInteger(dialogues) || dialogues < 0)
    throw new RangeError(`the number of dialogues must be a non-negative integer, got ${dialogues}`);
  const prepared = columns.map((p, k): PreparedColumn => {
    checkPairs(p, outOfRange);
    const dia = p.dialogue;
    if (!dia) throw new CalibrationInputError(`column ${k}: the bootstrap needs each pair's dialogue index`, -1);
    const n = p.confidence.length;
    for (let i = 0; i < n; i++)
      if (dia[i] >= dialogues)
        throw new CalibrationInputError(`column ${k}, pair ${i}: dialogue ${dia[i]} is not below the number of dialogues, ${dialogues}`, i);
    // Pairs by confidence, stable: a dialogue's pairs at one level stay together when the input is in dialogue order.
    const order = argsortDoubles(p.confidence);
    const value = new Float64Array(n);
    const levelEnd = new Int32Array(n);
    const unit = new Int32Array(n);
    const ep = new Float64Array(n);
    const en = new Float64Array(n);
    let L = 0;
    let e = -1;
    for (let j = 0; j < n; j++) {
      const i = order[j];
      const c = p.confidence[i];
      const newLevel = j === 0 || c !== value[L - 1];
      if (newLevel) {
        if (L > 0) levelEnd[L - 1] = e + 1;
        value[L++] = c;
      }
      if (newLevel || dia[i] !== unit[e]) {
        unit[++e] = dia[i];
        ep[e] = 0;
        en[e] = 0;
      }
      if (p.correct[i]) ep[e]++;
      else en[e]++;
    }
    if (L > 0) levelEnd[L - 1] = e + 1;
    const m = e + 1;
    const levels = value.slice(0, L);
    const place = placeSorted(binning, levels);
    return {
      value: levels,
      levelEnd: levelEnd.slice(0, L),
      unit: unit.slice(0, m),
      pos: ep.slice(0, m),
      neg: en.slice(0, m),
      placeA: place.a,
      placeB: place.b,
    };
  });
  return { dialogues, binning, columns: prepared };
}

/**
 * ECE and AUROC of every column on resamples [from, to) of B (NaN where
 * undefined): per column, ece[b − from] and auroc[b − from]. Any split of
 * [0, B) gives the same values. Per resample and column, one pass over the
 * entries: each level's correct and wrong pairs weighted by how often their
 * dialogues were drawn, added to Mann–Whitney U and to the level's bins.
 */
export function calibrationBootstrapValues(
  prep: PreparedCalibration,
  seed: number,
  from: number,
  to: number,
): { ece: Float64Array[]; auroc: Float64Array[] } {
  const m = Math.max(0, to - from);
  const ece = prep.columns.map(() => new Float64Array(m).fill(Number.NaN));
  const auroc = prep.columns.map(() => new Float64Array(m).fill(Number.NaN));
  const bn = prep.binning;
  const acc = new Float64Array(bn.statsWidth);
  const setsumbt = bn.name === 'setsumbt';
  eachResample(prep.dialogues, seed, from, to, (times, b) => {
    for (let k = 0; k < prep.columns.length; k++) {
      acc.fill(0);
      const [U, P] = sweep(prep.columns[k], times, acc, setsumbt);
      ece[k][b - from] = eceOfStats(acc, bn) ?? Number.NaN;
      const N = acc[0] - P;
      auroc[k][b - from] = P === 0 || N === 0 ? Number.NaN : U / (P * N);
    }
  });
  return { ece, auroc };
}

/** One resample of a column into the statistics vector s; returns [U, correct pairs]. */
function sweep(c: PreparedColumn, times: Int32Array, s: Float64Array, setsumbt: boolean): [number, number] {
  const { levelEnd, unit, pos, neg, placeA, placeB, value } = c;
  let u = 0;
  let negBelow = 0;
  let P = 0;
  let e = 0;
  for (let l = 0; l < levelEnd.length; l++) {
    const end = levelEnd[l];
    let p = 0;
    let q = 0;
    for (; e < end; e++) {
      const t = times[unit[e]];
      p += t * pos[e];
      q += t * neg[e];
    }
    u += p * (negBelow + q / 2);
    negBelow += q;
    P += p;
    const x = p + q;
    const a = placeA[l];
    if (a >= 0) {
      s[a] += x;
      s[a + 1] += p;
      if (setsumbt) s[a + 2] += x * value[l];
    }
    const b = placeB[l];
    if (b >= 0) {
      s[b] += x;
      s[b + 1] += p;
    }
  }
  s[0] = P + negBelow;
  return [u, P];
}

function delta(a: number | null, b: number | null): number | null {
  return a === null || b === null ? null : b - a;
}

/**
 * Each column's ECE and AUROC with its bootstrap interval, and every column
 * after the first against the first (ΔECE, ΔAUROC with paired intervals).
 * `dialogues` is the corpus's dialogue count (pairs carry indices below it).
 */
export function compareCalibration(
  columns: readonly CalibrationColumn[],
  dialogues: number,
  settings: CalibrationBootstrapSettings,
  opts: CalibrationOptions = {},
): CalibrationComparison {
  const B = settings.bootstrap;
  if (!Number.isInteger(B) || B < 0 || B > MAX_BOOTSTRAP)
    throw new RangeError(`bootstrap resamples must be an integer in [0, ${MAX_BOOTSTRAP}], got ${B}`);
  if (!Number.isInteger(settings.seed) || settings.seed < 0 || settings.seed > MAX_SEED)
    throw new RangeError(`seed must be an integer in [0, ${MAX_SEED}], got ${settings.seed}`);
  const level = settings.level ?? 0.95;
  if (!(level > 0 && level < 1)) throw new RangeError(`the interval level must lie in (0, 1), got ${level}`);
  if (columns.length === 0) throw new RangeError('no confidence column to compare');
  const names = new Set<string>();
  for (const c of columns) {
    if (names.has(c.name)) throw new RangeError(`two confidence columns are named ${JSON.stringify(c.name)}`);
    names.add(c.name);
  }
  const prep = prepareCalibrationBootstrap(
    columns.map((c) => c.pairs),
    dialogues,
    opts,
  );
  const observed = columns.map((c) => pairCalibration(c.pairs, opts));
  const values = calibrationBootstrapValues(prep, settings.seed, 0, B);
  const ests: ColumnEstimate[] = columns.map((c, k) => ({
    name: c.name,
    count: observed[k].count,
    ece: observed[k].ece,
    auroc: observed[k].auroc,
    eceInterval: resampledInterval(values.ece[k], level),
    aurocInterval: resampledInterval(values.auroc[k], level),
  }));
  const diff = (x: Float64Array, y: Float64Array) => Float64Array.from(x, (v, b) => y[b] - v);
  const comparisons: ColumnComparison[] = columns.slice(1).map((c, j) => {
    const k = j + 1;
    const dEce = resampledInterval(diff(values.ece[0], values.ece[k]), level);
    const dAuc = resampledInterval(diff(values.auroc[0], values.auroc[k]), level);
    return {
      baseline: columns[0].name,
      column: c.name,
      ece: { delta: delta(observed[0].ece, observed[k].ece), ...dEce },
      auroc: { delta: delta(observed[0].auroc, observed[k].auroc), ...dAuc },
    };
  });
  return {
    dialogues,
    binning: prep.binning.name,
    binCount: prep.binning.binCount,
    bootstrap: B,
    seed: settings.seed,
    level,
    columns: ests,
    comparisons,
  };
}
