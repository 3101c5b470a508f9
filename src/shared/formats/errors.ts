// Layer: shared (pure TS). The loaders' located errors: LoadError (the
// AppError of code 'bad-input', defined in ../app-error.ts and re-exported
// here) names the file, what is wrong, and where (line:column for syntax, a
// JSON path for shape); the helpers below build the place and the wording.
// The CLI prints `message` and exits 2; the app shows it with the file.

import type { TextLocation } from '../app-error';
export { formatLoadError, LoadError, type TextLocation } from '../app-error';

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Appends one key or index to a JSON path: `.name`, `["book day"]`, `[3]`. */
export function pathPush(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return IDENT.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

/** Line and column (1-based, columns in characters) of a byte offset in UTF-8 text. */
export function locate(bytes: Uint8Array, offset: number): TextLocation {
  const end = Math.min(offset, bytes.length);
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < end; i++) {
    if (bytes[i] === 0x0a) {
      line++;
      lineStart = i + 1;
    }
  }
  let column = 1;
  for (let i = lineStart; i < end; i++) if ((bytes[i] & 0xc0) !== 0x80) column++;
  return { line, column, offset };
}

/** Describes a JSON value's type for messages: "number 3", "an array", "null". */
export function describeValue(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'an object';
  if (typeof v === 'string') return `the string ${JSON.stringify(v.length > 40 ? v.slice(0, 40) + '…' : v)}`;
  return `${typeof v} ${String(v)}`;
}
