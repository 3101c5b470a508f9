// Layer: shared (pure TS). Statistics for the GCA paper's spurious-trait
// analysis (spec section 9): Pearson's r, z-scores, the normal quantile, and
// Zou's (2007/2008) confidence interval for the difference between two
// dependent, overlapping correlations r_jk and r_jh (they share variable j).

/** Pearson's product-moment correlation; null if either variable is constant or n < 2. */
export function pearson(x: readonly number[], y: readonly number[]): number | null {
  if (x.length !== y.length) throw new RangeError(`pearson: lengths differ (${x.length} vs ${y.length})`);
  return pairedPearson(Float64Array.from(x), Float64Array.from(y)).r;
}

/** Pearson's r over the cases where neither is NaN (two passes); null when constant or n < 2. */
export function pairedPearson(x: Float64Array, y: Float64Array): { r: number | null; n: number } {
  let n = 0;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < x.length; i++) {
    const a = x[i];
    const b = y[i];
    if (a !== a || b !== b) continue; // NaN
    n++;
    mx += a;
    my += b;
  }
  if (n < 2) return { r: null, n };
  mx /= n;
  my /= n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < x.length; i++) {
    const a = x[i];
    const b = y[i];
    if (a !== a || b !== b) continue;
    const dx = a - mx;
    const dy = b - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  if (sxx === 0 || syy === 0) return { r: null, n };
  return { r: Math.max(-1, Math.min(1, sxy / Math.sqrt(sxx * syy))), n };
}

/** z-scores ("mean-normalised" in the paper) with the sample standard deviation (n - 1). */
export function zScores(x: readonly number[]): number[] {
  const n = x.length;
  const m = x.reduce((a, b) => a + b, 0) / n;
  const sd = Math.sqrt(x.reduce((a, b) => a + (b - m) ** 2, 0) / (n - 1));
  return x.map((v) => (sd === 0 ? 0 : (v - m) / sd));
}

/** Quantile of the standard normal distribution (Acklam's algorithm; relative error below 1.2e-9). */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`normalQuantile: p must be in (0, 1), got ${p}`);
  const a = [-3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1, 2.506628277459239];
  const b = [-5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1];
  const c = [-7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];
  const lo = 0.02425;
  let x: number;
  if (p < lo) {
    const q = Math.sqrt(-2 * Math.log(p));
    x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  } else if (p <= 1 - lo) {
    const q = p - 0.5;
    const r = q * q;
    x =
      ((((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q) /
      (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
  } else {
    const q = Math.sqrt(-2 * Math.log(1 - p));
    x = -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  }
  return x;
}

/** Fisher-z confidence interval of one correlation. */
export function fisherInterval(r: number, n: number, level = 0.95): [number, number] {
  const z = Math.atanh(r);
  const half = normalQuantile(1 - (1 - level) / 2) / Math.sqrt(n - 3);
  return [Math.tanh(z - half), Math.tanh(z + half)];
}

export interface ZouResult {
  /** r_jk - r_jh */
  difference: number;
  lower: number;
  upper: number;
  /** True when the interval excludes 0: the two correlations differ. */
  significant: boolean;
}

/**
 * Zou's confidence interval for r_jk - r_jh, two correlations on the same n
 * cases sharing variable j, with r_kh the correlation of the other two.
 */
export function zouOverlapInterval(rjk: number, rjh: number, rkh: number, n: number, level = 0.95): ZouResult {
  if (!(n > 3)) throw new RangeError(`zouOverlapInterval: n must be > 3, got ${n}`);
  const [l1, u1] = fisherInterval(rjk, n, level);
  const [l2, u2] = fisherInterval(rjh, n, level);
  const c = ((rkh - (rjk * rjh) / 2) * (1 - rjk * rjk - rjh * rjh - rkh * rkh) + rkh ** 3) / ((1 - rjk * rjk) * (1 - rjh * rjh));
  const d = rjk - rjh;
  const lower = d - Math.sqrt((rjk - l1) ** 2 + (u2 - rjh) ** 2 - 2 * c * (rjk - l1) * (u2 - rjh));
  const upper = d + Math.sqrt((u1 - rjk) ** 2 + (rjh - l2) ** 2 - 2 * c * (u1 - rjk) * (rjh - l2));
  return { difference: d, lower, upper, significant: lower > 0 || upper < 0 };
}
