// Layer: shared (pure TS). A value map: the canonical spellings an evaluator
// substitutes for some values (mwzeval's venue names, food types, attraction
// types and whole-value times). The project ships none of mwzeval's own
// tables — its repository names no licence (docs/reference/presets.md) — so
// they are read from a file the user gives (`--value-map FILE`), checked here.
//
// Layout (JSON): { "format": "dst-inspector-value-map", "version": 1,
//   "name": {from: to}, "food": {…}, "type": {…}, "time": {…},
//   "timePrefix": {…} }   — every table optional; keys and values strings.

import { sha256Hex } from '../annotations/apply';

/** The tables of a value map, by the slots mwzeval applies them to. */
export interface ValueMap {
  /** name, destination, departure: after strip, lower, '&' → 'and' (mwzeval name_to_canonical). */
  name: ReadonlyMap<string, string>;
  /** food: after strip, lower (food_to_canonical). */
  food: ReadonlyMap<string, string>;
  /** type: exact string, no strip or lower (type_to_canonical). */
  type: ReadonlyMap<string, string>;
  /** Times, whole value after strip and lower (the table at the top of time_to_canonical). */
  time: ReadonlyMap<string, string>;
  /** Times that start with the key (time_to_canonical's two `startswith` cases). */
  timePrefix: ReadonlyMap<string, string>;
  /** Short content hash for the signature ("none" for the empty map). */
  hash: string;
  /** Where it came from, for messages ("none" when no map was given). */
  source: string;
}

export const VALUE_MAP_FORMAT = 'dst-inspector-value-map';
const TABLES = ['name', 'food', 'type', 'time', 'timePrefix'] as const;

/** The map with no entries: every value keeps its spelling (the algorithmic rules still apply). */
export const EMPTY_VALUE_MAP: ValueMap = {
  name: new Map(),
  food: new Map(),
  type: new Map(),
  time: new Map(),
  timePrefix: new Map(),
  hash: 'none',
  source: 'none',
};

export class ValueMapError extends Error {}

/** Checks a parsed value-map file; throws ValueMapError naming the file and the JSON path of the problem. */
export function parseValueMap(data: unknown, file: string): ValueMap {
  const fail = (path: string, what: string): never => {
    throw new ValueMapError(`${file}: ${path}: ${what}`);
  };
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    fail('$', `expected an object {"format": "${VALUE_MAP_FORMAT}", "version": 1, "name": {…}, …}`);
  const o = data as Record<string, unknown>;
  if (o.format !== VALUE_MAP_FORMAT) fail('$.format', `expected "${VALUE_MAP_FORMAT}", got ${JSON.stringify(o.format)}`);
  if (o.version !== 1) fail('$.version', `expected 1, got ${JSON.stringify(o.version)}`);
  for (const k of Object.keys(o))
    if (!['format', 'version', 'source', ...TABLES].includes(k))
      fail(`$.${k}`, `unknown table; known: ${TABLES.join(', ')} (and "source", free text)`);
  const tables: Record<string, Map<string, string>> = {};
  for (const t of TABLES) {
    const m = new Map<string, string>();
    const raw = o[t];
    if (raw !== undefined) {
      if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) fail(`$.${t}`, 'expected an object {"from": "to", …}');
      for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
        if (typeof v !== 'string') fail(`$.${t}[${JSON.stringify(k)}]`, `expected a string, got ${JSON.stringify(v)}`);
        m.set(k, v as string);
      }
    }
    tables[t] = m;
  }
  const canonical = JSON.stringify(TABLES.map((t) => [t, [...tables[t]].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))]));
  return {
    name: tables.name,
    food: tables.food,
    type: tables.type,
    time: tables.time,
    timePrefix: tables.timePrefix,
    hash: sha256Hex(canonical).slice(0, 8),
    source: file,
  };
}

/** Entries in all tables. */
export function valueMapSize(m: ValueMap): number {
  return m.name.size + m.food.size + m.type.size + m.time.size + m.timePrefix.size;
}
