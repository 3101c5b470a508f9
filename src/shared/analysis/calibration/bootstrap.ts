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
// A resample is scored by one sweep over the column's distinct confidences,
// each weighted by how often its pairs' dialogues were drawn (bin statistics
// for ECE, Mann–Whitney U for AUROC), never by rebuilding the pairs; the
// result equals scoring the rebuilt pairs up to float summation order (tested).

import { eachResample, resampledInterval, type ResampledInterval } from '../resample';
import { MAX_BOOTSTRAP, MAX_SEED } from '../seed';
import { addPlaced, eceOfStats, placeSorted, type Binning } from './binning';
import { checkPairs, CalibrationInputError, type CalibrationPairs } from './pairs';
import { levelsOf, pairCalibration, resolveOptions, sortedByClass, type CalibrationOptions } from './summary';

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
 * ascending) with their places in the bin statistics, and per level the
 * entries (dialogue, correct pairs, wrong pairs) of the pairs there.
 */
export interface PreparedColumn {
  value: Float64Array;
  placeA: Int32Array;
  placeB: Int32Array;
  /** Exclusive end of each level's entries. */
  levelEnd: Int32Array;
  unit: Int32Array;
  pos: Float64Array;
  neg: Float64Array;
}

export interface PreparedCalibration {
  dialogues: number;
  binning: Binning;
  columns: PreparedColumn[];
}

/** Index of v in the ascending array a (present by construction). */
function levelIndex(a: Float64Array, v: number): number {
  let lo = 0;
  let hi = a.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid] < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Levels and per-level dialogue entries of each column (checks every pair). */
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
    const { pos, neg } = sortedByClass(p);
    const value = levelsOf(pos, neg).value;
    const L = value.length;
    // Pairs by level (counting sort, stable: a dialogue's pairs at one level stay together when the input is in dialogue order).
    const level = new Int32Array(n);
    const start = new Int32Array(L + 1);
    for (let i = 0; i < n; i++) {
      level[i] = levelIndex(value, p.confidence[i]);
      start[level[i] + 1]++;
    }
    for (let l = 0; l < L; l++) start[l + 1] += start[l];
    const order = new Int32Array(n);
    const next = start.slice(0, L);
    for (let i = 0; i < n; i++) order[next[level[i]]++] = i;
    const unit = new Int32Array(n);
    const ep = new Float64Array(n);
    const en = new Float64Array(n);
    const levelEnd = new Int32Array(L);
    let e = -1;
    for (let l = 0; l < L; l++) {
      let last = -1;
      for (let j = start[l]; j < start[l + 1]; j++) {
        const i = order[j];
        if (dia[i] !== last) {
          unit[++e] = last = dia[i];
          ep[e] = 0;
          en[e] = 0;
        }
        if (p.correct[i]) ep[e]++;
        else en[e]++;
      }
      levelEnd[l] = e + 1;
    }
    const m = e + 1;
    const place = placeSorted(binning, value);
    return {
      value,
      placeA: place.a,
      placeB: place.b,
      levelEnd,
      unit: unit.slice(0, m),
      pos: ep.slice(0, m),
      neg: en.slice(0, m),
    };
  });
  return { dialogues, binning, columns: prepared };
}

/**
 * ECE and AUROC of every column on resamples [from, to) of B (NaN where
 * undefined): per column, ece[b − from] and auroc[b − from]. Any split of
 * [0, B) gives the same values. One sweep over a column's levels per
 * resample gives both: each level's pairs weighted by how often their
 * dialogue was drawn.
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
  const setsumbt = bn.name === 'setsumbt';
  const acc = new Float64Array(bn.statsWidth);
  eachResample(prep.dialogues, seed, from, to, (times, b) => {
    prep.columns.forEach((c, k) => {
      acc.fill(0);
      let u = 0;
      let negBelow = 0;
      let P = 0;
      let e = 0;
      for (let l = 0; l < c.value.length; l++) {
        const end = c.levelEnd[l];
        let p = 0;
        let q = 0;
        for (; e < end; e++) {
          const t = times[c.unit[e]];
          if (t === 0) continue;
          p += t * c.pos[e];
          q += t * c.neg[e];
        }
        if (p + q === 0) continue;
        addPlaced(acc, 0, setsumbt, c.placeA[l], c.placeB[l], c.value[l], p, q);
        u += p * (negBelow + q / 2);
        negBelow += q;
        P += p;
      }
      ece[k][b - from] = eceOfStats(acc, bn) ?? Number.NaN;
      auroc[k][b - from] = P === 0 || negBelow === 0 ? Number.NaN : u / (P * negBelow);
    });
  });
  return { ece, auroc };
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
