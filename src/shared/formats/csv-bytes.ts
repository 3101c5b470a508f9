// Layer: shared (pure TS). The CSV loader's fast path over the file's bytes
// (csv-read-fast.ts uses it): the records of a plain CSV text as byte ranges,
// split exactly as csv-fast.ts splits the decoded text (so, when it does not
// decline, as csv-parse would), and a reader of the JSON inside a cell, in
// place: in a quoted field every `"` of the JSON is written `""`, which this
// reader takes as one quote. Nothing is decoded that is not asked for;
// strings are interned from their bytes (byte-interner.ts).
// Both decline — throw Decline — at anything outside the plain case: the
// loader then reads the file with the plain path (csv.ts), which reads it or
// reports the problem with its place. So the fast path never has to be right
// about an error, only about a file it reads to the end.

import { ByteInterner, decodeUtf8 } from './byte-interner';
import { longDecimal, shortDecimal } from './csv-decimal';

/** Thrown by the fast path where the plain path must read the file. */
export class Decline extends Error {}

const decline = (): never => {
  throw new Decline('csv fast path: declined');
};

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;

/**
 * The records of a CSV file's bytes, one at a time (`next()`): the fields'
 * byte ranges (inside the quotes for a quoted field) and whether a field has
 * doubled quotes. Mirrors splitCsvFast (csv-fast.ts) on the decoded text: the
 * characters it looks at are ASCII, and UTF-8 never puts an ASCII byte inside
 * a multi-byte character; one leading BOM is skipped, as TextDecoder does.
 *
 * A record can also be read field by field, in order (`begin()`, then
 * `locate(k)`, `open(k)` / `close(k, q)`, then `finish()`): a reader that
 * parses a quoted field's content in place (csv-read-fast.ts reads JSON cells
 * so) finds where it ends itself, and tells it with `close` instead of having
 * the field's bytes scanned twice. A field whose content is a complete JSON
 * value read with `""` as a quote (CellJson) followed by a quote that is not
 * doubled ends there as the scan would end it: the reader takes every quote
 * inside as one of a pair, as the scan does.
 */
export class CsvRecords {
  /** The current record: `count` fields located so far, field k at bytes [start[k], end[k]); doubled[k]: it may hold `""`. */
  start: number[] = [];
  end: number[] = [];
  doubled: boolean[] = [];
  count = 0;
  /** The first record's length; every record has it. */
  width = -1;
  /** The previous record's quoted fields, per column: start, length, offset of the first `""` (-1: none; -2: not quoted). */
  private prevStart: number[] = [];
  private prevLen: number[] = [];
  private prevFirstDouble: number[] = [];
  private firstDouble: number[] = [];
  private readonly view: DataView;
  /** The first byte not read yet: the next field's, or (after the line end) the next record's. */
  private p: number;
  private crlf: boolean | undefined;
  /** The current record's line end (or the end of the text) has been read. */
  private ended = true;
  private done = false;

  constructor(readonly bytes: Uint8Array) {
    const b = bytes;
    this.view = new DataView(b.buffer, b.byteOffset, b.byteLength);
    this.p = b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf ? 3 : 0;
    if (this.p >= b.length) decline(); // empty text
    if (b[this.p] === 0xef && b[this.p + 1] === 0xbb && b[this.p + 2] === 0xbf) decline(); // a BOM left in the text
  }

  private push(s: number, e: number, d: boolean): void {
    const k = this.count++;
    this.start[k] = s;
    this.end[k] = e;
    this.doubled[k] = d;
  }

  /** Reads the next record; false after the last one. */
  next(): boolean {
    if (!this.begin()) return false;
    this.finish();
    return true;
  }

  /** Begins the next record, its fields not read yet (then locate/open/close them in order, and finish); false after the last. */
  begin(): boolean {
    if (this.done) return false;
    this.count = 0;
    this.ended = false;
    return true;
  }

  /** Reads fields up to k of the current record (those not read yet); declines if the record has fewer. */
  locate(k: number): void {
    while (this.count <= k) this.scan();
  }

  /**
   * Where field k's content begins, when it is the next field to read and is
   * quoted (the caller then finds its end and calls close); else -1 (the field
   * was read, or is not quoted: locate it). Reads the fields before it.
   */
  open(k: number): number {
    if (this.count > k) return -1;
    while (this.count < k) this.scan();
    if (this.ended) decline(); // the record has fewer fields
    return this.bytes[this.p] === QUOTE ? this.p + 1 : -1;
  }

  /** Field k, opened, ends at q: b[q] is its closing quote and b[q + 1] is not a quote (the caller checked both). */
  close(k: number, q: number): void {
    this.firstDouble[k] = 0; // not looked at: taken as holding `""`
    this.push(this.p + 1, q, true);
    this.separator(q + 1);
  }

  /** Reads the rest of the current record and its line end. */
  finish(): void {
    while (!this.ended) this.scan();
    this.endRecord();
  }

  /** Reads one field at p, then what follows it. */
  private scan(): void {
    if (this.ended) decline(); // the record has fewer fields than asked for
    const b = this.bytes;
    const n = b.length;
    let p = this.p;
    if (b[p] === QUOTE) {
      // A quoted field: to the first quote not doubled (a byte loop: JSON cells have a quote every few bytes).
      // The bytes it shares with this column's field in the previous record are skipped: inside a quoted
      // field every quote is one of a pair, so up to the last byte that is not a quote they split the same.
      const s = p + 1;
      const k = this.count;
      let q = s;
      let d = false;
      let firstDouble = -1;
      const prevFirst = this.prevFirstDouble[k];
      if (prevFirst !== undefined && prevFirst !== -2) {
        let shared = commonPrefix(this.view, b, s, this.prevStart[k], this.prevLen[k]);
        while (shared > 0 && b[s + shared - 1] === QUOTE) shared--;
        q = s + shared;
        if (prevFirst >= 0 && prevFirst < shared) {
          d = true;
          firstDouble = prevFirst;
        }
      }
      for (;;) {
        const c = b[q];
        if (c === QUOTE) {
          if (b[q + 1] !== QUOTE) break;
          if (!d) {
            d = true;
            firstDouble = q - s;
          }
          q += 2;
        } else if (c === undefined)
          decline(); // unclosed quote
        else q++;
      }
      this.firstDouble[k] = firstDouble;
      this.push(s, q, d);
      p = q + 1;
    } else {
      const s = p;
      for (; p < n; p++) {
        const c = b[p];
        if (c === COMMA || c === LF || c === CR) break;
        if (c === QUOTE) decline(); // a quote inside an unquoted field
      }
      this.firstDouble[this.count] = -2;
      this.push(s, p, false);
    }
    this.separator(p);
  }

  /** After a field, at p: a comma (another field follows), a line end or the end of the text (the record ends). */
  private separator(p: number): void {
    const b = this.bytes;
    const n = b.length;
    if (p >= n) {
      this.ended = this.done = true;
      this.p = p;
      return;
    }
    const c = b[p];
    if (c === COMMA) {
      this.p = p + 1;
      return;
    }
    if (c === CR) {
      if (b[p + 1] !== LF || this.crlf === false) decline();
      this.crlf = true;
      p += 2;
    } else if (c === LF) {
      if (this.crlf === true) decline();
      this.crlf = false;
      p++;
    } else decline(); // text after a closing quote
    this.ended = true;
    this.p = p;
    if (p >= n) this.done = true;
  }

  private endRecord(): void {
    if (this.count === 1 && this.start[0] === this.end[0]) decline(); // an empty line (or a record of one empty field)
    if (this.width < 0) this.width = this.count;
    else if (this.count !== this.width) decline();
    for (let k = 0; k < this.count; k++) {
      this.prevStart[k] = this.start[k];
      this.prevLen[k] = this.end[k] - this.start[k];
      this.prevFirstDouble[k] = this.firstDouble[k];
    }
  }

  /** Field k of the current record as text (doubled quotes made single); throws on invalid UTF-8 (the caller declines). */
  text(k: number): string {
    const s = decodeUtf8(this.bytes, this.start[k], this.end[k]);
    return this.doubled[k] ? s.replaceAll('""', '"') : s;
  }
}

/** Length of the common prefix of bytes [p, p + len) and [q, q + len) (4 bytes at a time), at most len and the bytes left. */
export function commonPrefix(view: DataView, b: Uint8Array, p: number, q: number, len: number): number {
  const max = Math.min(len, b.length - p);
  let k = 0;
  while (k + 4 <= max && view.getInt32(p + k) === view.getInt32(q + k)) k += 4;
  while (k < max && b[p + k] === b[q + k]) k++;
  return k;
}

/** FNV-1a over bytes [s, e) (the ByteInterner only needs one hash per interner). */
export function hashBytes(b: Uint8Array, s: number, e: number): number {
  let h = 0x811c9dc5 | 0;
  for (let p = s; p < e; p++) h = Math.imul(h ^ b[p], 0x01000193);
  return h;
}

/** Whether bytes [s, e) begin and end with a printable ASCII byte (then String.prototype.trim changes nothing). */
export function trimmed(b: Uint8Array, s: number, e: number): boolean {
  return e > s && b[s] > 0x20 && b[s] < 0x7f && b[e - 1] > 0x20 && b[e - 1] < 0x7f;
}

/** Whether bytes [s, e) are all JSON whitespace (or none): the cell's text trims to "" (the reverse is not needed). */
export function blank(b: Uint8Array, s: number, e: number): boolean {
  for (let p = s; p < e; p++) {
    const c = b[p];
    if (c !== 0x20 && c !== 0x09 && c !== LF && c !== CR) return false;
  }
  return true;
}

/**
 * Reads JSON in place in one CSV field, bytes [pos, lim), the way JSON.parse
 * reads the field's text: strings are delimited by `""` (a quote inside one
 * is `\""`). Objects of strings and numbers only; a key made of digits only
 * (JSON.parse orders such keys first), a key twice in an object, a nested
 * object or list as a score, invalid UTF-8, or any syntax error: Decline.
 */
export class CellJson {
  pos = 0;
  lim = 0;
  /** The last string read: bytes [strStart, strEnd), its hash, whether it has escapes. */
  strStart = 0;
  strEnd = 0;
  strHash = 0;
  strEscaped = false;
  constructor(readonly bytes: Uint8Array) {}

  begin(s: number, e: number): void {
    this.pos = s;
    this.lim = e;
  }

  /** Skips JSON whitespace; returns the next byte (-1 at the end of the field). */
  peek(): number {
    const b = this.bytes;
    let p = this.pos;
    while (p < this.lim) {
      const c = b[p];
      if (c !== 0x20 && c !== 0x09 && c !== LF && c !== CR) {
        this.pos = p;
        return c;
      }
      p++;
    }
    this.pos = p;
    return -1;
  }

  /** Requires the field to end here (only whitespace left). */
  end(): void {
    if (this.peek() !== -1) decline();
  }

  /**
   * For a field read without knowing its end (CsvRecords.open; `lim` past
   * it): requires only whitespace, then the field's closing quote (not
   * doubled); returns where that quote is.
   */
  close(): number {
    if (this.peek() !== QUOTE || this.bytes[this.pos + 1] === QUOTE) decline();
    return this.pos;
  }

  /** Whether b[q] is a quote that ends a field (the next byte is not a quote). */
  closesAt(q: number): boolean {
    return this.bytes[q] === QUOTE && this.bytes[q + 1] !== QUOTE;
  }

  openObject(): void {
    if (this.peek() !== 0x7b) decline();
    this.pos++;
  }

  /** In an object: moves past the next key and its ':' (the key is the last string read); false at '}' (consumed). */
  nextKey(first: boolean): boolean {
    let c = this.peek();
    if (c === 0x7d) {
      this.pos++;
      return false;
    }
    if (!first) {
      if (c !== COMMA) decline();
      this.pos++;
      c = this.peek();
    }
    if (c !== QUOTE) decline();
    this.string();
    if (this.peek() !== 0x3a) decline();
    this.pos++;
    return true;
  }

  /** The id of the last string read, in `table`. */
  intern(table: ByteInterner): number {
    if (this.strEscaped) return table.target.intern(this.decoded());
    return table.intern(this.bytes, this.strStart, this.strEnd, this.strHash);
  }

  /** The last string read as text. */
  decoded(): string {
    const text = decodeUtf8(this.bytes, this.strStart, this.strEnd);
    return this.strEscaped ? (JSON.parse(`"${text.replaceAll('""', '"')}"`) as string) : text;
  }

  /** Whether the last string read is all ASCII digits (a key JSON.parse would order first). */
  digitsOnly(): boolean {
    if (this.strEscaped) return /^[0-9]+$/.test(this.decoded());
    const b = this.bytes;
    if (this.strEnd === this.strStart) return false;
    for (let p = this.strStart; p < this.strEnd; p++) if (b[p] < 0x30 || b[p] > 0x39) return false;
    return true;
  }

  /** Reads a string value (the cursor is before it); false if the value here is not a string. */
  stringHere(): boolean {
    if (this.peek() !== QUOTE) return false;
    this.string();
    return true;
  }

  /** Scans a string at the cursor (on its opening `""`), validating it as JSON.parse would. */
  private string(): void {
    const b = this.bytes;
    const lim = this.lim;
    let p = this.pos;
    if (b[p + 1] !== QUOTE || p + 1 >= lim) decline();
    p += 2;
    const s = p;
    let h = 0x811c9dc5 | 0;
    let escaped = false;
    for (;;) {
      if (p >= lim) decline();
      const c = b[p];
      if (c === QUOTE) {
        if (p + 1 >= lim || b[p + 1] !== QUOTE) decline();
        break;
      }
      if (c < 0x20) decline();
      if (c === 0x5c) {
        escaped = true;
        const e = b[p + 1];
        if (e === QUOTE) {
          if (p + 2 >= lim || b[p + 2] !== QUOTE) decline();
          p += 3;
        } else if (e === 0x75) {
          for (let k = 2; k < 6; k++) if (!isHex(b[p + k])) decline();
          p += 6;
        } else if (e === 0x5c || e === 0x2f || e === 0x62 || e === 0x66 || e === 0x6e || e === 0x72 || e === 0x74) p += 2;
        else decline();
        continue;
      }
      h = Math.imul(h ^ c, 0x01000193);
      p++;
    }
    this.strStart = s;
    this.strEnd = p;
    this.strHash = h;
    this.strEscaped = escaped;
    this.pos = p + 2;
  }

  /**
   * A value that is not an object or a list: its number, or NaN for a
   * string, true, false or null (JSON.parse gives a non-number there).
   * Declines at an object, a list or bad syntax.
   */
  scalar(): number {
    const c = this.peek();
    if (c === QUOTE) {
      this.string();
      return Number.NaN;
    }
    if (c === 0x74) return this.literal('true');
    if (c === 0x66) return this.literal('false');
    if (c === 0x6e) return this.literal('null');
    if (c === 0x2d || (c >= 0x30 && c <= 0x39)) return this.number();
    return decline();
  }

  private literal(word: string): number {
    if (this.pos + word.length > this.lim) decline();
    for (let i = 0; i < word.length; i++) if (this.bytes[this.pos + i] !== word.charCodeAt(i)) decline();
    this.pos += word.length;
    return Number.NaN;
  }

  /**
   * A JSON number (validated by the grammar), its digits read once; its value
   * as JSON.parse gives it (Number() of the same ASCII text): from the digits
   * where csv-decimal.ts can be sure of it, else Number() of the text.
   */
  private number(): number {
    const b = this.bytes;
    const lim = this.lim;
    const s = this.pos;
    let p = s;
    const negative = b[p] === 0x2d;
    if (negative) p++;
    let c = p < lim ? b[p] : -1;
    // m: the significant digits (from the first that is not 0) as an integer, exact up to 2^53.
    let m = 0;
    let digits = 0;
    if (c === 0x30) c = ++p < lim ? b[p] : -1;
    else if (c >= 0x31 && c <= 0x39)
      do {
        m = m * 10 + (c - 0x30);
        digits++;
        c = ++p < lim ? b[p] : -1;
      } while (c >= 0x30 && c <= 0x39);
    else decline();
    let exp = 0;
    if (c === 0x2e) {
      const f = ++p;
      c = p < lim ? b[p] : -1;
      while (c >= 0x30 && c <= 0x39) {
        if (digits > 0 || c !== 0x30) {
          m = m * 10 + (c - 0x30);
          digits++;
        }
        c = ++p < lim ? b[p] : -1;
      }
      if (p === f) decline();
      exp = f - p;
    }
    if (c === 0x65 || c === 0x45) {
      c = ++p < lim ? b[p] : -1;
      const minus = c === 0x2d;
      if (minus || c === 0x2b) c = ++p < lim ? b[p] : -1;
      if (!(c >= 0x30 && c <= 0x39)) decline();
      let x = 0;
      do {
        if (x < 1e6) x = x * 10 + (c - 0x30);
        c = ++p < lim ? b[p] : -1;
      } while (c >= 0x30 && c <= 0x39);
      exp += minus ? -x : x;
    }
    this.pos = p;
    const v = shortDecimal(m, digits, exp) ?? (exp < 0 ? longDecimal(b, s, p, digits, -exp) : undefined);
    if (v === undefined) return asciiNumber(b, s, p);
    return negative ? -v : v;
  }
}

const TENS = Array.from({ length: 23 }, (_, k) => 10 ** k);

/**
 * (CellJson reads numbers with csv-decimal.ts since the fifth pass, which
 * takes the digits read once; this is the earlier, simpler rule, kept with its
 * test as a reference.)
 * The value of a JSON number without exponent, bytes [s, e) (validated), when
 * it has at most 15 significant digits and at most 22 after the point: then
 * its digits m and 10^k are exact doubles and m / 10^k, one correctly rounded
 * division, is the correctly rounded value of the decimal, which is what
 * Number() (and JSON.parse) give (Clinger's fast path). Else undefined.
 */
export function exactDecimal(b: Uint8Array, s: number, e: number): number | undefined {
  let p = s;
  const negative = b[p] === 0x2d;
  if (negative) p++;
  let m = 0;
  let digits = 0;
  let frac = -1;
  for (; p < e; p++) {
    const c = b[p];
    if (c === 0x2e) {
      frac = 0;
      continue;
    }
    if (frac >= 0) frac++;
    if (m === 0 && c === 0x30) continue; // a leading zero: not significant
    m = m * 10 + (c - 0x30);
    if (++digits > 15) return undefined;
  }
  if (frac > 22) return undefined;
  const v = frac > 0 ? m / TENS[frac] : m;
  return negative ? -v : v;
}

/** Number() of the ASCII text in bytes [s, e) (a validated JSON number), made without a decoder for up to 24 bytes. */
export function asciiNumber(b: Uint8Array, s: number, e: number): number {
  const n = e - s;
  if (n > 24) return Number(decodeUtf8(b, s, e));
  // Bytes past e (or past the buffer: undefined, read as 0) are cut off by the slice.
  const text = String.fromCharCode(
    b[s], b[s + 1], b[s + 2], b[s + 3], b[s + 4], b[s + 5], b[s + 6], b[s + 7], b[s + 8], b[s + 9], b[s + 10], b[s + 11],
    b[s + 12], b[s + 13], b[s + 14], b[s + 15], b[s + 16], b[s + 17], b[s + 18], b[s + 19], b[s + 20], b[s + 21], b[s + 22], b[s + 23],
  ); // prettier-ignore
  return Number(text.slice(0, n));
}

function isHex(c: number | undefined): boolean {
  return c !== undefined && ((c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66));
}

/**
 * Byte ranges of the file, numbered by content: equal bytes, one id. Keeps
 * only where each distinct range was first seen (the file's bytes do not
 * change while it is read); nothing is decoded. Stops taking new ranges at
 * `cap` (then `id` returns -1 for a range not seen).
 */
export class ByteRanges {
  private table = new Int32Array(1 << 10);
  private hashes: number[] = [];
  private starts: number[] = [];
  private lens: number[] = [];
  count = 0;

  private readonly view: DataView;

  constructor(
    private readonly bytes: Uint8Array,
    private readonly cap = 1 << 18,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  /** The id of bytes [s, e): an earlier range's if equal, else a new one (or -1 past the cap). */
  id(s: number, e: number): number {
    const b = this.bytes;
    const len = e - s;
    // A cheap hash (the length and the first and last 8 bytes); equality is decided on all the bytes.
    let h: number;
    if (len >= 8) {
      const v = this.view;
      h = Math.imul(len ^ v.getInt32(s), 0x01000193) ^ v.getInt32(s + 4);
      h = Math.imul(h ^ v.getInt32(e - 8), 0x01000193) ^ v.getInt32(e - 4);
      h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
      h ^= h >>> 13;
    } else h = hashBytes(b, s, e);
    const mask = this.table.length - 1;
    let slot = h & mask;
    for (;;) {
      const k = this.table[slot] - 1;
      if (k < 0) break;
      if (this.hashes[k] === h && this.lens[k] === len && commonPrefix(this.view, b, s, this.starts[k], len) === len) return k;
      slot = (slot + 1) & mask;
    }
    if (this.count >= this.cap) return -1;
    const k = this.count++;
    this.hashes[k] = h;
    this.starts[k] = s;
    this.lens[k] = len;
    this.table[slot] = k + 1;
    if (this.count * 2 > this.table.length) this.rehash();
    return k;
  }

  private rehash(): void {
    const size = this.table.length * 2;
    const mask = size - 1;
    this.table = new Int32Array(size);
    for (let k = 0; k < this.count; k++) {
      let slot = this.hashes[k] & mask;
      while (this.table[slot] !== 0) slot = (slot + 1) & mask;
      this.table[slot] = k + 1;
    }
  }
}
