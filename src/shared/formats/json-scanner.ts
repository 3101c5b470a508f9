// Layer: shared (pure TS). A validating pull scanner over the bytes of a JSON
// file. Loaders walk the structure they expect with it; it reports syntax
// errors with line:column and lets loaders report shape errors with a JSON
// path. Strings can be interned straight from bytes (see ByteInterner).

import { decodeUtf8, type ByteInterner } from './byte-interner';
import { decodeProblem } from './encoding';
import type { ErrorReason } from '../app-error';
import { describeValue, LoadError, locate } from './errors';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const decoder = new TextDecoder('utf-8', { fatal: true });

export function charName(c: number | undefined): string {
  if (c === undefined) return 'the end of the file';
  if (c >= 0x20 && c < 0x7f) return `'${String.fromCharCode(c)}'`;
  return `byte 0x${c.toString(16).padStart(2, '0')}`;
}

export class JsonScanner {
  pos = 0;
  /** Set by readKey: the key's raw byte range (without quotes) and hash. */
  keyStart = 0;
  keyEnd = 0;
  keyHash = 0;
  keyEscaped = false;

  constructor(
    readonly bytes: Uint8Array,
    readonly file: string,
  ) {
    if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) this.pos = 3;
  }

  syntaxError(problem: string, at = this.pos, reason?: ErrorReason): LoadError {
    return new LoadError(this.file, problem, locate(this.bytes, at), undefined, { reason: reason ?? this.endsAt(at) });
  }

  shapeError(problem: string, path: string, at = this.pos): LoadError {
    return new LoadError(this.file, problem, locate(this.bytes, at), path, { reason: this.endsAt(at) });
  }

  /** 'ends-early' when only whitespace follows `at` (an error there is the JSON ending before it is complete). */
  private endsAt(at: number): ErrorReason | undefined {
    const b = this.bytes;
    for (let p = at; p < b.length; p++) if (b[p] !== 0x20 && b[p] !== 0x0a && b[p] !== 0x0d && b[p] !== 0x09) return undefined;
    return 'ends-early';
  }

  /** Skips whitespace; returns the next byte (undefined at the end). */
  peek(): number | undefined {
    const b = this.bytes;
    let p = this.pos;
    for (;;) {
      const c = b[p];
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) p++;
      else break;
    }
    this.pos = p;
    return b[p];
  }

  /** Requires the file to end here (only whitespace left). */
  end(): void {
    const c = this.peek();
    if (c !== undefined) this.fail(`unexpected ${charName(c)} after the end of the JSON value`);
  }

  fail(problem: string): never {
    throw this.syntaxError(problem);
  }

  /**
   * Expects an object to start here. If another valid JSON value is here,
   * throws a shape error naming `path` and what was found instead.
   */
  openObject(path: string, what: string): void {
    const c = this.peek();
    if (c === 0x7b) {
      this.pos++;
      return;
    }
    this.wrongType(path, what);
  }

  /** Consumes '{' if it is the next non-blank byte; returns whether it did. */
  tryOpenObject(): boolean {
    if (this.peek() !== 0x7b) return false;
    this.pos++;
    return true;
  }

  /**
   * If the bytes at the cursor repeat bytes[start, start + len) exactly, moves
   * past them and returns true. Used to skip a JSON value identical to one
   * already scanned and validated (a complete value is self-delimiting, so equal
   * bytes mean an equal value).
   */
  skipRepeat(start: number, len: number): boolean {
    const b = this.bytes;
    const p = this.pos;
    if (len <= 0 || p + len > b.length || start === p || b[p] !== b[start]) return false;
    const dv = (this.view ??= new DataView(b.buffer, b.byteOffset, b.byteLength));
    let k = 0;
    for (; k + 4 <= len; k += 4) if (dv.getInt32(p + k) !== dv.getInt32(start + k)) return false;
    for (; k < len; k++) if (b[p + k] !== b[start + k]) return false;
    this.pos = p + len;
    return true;
  }

  /**
   * Length of the longest common prefix of the bytes at the cursor and
   * bytes[start, start + len) (at most len). Does not move the cursor.
   */
  commonPrefix(start: number, len: number): number {
    const b = this.bytes;
    const p = this.pos;
    if (start === p) return 0;
    const max = Math.min(len, b.length - p);
    if (max <= 0 || b[p] !== b[start]) return 0;
    const dv = (this.view ??= new DataView(b.buffer, b.byteOffset, b.byteLength));
    let k = 0;
    while (k + 4 <= max && dv.getInt32(p + k) === dv.getInt32(start + k)) k += 4;
    while (k < max && b[p + k] === b[start + k]) k++;
    return k;
  }

  private view: DataView | undefined;

  /** Throws the shape error for a value of the wrong type at `path`. */
  wrongType(path: string, what: string): never {
    const at = this.pos;
    const found = this.describeHere();
    throw this.shapeError(`expected ${what}, found ${found}`, path, at);
  }

  /** Describes (and validates) the value at the cursor without moving it. */
  describeHere(): string {
    const start = this.pos;
    const c = this.peek();
    if (c === undefined) return 'the end of the file';
    const at = this.pos;
    this.skipValue();
    const end = this.pos;
    this.pos = start;
    if (c === 0x7b || c === 0x5b) {
      let p = at + 1;
      while (p < end - 1 && (this.bytes[p] === 0x20 || this.bytes[p] === 0x0a || this.bytes[p] === 0x0d || this.bytes[p] === 0x09)) p++;
      const empty = p === end - 1;
      if (c === 0x7b) return empty ? 'an empty object {}' : 'an object';
      return empty ? 'an empty array []' : 'an array';
    }
    if (end - start > 200) return 'a long string';
    return describeValue(JSON.parse(decoder.decode(this.bytes.subarray(start, end))));
  }

  /**
   * Inside an object: moves to the next key. Returns false at '}' (consumed).
   * On true, the key is in keyStart/keyEnd and the ':' has been consumed.
   */
  nextKey(first: boolean): boolean {
    let c = this.peek();
    if (c === 0x7d) {
      this.pos++;
      return false;
    }
    if (!first) {
      if (c !== 0x2c) this.fail(`expected ',' or '}' in an object, found ${charName(c)}`);
      this.pos++;
      c = this.peek();
    }
    if (c !== QUOTE) this.fail(`expected a property name in double quotes, found ${charName(c)}`);
    this.scanString();
    this.keyStart = this.strStart;
    this.keyEnd = this.strEnd;
    this.keyHash = this.strHash;
    this.keyEscaped = this.strEscaped;
    c = this.peek();
    if (c !== 0x3a) this.fail(`expected ':' after a property name, found ${charName(c)}`);
    this.pos++;
    return true;
  }

  /** The current key as a string. */
  key(): string {
    return this.decodeString(this.keyStart, this.keyEnd, this.keyEscaped);
  }

  keyIs(ascii: string): boolean {
    if (this.keyEscaped || this.keyEnd - this.keyStart !== ascii.length) return this.keyEscaped && this.key() === ascii;
    for (let i = 0; i < ascii.length; i++) if (this.bytes[this.keyStart + i] !== ascii.charCodeAt(i)) return false;
    return true;
  }

  internKey(table: ByteInterner): number {
    if (this.keyEscaped) return table.target.intern(this.key());
    return this.internRange(table, this.keyStart, this.keyEnd, this.keyHash);
  }

  isString(): boolean {
    return this.peek() === QUOTE;
  }

  /** Reads a string value and interns it; the caller checked isString(). */
  readStringId(table: ByteInterner): number {
    this.scanString();
    if (this.strEscaped) return table.target.intern(this.decodeString(this.strStart, this.strEnd, true));
    return this.internRange(table, this.strStart, this.strEnd, this.strHash);
  }

  readString(): string {
    this.scanString();
    return this.decodeString(this.strStart, this.strEnd, this.strEscaped);
  }

  private internRange(table: ByteInterner, start: number, end: number, hash: number): number {
    try {
      return table.intern(this.bytes, start, end, hash);
    } catch {
      throw this.undecodable(start, end);
    }
  }

  /** The error for a string at bytes [start, end) that could not be decoded: invalid UTF-8 (where), or too long. */
  undecodable(start: number, end: number): LoadError {
    const d = decodeProblem(this.bytes, start, end);
    return this.syntaxError(d.problem, d.at);
  }

  /** The last string scanned: its bytes between the quotes are bytes[strStart, strEnd); strEscaped: they hold an escape. Read-only outside. */
  strStart = 0;
  strEnd = 0;
  /** FNV-1a of its bytes (of the unescaped ones when strEscaped). */
  strHash = 0;
  strEscaped = false;

  /** Whether the last string scanned by scanStringValue is all ASCII (its escapes aside). */
  strAscii = false;

  /**
   * Scans a string value (the caller checked isString()) without decoding or
   * hashing it: see strStart, strEnd, strEscaped, strAscii (strHash is not
   * set). The same checks and errors as scanString. `plain`: how many bytes
   * after the opening quote the caller knows to be ASCII without a quote, a
   * backslash or a control character (they repeat such bytes of a string
   * scanned before); the scan starts after them.
   */
  scanStringValue(plain = 0): void {
    const b = this.bytes;
    const start = this.pos + 1;
    let p = start + plain;
    let or = 0;
    let escaped = false;
    for (;;) {
      const c = b[p];
      if (c === QUOTE) break;
      if (c === undefined) throw this.syntaxError('unterminated string', this.pos, 'ends-in-string');
      if (c < 0x20) throw this.syntaxError(`control character ${charName(c)} inside a string`, p);
      if (c === BACKSLASH) {
        escaped = true;
        p = this.skipEscape(p);
        continue;
      }
      or |= c;
      p++;
    }
    this.strStart = start;
    this.strEnd = p;
    this.strEscaped = escaped;
    this.strAscii = or < 0x80;
    this.pos = p + 1;
  }

  /** Decodes bytes[start, end) of a string scanned before (JSON escapes read when `escaped`); invalid UTF-8 is a syntax error. */
  stringAt(start: number, end: number, escaped: boolean): string {
    return this.decodeString(start, end, escaped);
  }

  /** The position after the escape at p (on its backslash); a bad escape is a syntax error. */
  private skipEscape(p: number): number {
    const b = this.bytes;
    const e = b[p + 1];
    if (e === 0x75) {
      for (let k = 2; k < 6; k++) if (!isHex(b[p + k])) throw this.syntaxError('bad \\u escape in a string', p);
      return p + 6;
    }
    if (e === QUOTE || e === BACKSLASH || e === 0x2f || e === 0x62 || e === 0x66 || e === 0x6e || e === 0x72 || e === 0x74) return p + 2;
    throw this.syntaxError('bad escape in a string', p);
  }

  /** Scans a string at the cursor (which is on '"'); sets str* fields. */
  private scanString(): void {
    const b = this.bytes;
    let p = this.pos + 1;
    const start = p;
    let h = 0x811c9dc5 | 0;
    let escaped = false;
    for (;;) {
      const c = b[p];
      if (c === QUOTE) break;
      if (c === undefined) throw this.syntaxError('unterminated string', this.pos, 'ends-in-string');
      if (c < 0x20) throw this.syntaxError(`control character ${charName(c)} inside a string`, p);
      if (c === BACKSLASH) {
        escaped = true;
        p = this.skipEscape(p);
        continue;
      }
      h = Math.imul(h ^ c, 0x01000193);
      p++;
    }
    this.strStart = start;
    this.strEnd = p;
    this.strHash = h;
    this.strEscaped = escaped;
    this.pos = p + 1;
  }

  private decodeString(start: number, end: number, escaped: boolean): string {
    let text: string;
    try {
      text = decodeUtf8(this.bytes, start, end);
    } catch {
      throw this.undecodable(start, end);
    }
    return escaped ? (JSON.parse(`"${text}"`) as string) : text;
  }

  /** Validates and skips one JSON value of any type (iteratively: no stack overflow on deep nesting). */
  skipValue(): void {
    const closers: number[] = [];
    let expectValue = true;
    for (;;) {
      let c = this.peek();
      if (expectValue) {
        if (c === 0x7b || c === 0x5b) {
          this.pos++;
          closers.push(c === 0x7b ? 0x7d : 0x5d);
          const n = this.peek();
          if (n === closers[closers.length - 1]) {
            this.pos++;
            closers.pop();
            expectValue = false;
          } else if (c === 0x7b) {
            this.objectKey(n);
          }
          if (closers.length === 0 && !expectValue) return;
          continue;
        }
        this.skipScalar(c);
        expectValue = false;
      }
      if (closers.length === 0) return;
      c = this.peek();
      const closer = closers[closers.length - 1];
      if (c === closer) {
        this.pos++;
        closers.pop();
        if (closers.length === 0) return;
      } else if (c === 0x2c) {
        this.pos++;
        if (closer === 0x7d) this.objectKey(this.peek());
        expectValue = true;
      } else {
        this.fail(`expected ',' or '${String.fromCharCode(closer)}', found ${charName(c)}`);
      }
    }
  }

  /** Validates and skips a string, number, true, false or null at the cursor (the cursor is on it). */
  skipPrimitive(): void {
    this.skipScalar(this.peek());
  }

  private objectKey(c: number | undefined): void {
    if (c !== QUOTE) this.fail(`expected a property name in double quotes, found ${charName(c)}`);
    this.scanString();
    const n = this.peek();
    if (n !== 0x3a) this.fail(`expected ':' after a property name, found ${charName(n)}`);
    this.pos++;
  }

  private skipScalar(c: number | undefined): void {
    if (c === QUOTE) {
      this.scanString();
      return;
    }
    if (c === 0x74) return this.literal('true');
    if (c === 0x66) return this.literal('false');
    if (c === 0x6e) return this.literal('null');
    if (c === 0x2d || (c !== undefined && c >= 0x30 && c <= 0x39)) return this.number();
    this.fail(`expected a JSON value, found ${charName(c)}`);
  }

  private literal(word: string): void {
    for (let i = 0; i < word.length; i++) {
      if (this.bytes[this.pos + i] !== word.charCodeAt(i)) this.fail(`expected a JSON value, found ${charName(this.bytes[this.pos])}`);
    }
    this.pos += word.length;
  }

  private number(): void {
    const b = this.bytes;
    let p = this.pos;
    if (b[p] === 0x2d) p++;
    if (b[p] === 0x30) p++;
    else if (isDigit(b[p])) while (isDigit(b[p])) p++;
    else throw this.syntaxError('bad number', p);
    if (b[p] === 0x2e) {
      p++;
      if (!isDigit(b[p])) throw this.syntaxError('bad number: no digit after the decimal point', p);
      while (isDigit(b[p])) p++;
    }
    if (b[p] === 0x65 || b[p] === 0x45) {
      p++;
      if (b[p] === 0x2b || b[p] === 0x2d) p++;
      if (!isDigit(b[p])) throw this.syntaxError('bad number: no digit in the exponent', p);
      while (isDigit(b[p])) p++;
    }
    this.pos = p;
  }
}

function isDigit(c: number | undefined): boolean {
  return c !== undefined && c >= 0x30 && c <= 0x39;
}

function isHex(c: number | undefined): boolean {
  return c !== undefined && ((c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66));
}
