// Layer: shared (pure TS). Chance-corrected agreement on nominal ratings
// (docs/reference/agreement.md):
//
// - Cohen's κ (Cohen 1960), two raters, on the items both rated:
//   κ = (p_o − p_e) / (1 − p_e), p_o the share of items they agree on,
//   p_e = Σ_k (row_k / n)(col_k / n) from each rater's own category shares.
// - Fleiss' κ (Fleiss 1971), R raters, on the items rated by all R (the
//   standard form needs the same number of ratings per item; items with fewer
//   are left out and counted): P_i = (Σ_j n_ij² − R) / (R(R − 1)),
//   P̄ = mean P_i, p_j = Σ_i n_ij / (N R), P̄_e = Σ_j p_j², κ = (P̄ − P̄_e)/(1 − P̄_e).
// - Krippendorff's α, nominal, any raters, missing ratings allowed
//   (Krippendorff 2011, "Computing Krippendorff's Alpha-Reliability"): units
//   with fewer than two ratings are dropped; with m_u ratings in unit u, n_uc
//   of them c, the coincidence matrix is o_ck = Σ_u n_uc (n_uk − [c = k]) / (m_u − 1);
//   n_c = Σ_k o_ck, n = Σ_c n_c; α = 1 − D_o / D_e with
//   D_o = (1/n) Σ_{c≠k} o_ck and D_e = (1/(n(n − 1))) Σ_{c≠k} n_c n_k.
//
// Each is undefined (null) when its chance term leaves nothing to correct:
// p_e = 1, P̄_e = 1 or D_e = 0 — every rating the same category — and when
// there is no item to use. All three are computed from per-item statistics
// summed with integer weights, so a bootstrap resample (items drawn with
// replacement) is scored without rebuilding the table.

import type { RatingTable } from './table';

export interface CohenKappa {
  kappa: number | null;
  /** p_o. */
  observed: number | null;
  /** p_e. */
  expected: number | null;
  /** Items rated by both raters (those used). */
  items: number;
}

export interface FleissKappa {
  kappa: number | null;
  /** P̄. */
  observed: number | null;
  /** P̄_e. */
  expected: number | null;
  /** Items rated by every rater (those used). */
  items: number;
  /** Ratings per used item. */
  raters: number;
}

export interface KrippendorffAlpha {
  alpha: number | null;
  /** D_o. */
  observedDisagreement: number | null;
  /** D_e. */
  expectedDisagreement: number | null;
  /** Units with at least two ratings (those used). */
  items: number;
  /** Pairable values n (ratings in the used units). */
  values: number;
}

/** Pairs of codes of the items two raters both rated. */
export interface PairUnits {
  categories: number;
  a: Int32Array;
  b: Int32Array;
}

/** Per unit, its category counts (sparse: unit u's are [start[u], start[u + 1])). */
export interface CountUnits {
  categories: number;
  start: Int32Array;
  category: Int32Array;
  count: Float64Array;
}

/** The items rated by raters a and b. */
export function pairUnits(t: RatingTable, a: number, b: number): PairUnits {
  const R = t.raters.length;
  const xa: number[] = [];
  const xb: number[] = [];
  for (let i = 0; i < t.items.length; i++) {
    const ca = t.codes[i * R + a];
    const cb = t.codes[i * R + b];
    if (ca >= 0 && cb >= 0) {
      xa.push(ca);
      xb.push(cb);
    }
  }
  return { categories: t.categories.length, a: Int32Array.from(xa), b: Int32Array.from(xb) };
}

/** The category counts of the items with at least `min` ratings (and at most `max`). */
export function countUnits(t: RatingTable, min: number, max = Number.POSITIVE_INFINITY): CountUnits {
  const R = t.raters.length;
  const C = t.categories.length;
  const start: number[] = [0];
  const category: number[] = [];
  const count: number[] = [];
  const tally = new Float64Array(C);
  for (let i = 0; i < t.items.length; i++) {
    let m = 0;
    for (let r = 0; r < R; r++) {
      const c = t.codes[i * R + r];
      if (c >= 0) {
        tally[c]++;
        m++;
      }
    }
    if (m >= min && m <= max)
      for (let c = 0; c < C; c++)
        if (tally[c] > 0) {
          category.push(c);
          count.push(tally[c]);
        }
    if (m >= min && m <= max) start.push(category.length);
    tally.fill(0);
  }
  return { categories: C, start: Int32Array.from(start), category: Int32Array.from(category), count: Float64Array.from(count) };
}

/** Count units from a units × categories matrix (rows with no rating are kept as empty units). */
export function countUnitsOf(counts: readonly (readonly number[])[]): CountUnits {
  const C = counts.reduce((m, row) => Math.max(m, row.length), 0);
  const start: number[] = [0];
  const category: number[] = [];
  const count: number[] = [];
  counts.forEach((row, u) =>
    row.forEach((x, c) => {
      if (!Number.isInteger(x) || x < 0) throw new RangeError(`counts[${u}][${c}] must be a non-negative integer, got ${x}`);
      if (x > 0) {
        category.push(c);
        count.push(x);
      }
    }),
  );
  let at = 0;
  for (const row of counts) {
    at += row.filter((x) => x > 0).length;
    start.push(at);
  }
  return { categories: C, start: Int32Array.from(start), category: Int32Array.from(category), count: Float64Array.from(count) };
}

/** Units in a CountUnits. */
export function unitCount(u: CountUnits | PairUnits): number {
  return 'a' in u ? u.a.length : u.start.length - 1;
}

/** Cohen's κ from a confusion matrix m[k · C + l] (rater a said k, rater b said l). */
export function cohenFromConfusion(m: ArrayLike<number>, C: number): CohenKappa {
  let n = 0;
  let diag = 0;
  const row = new Float64Array(C);
  const col = new Float64Array(C);
  for (let k = 0; k < C; k++)
    for (let l = 0; l < C; l++) {
      const x = m[k * C + l];
      n += x;
      row[k] += x;
      col[l] += x;
      if (k === l) diag += x;
    }
  if (n === 0) return { kappa: null, observed: null, expected: null, items: 0 };
  let rc = 0;
  for (let k = 0; k < C; k++) rc += row[k] * col[k];
  const po = diag / n;
  const pe = rc / (n * n);
  return { kappa: pe === 1 ? null : (po - pe) / (1 - pe), observed: po, expected: pe, items: n };
}

/** Cohen's κ of pair units, each weighted by times[u] (1 without times). */
export function cohenOfUnits(u: PairUnits, times?: ArrayLike<number>): CohenKappa {
  const C = u.categories;
  const m = new Float64Array(C * C);
  for (let i = 0; i < u.a.length; i++) m[u.a[i] * C + u.b[i]] += times ? times[i] : 1;
  return cohenFromConfusion(m, C);
}

/** Fleiss' κ of count units that all hold `raters` ratings, each weighted by times[u]. */
export function fleissOfUnits(u: CountUnits, raters: number, times?: ArrayLike<number>): FleissKappa {
  const U = unitCount(u);
  const col = new Float64Array(u.categories);
  let N = 0;
  let S2 = 0;
  for (let k = 0; k < U; k++) {
    const t = times ? times[k] : 1;
    if (t === 0) continue;
    N += t;
    for (let e = u.start[k]; e < u.start[k + 1]; e++) {
      const x = u.count[e];
      S2 += t * x * x;
      col[u.category[e]] += t * x;
    }
  }
  const R = raters;
  if (N === 0 || R < 2) return { kappa: null, observed: null, expected: null, items: N, raters: R };
  const NR = N * R;
  let sq = 0;
  for (let c = 0; c < col.length; c++) sq += col[c] * col[c];
  const pBar = (S2 - NR) / (NR * (R - 1));
  const peBar = sq / (NR * NR);
  return { kappa: peBar === 1 ? null : (pBar - peBar) / (1 - peBar), observed: pBar, expected: peBar, items: N, raters: R };
}

/** Krippendorff's α (nominal) of count units, each weighted by times[u]; units with fewer than two ratings are skipped. */
export function alphaOfUnits(u: CountUnits, times?: ArrayLike<number>): KrippendorffAlpha {
  const U = unitCount(u);
  const nc = new Float64Array(u.categories);
  let n = 0;
  let items = 0;
  let disagree = 0;
  for (let k = 0; k < U; k++) {
    const t = times ? times[k] : 1;
    if (t === 0) continue;
    let m = 0;
    let sq = 0;
    for (let e = u.start[k]; e < u.start[k + 1]; e++) {
      m += u.count[e];
      sq += u.count[e] * u.count[e];
    }
    if (m < 2) continue;
    items += t;
    n += t * m;
    // Σ_{c≠k} of the unit's coincidences: (m² − Σ_c n_uc²) / (m − 1).
    disagree += (t * (m * m - sq)) / (m - 1);
    for (let e = u.start[k]; e < u.start[k + 1]; e++) nc[u.category[e]] += t * u.count[e];
  }
  if (n < 2) return { alpha: null, observedDisagreement: null, expectedDisagreement: null, items, values: n };
  let sq = 0;
  for (let c = 0; c < nc.length; c++) sq += nc[c] * nc[c];
  const expectedPairs = n * n - sq;
  const Do = disagree / n;
  const De = expectedPairs / (n * (n - 1));
  return {
    alpha: expectedPairs === 0 ? null : 1 - ((n - 1) * disagree) / expectedPairs,
    observedDisagreement: Do,
    expectedDisagreement: De,
    items,
    values: n,
  };
}

function raterIndex(t: RatingTable, r: number): void {
  if (!Number.isInteger(r) || r < 0 || r >= t.raters.length) throw new RangeError(`no rater ${r} among ${t.raters.length}`);
}

/** Cohen's κ of raters a and b (indices in the table) on the items both rated. */
export function cohenKappa(t: RatingTable, a = 0, b = 1): CohenKappa {
  raterIndex(t, a);
  raterIndex(t, b);
  if (a === b) throw new RangeError('Cohen’s κ needs two different raters');
  return cohenOfUnits(pairUnits(t, a, b));
}

/** Fleiss' κ on the items rated by every rater of the table. */
export function fleissKappa(t: RatingTable): FleissKappa {
  const R = t.raters.length;
  return fleissOfUnits(countUnits(t, R), R);
}

/** Krippendorff's α (nominal) on the items with at least two ratings. */
export function krippendorffAlpha(t: RatingTable): KrippendorffAlpha {
  return alphaOfUnits(countUnits(t, 2));
}

/** Cohen's κ of a C × C confusion matrix (rows: rater a's category, columns: rater b's). */
export function cohenKappaFromMatrix(matrix: readonly (readonly number[])[]): CohenKappa {
  const C = matrix.length;
  const m = new Float64Array(C * C);
  matrix.forEach((row, k) => {
    if (row.length !== C) throw new RangeError(`the confusion matrix must be square: row ${k} has ${row.length} cells for ${C} rows`);
    row.forEach((x, l) => (m[k * C + l] = x));
  });
  return cohenFromConfusion(m, C);
}

/** Fleiss' κ of an items × categories count matrix whose rows all sum to the same number of raters. */
export function fleissKappaFromCounts(counts: readonly (readonly number[])[]): FleissKappa {
  const sums = counts.map((row) => row.reduce((s, x) => s + x, 0));
  const R = sums[0] ?? 0;
  sums.forEach((s, i) => {
    if (s !== R) throw new RangeError(`Fleiss’ κ needs the same number of ratings per item: item 0 has ${R}, item ${i} has ${s}`);
  });
  return fleissOfUnits(countUnitsOf(counts), R);
}

/** Krippendorff's α (nominal) of a units × categories count matrix (rows with fewer than two ratings are dropped). */
export function krippendorffAlphaFromCounts(counts: readonly (readonly number[])[]): KrippendorffAlpha {
  return alphaOfUnits(countUnitsOf(counts));
}
