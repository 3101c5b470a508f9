// Layer: shared (pure TS). The reading rule every layout follows when it reads
// a state (docs/reference/formats.md, "Types: one policy for every layout"):
//  - a domain (or service) and a slot name are never empty (nor blank);
//  - a state names each slot once: the same key twice in one object, or two
//    spellings of one slot ("leaveAt" and "leave at"), is an error;
//  - a value has the type the layout allows (a string; where the layout has
//    them, a list of alternative strings), else it is an error;
// and every error names its place: the file, line:column and the JSON path.
// state-reader.ts reads states from the bytes with this rule; the loaders that
// parse an element first (dataset files) feed their pairs through it too.

import { LoadError, locate, pathPush } from './errors';

/** Where something is: a JSON path and a byte offset in the file (`path` may be a getter: it is read only for a message). */
export interface Place {
  readonly path: string;
  at: number;
}

/** Interns slot names (made canonical) and values for a state reader: a TurnCollector, or a NameTable for dataset files. */
export interface SlotTable {
  /** Slot id for a domain (or service) and a slot name as the file spells them. */
  slot(domain: string, slot: string): number;
  /** Slot id for a flat "domain-slot" name. */
  flatSlot(name: string): number;
  slotName(id: number): string;
}

/** Names the file's bytes and the file for located errors. */
export class Locator {
  constructor(
    readonly bytes: Uint8Array,
    readonly file: string,
  ) {}

  error(place: Place, problem: string): LoadError {
    return new LoadError(this.file, problem, locate(this.bytes, place.at), place.path);
  }

  /** "line:column" of a byte offset, for messages naming a second place. */
  where(at: number): string {
    const l = locate(this.bytes, at);
    return `${l.line}:${l.column}`;
  }
}

const blank = (s: string) => s.trim() === '';

/** Refuses an empty domain or slot name (the rule's first point). */
export function checkNames(loc: Locator, domain: string, slot: string, place: Place): void {
  if (blank(domain))
    throw loc.error(place, `the domain name is empty (in ${JSON.stringify(`${domain}-${slot}`)}); every slot needs a domain and a name`);
  if (blank(slot))
    throw loc.error(place, `the slot name is empty (in ${JSON.stringify(`${domain}-${slot}`)} of domain ${JSON.stringify(domain)})`);
}

/** checkNames for hot loops: the place is byte `at` and the path pathPush(base, last), built only for a message. */
export function checkNamesAt(loc: Locator, domain: string, slot: string, at: number, base: string, last: string | number): void {
  if (blank(domain) || blank(slot)) checkNames(loc, domain, slot, { path: pathPush(base, last), at });
}

/**
 * Why a key whose value is an object cannot be a domain (or service), or null:
 * its name is blank, or it contains '-' — then it is a flat "domain-slot" key,
 * and an object (often an empty {}) where its value should be would silently
 * drop the slot. `found` describes the value ("an object").
 */
export function badDomainKey(name: string, found: string): string | null {
  if (blank(name)) return 'the domain name is empty; every slot needs a domain and a name';
  if (name.includes('-'))
    return `${JSON.stringify(name)} is a "domain-slot" key (a domain name never contains '-'), so its value must be a string, not ${found}`;
  return null;
}

/** The message for a value given as an empty list. */
export const EMPTY_LIST = 'expected a value (a string, or a list of one or more strings), found an empty list; leave an inactive slot out';

/** Splits a flat "domain-slot" key at its first '-' and checks both names. */
export function splitFlat(loc: Locator, name: string, place: Place): [string, string] {
  const i = name.indexOf('-');
  if (i < 0) throw loc.error(place, `expected a "domain-slot" key, found ${JSON.stringify(name)}`);
  const parts: [string, string] = [name.slice(0, i), name.slice(i + 1)];
  checkNames(loc, parts[0], parts[1], place);
  return parts;
}

/**
 * Splits TRADE/SOM-DST's "domain-slot-value" string (domains and slot names
 * never contain '-', so the value is everything after the second '-') and
 * checks the names; null when the string has fewer than two '-'.
 */
export function splitTripleChecked(loc: Locator, s: string, place: Place): { domain: string; slot: string; value: string } | null {
  const a = s.indexOf('-');
  const b = a < 0 ? -1 : s.indexOf('-', a + 1);
  if (b < 0) return null;
  const domain = s.slice(0, a);
  const slot = s.slice(a + 1, b);
  checkNames(loc, domain, slot, place);
  return { domain, slot, value: s.slice(b + 1) };
}

/** The message for a key written twice in one object of a state. */
export function repeatedKey(key: string, firstAt: string, firstPath: string): string {
  return `the key ${JSON.stringify(key)} appears twice in this state (first at ${firstAt} ${firstPath}); a state names each slot once`;
}

/** The message for a domain object written twice in one state. */
export function repeatedDomain(domain: string): string {
  return `the domain ${JSON.stringify(domain)} appears twice in this state; a state names each domain once`;
}

/** The message for one slot named under two spellings in one state. */
export function twoSpellings(slot: string, first: string, firstAt: string, firstPath: string, second: string): string {
  return `slot ${JSON.stringify(slot)} is named twice in this state, as ${JSON.stringify(first)} (at ${firstAt} ${firstPath}) and as ${JSON.stringify(second)}; a state names each slot once`;
}

/**
 * One state read pair by pair (dataset files, TripPy's fields): its (slot,
 * value) pairs, and the slots it named so far with the first place of each,
 * so that a slot named twice is refused with both places. Slots whose value
 * the layout treats as inactive ("none" in TripPy) are named too: they count
 * for the rule, not for the state. Reusable: next() starts the next state
 * (slots are marked with a generation number, so nothing is cleared).
 */
export class StateBuilder {
  pairs: number[] = [];
  private gen = 1;
  private readonly mark: number[] = [];
  private readonly firstKey: string[] = [];
  private readonly firstAt: number[] = [];
  private readonly firstBase: string[] = [];
  private readonly firstLast: (string | number)[] = [];

  constructor(
    private readonly loc: Locator,
    private readonly table: SlotTable,
  ) {}

  /** Starts the next state (a new pairs list). */
  next(): void {
    this.gen++;
    this.pairs = [];
  }

  /**
   * Records that the state names `slot`, written as `key`, at byte `at` and
   * JSON path pathPush(base, last) (built only for a message); throws if the
   * state named the slot before.
   */
  claim(slot: number, key: string, at: number, base: string, last: string | number): void {
    if (this.mark[slot] === this.gen) {
      const first = this.loc.where(this.firstAt[slot]);
      const firstPath = pathPush(this.firstBase[slot], this.firstLast[slot]);
      const place = { path: pathPush(base, last), at };
      if (this.firstKey[slot] === key) throw this.loc.error(place, repeatedKey(key, first, firstPath));
      throw this.loc.error(place, twoSpellings(this.table.slotName(slot), this.firstKey[slot], first, firstPath, key));
    }
    this.mark[slot] = this.gen;
    this.firstKey[slot] = key;
    this.firstAt[slot] = at;
    this.firstBase[slot] = base;
    this.firstLast[slot] = last;
  }

  /** claim(), then the pair when `value` is not null (null: inactive in this layout). */
  add(slot: number, value: number | null, key: string, at: number, base: string, last: string | number): void {
    this.claim(slot, key, at, base, last);
    if (value !== null) this.pairs.push(slot, value);
  }
}

/** Slot and value names for dataset files (gold and utterance sources), which keep names rather than ids. */
export class NameTable implements SlotTable {
  private readonly names: string[] = [];
  private readonly ids = new Map<string, number>();

  constructor(private readonly canonical: (domain: string, slot: string) => string) {}

  /** Id of a canonical slot name. */
  intern(name: string): number {
    let id = this.ids.get(name);
    if (id === undefined) {
      id = this.names.length;
      this.names.push(name);
      this.ids.set(name, id);
    }
    return id;
  }

  private readonly byPair = new Map<string, number>();

  slot(domain: string, slot: string): number {
    const key = `${domain}\u0000${slot}`;
    let id = this.byPair.get(key);
    if (id === undefined) {
      id = this.intern(this.canonical(domain, slot));
      this.byPair.set(key, id);
    }
    return id;
  }

  flatSlot(name: string): number {
    const i = name.indexOf('-');
    return this.intern(this.canonical(name.slice(0, i), name.slice(i + 1)));
  }

  slotName(id: number): string {
    return this.names[id];
  }
}

export { pathPush };
