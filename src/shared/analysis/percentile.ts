// Layer: shared (pure TS). Percentiles as numpy computes them (the default
// 'linear' method, numpy's own interpolation), and the central percentile
// interval of bootstrap values — one definition for compare's paired
// bootstrap and the analysis view's bands, so a Python check reproduces both.

/** numpy.percentile(x, 100 q) with the default 'linear' method (x sorted ascending, no NaN). */
export function percentileSorted(x: ArrayLike<number>, q: number): number {
  const n = x.length;
  if (n === 0) return Number.NaN;
  const h = (n - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, n - 1);
  const t = h - lo;
  const a = x[lo];
  const b = x[hi];
  const d = b - a;
  // numpy's _lerp: a + t·d, but b − (1 − t)·d when t ≥ 0.5 (exact at both ends).
  return t >= 0.5 ? b - d * (1 - t) : a + d * t;
}

/**
 * The central `level` percentile interval of the values that are not NaN
 * (0.95 → numpy.percentile at 2.5 and 97.5); null when every value is NaN.
 * The quantiles are formed from percents, as numpy is called, so 0.95 gives
 * exactly 0.025 and 0.975.
 */
export function percentileInterval(x: ArrayLike<number>, level = 0.95): [number, number] | null {
  const v: number[] = [];
  for (let i = 0; i < x.length; i++) if (!Number.isNaN(x[i])) v.push(x[i]);
  if (v.length === 0) return null;
  const s = Float64Array.from(v).sort();
  const pct = level * 100;
  return [percentileSorted(s, (100 - pct) / 2 / 100), percentileSorted(s, (100 + pct) / 2 / 100)];
}
