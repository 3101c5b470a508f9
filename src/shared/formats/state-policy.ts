// Layer: shared (pure TS). The reading rule every layout follows when it reads
// a state (design/formats.md; README "Input formats"), in one place:
//  - a domain (or service) and a slot name are never empty (nor blank);
//  - a state names each slot once: the same key twice in one object, or two
//    spellings of one slot ("leaveAt" and "leave at"), is an error;
//  - a value has the type the layout allows (a string; where the layout has
//    them, a list of alternative strings), else it is an error;
// and every error names its place: the file, line:column and the JSON path.
// state-reader.ts reads states from the bytes with this rule; the loaders that
// parse an element first (dataset files) feed their pairs through it too.

import { LoadError, locate, pathPush } from './errors';

/** Where something is: a JSON path and a byte offset in the file. */
export interface Place {
  path: string;
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
  if (blank(domain)) throw loc.error(place, `the domain name is empty (in ${JSON.stringify(`${domain}-${slot}`)}); every slot needs a domain and a name`);
  if (blank(slot)) throw loc.error(place, `the slot name is empty (in ${JSON.stringify(`${domain}-${slot}`)} of domain ${JSON.stringify(domain)})`);
}

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

interface Claim {
  slot: number;
  /** The key as written (domain + '.' + slot, or the flat key), to tell a repeated key from a second spelling. */
  key: string;
  place: Place;
}

/**
 * One state read pair by pair (dataset files, TripPy's fields): its (slot,
 * value) pairs, and the slots it named so far with their places, so that a
 * slot named twice is refused with both places. Slots whose value the layout
 * treats as inactive ("" in ConvLab-3, "none" in TripPy) are named too: they
 * count for the rule, not for the state.
 */
export class StateBuilder {
  readonly pairs: number[] = [];
  private readonly claims: Claim[] = [];

  constructor(
    private readonly loc: Locator,
    private readonly table: SlotTable,
  ) {}

  /** Records that the state names `slot` (key as written) at `place`; throws if it named the slot before. */
  claim(slot: number, key: string, place: Place): void {
    for (const c of this.claims) {
      if (c.slot !== slot) continue;
      const at = this.loc.where(c.place.at);
      if (c.key === key) throw this.loc.error(place, repeatedKey(key, at, c.place.path));
      throw this.loc.error(place, twoSpellings(this.table.slotName(slot), c.key, at, c.place.path, key));
    }
    this.claims.push({ slot, key, place });
  }

  /** claim(), then the pair when `value` is not null (null: inactive in this layout). */
  add(slot: number, value: number | null, key: string, place: Place): void {
    this.claim(slot, key, place);
    if (value !== null) this.pairs.push(slot, value);
  }
}

/** Slot and value names for dataset files (gold and utterance sources), which keep names rather than ids. */
export class NameTable implements SlotTable {
  private readonly names: string[] = [];
  private readonly ids = new Map<string, number>();

  constructor(private readonly canonical: (domain: string, slot: string) => string) {}

  private intern(name: string): number {
    let id = this.ids.get(name);
    if (id === undefined) {
      id = this.names.length;
      this.names.push(name);
      this.ids.set(name, id);
    }
    return id;
  }

  slot(domain: string, slot: string): number {
    return this.intern(this.canonical(domain, slot));
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
