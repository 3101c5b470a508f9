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

/** −0 before +0, else numeric order (what the native sort of a Float64Array does). */
const before = (a: number, b: number): boolean => a < b || (a === 0 && b === 0 && 1 / a < 1 / b);

/**
 * The sorted runs x[bounds[r] … bounds[r + 1]) merged into one sorted array
 * (bottom-up, pairwise: ⌈log₂ runs⌉ passes), equal to sorting them together.
 */
function mergeRuns(x: Float64Array, bounds: number[]): Float64Array {
  let src = x;
  let b = bounds;
  while (b.length > 2) {
    const dst = new Float64Array(src.length);
    const nb = [b[0]];
    for (let r = 0; r + 1 < b.length; r += 2) {
      const lo = b[r];
      const mid = b[r + 1];
      const hi = r + 2 < b.length ? b[r + 2] : mid;
      let i = lo;
      let j = mid;
      let k = lo;
      while (i < mid && j < hi) dst[k++] = before(src[j], src[i]) ? src[j++] : src[i++];
      while (i < mid) dst[k++] = src[i++];
      while (j < hi) dst[k++] = src[j++];
      nb.push(hi);
    }
    src = dst;
    b = nb;
  }
  return src;
}

/**
 * The whole column's calibration and, for each grouping given (per pair a
 * group index ≥ 0: slot, domain), each group's — from one sort's worth of
 * work shared by all of them: the pairs are dealt by their tuple of groups
 * and class (one counting pass), each (tuple, class) run is sorted once
 * (native sort), and a group's or the column's sorted classes are its runs
 * merged. The four sorts of a million confidences the analysis did before
 * (column, joint turns, slots, domains) become one (plus the turns').
 * The numbers are those of pairCalibration and calibrationByGroup, bit for
 * bit (summary.sorted.test.ts checks it on random columns with ties, −0
 * and empty bins, and against the definitions).
 */
export function calibrationSharedSort(
  p: CalibrationPairs,
  groupings: readonly Int32Array[],
  opts: CalibrationOptions = {},
): { all: PairCalibration; groups: Map<number, PairCalibration>[] } {
  const { binning, outOfRange } = resolveOptions(opts);
  const outside = checkPairs(p, outOfRange);
  const n = p.confidence.length;
  for (const g of groupings) if (g.length !== n) throw new RangeError(`${n} pairs but ${g.length} group indices`);
  for (const g of groupings) for (let i = 0; i < n; i++) if (g[i] < 0) throw new RangeError(`pair ${i}: group index ${g[i]} < 0`);
  // Each pair's tuple of groups as one small number (the tuples present, numbered as met): the tuple's
  // mixed-radix code looked up in a table (dense when the codes are few, else a map).
  const G = groupings.length;
  const radix = groupings.map((g) => {
    let max = 0;
    for (let i = 0; i < n; i++) if (g[i] > max) max = g[i];
    return max + 1;
  });
  const codes = radix.reduce((a, b) => a * b, 1);
  const dense = codes <= 1 << 20 ? new Int32Array(codes).fill(-1) : null;
  const sparse = new Map<number, number>();
  const tuples: number[][] = [];
  const cell = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    let code = 0;
    for (let k = 0; k < G; k++) code = code * radix[k] + groupings[k][i];
    let t = dense ? dense[code] : (sparse.get(code) ?? -1);
    if (t < 0) {
      t = tuples.push(groupings.map((g) => g[i])) - 1;
      if (dense) dense[code] = t;
      else sparse.set(code, t);
    }
    cell[i] = 2 * t + (p.correct[i] ? 0 : 1);
  }
  // Deal the confidences into runs by (tuple, class): run 2t holds tuple t's correct pairs, 2t + 1 its wrong ones.
  const R = 2 * tuples.length;
  const start = new Int32Array(R + 1);
  for (let i = 0; i < n; i++) start[cell[i] + 1]++;
  for (let r = 0; r < R; r++) start[r + 1] += start[r];
  const next = start.slice(0, R);
  const conf = new Float64Array(n);
  for (let i = 0; i < n; i++) conf[next[cell[i]]++] = p.confidence[i];
  for (let r = 0; r < R; r++) if (start[r + 1] - start[r] > 1) conf.subarray(start[r], start[r + 1]).sort();
  /** The sorted confidences of one class (0 correct, 1 wrong) over some tuples, and how many lie outside [0, 1]. */
  const classOf = (ts: readonly number[], cls: 0 | 1): Float64Array => {
    let len = 0;
    for (const t of ts) len += start[2 * t + cls + 1] - start[2 * t + cls];
    const x = new Float64Array(len);
    const bounds = [0];
    for (const t of ts) {
      const s = start[2 * t + cls];
      const e = start[2 * t + cls + 1];
      if (e === s) continue;
      x.set(conf.subarray(s, e), bounds[bounds.length - 1]);
      bounds.push(bounds[bounds.length - 1] + e - s);
    }
    return bounds.length > 2 ? mergeRuns(x, bounds) : x;
  };
  const summaryOf = (ts: readonly number[], out: number): PairCalibration =>
    summariseLevels(levelsOf(classOf(ts, 0), classOf(ts, 1)), binning, out);
  const allTuples = tuples.map((_, t) => t);
  const all = summaryOf(allTuples, outside);
  const groups = groupings.map((_, k) => {
    const members = new Map<number, number[]>();
    tuples.forEach((tu, t) => {
      const list = members.get(tu[k]);
      if (list) list.push(t);
      else members.set(tu[k], [t]);
    });
    const out = new Map<number, PairCalibration>();
    for (const g of [...members.keys()].sort((a, b) => a - b)) {
      const ts = members.get(g)!;
      let out1 = 0;
      for (const t of ts) for (let j = start[2 * t]; j < start[2 * t + 2]; j++) if (conf[j] < 0 || conf[j] > 1) out1++;
      out.set(g, summaryOf(ts, out1));
    }
    return out;
  });
  return { all, groups };
}
