// Layer: shared (pure TS). What a file that no layout matches holds at its
// top, for the load-error page ("top level is an object whose values are
// objects with keys a, b, c"), read from its first bytes with jsonc-parser's
// error-tolerant parser (the start of a large file is cut mid-value). Only
// structure is described — key names and value types, never values. And a
// note for syntax errors at the end of a file: it may be truncated.

import { parseTree, type Node } from 'jsonc-parser';
import type { ErrorReason } from '../app-error';

/** Key names listed at most, each cut at this many characters. */
const MAX_KEYS = 6;
const MAX_KEY_CHARS = 40;

function kind(n: Node | undefined): string {
  if (!n) return 'nothing';
  switch (n.type) {
    case 'object':
      return 'an object';
    case 'array':
      return 'an array';
    case 'string':
      return 'a string';
    case 'number':
      return 'a number';
    case 'boolean':
      return 'a boolean';
    case 'null':
      return 'null';
    default:
      return 'a value';
  }
}

const plural = (k: string) => (k === 'null' ? 'nulls' : k.replace(/^an? /, '') + 's');

function keyName(k: string): string {
  return JSON.stringify(k.length > MAX_KEY_CHARS ? `${k.slice(0, MAX_KEY_CHARS)}…` : k);
}

/** Keys, the first MAX_KEYS quoted, then "…" when there are more. */
function keyList(keys: string[]): string {
  return keys.slice(0, MAX_KEYS).map(keyName).join(', ') + (keys.length > MAX_KEYS ? ', …' : '');
}

function keysOf(n: Node): string[] {
  return (n.children ?? []).map((p) => String(p.children?.[0]?.value ?? ''));
}

/** Keys of the object nodes `ns`, in first-seen order. */
function unionKeys(ns: Node[]): string[] {
  const out = new Set<string>();
  for (const n of ns) for (const k of keysOf(n)) out.add(k);
  return [...out];
}

/** "objects with keys a, b", "numbers", "a mix of objects and strings": the items of an array or the values of an object. */
function describeMembers(items: Node[]): string {
  const kinds = new Set(items.map(kind));
  if (kinds.size === 1) {
    const k = [...kinds][0];
    if (k === 'an object') {
      const keys = unionKeys(items.slice(0, 20));
      return keys.length ? `objects with keys ${keyList(keys)}` : 'empty objects';
    }
    if (k === 'an array') {
      const inner = items.flatMap((i) => i.children ?? []).slice(0, 20);
      return inner.length ? `arrays of ${describeMembers(inner)}` : 'empty arrays';
    }
    return plural(k);
  }
  const names = [...kinds].map(plural);
  return `a mix of ${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** One value in a few words: "a number", "an array of objects with keys "goal", "turns"". */
function describeOne(n: Node): string {
  if (n.type === 'array' && n.children?.length) return `an array of ${describeMembers(n.children)}`;
  if (n.type === 'object' && n.children?.length) return `an object with keys ${keyList(keysOf(n))}`;
  return kind(n);
}

/**
 * Describes the top level of a JSON (or JSON Lines) text, which may be the
 * cut start of a larger file: "top level is an object whose values are
 * objects with keys "a", "b", "c"". Null when the text is not JSON-like.
 */
export function describeTop(text: string): string | null {
  const start = text.search(/\S/);
  if (start < 0 || !/^\uFEFF?[[{]/.test(text.slice(start))) return null;
  const root = parseTree(text.replace(/^\uFEFF/, ''), [], { allowTrailingComma: true, disallowComments: false });
  if (!root) return null;
  const rest = text.slice(root.offset + root.length + (text.startsWith('\uFEFF') ? 1 : 0)).trim();
  const lines = rest.length > 0 && /^[[{]/.test(rest) ? 'the first line (JSON Lines?) is' : 'top level is';
  const members =
    root.type === 'object' ? (root.children ?? []).map((p) => p.children?.[1]).filter((v): v is Node => !!v) : (root.children ?? []);
  if (members.length === 0) return `${lines} ${root.type === 'object' ? 'an empty object' : 'an empty array'}`;
  if (root.type === 'array') return `${lines} an array of ${describeMembers(members)}`;
  const keys = keysOf(root);
  const values = describeMembers(members);
  if (values.startsWith('a mix')) {
    if (keys.length > MAX_KEYS) return `${lines} an object with keys such as ${keyList(keys)} whose values are ${values}`;
    return `${lines} an object: ${members.map((v, i) => `${keyName(keys[i])} is ${describeOne(v)}`).join('; ')}`;
  }
  // Many keys (dialogue ids, say): a few as examples; few keys: all of them.
  return keys.length > MAX_KEYS
    ? `${lines} an object with keys such as ${keyList(keys)} whose values are ${values}`
    : `${lines} an object with keys ${keyList(keys)} whose values are ${values}`;
}

/** For an error where the file ends (inside a string, or before its JSON is complete: the error's reason): a note that it may be truncated. */
export function truncationNote(reason: ErrorReason | undefined): string | null {
  if (reason === 'ends-in-string')
    return 'The file ends inside a string: it may be truncated (an interrupted download, copy or write). Compare its size with the original.';
  if (reason === 'ends-early')
    return 'The file ends before its JSON is complete: it may be truncated (an interrupted download, copy or write). Compare its size with the original.';
  return null;
}
