// Layer: shared (pure TS). Streaming helpers over JsonScanner for the loaders
// of list- or object-shaped files: walk the top level element by element and
// JSON.parse one element's bytes at a time, so a 500 MB file never becomes one
// JS string (a string cannot exceed ~512 MB) or one giant object tree.

import { LoadError, locate, pathPush } from './errors';
import { charName, JsonScanner } from './json-scanner';

const decoder = new TextDecoder('utf-8', { fatal: true });
/** One element is decoded to one JS string; V8 strings stop at ~512 MB. */
export const MAX_ELEMENT_BYTES = 256 * 2 ** 20;

/** Validates and parses the JSON value at the cursor; the cursor moves past it. */
export function parseValueHere(sc: JsonScanner): unknown {
  sc.peek();
  const start = sc.pos;
  sc.skipValue();
  if (sc.pos - start > MAX_ELEMENT_BYTES) {
    throw sc.syntaxError(`one element of this file is ${Math.round((sc.pos - start) / 2 ** 20)} MB, above the ${MAX_ELEMENT_BYTES / 2 ** 20} MB an element may have in this layout`, start);
  }
  let text: string;
  try {
    text = decoder.decode(sc.bytes.subarray(start, sc.pos));
  } catch {
    throw sc.syntaxError('the text is not valid UTF-8', start);
  }
  return JSON.parse(text);
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

  error(path: string, problem: string): LoadError {
    return shapeAt(this.bytes, this.file, this.at, path, problem);
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

  turnIndex(v: unknown, path: string): number {
    const n = typeof v === 'string' && /^[0-9]+$/.test(v.trim()) ? Number(v) : v;
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) throw this.expected(path, 'a turn index (an integer ≥ 0)', v);
    return n;
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
    if (first !== undefined) throw shapeAt(this.bytes, this.file, at, path, `dialogue id ${JSON.stringify(id)} appears twice (first at line ${locate(this.bytes, first).line})`);
    this.seen.set(id, at);
  }
}

export { pathPush };
