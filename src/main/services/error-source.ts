// Layer: main (Node). For a load error with a place in a file that looks like
// JSON: the text around it (whole lines where they are short, a byte window
// where they are not), with the error's line and column inside that text.

import type { LoadErrorSource } from '../../shared/api';
import type { TextLocation } from '../../shared/formats/errors';

const CONTEXT_LINES = 40;

/**
 * Whether a file looks like JSON or JSON Lines: its first non-blank byte
 * (after a BOM) is '{' or '[' and its first 4 KiB hold no NUL byte. Only such
 * files get an excerpt around a load error: in browser mode anyone holding
 * the token may name any path, and a private key or a password file must not
 * come back as "the text around the error".
 */
export function looksLikeJson(bytes: Uint8Array): boolean {
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x0a || bytes[i] === 0x0d || bytes[i] === 0x09)) i++;
  if (bytes[i] !== 0x7b && bytes[i] !== 0x5b) return false;
  const n = Math.min(bytes.length, 4096);
  for (let k = 0; k < n; k++) if (bytes[k] === 0) return false;
  return true;
}
const MAX_SIDE_BYTES = 16 * 1024;

export function errorSource(bytes: Uint8Array, at: TextLocation): LoadErrorSource {
  const offset = Math.min(Math.max(0, at.offset), bytes.length);
  // Walk back CONTEXT_LINES lines, but no further than MAX_SIDE_BYTES.
  let start = offset;
  let lines = 0;
  const minStart = Math.max(0, offset - MAX_SIDE_BYTES);
  while (start > minStart) {
    if (bytes[start - 1] === 0x0a && ++lines > CONTEXT_LINES) break;
    start--;
  }
  let end = offset;
  lines = 0;
  const maxEnd = Math.min(bytes.length, offset + MAX_SIDE_BYTES);
  while (end < maxEnd) {
    if (bytes[end] === 0x0a && ++lines > CONTEXT_LINES) break;
    end++;
  }
  // Never cut a UTF-8 sequence.
  while (start > 0 && start < bytes.length && (bytes[start] & 0xc0) === 0x80) start--;
  while (end < bytes.length && (bytes[end] & 0xc0) === 0x80) end++;
  const cutStart = start > 0 && bytes[start - 1] !== 0x0a;
  const cutEnd = end < bytes.length && bytes[end] !== 0x0a;

  let line = 1;
  let lineStart = start;
  for (let i = start; i < offset; i++) {
    if (bytes[i] === 0x0a) {
      line++;
      lineStart = i + 1;
    }
  }
  const column = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(lineStart, offset)).length + 1;
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(start, end));
  return {
    text,
    line,
    column,
    firstLine: at.line - (line - 1),
    truncated: cutStart || cutEnd || start > 0 || end < bytes.length,
  };
}
