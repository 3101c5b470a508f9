// Layer: shared (pure TS). Paired significance over dialogues (spec section
// 14): the paired bootstrap (Koehn 2004) and approximate randomization
// (Riezler & Maxwell 2005), as sacrebleu's paired-bs and paired-ar, on
// folded per-dialogue state vectors (columns.ts). A resample or a trial is
// scored by summing state vectors and calling the metrics' score functions,
// so non-linear metrics (GCA from summed counts, AGA over defined turns) are
// exact.
//
// Speed: the bootstrap sums the rows of every run at once (one dialogue-major
// matrix, one draw per row); randomization needs, per trial, the sum of the
// swapped dialogues' differences D_r (then A_r = A + D_r, B_r = B − D_r). The
// differences are kept only in the columns where any dialogue differs, and
// summed eight dialogues at a time from a table of the 256 subset sums of
// each group of eight ("four Russians"), so a trial costs N/8 table reads.

import { BoundedDraws, bootstrapStream, randomizationStream } from './rng';
import type { Scorer } from './columns';

/** dst[d…d + len) += t · src[s…s + len), unrolled by four (about twice as fast in V8 as the plain loop). */
function addScaled(dst: Float64Array, d: number, src: Float64Array, s: number, len: number, t: number): void {
  let k = 0;
  for (; k + 4 <= len; k += 4) {
    dst[d + k] += t * src[s + k];
    dst[d + k + 1] += t * src[s + k + 1];
    dst[d + k + 2] += t * src[s + k + 2];
    dst[d + k + 3] += t * src[s + k + 3];
  }
  for (; k < len; k++) dst[d + k] += t * src[s + k];
}

/**
 * Every run's column values on bootstrap resamples [from, to) (default: all
 * B). `runs[k]` holds run k's folded rows (n rows of scorer.folded.width
 * numbers, aligned: row i is the same dialogue in every run). Resample b
 * draws n rows with replacement, the same rows for every run; the draws of
 * resamples before `from` are made and skipped, so any split of the range
 * gives the same numbers. Result: per run, values[c * (to − from) + b − from].
 */
export function bootstrapValues(
  runs: readonly Float64Array[],
  n: number,
  scorer: Scorer,
  B: number,
  seed: number,
  from = 0,
  to = B,
): Float64Array[] {
  const F = scorer.folded.width;
  const R = runs.length;
  const W = R * F;
  const C = scorer.columns.length;
  const m = Math.max(0, to - from);
  const out = runs.map(() => new Float64Array(C * m));
  if (m === 0 || n === 0) return out;
  // Dialogue-major: the rows of all runs for one dialogue side by side.
  const X = new Float64Array(n * W);
  for (let k = 0; k < R; k++) for (let i = 0; i < n; i++) X.set(runs[k].subarray(i * F, (i + 1) * F), i * W + k * F);
  const draws = new BoundedDraws(bootstrapStream(seed), n);
  for (let i = 0; i < from * n; i++) draws.next();
  const acc = new Float64Array(W);
  const times = new Int32Array(n);
  for (let b = 0; b < m; b++) {
    resampleSum(draws, times, acc, X, W, n);
    for (let k = 0; k < R; k++) scorer.score(acc, k * F, out[k], b, m);
  }
  return out;
}

/**
 * One bootstrap resample's sums: how often each of the n dialogues is drawn, then one multiply-add of its
 * row of X (width W) per drawn dialogue (about 63% of them) into acc.
 */
function resampleSum(draws: BoundedDraws, times: Int32Array, acc: Float64Array, X: Float64Array, W: number, n: number): void {
  times.fill(0);
  for (let i = 0; i < n; i++) times[draws.next()]++;
  acc.fill(0);
  for (let d = 0; d < n; d++) {
    const t = times[d];
    if (t !== 0) addScaled(acc, 0, X, d * W, W, t);
  }
}

/**
 * Column c of every run on bootstrap resamples 0…B − 1: bootstrapValues'
 * numbers for that column (the same draws, each folded number summed in the
 * same order), summing only the numbers the column reads (Scorer.fieldsOf:
 * for JGA 2 of 14), which is where a one-column bootstrap spends its time
 * besides the draws. Result: per run, values[b].
 */
export function bootstrapColumn(
  runs: readonly Float64Array[],
  n: number,
  scorer: Scorer,
  c: number,
  B: number,
  seed: number,
): Float64Array[] {
  const F = scorer.folded.width;
  const fields = scorer.fieldsOf(c);
  const G = fields.length;
  const R = runs.length;
  const W = R * G;
  const out = runs.map(() => new Float64Array(Math.max(0, B)));
  if (B <= 0 || n === 0) return out;
  const X = new Float64Array(n * W);
  for (let k = 0; k < R; k++) for (let i = 0; i < n; i++) for (let g = 0; g < G; g++) X[i * W + k * G + g] = runs[k][i * F + fields[g]];
  const draws = new BoundedDraws(bootstrapStream(seed), n);
  const acc = new Float64Array(W);
  const times = new Int32Array(n);
  const v = new Float64Array(F);
  const values = new Float64Array(scorer.columns.length);
  for (let b = 0; b < B; b++) {
    resampleSum(draws, times, acc, X, W, n);
    for (let k = 0; k < R; k++) {
      for (let g = 0; g < G; g++) v[fields[g]] = acc[k * G + g];
      scorer.score(v, 0, values, 0);
      out[k][b] = values[c];
    }
  }
  return out;
}

/**
 * The swap words of trials [from, to): trial r's words are
 * out[(r − from) * W … (r − from + 1) * W), W = ceil(n / 32); bit d % 32 of
 * word d / 32 swaps dialogue d. Words of earlier trials are made and skipped.
 */
export function swapWords(n: number, seed: number, from: number, to: number): Uint32Array {
  return swapStream(n, seed, from)(Math.max(0, to - from));
}

/** The swap words from trial `from` on, handed out `trials` trials at a time. */
export function swapStream(n: number, seed: number, from: number): (trials: number) => Uint32Array {
  const W = Math.ceil(n / 32);
  const src = randomizationStream(seed);
  for (let i = 0; i < from * W; i++) src.word();
  return (trials) => {
    const out = new Uint32Array(W * trials);
    for (let i = 0; i < out.length; i++) out[i] = src.word();
    return out;
  };
}

/** Two integer columns share one number as high · PACK + low. */
const PACK = 2 ** 26;

interface Packed {
  /** Per packed column: its folded column, and the folded column packed below it (-1: none). */
  columns: { f: number; low: number }[];
  /** n rows of the packed differences. */
  rows: Float64Array;
}

/**
 * The per-dialogue differences (other − base) of the active columns, with
 * pairs of integer columns (counts: JGA, SA's errors, GCA's C, W, M, O …)
 * packed into one number each when their sums cannot collide (every partial
 * sum of the low column stays below 2^25, of the high one below 2^26, so the
 * packed sums are exact integers under 2^53). Fewer columns, fewer additions
 * per trial; the same sums.
 */
function packColumns(base: Float64Array, other: Float64Array, n: number, F: number, active: readonly number[]): Packed {
  const ints: { f: number; bound: number }[] = [];
  const rest: number[] = [];
  for (const f of active) {
    let bound = 0;
    let integer = true;
    for (let i = 0; i < n && integer; i++) {
      const x = other[i * F + f] - base[i * F + f];
      integer = Number.isInteger(x);
      bound += Math.abs(x);
    }
    if (integer) ints.push({ f, bound });
    else rest.push(f);
  }
  const columns: Packed['columns'] = rest.map((f) => ({ f, low: -1 }));
  ints.sort((x, y) => x.bound - y.bound);
  // Smallest bounds go low; pair each with the largest that still fits high.
  let lo = 0;
  let hi = ints.length - 1;
  while (lo < hi) {
    if (ints[lo].bound < 2 ** 25 && ints[hi].bound < 2 ** 26) columns.push({ f: ints[hi--].f, low: ints[lo++].f });
    else columns.push({ f: ints[hi--].f, low: -1 });
  }
  if (lo === hi) columns.push({ f: ints[lo].f, low: -1 });
  const K = columns.length;
  const rows = new Float64Array(n * K);
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < K; k++) {
      const { f, low } = columns[k];
      const d = other[i * F + f] - base[i * F + f];
      rows[i * K + k] = low < 0 ? d : d * PACK + (other[i * F + low] - base[i * F + low]);
    }
  }
  return { columns, rows };
}

/** Ties within this distance count as ties (summation order changes the last bits of float sums). */
export const TIE_TOLERANCE = 1e-12;

/** Largest subset-sum table built at once (bytes); groups of dialogues beyond it are done in further passes. */
const TABLE_BYTES = 128 << 10;

/**
 * Approximate randomization of run `other` against `base` (folded, aligned
 * rows) over the trials whose swap words are `words` (swapWords). Returns per
 * column the number of those trials whose |δ_r| ≥ |δ| (δ the observed
 * difference on the same folded sums), or -1 where δ is undefined.
 */
export function randomizationCounts(base: Float64Array, other: Float64Array, n: number, scorer: Scorer, words: Uint32Array): Int32Array {
  const trials = n === 0 ? 0 : words.length / Math.ceil(n / 32);
  const F = scorer.folded.width;
  const C = scorer.columns.length;
  const counts = new Int32Array(C);
  const A = new Float64Array(F);
  const Bt = new Float64Array(F);
  for (let i = 0; i < n * F; i += F)
    for (let f = 0; f < F; f++) {
      A[f] += base[i + f];
      Bt[f] += other[i + f];
    }
  const sa = new Float64Array(C);
  const sb = new Float64Array(C);
  scorer.score(A, 0, sa, 0);
  scorer.score(Bt, 0, sb, 0);
  const observed = new Float64Array(C);
  for (let c = 0; c < C; c++) observed[c] = Math.abs(sb[c] - sa[c]);

  // The columns where some dialogue differs; the others never move.
  const active: number[] = [];
  for (let f = 0; f < F; f++) {
    for (let i = 0; i < n; i++) {
      if (other[i * F + f] !== base[i * F + f]) {
        active.push(f);
        break;
      }
    }
  }
  for (let c = 0; c < C; c++) counts[c] = Number.isNaN(observed[c]) ? -1 : 0;
  if (active.length === 0) {
    // Identical runs: every δ_r equals δ.
    for (let c = 0; c < C; c++) if (counts[c] >= 0) counts[c] = trials;
    return counts;
  }
  const delta = packColumns(base, other, n, F, active);

  // D[r * K + k]: the sum of the swapped dialogues' differences in trial r (packed columns).
  const K = delta.columns.length;
  const D = new Float64Array(trials * K);
  const W = Math.ceil(n / 32);
  const groups = Math.ceil(n / 8);
  const perPass = Math.max(1, Math.floor(TABLE_BYTES / (256 * K * 8)));
  const table = new Float64Array(Math.min(groups, perPass) * 256 * K);
  for (let g0 = 0; g0 < groups; g0 += perPass) {
    const g1 = Math.min(groups, g0 + perPass);
    // Subset sums of each group of eight dialogues: entry e = entry (e without its lowest bit) + that dialogue's difference.
    for (let g = g0; g < g1; g++) {
      const t0 = (g - g0) * 256 * K;
      for (let k = 0; k < K; k++) table[t0 + k] = 0;
      for (let e = 1; e < 256; e++) {
        const low = e & -e;
        const bit = 31 - Math.clz32(low);
        const d = g * 8 + bit;
        const prev = t0 + (e ^ low) * K;
        const at = t0 + e * K;
        if (d < n) for (let k = 0; k < K; k++) table[at + k] = table[prev + k] + delta.rows[d * K + k];
        else for (let k = 0; k < K; k++) table[at + k] = table[prev + k];
      }
    }
    for (let r = 0; r < trials; r++) {
      const w0 = r * W;
      const d0 = r * K;
      for (let g = g0; g < g1; g++) {
        const e = (words[w0 + (g >>> 2)] >>> ((g & 3) << 3)) & 255;
        if (e === 0) continue;
        addScaled(D, d0, table, ((g - g0) * 256 + e) * K, K, 1);
      }
    }
  }

  const a = Float64Array.from(A);
  const b = Float64Array.from(Bt);
  for (let r = 0; r < trials; r++) {
    for (let k = 0; k < K; k++) {
      const col = delta.columns[k];
      let x = D[r * K + k];
      if (col.low >= 0) {
        // Two integer columns in one number: x = high · 2^26 + low, |low| < 2^25.
        const high = Math.round(x / PACK);
        const low = x - high * PACK;
        a[col.low] = A[col.low] + low;
        b[col.low] = Bt[col.low] - low;
        x = high;
      }
      a[col.f] = A[col.f] + x;
      b[col.f] = Bt[col.f] - x;
    }
    scorer.score(a, 0, sa, 0);
    scorer.score(b, 0, sb, 0);
    for (let c = 0; c < C; c++) {
      if (counts[c] < 0) continue;
      if (Math.abs(sb[c] - sa[c]) >= observed[c] - TIE_TOLERANCE) counts[c]++;
    }
  }
  return counts;
}

/** p = (1 + #{|δ_r| ≥ |δ|}) / (R + 1); null when δ is undefined or no trial ran. */
export function pValue(count: number, trials: number): number | null {
  if (count < 0 || trials === 0) return null;
  return (1 + count) / (trials + 1);
}
