// Layer: shared (pure TS). The two reliability binnings of the calibration
// statistics, bit for bit as their original code bins (docs/reference/calibration.md):
//
// - `setsumbt` (default): ConvLab-3 SetSUMBT, convlab/dst/setsumbt/datasets/metrics.py,
//   BeliefStateUncertainty._fill_bins / _bin_confidence / _jg_ece: edges k/n,
//   bin 0 = [0, 1/n], bin k = (k/n, (k+1)/n]; a bin's confidence is the mean
//   confidence of its members; empty bins are skipped; weights n_b / N with N
//   every pair (also one outside [0, 1], which is in no bin).
// - `sun2024`: Sun et al. 2024, jennycs0830/Confidence_Score_DST,
//   evaluation_minicons.py, plot_reliability: numpy's edges
//   linspace(0, 1, n + 1) = i·(1/n) (last edge 1); counts from np.histogram,
//   [e_b, e_b+1) with the last bin closed; accuracy over (e_b, e_b+1] (0 when
//   no pair falls there); confidence = the bin centre (e_b + e_b+1) / 2;
//   weights count_b / Σ count.
//
// Both reduce a set of pairs to additive bin statistics (a Float64Array of
// `statsWidth` numbers): sums of pairs' contributions, so subsets, shards
// and bootstrap resamples are scored from summed statistics.

export type BinningName = 'setsumbt' | 'sun2024';
export const BINNINGS: readonly BinningName[] = ['setsumbt', 'sun2024'];
export const DEFAULT_BINNING: BinningName = 'setsumbt';
export const DEFAULT_BIN_COUNT = 10;

/** One bin of a reliability diagram. */
export interface ReliabilityBin {
  lo: number;
  hi: number;
  /** Pairs in the bin (sun2024: counted over [lo, hi), the last bin closed). */
  count: number;
  /** Fraction of correct pairs; null for an empty setsumbt bin; sun2024: over (lo, hi], 0 when `accuracyMembers` is 0 (as plot_reliability). */
  accuracy: number | null;
  /** setsumbt: mean confidence of the bin's pairs (null when empty); sun2024: the bin centre. */
  confidence: number | null;
  /** sun2024 only: the pairs behind `accuracy` (those in (lo, hi]), which differ from `count` for confidences on an edge. */
  accuracyMembers?: number;
}

export interface Binning {
  readonly name: BinningName;
  readonly binCount: number;
  /** binCount + 1 edges, from 0 to 1. */
  readonly edges: Float64Array;
  /** Numbers in a statistics vector. */
  readonly statsWidth: number;
}

/**
 * Statistics layout. Index 0: every pair (N). setsumbt, per bin b at 1 + 3b:
 * count, correct, sum of confidences. sun2024, per bin b at 1 + 4b: count
 * ([lo, hi)), correct among those, accuracy members ((lo, hi]), correct
 * among those.
 */
export const STAT_TOTAL = 0;

const cache = new Map<string, Binning>();

/** The binning by name with `binCount` bins (default 10). */
export function binningOf(name: BinningName = DEFAULT_BINNING, binCount = DEFAULT_BIN_COUNT): Binning {
  if (!BINNINGS.includes(name)) throw new RangeError(`unknown binning ${JSON.stringify(name)}; use ${BINNINGS.join(' or ')}`);
  if (!Number.isInteger(binCount) || binCount < 1 || binCount > 1000)
    throw new RangeError(`the number of bins must be an integer in [1, 1000], got ${binCount}`);
  const key = `${name}/${binCount}`;
  let b = cache.get(key);
  if (b) return b;
  const edges = new Float64Array(binCount + 1);
  if (name === 'setsumbt') {
    // k / n: the double nearest the decimal edge, so float32 probabilities stored as decimals land as SetSUMBT's float32 edges put them.
    for (let k = 0; k <= binCount; k++) edges[k] = k / binCount;
  } else {
    // numpy.linspace(0, 1, n + 1): arange(0, n + 1) * (1 / n), the last edge set to exactly 1.
    const step = 1 / binCount;
    for (let k = 0; k < binCount; k++) edges[k] = k * step;
    edges[binCount] = 1;
  }
  b = { name, binCount, edges, statsWidth: 1 + (name === 'setsumbt' ? 3 : 4) * binCount };
  cache.set(key, b);
  return b;
}

/** The first guess ⌈c·n⌉ − 1 moved until the edges' own comparisons agree. */
function upperClosedBin(c: number, edges: Float64Array, n: number): number {
  let b = Math.min(n - 1, Math.max(0, Math.ceil(c * n) - 1));
  while (b > 0 && c <= edges[b]) b--;
  while (b < n - 1 && c > edges[b + 1]) b++;
  return b;
}

/** setsumbt's bin of c: 0 for [e0, e1], b for (e_b, e_b+1]; -1 outside [0, 1] (or NaN). */
export function setsumbtBin(c: number, bn: Binning): number {
  if (!(c >= 0 && c <= 1)) return -1;
  return upperClosedBin(c, bn.edges, bn.binCount);
}

/** sun2024's count bin of c (np.histogram): b for [e_b, e_b+1), the last bin [e_n-1, 1]; -1 outside [0, 1]. */
export function sunCountBin(c: number, bn: Binning): number {
  if (!(c >= 0 && c <= 1)) return -1;
  const n = bn.binCount;
  const e = bn.edges;
  let b = Math.min(n - 1, Math.max(0, Math.floor(c * n)));
  while (b > 0 && c < e[b]) b--;
  while (b < n - 1 && c >= e[b + 1]) b++;
  return b;
}

/** sun2024's accuracy bin of c: b for (e_b, e_b+1]; -1 when c ≤ 0 or c > 1 (0 is counted but never in an accuracy). */
export function sunAccuracyBin(c: number, bn: Binning): number {
  if (!(c > 0 && c <= 1)) return -1;
  return upperClosedBin(c, bn.edges, bn.binCount);
}

/**
 * Where a confidence adds its pairs in a statistics vector, as two slot
 * offsets (−1: nowhere). setsumbt: `a` its bin's count (then correct, then
 * the confidence sum); sun2024: `a` its count bin's count (then correct),
 * `b` its accuracy bin's members (then correct). Precomputed once per
 * distinct confidence by the bootstrap.
 */
export function placeA(bn: Binning, c: number): number {
  if (bn.name === 'setsumbt') {
    const b = setsumbtBin(c, bn);
    return b < 0 ? -1 : 1 + 3 * b;
  }
  const b = sunCountBin(c, bn);
  return b < 0 ? -1 : 1 + 4 * b;
}

/** The second offset of placeA's comment (sun2024's accuracy bin); −1 for setsumbt. */
export function placeB(bn: Binning, c: number): number {
  if (bn.name === 'setsumbt') return -1;
  const b = sunAccuracyBin(c, bn);
  return b < 0 ? -1 : 1 + 4 * b + 2;
}

/**
 * placeA and placeB of every value of an ascending array, by one cursor per
 * bin sequence that only moves forward (O(values + bins)); equal to calling
 * them value by value (tested).
 */
export function placeSorted(bn: Binning, values: Float64Array): { a: Int32Array; b: Int32Array } {
  const L = values.length;
  const a = new Int32Array(L).fill(-1);
  const b = new Int32Array(L).fill(-1);
  const e = bn.edges;
  const n = bn.binCount;
  const setsumbt = bn.name === 'setsumbt';
  let ka = 0;
  let kb = 0;
  for (let l = 0; l < L; l++) {
    const c = values[l];
    if (!(c >= 0 && c <= 1)) continue;
    if (setsumbt) {
      while (ka < n - 1 && c > e[ka + 1]) ka++;
      a[l] = 1 + 3 * ka;
      continue;
    }
    while (ka < n - 1 && c >= e[ka + 1]) ka++;
    a[l] = 1 + 4 * ka;
    if (c > 0) {
      while (kb < n - 1 && c > e[kb + 1]) kb++;
      b[l] = 1 + 4 * kb + 2;
    }
  }
  return { a, b };
}

/** Adds `pos` correct and `neg` wrong pairs of confidence c, placed at offsets a and b (placeA, placeB), to s at `at`. */
export function addPlaced(s: Float64Array, at: number, setsumbt: boolean, a: number, b: number, c: number, pos: number, neg: number): void {
  const n = pos + neg;
  s[at + STAT_TOTAL] += n;
  if (a >= 0) {
    s[at + a] += n;
    s[at + a + 1] += pos;
    if (setsumbt) s[at + a + 2] += n * c;
  }
  if (b >= 0) {
    s[at + b] += n;
    s[at + b + 1] += pos;
  }
}

/** ECE of summed statistics: null when there is nothing to weigh (no pair; sun2024: no pair in [0, 1]). */
export function eceOfStats(s: ArrayLike<number>, bn: Binning, at = 0): number | null {
  const n = bn.binCount;
  if (bn.name === 'setsumbt') {
    const total = s[at + STAT_TOTAL];
    if (!(total > 0)) return null;
    let ece = 0;
    for (let b = 0; b < n; b++) {
      const o = at + 1 + 3 * b;
      const count = s[o];
      if (count === 0) continue;
      const conf = s[o + 2] / count;
      const acc = s[o + 1] / count;
      ece += (Math.abs(conf - acc) * count) / total;
    }
    return ece;
  }
  let total = 0;
  for (let b = 0; b < n; b++) total += s[at + 1 + 4 * b];
  if (total === 0) return null;
  const e = bn.edges;
  let ece = 0;
  for (let b = 0; b < n; b++) {
    const o = at + 1 + 4 * b;
    const members = s[o + 2];
    const acc = members === 0 ? 0 : s[o + 3] / members;
    ece += (s[o] / total) * Math.abs(acc - (e[b] + e[b + 1]) / 2);
  }
  return ece;
}

/** The reliability bins of summed statistics. */
export function binsOfStats(s: ArrayLike<number>, bn: Binning, at = 0): ReliabilityBin[] {
  const e = bn.edges;
  const out: ReliabilityBin[] = [];
  for (let b = 0; b < bn.binCount; b++) {
    if (bn.name === 'setsumbt') {
      const o = at + 1 + 3 * b;
      const count = s[o];
      out.push({
        lo: e[b],
        hi: e[b + 1],
        count,
        accuracy: count === 0 ? null : s[o + 1] / count,
        confidence: count === 0 ? null : s[o + 2] / count,
      });
    } else {
      const o = at + 1 + 4 * b;
      const members = s[o + 2];
      out.push({
        lo: e[b],
        hi: e[b + 1],
        count: s[o],
        accuracy: members === 0 ? 0 : s[o + 3] / members,
        confidence: (e[b] + e[b + 1]) / 2,
        accuracyMembers: members,
      });
    }
  }
  return out;
}

/** Per bin, the correct and wrong pairs among `count` (sun2024: Sun et al.'s plot_empirical histogram, [lo, hi) counts). */
export function histogramOfStats(s: ArrayLike<number>, bn: Binning, at = 0): { correct: number[]; wrong: number[] } {
  const width = bn.name === 'setsumbt' ? 3 : 4;
  const correct: number[] = [];
  const wrong: number[] = [];
  for (let b = 0; b < bn.binCount; b++) {
    const o = at + 1 + width * b;
    correct.push(s[o + 1]);
    wrong.push(s[o] - s[o + 1]);
  }
  return { correct, wrong };
}
