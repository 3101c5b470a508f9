// Layer: shared (pure TS). The few CPython 3 string and number semantics the
// string-similarity ports depend on: strings as sequences of code points (not
// UTF-16 units), code-point ordering (`sorted`), `str.split()` / `str.strip()`
// whitespace, and `round()` (half to even on the exact double).

/** A string as Python sees it: one element per code point. */
export type CodePoints = Int32Array;

/** The code points of `s` (an astral character is one element, as len() counts it in Python). */
export function toCodePoints(s: string): CodePoints {
  const n = s.length;
  let astral = 0;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        astral++;
        i++;
      }
    }
  }
  const out = new Int32Array(n - astral);
  if (astral === 0) {
    for (let i = 0; i < n; i++) out[i] = s.charCodeAt(i);
    return out;
  }
  let k = 0;
  for (let i = 0; i < n; i++) {
    const cp = s.codePointAt(i) as number;
    out[k++] = cp;
    if (cp > 0xffff) i++;
  }
  return out;
}

/** Number of code points of `s` (Python's len()). */
export function pyLen(s: string): number {
  let n = s.length;
  for (let i = 0; i + 1 < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

/** The substring of code points [start, end) of `cps` as a new array (Python's s[start:end], clamped as slicing clamps). */
export function sliceCodePoints(cps: CodePoints, start: number, end: number): CodePoints {
  return cps.subarray(Math.min(start, cps.length), Math.min(end, cps.length));
}

/**
 * Python's `str.isspace()` for one code point (CPython `Py_UNICODE_ISSPACE`,
 * Unicode 14 as in Python 3.11): what `str.split()` and `str.strip()` without
 * arguments treat as whitespace. Unlike JavaScript's `\s`, it includes
 * U+001C–U+001F and U+0085, and excludes U+FEFF.
 */
export function isPySpace(cp: number): boolean {
  if (cp <= 0x20) return cp === 0x20 || (cp >= 0x09 && cp <= 0x0d) || (cp >= 0x1c && cp <= 0x1f);
  if (cp < 0x85) return false;
  return (
    cp === 0x85 ||
    cp === 0xa0 ||
    cp === 0x1680 ||
    (cp >= 0x2000 && cp <= 0x200a) ||
    cp === 0x2028 ||
    cp === 0x2029 ||
    cp === 0x202f ||
    cp === 0x205f ||
    cp === 0x3000
  );
}

/** Python's `s.split()` (no argument): runs of Python whitespace separate tokens; no empty tokens. */
export function pySplit(s: string): string[] {
  const out: string[] = [];
  let start = -1;
  for (let i = 0; i < s.length;) {
    const cp = s.codePointAt(i) as number;
    const w = cp > 0xffff ? 2 : 1;
    if (isPySpace(cp)) {
      if (start >= 0) out.push(s.slice(start, i));
      start = -1;
    } else if (start < 0) start = i;
    i += w;
  }
  if (start >= 0) out.push(s.slice(start));
  return out;
}

/** Python's `s.strip()` (no argument): Python whitespace removed at both ends. */
export function pyStrip(s: string): string {
  // Every Python whitespace character is in the BMP, so UTF-16 units can be tested one by one.
  let i = 0;
  let j = s.length;
  while (i < j && isPySpace(s.charCodeAt(i))) i++;
  while (j > i && isPySpace(s.charCodeAt(j - 1))) j--;
  return i === 0 && j === s.length ? s : s.slice(i, j);
}

/**
 * Python's string ordering (`<` on str, hence `sorted()`): lexicographic by
 * code point, a proper prefix first. JavaScript's `<` compares UTF-16 units,
 * which puts an astral character (surrogates D800–DFFF) before U+E000–U+FFFF.
 */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) {
      // At the first differing unit: a full code point when it starts a pair; two low surrogates of the same high
      // surrogate otherwise (their order is their code points' order).
      const cx = a.codePointAt(i) as number;
      const cy = b.codePointAt(i) as number;
      return cx < cy ? -1 : 1;
    }
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

/**
 * Python 3's `round(x)` of a float: to the nearest integer, ties to even,
 * decided on the exact double (round(12.5) = 12, round(37.5) = 38, and
 * 100 * (2.0 * 23 / 80) = 57.49999999999999 rounds to 57). fuzzywuzzy's
 * `utils.intr(n) = int(round(n))`.
 */
export function roundHalfEven(x: number): number {
  const f = Math.floor(x);
  const d = x - f; // exact for |x| < 2^52
  if (d < 0.5) return f;
  if (d > 0.5) return f + 1;
  return f % 2 === 0 ? f : f + 1;
}
