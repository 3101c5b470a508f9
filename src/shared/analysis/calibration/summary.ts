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
import { argsortDoubles } from './sort';

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
  return calibrationSharedSort(p, [], opts).all;
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

/** Buckets of the first pass of sortWithCodes: floor(c · K), clamped to [0, K] (a monotone map, so buckets keep the order). */
const BUCKETS = 1 << 16;

/**
 * The confidences in ascending order (−0 and 0 adjacent, in either order),
 * each with its pair's code: one counting pass into BUCKETS + 1 buckets by
 * value, then each bucket sorted on its own (insertion sort when small, an
 * index sort when large, nothing when its values are all equal).
 */
export function sortWithCodes(conf: Float64Array, code: Uint32Array): { value: Float64Array; code: Uint32Array } {
  const n = conf.length;
  const K = BUCKETS;
  const bucket = new Uint32Array(n);
  const start = new Int32Array(K + 2);
  for (let i = 0; i < n; i++) {
    const x = conf[i] * K;
    const b = x < 0 ? 0 : x > K ? K : Math.floor(x);
    bucket[i] = b;
    start[b + 1]++;
  }
  for (let b = 0; b <= K; b++) start[b + 1] += start[b];
  const next = start.slice(0, K + 1);
  const value = new Float64Array(n);
  const out = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    const j = next[bucket[i]]++;
    value[j] = conf[i];
    out[j] = code[i];
  }
  for (let b = 0; b <= K; b++) {
    const lo = start[b];
    const hi = start[b + 1];
    if (hi - lo < 2) continue;
    if (hi - lo <= 32) {
      for (let i = lo + 1; i < hi; i++) {
        const v = value[i];
        const c = out[i];
        let j = i - 1;
        while (j >= lo && value[j] > v) {
          value[j + 1] = value[j];
          out[j + 1] = out[j];
          j--;
        }
        value[j + 1] = v;
        out[j + 1] = c;
      }
      continue;
    }
    let same = true;
    for (let i = lo + 1; i < hi && same; i++) same = value[i] === value[lo];
    if (same) continue;
    const v = value.slice(lo, hi);
    const c = out.slice(lo, hi);
    const idx = argsortDoubles(v);
    for (let i = 0; i < idx.length; i++) {
      value[lo + i] = v[idx[i]];
      out[lo + i] = c[idx[i]];
    }
  }
  return { value, code: out };
}

/**
 * The whole column's calibration and, for each grouping given (per pair a
 * group index ≥ 0: slot, domain), each group's — from one sort and one
 * sweep: each pair gets a code (its tuple of groups, numbered as met, and
 * its class), the confidences are sorted once with their codes
 * (sortWithCodes), and one sweep over the column's levels (runs of equal
 * confidences, −0 and 0 one level) counts each level's correct and wrong
 * pairs for the column and for every group present at that level, then adds
 * them to each one's running statistics exactly as summariseLevels adds a
 * level: the same additions in the same (ascending) order, so every number
 * equals pairCalibration's and calibrationByGroup's bit for bit
 * (summary.sorted.test.ts checks it on random columns with ties, −0 and
 * empty bins, and against the definitions).
 */
export function calibrationSharedSort(
  p: CalibrationPairs,
  groupings: readonly Int32Array[],
  opts: CalibrationOptions = {},
): { all: PairCalibration; groups: Map<number, PairCalibration>[] } {
  const { binning: bn, outOfRange } = resolveOptions(opts);
  const outside = checkPairs(p, outOfRange);
  const n = p.confidence.length;
  for (const g of groupings) if (g.length !== n) throw new RangeError(`${n} pairs but ${g.length} group indices`);
  for (const g of groupings) for (let i = 0; i < n; i++) if (g[i] < 0) throw new RangeError(`pair ${i}: group index ${g[i]} < 0`);
  // Each pair's tuple of groups as one small number (the tuples present, numbered as met): the tuple's
  // mixed-radix code looked up in a table (dense when the codes are few, else a map).
  const radix = groupings.map((g) => {
    let max = 0;
    for (let i = 0; i < n; i++) if (g[i] > max) max = g[i];
    return max + 1;
  });
  const codes = radix.reduce((x, y) => x * y, 1);
  const dense = codes <= 1 << 20 ? new Int32Array(codes).fill(-1) : null;
  const sparse = new Map<number, number>();
  const tuples: number[][] = [];
  const cell = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    let code = 0;
    for (let k = 0; k < groupings.length; k++) code = code * radix[k] + groupings[k][i];
    let t = dense ? dense[code] : (sparse.get(code) ?? -1);
    if (t < 0) {
      t = tuples.push(groupings.map((g) => g[i])) - 1;
      if (dense) dense[code] = t;
      else sparse.set(code, t);
    }
    cell[i] = 2 * t + (p.correct[i] ? 0 : 1);
  }
  const sorted = sortWithCodes(p.confidence, cell);
  // Every group in one index space: 0 the whole column, then each grouping's groups (base[k] + g);
  // member[t * G + k]: tuple t's group in grouping k (k = 0 the column).
  const G = groupings.length + 1;
  const base = [0, 1];
  for (const r of radix) base.push(base[base.length - 1] + (n === 0 ? 0 : r));
  const groupsTotal = base[G];
  const member = new Int32Array(tuples.length * G);
  tuples.forEach((tu, t) => {
    for (let k = 1; k < G; k++) member[t * G + k] = base[k] + tu[k - 1];
  });
  const W = bn.statsWidth;
  const setsumbt = bn.name === 'setsumbt';
  const stats = new Float64Array(groupsTotal * W);
  const sum = new Float64Array(groupsTotal);
  const comp = new Float64Array(groupsTotal);
  const u = new Float64Array(groupsTotal);
  const negBelow = new Float64Array(groupsTotal);
  const correct = new Float64Array(groupsTotal);
  const out = new Float64Array(groupsTotal);
  // A level's counts per group, and the groups it touched (levels of several pairs).
  const lp = new Float64Array(groupsTotal);
  const lq = new Float64Array(groupsTotal);
  const touched = new Int32Array(groupsTotal);
  /** Group g adds a level (pp correct and qq wrong pairs of confidence v, placed at a and b) as summariseLevels does: addPlaced, the Neumaier sum, U. */
  const addLevel = (g: number, pp: number, qq: number, v: number, a: number, b: number, inside: boolean): void => {
    const nn = pp + qq;
    if (!inside) out[g] += nn;
    const at = g * W;
    stats[at] += nn;
    if (a >= 0) {
      stats[at + a] += nn;
      stats[at + a + 1] += pp;
      if (setsumbt) stats[at + a + 2] += nn * v;
    }
    if (b >= 0) {
      stats[at + b] += nn;
      stats[at + b + 1] += pp;
    }
    const x = nn * v;
    const s0 = sum[g];
    const s1 = s0 + x;
    comp[g] += Math.abs(s0) >= Math.abs(x) ? s0 - s1 + x : x - s1 + s0;
    sum[g] = s1;
    u[g] += pp * (negBelow[g] + qq / 2);
    negBelow[g] += qq;
    correct[g] += pp;
  };
  const conf = sorted.value;
  const cellOf = sorted.code;
  const e = bn.edges;
  const nb = bn.binCount;
  let ka = 0;
  let kb = 0;
  let i = 0;
  while (i < n) {
    const v = conf[i];
    let j = i + 1;
    while (j < n && conf[j] === v) j++;
    // The level's offsets (placeSorted's forward cursors), as summariseLevels places its levels.
    let a = -1;
    let b = -1;
    const inside = v >= 0 && v <= 1;
    if (inside) {
      if (setsumbt) {
        while (ka < nb - 1 && v > e[ka + 1]) ka++;
        a = 1 + 3 * ka;
      } else {
        while (ka < nb - 1 && v >= e[ka + 1]) ka++;
        a = 1 + 4 * ka;
        if (v > 0) {
          while (kb < nb - 1 && v > e[kb + 1]) kb++;
          b = 1 + 4 * kb + 2;
        }
      }
    }
    if (j === i + 1) {
      // One pair at this level (the common case with continuous confidences): its groups add it directly.
      const cl = cellOf[i];
      const m = (cl >>> 1) * G;
      const pp = cl & 1 ? 0 : 1;
      for (let k = 0; k < G; k++) addLevel(member[m + k], pp, 1 - pp, v, a, b, inside);
    } else {
      let nt = 0;
      for (let r = i; r < j; r++) {
        const cl = cellOf[r];
        const m = (cl >>> 1) * G;
        const wrong = cl & 1;
        for (let k = 0; k < G; k++) {
          const g = member[m + k];
          if (lp[g] === 0 && lq[g] === 0) touched[nt++] = g;
          if (wrong) lq[g]++;
          else lp[g]++;
        }
      }
      for (let t = 0; t < nt; t++) {
        const g = touched[t];
        const pp = lp[g];
        const qq = lq[g];
        lp[g] = 0;
        lq[g] = 0;
        addLevel(g, pp, qq, v, a, b, inside);
      }
    }
    i = j;
  }
  const summary = (g: number, outsideCount: number): PairCalibration => {
    const c = correct[g];
    const nn = negBelow[g];
    const count = c + nn;
    const at = g * W;
    return {
      binning: bn.name,
      binCount: bn.binCount,
      count,
      correct: c,
      accuracy: count === 0 ? null : c / count,
      meanConfidence: count === 0 ? null : (sum[g] + comp[g]) / count,
      ece: eceOfStats(stats, bn, at),
      auroc: c === 0 || nn === 0 ? null : u[g] / (c * nn),
      bins: binsOfStats(stats, bn, at),
      histogram: histogramOfStats(stats, bn, at),
      outOfRange: outsideCount,
    };
  };
  const all = summary(0, outside);
  const groups = groupings.map((_, k0) => {
    const k = k0 + 1;
    const m = new Map<number, PairCalibration>();
    for (let g = 0; g < base[k + 1] - base[k]; g++) if (stats[(base[k] + g) * W] > 0) m.set(g, summary(base[k] + g, out[base[k] + g]));
    return m;
  });
  return { all, groups };
}
