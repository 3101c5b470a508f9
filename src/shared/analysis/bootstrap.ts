// Layer: shared (pure TS). Seeded resampling for the analysis view's
// bootstrap bands: a small, fast generator (xoshiro128**, seeded through
// splitmix32, so a seed always gives the same draws on every platform) and
// percentiles with linear interpolation between order statistics (numpy's
// default), and resampling of units with replacement, grouped into exact
// multinomial draws when units repeat. Kept self-contained; the comparison
// statistics have their own generator.

import binomial from '@stdlib/random-base-binomial';

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

  /** Fills `out` with uniform integers in [0, n): the same numbers as out.length calls of below(n), drawn in one tight loop. */
  fillBelow(n: number, out: Int32Array): void {
    let a = this.a;
    let b = this.b;
    let c = this.c;
    let d = this.d;
    const scale = n / 4294967296;
    for (let i = 0; i < out.length; i++) {
      const r = Math.imul(rotl(Math.imul(b, 5), 7), 9) >>> 0;
      const t = b << 9;
      c ^= a;
      d ^= b;
      b ^= c;
      a ^= d;
      c ^= t;
      d = rotl(d, 11);
      out[i] = Math.floor(r * scale);
    }
    this.a = a;
    this.b = b;
    this.c = c;
    this.d = d;
  }
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}

/** Draws of Binomial(n, p), exact (inversion for small means, Hörmann's BTRD otherwise; @stdlib), from this generator's uniforms. */
export function binomialSampler(rng: Rng): (n: number, p: number) => number {
  const draw = binomial.factory({ prng: () => rng.u32() / 4294967296 });
  return (n, p) => (n <= 0 || p <= 0 ? 0 : p >= 1 ? n : draw(n, p));
}

/**
 * Resampling units with replacement: `n` units, each a vector of `width`
 * numbers (vectors[k·width …]) and a turn count; a replicate draws n units
 * and scores their sum. Identical units are grouped first: when there are
 * few distinct ones (as per-turn values are), a replicate is one multinomial
 * draw of the group counts (sequential exact binomials), which has exactly
 * the distribution of n single draws at a fraction of the cost; otherwise
 * (or with `direct`) units are drawn one by one.
 */
export function resampleUnits(
  vectors: Float64Array,
  turns: Float64Array,
  width: number,
  replicates: number,
  rng: Rng,
  score: (sum: Float64Array, turns: number) => number,
  direct = false,
): Float64Array {
  const n = turns.length;
  const out = new Float64Array(replicates);
  const acc = new Float64Array(width);
  let groups: number[] = [];
  let multinomial = false;
  if (!direct) {
    const byKey = new Map<string | number, number>();
    const counts: number[] = [];
    const small = smallIntegers(vectors, turns, width);
    for (let u = 0; u < n; u++) {
      let key: string | number;
      if (small) {
        // Up to four counts below 2^10 and a turn count below 2^10: one exact number.
        key = turns[u];
        for (let k = 0; k < width; k++) key = key * 1024 + vectors[u * width + k];
      } else {
        key = String(turns[u]);
        for (let k = 0; k < width; k++) key += ',' + vectors[u * width + k];
      }
      let g = byKey.get(key);
      if (g === undefined) {
        byKey.set(key, (g = counts.length));
        counts.push(0);
        groups.push(u);
      }
      counts[g]++;
    }
    // A binomial draw costs about as much as 50 unit draws: group only when units repeat that much.
    multinomial = counts.length * 64 <= n;
    if (multinomial) {
      // Most frequent first: the later, rarer groups draw from small remainders.
      const order = counts.map((_, g) => g).sort((a, b) => counts[b] - counts[a] || a - b);
      groups = order.map((g) => groups[g]);
      const freq = order.map((g) => counts[g] / n);
      const binomial = binomialSampler(rng);
      for (let r = 0; r < replicates; r++) {
        acc.fill(0);
        let t = 0;
        let left = n;
        let pLeft = 1;
        for (let g = 0; g < groups.length && left > 0; g++) {
          const c = g === groups.length - 1 ? left : binomial(left, Math.min(1, freq[g] / pLeft));
          pLeft -= freq[g];
          if (c === 0) continue;
          left -= c;
          const u = groups[g];
          for (let k = 0; k < width; k++) acc[k] += c * vectors[u * width + k];
          t += c * turns[u];
        }
        out[r] = score(acc, t);
      }
      return out;
    }
  }
  const picks = new Int32Array(n);
  for (let r = 0; r < replicates; r++) {
    acc.fill(0);
    rng.fillBelow(n, picks);
    let t = 0;
    if (width === 1) {
      let a0 = 0;
      for (let j = 0; j < n; j++) {
        const u = picks[j];
        a0 += vectors[u];
        t += turns[u];
      }
      acc[0] = a0;
    } else if (width === 4) {
      let a0 = 0;
      let a1 = 0;
      let a2 = 0;
      let a3 = 0;
      for (let j = 0; j < n; j++) {
        const u = picks[j];
        const o = u << 2;
        a0 += vectors[o];
        a1 += vectors[o + 1];
        a2 += vectors[o + 2];
        a3 += vectors[o + 3];
        t += turns[u];
      }
      acc[0] = a0;
      acc[1] = a1;
      acc[2] = a2;
      acc[3] = a3;
    } else {
      for (let j = 0; j < n; j++) {
        const u = picks[j];
        for (let k = 0, o = u * width; k < width; k++) acc[k] += vectors[o + k];
        t += turns[u];
      }
    }
    out[r] = score(acc, t);
  }
  return out;
}

/** Whether every number is an integer in [0, 1024) and there are at most four per unit (a unit then packs into one safe integer). */
function smallIntegers(vectors: Float64Array, turns: Float64Array, width: number): boolean {
  if (width > 4) return false;
  for (let i = 0; i < vectors.length; i++) {
    const v = vectors[i];
    if (!(v >= 0 && v < 1024 && Math.floor(v) === v)) return false;
  }
  for (let i = 0; i < turns.length; i++) {
    const v = turns[i];
    if (!(v >= 0 && v < 1024 && Math.floor(v) === v)) return false;
  }
  return true;
}
