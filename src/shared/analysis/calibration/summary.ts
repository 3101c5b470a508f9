// Layer: shared (pure TS). Pair-level calibration of one confidence column:
// count, accuracy, mean confidence, ECE and reliability bins (setsumbt or
// sun2024 binning, binning.ts), AUROC (auroc.ts) and the confidence
// histograms of correct and wrong pairs; for the whole column or per group
// (slot, domain). Everything comes from one sweep over the column's distinct
// confidences ("levels", ascending, with their correct and wrong counts), a
// canonical order: the result is the same number, bit for bit, whatever
// order the pairs or shards came in.

import {
  addPlaced,
  binningOf,
  binsOfStats,
  DEFAULT_BIN_COUNT,
  DEFAULT_BINNING,
  eceOfStats,
  histogramOfStats,
  placeSorted,
  type Binning,
  type BinningName,
  type ReliabilityBin,
} from './binning';
import { checkPairs, type CalibrationPairs, type OutOfRange } from './pairs';

export interface CalibrationOptions {
  /** Reliability binning (default setsumbt). */
  binning?: BinningName;
  /** Bins (default 10). */
  binCount?: number;
  /** Confidences outside [0, 1] (default: reject). */
  outOfRange?: OutOfRange;
}

export interface PairCalibration {
  binning: BinningName;
  binCount: number;
  /** Pairs. */
  count: number;
  /** Correct pairs. */
  correct: number;
  /** correct / count; null without pairs. */
  accuracy: number | null;
  /** Mean confidence; null without pairs. */
  meanConfidence: number | null;
  /** Expected calibration error as a fraction (SetSUMBT reports ×100); null without pairs to weigh. */
  ece: number | null;
  /** AUROC of confidence for correct vs wrong; null when either class is empty. */
  auroc: number | null;
  bins: ReliabilityBin[];
  /** Per bin, correct and wrong pairs among the bin's `count`. */
  histogram: { correct: number[]; wrong: number[] };
  /** Pairs outside [0, 1] (only with outOfRange 'like-originals'; else 0). */
  outOfRange: number;
}

/** The options with their defaults, and the binning they name. */
export function resolveOptions(opts: CalibrationOptions = {}): { binning: Binning; outOfRange: OutOfRange } {
  return {
    binning: binningOf(opts.binning ?? DEFAULT_BINNING, opts.binCount ?? DEFAULT_BIN_COUNT),
    outOfRange: opts.outOfRange ?? 'reject',
  };
}

/** The distinct confidences of a column, ascending, with how many correct and wrong pairs hold each. */
export interface Levels {
  value: Float64Array;
  pos: Float64Array;
  neg: Float64Array;
}

/** The correct pairs' and the wrong pairs' confidences, each sorted ascending. */
export function sortedByClass(p: CalibrationPairs): { pos: Float64Array; neg: Float64Array } {
  let P = 0;
  const n = p.confidence.length;
  for (let i = 0; i < n; i++) P += p.correct[i];
  const pos = new Float64Array(P);
  const neg = new Float64Array(n - P);
  let a = 0;
  let b = 0;
  for (let i = 0; i < n; i++) {
    if (p.correct[i]) pos[a++] = p.confidence[i];
    else neg[b++] = p.confidence[i];
  }
  return { pos: pos.sort(), neg: neg.sort() };
}

/** The levels of two sorted classes (−0 and 0 are one level). */
export function levelsOf(pos: Float64Array, neg: Float64Array): Levels {
  const P = pos.length;
  const N = neg.length;
  const value = new Float64Array(P + N);
  const lp = new Float64Array(P + N);
  const ln = new Float64Array(P + N);
  let k = 0;
  let i = 0;
  let j = 0;
  while (i < P || j < N) {
    const v = j >= N || (i < P && pos[i] <= neg[j]) ? pos[i] : neg[j];
    let a = 0;
    let b = 0;
    while (i < P && pos[i] === v) {
      a++;
      i++;
    }
    while (j < N && neg[j] === v) {
      b++;
      j++;
    }
    value[k] = v;
    lp[k] = a;
    ln[k++] = b;
  }
  return { value: value.slice(0, k), pos: lp.slice(0, k), neg: ln.slice(0, k) };
}

/** Calibration of a column's levels (no checks): one sweep for the bin statistics, the mean and U. */
export function summariseLevels(lv: Levels, bn: Binning, outside: number): PairCalibration {
  const stats = new Float64Array(bn.statsWidth);
  const place = placeSorted(bn, lv.value);
  const setsumbt = bn.name === 'setsumbt';
  // Neumaier: the mean confidence of a million pairs to the last bit or two.
  let sum = 0;
  let comp = 0;
  let u = 0;
  let negBelow = 0;
  let correct = 0;
  for (let k = 0; k < lv.value.length; k++) {
    const v = lv.value[k];
    const p = lv.pos[k];
    const q = lv.neg[k];
    addPlaced(stats, 0, setsumbt, place.a[k], place.b[k], v, p, q);
    const x = (p + q) * v;
    const t = sum + x;
    comp += Math.abs(sum) >= Math.abs(x) ? sum - t + x : x - t + sum;
    sum = t;
    // AUROC's U: each correct pair here beats the wrong ones below and ties with those here.
    u += p * (negBelow + q / 2);
    negBelow += q;
    correct += p;
  }
  const count = correct + negBelow;
  return {
    binning: bn.name,
    binCount: bn.binCount,
    count,
    correct,
    accuracy: count === 0 ? null : correct / count,
    meanConfidence: count === 0 ? null : (sum + comp) / count,
    ece: eceOfStats(stats, bn),
    auroc: correct === 0 || negBelow === 0 ? null : u / (correct * negBelow),
    bins: binsOfStats(stats, bn),
    histogram: histogramOfStats(stats, bn),
    outOfRange: outside,
  };
}

/** Calibration of sorted classes (no checks). */
function summarise(pos: Float64Array, neg: Float64Array, bn: Binning, outside: number): PairCalibration {
  return summariseLevels(levelsOf(pos, neg), bn, outside);
}

/** Calibration of one confidence column (throws CalibrationInputError on a bad confidence). */
export function pairCalibration(p: CalibrationPairs, opts: CalibrationOptions = {}): PairCalibration {
  const { binning, outOfRange } = resolveOptions(opts);
  const outside = checkPairs(p, outOfRange);
  const { pos, neg } = sortedByClass(p);
  return summarise(pos, neg, binning, outside);
}

/**
 * Calibration per group (the pairs' `group` index: a slot, a domain), as a
 * map from group index to its calibration, groups ascending. Each group's
 * numbers are what pairCalibration gives on that group's pairs alone.
 */
export function calibrationByGroup(p: CalibrationPairs, opts: CalibrationOptions = {}): Map<number, PairCalibration> {
  const { binning, outOfRange } = resolveOptions(opts);
  checkPairs(p, outOfRange);
  if (!p.group && p.confidence.length > 0) throw new RangeError('calibrationByGroup needs the pairs’ group indices');
  const group = p.group ?? new Int32Array(0);
  const n = group.length;
  // Pairs by group (counting sort over the groups present).
  let max = -1;
  for (let i = 0; i < n; i++) if (group[i] > max) max = group[i];
  const start = new Int32Array(max + 2);
  for (let i = 0; i < n; i++) start[group[i] + 1]++;
  for (let g = 0; g <= max; g++) start[g + 1] += start[g];
  const conf = new Float64Array(n);
  const ok = new Uint8Array(n);
  const next = start.slice(0, max + 1);
  for (let i = 0; i < n; i++) {
    const j = next[group[i]]++;
    conf[j] = p.confidence[i];
    ok[j] = p.correct[i];
  }
  const out = new Map<number, PairCalibration>();
  for (let g = 0; g <= max; g++) {
    if (start[g] === start[g + 1]) continue;
    const sub: CalibrationPairs = { confidence: conf.subarray(start[g], start[g + 1]), correct: ok.subarray(start[g], start[g + 1]) };
    let outside = 0;
    for (let i = 0; i < sub.confidence.length; i++) if (sub.confidence[i] < 0 || sub.confidence[i] > 1) outside++;
    const { pos, neg } = sortedByClass(sub);
    out.set(g, summarise(pos, neg, binning, outside));
  }
  return out;
}
