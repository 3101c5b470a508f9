// Layer: shared (pure TS). Byte helpers for the fast paths of the
// line-aligned layouts (ldst-fast.ts, lines-fast.ts): a hash for interning
// byte ranges (byte-interner.ts), the line count of a text file as the plain
// path's textLines (lines.ts) counts it, and DECLINE, what a fast path throws
// when it leaves a file to the plain path.

/** Thrown by a fast path that leaves the file to the plain path (which reads it, or says what is wrong). */
export const DECLINE = new Error('fast path declined');

/** FNV-1a of b[start, end), for ByteInterner.intern. */
export function hashBytes(b: Uint8Array, start: number, end: number): number {
  let h = 0x811c9dc5 | 0;
  for (let p = start; p < end; p++) h = Math.imul(h ^ b[p], 0x01000193);
  return h;
}

/**
 * Whether b[start, end) begins with a UTF-8 byte order mark: a TextDecoder
 * drops it at the start of what it decodes, so a range decoded on its own
 * would not equal its part of the whole text.
 */
export function hasBom(b: Uint8Array, start: number, end: number): boolean {
  return end - start >= 3 && b[start] === 0xef && b[start + 1] === 0xbb && b[start + 2] === 0xbf;
}

/** The number of lines textLines (lines.ts) reads in a text file: a final newline ends the last line, it does not start one. */
export function byteLineCount(b: Uint8Array): number {
  let count = 1;
  for (let p = b.indexOf(0x0a); p >= 0; p = b.indexOf(0x0a, p + 1)) count++;
  return count > 1 && b[b.length - 1] === 0x0a ? count - 1 : count;
}

/**
 * Where the JSON string starting at b[at] ('"') ends (after its closing quote)
 * when it holds no escape and no control character, else -1 (then the JSON
 * scanner reads it, and validates it).
 */
export function plainStringEnd(b: Uint8Array, at: number): number {
  for (let q = at + 1; q < b.length; q++) {
    const c = b[q];
    if (c === 0x22) return q + 1;
    if (c === 0x5c || c < 0x20) return -1;
  }
  return -1;
}

let view: DataView | undefined;

/** A DataView of b (the last one made, if it is b's). */
export function dataView(b: Uint8Array): DataView {
  if (view === undefined || view.buffer !== b.buffer || view.byteOffset !== b.byteOffset || view.byteLength !== b.byteLength)
    view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  return view;
}

/** The length of the longest common prefix of b[x, x + max) and b[y, y + max). */
export function commonPrefix(b: Uint8Array, x: number, y: number, max: number): number {
  return x === y ? max : prefixIn(dataView(b), b, x, y, max);
}

/** commonPrefix with dv = dataView(b) (kept by the caller). */
export function prefixIn(dv: DataView, b: Uint8Array, x: number, y: number, max: number): number {
  let k = 0;
  while (k + 4 <= max && dv.getInt32(x + k) === dv.getInt32(y + k)) k += 4;
  while (k < max && b[x + k] === b[y + k]) k++;
  return k;
}

/** The length of the longest common suffix of b[xEnd - max, xEnd) and b[yEnd - max, yEnd); dv = dataView(b). */
export function suffixIn(dv: DataView, b: Uint8Array, xEnd: number, yEnd: number, max: number): number {
  if (xEnd === yEnd) return max;
  let k = 0;
  while (k + 4 <= max && dv.getInt32(xEnd - k - 4) === dv.getInt32(yEnd - k - 4)) k += 4;
  while (k < max && b[xEnd - 1 - k] === b[yEnd - 1 - k]) k++;
  return k;
}
