// Layer: shared (pure TS). Streaming helpers over JsonScanner for the loaders
// of list- or object-shaped files: walk the top level element by element and
// JSON.parse one element's bytes at a time, so a 500 MB file never becomes one
// JS string (a string cannot exceed ~512 MB) or one giant object tree. An
// element is first scanned for repeated keys (JSON.parse would silently keep
// the last value): a key written twice in one object is an error with its
// line:column and JSON path, in every layout.

import { LoadError, locate, pathPush } from './errors';
import { badDialogueId, oddNumber, turnIndexOfLiteral } from './field-policy';
import { charName, JsonScanner } from './json-scanner';
import { Locator, StateBuilder, type SlotTable } from './state-policy';

const decoder = new TextDecoder('utf-8', { fatal: true });
const literalDecoder = new TextDecoder('utf-8', { fatal: false });
/** One element is decoded to one JS string; V8 strings stop at ~512 MB. */
export const MAX_ELEMENT_BYTES = 256 * 2 ** 20;

/** Validates and parses the JSON value at the cursor (`path` names it in errors); the cursor moves past it. */
export function parseValueHere(sc: JsonScanner, path = '$'): unknown {
  sc.peek();
  const start = sc.pos;
  oddNumbers = null;
  skipUniqueKeys(sc, path);
  if (sc.pos - start > MAX_ELEMENT_BYTES) {
    throw sc.syntaxError(
      `one element of this file is ${Math.round((sc.pos - start) / 2 ** 20)} MB, above the ${MAX_ELEMENT_BYTES / 2 ** 20} MB an element may have in this layout`,
      start,
    );
  }
  let text: string;
  try {
    text = decoder.decode(sc.bytes.subarray(start, sc.pos));
  } catch {
    throw sc.undecodable(start, sc.pos);
  }
  return JSON.parse(text);
}

/**
 * Number literals of the last value parseValueHere read that are not plain
 * integers (a fraction, an exponent, a sign, 16 digits or more), by JSON path:
 * JSON.parse reads 1e-400 as 0 and 2.0 as 2, so where a field must be an
 * integer (a turn index) the loader looks here to refuse them. Null: none.
 */
let oddNumbers: OddNumbers | null = null;

/**
 * Those literals, with where each was (the frames' keys and indices as byte
 * offsets), made into paths only when a loader asks: a file of fractional
 * confidences has one per score, and most are never looked up.
 */
export class OddNumbers {
  private readonly entries: { where: number[]; s: number; e: number }[] = [];
  private map: Map<string, string> | null = null;

  constructor(
    private readonly bytes: Uint8Array,
    private readonly path: string,
  ) {}

  add(frames: readonly Frame[], depth: number, s: number, e: number): void {
    const where: number[] = [];
    for (let d = 0; d < depth; d++) {
      const f = frames[d];
      if (!f.object) where.push(0, f.index, 0);
      else where.push(1, f.keys[f.keys.length - 4], f.keys[f.keys.length - 3]);
    }
    this.entries.push({ where, s, e });
    this.map = null;
  }

  /** The literal written at `path`, if it was an odd number. */
  get(path: string): string | undefined {
    if (!this.map) {
      this.map = new Map();
      const b = this.bytes;
      for (const { where, s, e } of this.entries) {
        let p = this.path;
        for (let k = 0; k < where.length; k += 3)
          p = where[k] ? pathPush(p, decodeKey(b, where[k + 1], where[k + 2])) : pathPush(p, where[k + 1]);
        this.map.set(p, new TextDecoder().decode(b.subarray(s, e)));
      }
    }
    return this.map.get(path);
  }
}

/** A number literal at bytes [s, e) that JSON.parse reads exactly as the integer it spells. */
function plainInteger(b: Uint8Array, s: number, e: number): boolean {
  if (e - s > 15) return false;
  if (b[s] === 0x30) return e - s === 1;
  for (let p = s; p < e; p++) if (b[p] < 0x30 || b[p] > 0x39) return false;
  return true;
}

interface Frame {
  object: boolean;
  /** Arrays: the element's index. */
  index: number;
  /** Objects: the keys so far, four numbers each (start, end, hash, escaped). */
  keys: number[];
  /** Objects with many keys: key → offset of its first occurrence. */
  names: Map<string, number> | null;
}

const MANY_KEYS = 24;
/** Frames reused across calls (the scan is synchronous, never re-entered). */
const frames: Frame[] = [];

function frameAt(depth: number, object: boolean): Frame {
  let f = frames[depth];
  if (!f) f = frames[depth] = { object, index: 0, keys: [], names: null };
  f.object = object;
  f.index = 0;
  f.keys.length = 0;
  f.names = null;
  return f;
}

/**
 * Validates and skips the JSON value at the cursor like JsonScanner.skipValue,
 * and refuses an object that has a key twice (iteratively: no stack overflow
 * on deep nesting). Keys are compared by hash and length, then by their bytes
 * (decoded when escaped); objects with many keys use a map.
 */
export function skipUniqueKeys(sc: JsonScanner, path: string): void {
  const b = sc.bytes;
  let depth = 0;
  const pathOf = (): string => {
    let p = path;
    for (let d = 0; d < depth; d++) {
      const f = frames[d];
      if (!f.object) p = pathPush(p, f.index);
      else {
        const n = f.keys.length;
        p = pathPush(p, decodeKey(b, f.keys[n - 4], f.keys[n - 3]));
      }
    }
    return p;
  };
  /** Records the key just read in the innermost object; throws if it has it already. */
  const recordKey = (f: Frame) => {
    const s = sc.keyStart;
    const e = sc.keyEnd;
    const h = sc.keyHash;
    const esc = sc.keyEscaped ? 1 : 0;
    const ks = f.keys;
    let firstAt = -1;
    if (f.names) firstAt = f.names.get(decodeKey(b, s, e)) ?? -1;
    else {
      for (let i = 0; i < ks.length; i += 4) {
        let same: boolean;
        if (esc || ks[i + 3]) same = decodeKey(b, ks[i], ks[i + 1]) === decodeKey(b, s, e);
        else {
          same = ks[i + 2] === h && ks[i + 1] - ks[i] === e - s;
          for (let k = 0; same && k < e - s; k++) same = b[ks[i] + k] === b[s + k];
        }
        if (same) {
          firstAt = ks[i] - 1;
          break;
        }
      }
    }
    ks.push(s, e, h, esc);
    if (firstAt >= 0) {
      throw sc.shapeError(
        `the key ${JSON.stringify(decodeKey(b, s, e))} appears twice in this object (first at ${describeAt(sc, firstAt)}); keys must be unique (JSON parsers would silently keep one of the values)`,
        pathOf(),
        s - 1,
      );
    }
    if (f.names) f.names.set(decodeKey(b, s, e), s - 1);
    else if (ks.length > 4 * MANY_KEYS) {
      f.names = new Map();
      for (let i = 0; i < ks.length; i += 4) f.names.set(decodeKey(b, ks[i], ks[i + 1]), ks[i] - 1);
    }
  };
  for (;;) {
    // A value starts at the cursor.
    const c = sc.peek();
    if (c === 0x7b) {
      sc.pos++;
      const f = frameAt(depth++, true);
      if (sc.nextKey(true)) {
        recordKey(f);
        continue;
      }
      depth--;
    } else if (c === 0x5b) {
      sc.pos++;
      if (sc.peek() === 0x5d) sc.pos++;
      else {
        frameAt(depth++, false);
        continue;
      }
    } else {
      const s = sc.pos;
      sc.skipPrimitive();
      if ((c === 0x2d || (c !== undefined && c >= 0x30 && c <= 0x39)) && !plainInteger(b, s, sc.pos)) {
        (oddNumbers ??= new OddNumbers(b, path)).add(frames, depth, s, sc.pos);
      }
    }
    // After a value: close what ends here, or move to the next member.
    for (;;) {
      if (depth === 0) return;
      const top = frames[depth - 1];
      if (top.object) {
        if (sc.nextKey(false)) {
          recordKey(top);
          break;
        }
        depth--;
      } else {
        const n = sc.peek();
        if (n === 0x2c) {
          sc.pos++;
          top.index++;
          break;
        }
        if (n === 0x5d) {
          sc.pos++;
          depth--;
        } else sc.fail(`expected ',' or ']' in a list, found ${charName(n)}`);
      }
    }
  }
}

/**
 * The keys of one object a loader walks key by key (a turn object, a JSON
 * Lines record): add() after each nextKey() refuses a key the object already
 * had, at the key's place. reset() before each object.
 */
export class UniqueKeys {
  private ks: number[] = [];

  constructor(private readonly sc: JsonScanner) {}

  reset(): void {
    this.ks.length = 0;
  }

  /** `path` is the object's path (or makes it, for a message only). */
  add(path: string | (() => string)): void {
    const { sc, ks } = this;
    const s = sc.keyStart;
    const e = sc.keyEnd;
    const b = sc.bytes;
    for (let i = 0; i < ks.length; i += 3) {
      let same: boolean;
      if (ks[i + 2] || sc.keyEscaped) same = decodeKey(b, ks[i], ks[i + 1]) === decodeKey(b, s, e);
      else {
        same = ks[i + 1] - ks[i] === e - s;
        for (let k = 0; same && k < e - s; k++) same = b[ks[i] + k] === b[s + k];
      }
      if (same) {
        const key = decodeKey(b, s, e);
        throw sc.shapeError(
          `the key ${JSON.stringify(key)} appears twice in this object (first at ${describeAt(sc, ks[i] - 1)}); keys must be unique`,
          pathPush(typeof path === 'string' ? path : path(), key),
          s - 1,
        );
      }
    }
    ks.push(s, e, sc.keyEscaped ? 1 : 0);
  }

  /** Error path: the keys of the object read so far. */
  names(): string[] {
    const out: string[] = [];
    for (let i = 0; i < this.ks.length; i += 3) out.push(decodeKey(this.sc.bytes, this.ks[i], this.ks[i + 1]));
    return out;
  }
}

function decodeKey(b: Uint8Array, s: number, e: number): string {
  return JSON.parse(`"${new TextDecoder().decode(b.subarray(s, e))}"`) as string;
}

function describeAt(sc: JsonScanner, at: number): string {
  const l = locate(sc.bytes, at);
  return `${l.line}:${l.column}`;
}

/**
 * Walks a top-level array: calls `each(index, startOffset)` with the cursor on
 * each element; `each` must consume exactly that element.
 */
export function forEachElement(sc: JsonScanner, path: string, what: string, each: (index: number, at: number) => void): void {
  const c = sc.peek();
  if (c !== 0x5b) sc.wrongType(path, what);
  sc.pos++;
  if (sc.peek() === 0x5d) {
    sc.pos++;
    return;
  }
  for (let i = 0; ; i++) {
    sc.peek();
    each(i, sc.pos);
    const n = sc.peek();
    if (n === 0x2c) {
      sc.pos++;
      continue;
    }
    if (n === 0x5d) {
      sc.pos++;
      return;
    }
    sc.fail(`expected ',' or ']' in a list, found ${charName(n)}`);
  }
}

/** Walks a top-level object: calls `each(key, keyOffset)` with the cursor on the member's value. */
export function forEachMember(sc: JsonScanner, path: string, what: string, each: (key: string, at: number) => void): void {
  sc.openObject(path, what);
  for (let first = true; sc.nextKey(first); first = false) {
    const at = sc.keyStart - 1;
    each(sc.key(), at);
    sc.peek();
  }
}

/**
 * Error path only: the byte offset of the value reached from the value at byte
 * `at` (or from the value of the `"key": value` member whose key starts there)
 * by following `steps` (object keys, list positions); -1 if the bytes do not
 * have it. Used to locate a place inside an element that was parsed whole
 * (its syntax and keys were checked when it was read).
 */
export function offsetOfPath(bytes: Uint8Array, at: number, steps: readonly (string | number)[]): number {
  const sc = new JsonScanner(bytes, '');
  sc.pos = at;
  try {
    if (sc.peek() === 0x22 && !sc.nextKey(true)) return -1;
    for (const step of steps) {
      const c = sc.peek();
      sc.pos++;
      if (typeof step === 'number') {
        if (c !== 0x5b || sc.peek() === 0x5d) return -1;
        for (let i = 0; i < step; i++) {
          sc.skipValue();
          if (sc.peek() !== 0x2c) return -1;
          sc.pos++;
        }
      } else {
        if (c !== 0x7b) return -1;
        let found = false;
        for (let first = true; !found && sc.nextKey(first); first = false) {
          if (sc.key() === step) found = true;
          else sc.skipValue();
        }
        if (!found) return -1;
      }
    }
    sc.peek();
    return sc.pos < bytes.length ? sc.pos : -1;
  } catch {
    return -1;
  }
}

/** A shape error inside a parsed element: JSON path plus the element's line:column. */
export function shapeAt(bytes: Uint8Array, file: string, at: number, path: string, problem: string): LoadError {
  return new LoadError(file, problem, locate(bytes, at), path);
}

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

export function isObject(v: unknown): v is Record<string, Json> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Describes a JSON value's type in messages. */
export function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'an object';
  if (typeof v === 'string') return `the string ${JSON.stringify(v.length > 40 ? v.slice(0, 40) + '…' : v)}`;
  return `${typeof v} ${String(v)}`;
}

/** A checker bound to one element: `fail(path, expected, found)` throws a located LoadError. */
export class ElementContext {
  constructor(
    readonly bytes: Uint8Array,
    readonly file: string,
    public at: number,
  ) {}

  private locator: Locator | undefined;
  /** Number literals of the element that are not plain integers, by JSON path (see parse). */
  private odd: OddNumbers | null = null;
  private readonly builders = new Map<SlotTable, StateBuilder>();

  /** Located errors for this file (the reading rule's). */
  get loc(): Locator {
    return (this.locator ??= new Locator(this.bytes, this.file));
  }

  /** One StateBuilder per slot table for this file, reused state after state (call next() before each). */
  builder(table: SlotTable): StateBuilder {
    let b = this.builders.get(table);
    if (!b) this.builders.set(table, (b = new StateBuilder(this.loc, table)));
    return b;
  }

  error(path: string, problem: string): LoadError {
    return shapeAt(this.bytes, this.file, this.at, path, problem);
  }

  /** parseValueHere for the element this context names (its number literals are kept for turnIndex). */
  parse(sc: JsonScanner, path: string): unknown {
    const v = parseValueHere(sc, path);
    this.odd = oddNumbers;
    return v;
  }

  expected(path: string, what: string, found: unknown): LoadError {
    return this.error(path, `expected ${what}, found ${typeName(found)}`);
  }

  object(v: unknown, path: string, what: string): Record<string, Json> {
    if (!isObject(v)) throw this.expected(path, what, v);
    return v;
  }

  array(v: unknown, path: string, what: string): Json[] {
    if (!Array.isArray(v)) throw this.expected(path, what, v);
    return v;
  }

  string(v: unknown, path: string, what: string): string {
    if (typeof v !== 'string') throw this.expected(path, what, v);
    return v;
  }

  /** A field that must be present. */
  field(obj: Record<string, Json>, key: string, path: string, what: string): Json {
    if (!Object.prototype.hasOwnProperty.call(obj, key)) throw this.error(path, `lacks "${key}" (${what})`);
    return obj[key];
  }

  /**
   * A turn index from a parsed value: an integer ≥ 0, or a string of digits.
   * A number written otherwise (1e-400, 2.0, -0) is refused by its literal,
   * when the element was read with parse().
   */
  turnIndex(v: unknown, path: string): number {
    if (typeof v === 'number') {
      const literal = this.odd?.get(path);
      if (literal !== undefined) throw this.error(path, oddNumber(literal));
    }
    const n = typeof v === 'string' && /^[0-9]+$/.test(v.trim()) ? Number(v) : v;
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) throw this.expected(path, 'a turn index (an integer ≥ 0)', v);
    return n;
  }

  /**
   * The turn index written at bytes [s, e) (a JSON number or string the
   * scanner validated): plain digits are read straight from the bytes, any
   * other literal goes through turnIndexLiteral. The JSON path is
   * pathPush(base, key), built only for a message.
   */
  turnIndexAt(s: number, e: number, base: string, key: string): number {
    const b = this.bytes;
    if (e - s <= 15 && (e - s === 1 || b[s] !== 0x30)) {
      let n = 0;
      let p = s;
      for (; p < e; p++) {
        const d = b[p] - 0x30;
        if (d < 0 || d > 9) break;
        n = n * 10 + d;
      }
      if (p === e && e > s) return n;
    }
    return this.turnIndexLiteral(literalDecoder.decode(b.subarray(s, e)), pathPush(base, key), s);
  }

  /** A turn index from the raw JSON text of a number or string (streamed layouts) at byte `at` (default: the element's start). */
  turnIndexLiteral(raw: string, path: string, at = this.at): number {
    const r = turnIndexOfLiteral(raw);
    if (typeof r === 'string') throw shapeAt(this.bytes, this.file, at, path, r);
    return r;
  }

  /** Refuses a blank dialogue id at `path` (or pathPush(path, key), built only for a message), byte `at` (default: the element's start). */
  dialogueId(id: string, path: string, at = this.at, key?: string): string {
    const bad = badDialogueId(id);
    if (bad) throw shapeAt(this.bytes, this.file, at, key === undefined ? path : pathPush(path, key), bad);
    return id;
  }
}

/** Refuses a dialogue id seen before in the same file (a repeated JSON key or list entry). */
export class IdSet {
  private readonly seen = new Map<string, number>();
  constructor(
    private readonly bytes: Uint8Array,
    private readonly file: string,
  ) {}

  add(id: string, at: number, path: string): void {
    const first = this.seen.get(id);
    if (first !== undefined)
      throw shapeAt(
        this.bytes,
        this.file,
        at,
        path,
        `dialogue id ${JSON.stringify(id)} appears twice (first at line ${locate(this.bytes, first).line})`,
      );
    this.seen.set(id, at);
  }
}

export { pathPush };
