// Decimal numbers read digit by digit (src/shared/formats/csv-decimal.ts) and
// the CSV fast path's JSON number reader that uses it (CellJson in
// csv-bytes.ts): the value equals Number() of the text — and JSON.parse's —
// bit for bit, or the fast conversion declines (undefined) and the reader
// asks Number(). Inputs: random doubles' shortest spellings (JS's, which are
// Python's repr digits) and their 16-, 17- and 18-digit spellings, decimals
// within a few units of the 17th-18th digit of a rounding midpoint between two
// doubles (and exact midpoints: ties to even), both sides of powers of two,
// round numbers, 19+ digits, tiny and huge exponents, and number-like texts
// that are not JSON (the reader declines where JSON.parse throws).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CellJson, Decline } from '../../../../src/shared/formats/csv-bytes';
import { longDecimal, shortDecimal } from '../../../../src/shared/formats/csv-decimal';

const enc = (s: string) => new TextEncoder().encode(s);

/** The reader's value of a JSON number text, read from a CSV-quoted cell {"k": TEXT}; null where it declines. */
function readNumber(text: string): number | null {
  const bytes = enc(`"{""k"": ${text}}"`);
  const cj = new CellJson(bytes);
  try {
    cj.begin(1, bytes.length - 1);
    cj.openObject();
    cj.nextKey(true);
    const v = cj.scalar();
    if (cj.nextKey(false)) return null;
    cj.end();
    return v;
  } catch (e) {
    if (e instanceof Decline) return null;
    throw e;
  }
}

/** Significant digits and decimal exponent of a plain JSON number text (as the reader counts them). */
function parts(text: string): { digits: number; exp: number; m: number } {
  const [mant, e = '0'] = text.replace(/^-/, '').split(/[eE]/);
  const [int, frac = ''] = mant.split('.');
  const sig = (int + frac).replace(/^0+/, '');
  return { digits: sig.length, exp: Number(e) - frac.length, m: Number(sig || '0') };
}

/** longDecimal of a text's digits: its value with the text's sign, or undefined. */
function long(text: string): number | undefined {
  const { digits, exp } = parts(text);
  const v = longDecimal(enc(text), 0, text.length, digits, -exp);
  return v === undefined ? undefined : text.startsWith('-') ? -v : v;
}

const f64 = new Float64Array(1);
const i64 = new BigInt64Array(f64.buffer);
/** The next double above (+1) or below (-1) a positive double. */
function step(x: number, dir: 1 | -1): number {
  f64[0] = x;
  i64[0] += BigInt(dir);
  return f64[0];
}

/** The exact decimal value of a positive double, as a digit string and a power of ten: x = digits · 10^-scale. */
function exactDecimalOf(x: number): { digits: bigint; scale: number } {
  f64[0] = x;
  const bits = i64[0];
  const biased = Number((bits >> 52n) & 0x7ffn);
  const frac = bits & ((1n << 52n) - 1n);
  const m = biased === 0 ? frac : frac | (1n << 52n);
  const e = (biased === 0 ? 1 : biased) - 1075;
  return e >= 0 ? { digits: m << BigInt(e), scale: 0 } : { digits: m * 5n ** BigInt(-e), scale: -e };
}

/** The midpoint between two adjacent positive doubles a < b, exactly: (a + b) / 2 = digits · 10^-scale. */
function midpoint(a: number, b: number): { digits: bigint; scale: number } {
  const x = exactDecimalOf(a);
  const y = exactDecimalOf(b);
  const scale = Math.max(x.scale, y.scale) + 1;
  const sum = x.digits * 10n ** BigInt(scale - x.scale) + y.digits * 10n ** BigInt(scale - y.scale);
  return { digits: sum / 2n, scale };
}

/** A decimal digits · 10^-scale cut to n significant digits (plus delta units in the last), written as a plain decimal. */
function cut(d: { digits: bigint; scale: number }, n: number, delta: number): string {
  const s = d.digits.toString();
  const drop = Math.max(0, s.length - n);
  const kept = d.digits / 10n ** BigInt(drop) + BigInt(delta);
  const scale = d.scale - drop;
  if (scale <= 0) return (kept * 10n ** BigInt(-scale)).toString() + '.0';
  const t = kept.toString().padStart(scale + 1, '0');
  return `${t.slice(0, t.length - scale)}.${t.slice(t.length - scale)}`;
}

/** Checks the reader and longDecimal on a text against Number(); returns whether longDecimal decided it. */
function check(text: string): boolean {
  const want = Number(text);
  expect(Object.is(readNumber(text), want), text).toBe(true);
  const { digits, exp, m } = parts(text);
  const short = shortDecimal(m, digits, exp);
  if (short !== undefined) expect(Object.is(text.startsWith('-') ? -short : short, want), text).toBe(true);
  const v = long(text);
  if (v !== undefined) expect(Object.is(v, want), text).toBe(true);
  return v !== undefined;
}

/** Positive doubles over the range the long path covers (10^-7 to 10^18) and beyond. */
const positive = fc.oneof(
  fc.double({ min: 0, max: 1, noNaN: true, minExcluded: true }),
  fc.double({ min: 1e-8, max: 1e-4, noNaN: true }),
  fc.double({ min: 1, max: 1e18, noNaN: true }),
  fc.double({ min: Number.MIN_VALUE, max: Number.MAX_VALUE, noNaN: true }),
);

describe('the JSON number reader and csv-decimal.ts', () => {
  it('equal Number() bit for bit on doubles spelled shortest, with 16, 17 and 18 digits, and fixed; longDecimal decides nearly all', () => {
    let tried = 0;
    let decided = 0;
    fc.assert(
      fc.property(positive, fc.boolean(), fc.integer({ min: 1, max: 22 }), (x, neg, fixed) => {
        const texts = [String(x), x.toPrecision(16), x.toPrecision(17), x.toPrecision(18), x < 1e21 ? x.toFixed(fixed) : '0'];
        for (const t of texts) {
          const text = (neg ? '-' : '') + t.replace('e+', 'e');
          const { digits, exp } = parts(text);
          const inRange = digits >= 16 && digits <= 18 && exp >= -22 && exp <= -1;
          const ok = check(text);
          if (inRange) {
            tried++;
            if (ok) decided++;
          } else expect(ok).toBe(false);
        }
      }),
      { numRuns: 4000 },
    );
    expect(tried).toBeGreaterThan(2000);
    expect(decided / tried).toBeGreaterThan(0.999);
  });

  it('equal Number() near and at the midpoints between adjacent doubles (ties to even), on both sides of powers of two', () => {
    const near = fc.oneof(
      fc.double({ min: 1e-7, max: 1e17, noNaN: true }),
      fc.integer({ min: -23, max: 56 }).map((k) => 2 ** k),
      fc.integer({ min: -23, max: 56 }).map((k) => step(2 ** k, -1)),
    );
    let decided = 0;
    fc.assert(
      fc.property(near, fc.integer({ min: 16, max: 19 }), fc.integer({ min: -3, max: 3 }), (x, n, delta) => {
        for (const [a, b] of [
          [step(x, -1), x],
          [x, step(x, 1)],
        ]) {
          const mid = midpoint(a, b);
          if (check(cut(mid, n, delta))) decided++;
          const exact = cut(mid, 60, 0);
          if (parts(exact).digits <= 18) check(exact);
        }
      }),
      { numRuns: 3000 },
    );
    expect(decided).toBeGreaterThan(1000);
  });

  it.each([
    ['0.43697693777983204'],
    ['0.15594836394302547'],
    ['0.9999999999999999'],
    ['0.99999999999999994'],
    ['0.49999999999999994'],
    ['0.49999999999999997'],
    ['1.0000000000000002'],
    ['4503599627370497.5'], // 2^52 + 1.5: a tie, to the even 2^52 + 2
    ['4503599627370496.5'], // 2^52 + 0.5: a tie, to the even 2^52
    ['18014398509481986.0'], // 2^54 + 2: a tie, to the even 2^54
    ['9007199254740993.0'],
    ['0.000012345678901234567'],
    ['1.2345678901234567e-5'],
    ['1.23456789012345678e-7'],
    ['0.1000000000000000055511151231257827'], // 0.1's exact value, cut: more digits than a double holds
    ['1234567890123456789.5'],
    ['1e-400'],
    ['1e400'],
    ['0.00'],
    ['5e-324'],
    ['2.2250738585072011e-308'],
    ['1.7976931348623157e308'],
    ['100000000000000000000000.0'],
    ['0.50000000000000000000'],
  ])('reads %s as Number() does', (text) => {
    check(text);
    check(`-${text}`);
  });

  it('declines the ties it cannot tell from the numbers next to them', () => {
    expect(long('4503599627370497.5')).toBeUndefined();
    expect(long('18014398509481986.0')).toBeUndefined();
    expect(long('4503599627370497.6')).toBe(4503599627370498);
    expect(long('4503599627370497.4')).toBe(4503599627370497);
  });

  it('reads texts that are JSON numbers as JSON.parse does and declines the others', () => {
    const piece = fc.constantFrom('0', '1', '9', '5', '.', 'e', 'E', '+', '-', '00', '12345678');
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 10 }), (ps) => {
        const text = ps.join('');
        let want: number | null;
        try {
          want = JSON.parse(text) as number;
        } catch {
          want = null;
        }
        const got = readNumber(text);
        if (want === null) expect(got).toBeNull();
        else expect(Object.is(got, want), text).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });
});
