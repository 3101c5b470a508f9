// Layer: shared (pure TS). What a file's bytes are before any layout is
// tried: blank, UTF-16 or UTF-32 (by byte order mark or by the NUL bytes
// between ASCII characters), a NUL byte somewhere near the start (binary
// data), or UTF-8 text whose start (after the byte order mark and however much
// whitespace) the layouts sniff. And why a string could not be decoded:
// invalid UTF-8 (where), or longer than a JavaScript string can be.

import { locate } from './errors';

const isBlankByte = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** Offset of the first byte after the UTF-8 byte order mark and any whitespace (bytes.length if none). */
export function firstNonBlank(bytes: Uint8Array): number {
  let p = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const n = bytes.length;
  while (p < n && isBlankByte(bytes[p])) p++;
  return p;
}

/** Whether the file has nothing but whitespace (and perhaps a byte order mark). */
export function isBlank(bytes: Uint8Array): boolean {
  return firstNonBlank(bytes) === bytes.length;
}

const HEAD_BYTES = 64 * 1024;

/**
 * The file's start as text for the layouts to sniff: 64 KiB decoded from the
 * first byte that is not whitespace (leading whitespace of any length is
 * skipped, not counted in the 64 KiB).
 */
export function headText(bytes: Uint8Array): string {
  const from = firstNonBlank(bytes);
  return new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(from, from + HEAD_BYTES));
}

/** How many of the first bytes are checked for NUL bytes and for UTF-16/32 patterns. */
const PROBE_BYTES = 4096;

/**
 * Why these bytes are not UTF-8 text, or null: a UTF-16/32 byte order mark, a
 * UTF-16/32 pattern of NUL bytes, or a NUL byte in the first 4 KiB (with its
 * offset and line:column). `what` names the expected file in the message.
 */
export function encodingProblem(bytes: Uint8Array, what: string): string | null {
  const b = bytes;
  const advice = 'save it as UTF-8 (JSON files are UTF-8) and open it again';
  if (b[0] === 0xff && b[1] === 0xfe && b[2] === 0 && b[3] === 0)
    return `this file looks like UTF-32 LE (byte order mark FF FE 00 00 at offset 0); ${advice}`;
  if (b[0] === 0 && b[1] === 0 && b[2] === 0xfe && b[3] === 0xff)
    return `this file looks like UTF-32 BE (byte order mark 00 00 FE FF at offset 0); ${advice}`;
  if (b[0] === 0xff && b[1] === 0xfe) return `this file looks like UTF-16 LE (byte order mark FF FE at offset 0); ${advice}`;
  if (b[0] === 0xfe && b[1] === 0xff) return `this file looks like UTF-16 BE (byte order mark FE FF at offset 0); ${advice}`;
  const n = Math.min(b.length, PROBE_BYTES);
  const nul = b.subarray(0, n).indexOf(0);
  if (nul < 0) return null;
  const wide = wideEncoding(b.subarray(0, n - (n % 4)));
  if (wide) return `this file looks like ${wide} (no byte order mark, but NUL bytes between the characters from offset 0); ${advice}`;
  const l = locate(b, nul);
  return `this is not a text file: NUL byte at offset ${nul} (line ${l.line}, column ${l.column}); expected ${what}`;
}

/** UTF-16/32 without a byte order mark: which bytes of each 4 are NUL in (nearly) every group. */
function wideEncoding(b: Uint8Array): string | null {
  const groups = b.length / 4;
  if (groups < 1) return null;
  const zeros = [0, 0, 0, 0];
  for (let i = 0; i < b.length; i++) if (b[i] === 0) zeros[i & 3]++;
  const all = (k: number) => zeros[k] >= groups * 0.9;
  const none = (k: number) => zeros[k] <= groups * 0.1;
  if (none(0) && all(1) && all(2) && all(3)) return 'UTF-32 LE';
  if (all(0) && all(1) && all(2) && none(3)) return 'UTF-32 BE';
  if (none(0) && all(1) && none(2) && all(3)) return 'UTF-16 LE';
  if (all(0) && none(1) && all(2) && none(3)) return 'UTF-16 BE';
  return null;
}

/** The longest string V8 can make (String::kMaxLength on 64-bit: 2^29 − 24 UTF-16 code units). */
export const MAX_STRING_CHARS = 2 ** 29 - 24;

/**
 * Error path: why bytes[start, end) could not be decoded to one string. A
 * decoder fails both on invalid UTF-8 and on a string longer than JavaScript
 * allows; the length is checked first (an ASCII string of N bytes is N
 * characters), then the first invalid byte is found.
 */
export function decodeProblem(bytes: Uint8Array, start: number, end: number): { problem: string; at: number } {
  const bad = firstInvalidUtf8(bytes, start, end);
  if (bad < 0 && end - start > MAX_STRING_CHARS) {
    const n = (x: number) => x.toLocaleString('en-US');
    return {
      problem: `a string of ${n(end - start)} bytes (${Math.round((end - start) / 2 ** 20)} MB) is longer than the longest string JavaScript can hold (${n(MAX_STRING_CHARS)} characters); no value or id is that long — is a quote missing, or the file cut?`,
      at: start,
    };
  }
  if (bad < 0) return { problem: 'a string could not be decoded', at: start };
  return { problem: `a string is not valid UTF-8 (byte 0x${bytes[bad].toString(16).padStart(2, '0')} at offset ${bad})`, at: bad };
}

/** Offset of the first byte in [start, end) that is not part of valid UTF-8, or -1. */
export function firstInvalidUtf8(b: Uint8Array, start: number, end: number): number {
  let p = start;
  while (p < end) {
    const c = b[p];
    if (c < 0x80) {
      p++;
      continue;
    }
    let need: number;
    let min: number;
    if (c >= 0xc2 && c <= 0xdf) {
      need = 1;
      min = 0x80;
    } else if (c >= 0xe0 && c <= 0xef) {
      need = 2;
      min = 0x800;
    } else if (c >= 0xf0 && c <= 0xf4) {
      need = 3;
      min = 0x10000;
    } else return p;
    if (p + need >= end) return p; // cut short by the end of the string
    let cp = c & (0x3f >> need);
    for (let k = 1; k <= need; k++) {
      const d = b[p + k];
      if ((d & 0xc0) !== 0x80) return p;
      cp = (cp << 6) | (d & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return p;
    p += need + 1;
  }
  return -1;
}
