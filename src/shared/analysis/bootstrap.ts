// Layer: shared (pure TS). Seeded resampling for the analysis view's
// bootstrap bands: a small, fast generator (xoshiro128**, seeded through
// splitmix32, so a seed always gives the same draws on every platform) and
// percentiles with linear interpolation between order statistics (numpy's
// default). Kept self-contained; the comparison statistics have their own.

/** xoshiro128** (Blackman & Vigna): 32-bit outputs, period 2^128 − 1. */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    let x = seed >>> 0;
    const next = () => {
      // splitmix32
      x = (x + 0x9e3779b9) >>> 0;
      let z = x;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
    if ((this.a | this.b | this.c | this.d) === 0) this.a = 1;
  }

  /** A uniform 32-bit unsigned integer. */
  u32(): number {
    const r = Math.imul(rotl(Math.imul(this.b, 5), 7), 9) >>> 0;
    const t = this.b << 9;
    this.c ^= this.a;
    this.d ^= this.b;
    this.b ^= this.c;
    this.a ^= this.d;
    this.c ^= t;
    this.d = rotl(this.d, 11);
    return r;
  }

  /** A uniform integer in [0, n), n ≤ 2^32 (multiply-shift; bias below n / 2^32). */
  below(n: number): number {
    return Math.floor((this.u32() / 4294967296) * n);
  }
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}

/** The p-quantile (0 ≤ p ≤ 1) of sorted values, interpolating linearly between order statistics. */
export function quantileSorted(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  if (n === 0) return Number.NaN;
  const h = (n - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(n - 1, lo + 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

/** The central `level` percentile interval of the finite values (e.g. 0.95 → 2.5th and 97.5th percentiles); null when none is finite. */
export function percentileInterval(values: Float64Array, level = 0.95): [number, number] | null {
  const finite = values.filter((v) => Number.isFinite(v)).sort();
  if (finite.length === 0) return null;
  return [quantileSorted(finite, (1 - level) / 2), quantileSorted(finite, 1 - (1 - level) / 2)];
}
