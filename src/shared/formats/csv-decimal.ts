// Layer: shared (pure TS). The value of a decimal number read digit by digit
// (the CSV fast path's JSON numbers, csv-bytes.ts), equal bit for bit to
// Number() — and so JSON.parse — of its text, or undefined where this cannot
// be sure (the caller then asks Number()). Two cases:
//   - the digits make an integer of at most 2^53 and the decimal exponent is
//     within ±22: the digits and 10^|exp| are exact doubles, so one correctly
//     rounded multiplication or division is the correctly rounded value
//     (Clinger's fast path; W. D. Clinger, "How to read floating point
//     numbers accurately", PLDI 1990);
//   - 16 to 18 significant digits (a double printed with all its digits, as
//     Python's repr and Sun et al.'s confidence files write scores) and 1 to 22
//     digits after the point: a candidate double q (the digits over 10^k) is
//     checked against the exact decimal W / 10^k — W kept exactly as two
//     doubles, q·10^k exactly as two doubles (Dekker's product), their
//     difference compared with half a unit in q's last place times 10^k, with
//     a bound on the rounding of that comparison — and moved one unit up or
//     down until the decimal lies strictly between q's two rounding midpoints.
//     Where the comparison is within its bound (the decimal within about
//     2^-50 of a midpoint relative to the terms, ties included), it declines.
// test/unit/shared/formats/csv-decimal.test.ts checks both against Number()
// on random doubles' shortest and 17-digit spellings, round numbers, near
// midpoints, and 18+ digits.

/** 10^0 … 10^22: exact doubles (5^22 < 2^53). */
const TENS = Array.from({ length: 23 }, (_, k) => 10 ** k);

/** Dekker's split of a double into two halves of at most 26 bits each: 2^27 + 1. */
const SPLIT = 134217729;
/** The high and low halves of 10^k (Veltkamp's split), for Dekker's exact product q · 10^k. */
const TENS_HI = TENS.map((t) => {
  const c = SPLIT * t;
  return c - (c - t);
});
const TENS_LO = TENS.map((t, k) => t - TENS_HI[k]);

/** 2^-50: a bound, with margin, on the rounding of a sum of four doubles (3 · 2^-53 relative to the sum of their magnitudes). */
const SUM_ERROR = 2 ** -50;
const TWO_53 = 2 ** 53;

const f64 = new Float64Array(1);
const u32 = new Uint32Array(f64.buffer);
/** Index of the high word of a double in u32 (1 on little-endian machines). */
const HI = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 1 : 0;
/** 2^e for e in [-1022, 1023], by exponent: built exactly by halving and doubling. */
const POW2 = new Float64Array(2046);
POW2[1022] = 1;
for (let e = 1; e <= 1023; e++) POW2[1022 + e] = POW2[1021 + e] * 2;
for (let e = 1; e <= 1022; e++) POW2[1022 - e] = POW2[1023 - e] / 2;

/**
 * The value of the decimal with significant digits m (an integer, exact when
 * `digits` ≤ 15, or 16 and m < 2^53) times 10^exp, when Clinger's fast path
 * applies; else undefined. The sign is the caller's.
 */
export function shortDecimal(m: number, digits: number, exp: number): number | undefined {
  if (digits > 16 || (digits === 16 && m >= TWO_53)) return undefined;
  if (exp <= 0) return exp >= -22 ? m / TENS[-exp] : undefined;
  return exp <= 22 ? m * TENS[exp] : undefined;
}

/**
 * The value of the decimal whose `digits` (16 to 18) significant digits are in
 * bytes [s, e) (ASCII digits, a `-`, a `.`, leading zeros, stopping at the end
 * or an `e`/`E`), times 10^-k for k from 1 to 22: the correctly rounded
 * double (ties to even) as Number() gives it, or undefined where the check
 * cannot decide. The sign is the caller's (the value is of the digits alone).
 */
export function longDecimal(b: Uint8Array, s: number, e: number, digits: number, k: number): number | undefined {
  if (digits < 16 || digits > 18 || k < 1 || k > 22) return undefined;
  // W = A · 10^8 + B: A the first digits - 8 digits (< 10^10), B the last 8.
  let a = 0;
  let low = 0;
  let i = 0;
  for (let p = s; p < e; p++) {
    const c = b[p];
    if (c === 0x65 || c === 0x45) break;
    if (c < 0x30 || c > 0x39 || (i === 0 && c === 0x30)) continue; // '-', '.', a leading zero
    if (i++ < digits - 8) a = a * 10 + (c - 0x30);
    else low = low * 10 + (c - 0x30);
  }
  if (i !== digits) return undefined;
  // A · 10^8 = (A · 5^8) · 2^8 with A · 5^8 < 2^53: exact. W = wh + wl exactly (Fast2Sum, wh ≥ 10^15 > low).
  const ah = a * 1e8;
  const wh = ah + low;
  const wl = low - (wh - ah);
  const P = TENS[k];
  const Ph = TENS_HI[k];
  const Pl = TENS_LO[k];
  let q = wh / P;
  for (let step = 0; step < 3; step++) {
    // q = M · 2^x with 2^52 ≤ M < 2^53 (q is normal: W ≥ 10^15 and k ≤ 22 put it above 10^-7).
    f64[0] = q;
    const hi = u32[HI];
    const ulp = POW2[((hi >>> 20) & 0x7ff) - 1075 + 1022];
    const powerOfTwo = (hi & 0xfffff) === 0 && u32[1 - HI] === 0;
    // q · P = p + pe exactly (Dekker's product; no overflow or underflow here).
    const c = SPLIT * q;
    const qh = c - (c - q);
    const ql = q - qh;
    const p = q * P;
    const pe = qh * Ph - p + qh * Pl + ql * Ph + ql * Pl;
    // wh - p is exact when they are within a factor 2 (Sterbenz); then W - q·P = d + wl - pe exactly.
    if (!(p * 0.5 <= wh && wh <= p * 2)) return undefined;
    const d = wh - p;
    // Half the gap to the next double above, and below (a quarter gap below a power of two), times P: exact.
    const up = ulp * 0.5 * P;
    const down = powerOfTwo ? up * 0.5 : up;
    // The decimal is above q's upper midpoint when W - q·P - up > 0, below its lower one when W - q·P + down < 0.
    // Each is a sum of four doubles summed left to right: its error is at most 3 · 2^-53 times the sum of
    // their magnitudes (Higham, Accuracy and Stability of Numerical Algorithms, 2002, section 4.2), under `bound`.
    const r = d + wl - pe;
    const bound = (Math.abs(d) + Math.abs(wl) + Math.abs(pe) + up) * SUM_ERROR;
    const above = r - up;
    const below = r + down;
    if (above < -bound && below > bound) return q;
    if (above > bound) q += ulp;
    else if (below < -bound) q -= powerOfTwo ? ulp * 0.5 : ulp;
    else return undefined; // within the bound of a midpoint (a tie, or too close to tell)
  }
  return undefined;
}
