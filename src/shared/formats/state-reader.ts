// Layer: shared (pure TS). The one reader of states: reads a state straight
// from the bytes with the scanner (no JSON.parse, no object tree), in the
// shapes the layouts write — an object of flat {"domain-slot": value} keys or
// nested {domain: {slot: value}} objects (JSON Lines, IC-DST, mwzeval,
// ConvLab-3, and the FGA layout's error reports), or a list of
// "domain-slot-value" strings (TRADE, SOM-DST) — under the reading rule of
// state-policy.ts: no empty names, each slot once, values of the right type,
// every error with its line:column and JSON path. Slot names are made
// canonical and interned once per distinct key; values are interned from their
// bytes. The work per pair is a few integer lookups; strings for messages are
// only built when something is wrong.

import { Interner } from '../model/interner';
import { ByteInterner } from './byte-interner';
import type { TurnCollector } from './collect';
import { pathPush } from './errors';
import { forEachElement, isObject, parseValueHere } from './json-walk';
import type { JsonScanner } from './json-scanner';
import {
  badDomainKey,
  checkNames,
  EMPTY_LIST,
  Locator,
  repeatedDomain,
  repeatedKey,
  splitFlat,
  splitTripleChecked,
  twoSpellings,
  type Place,
} from './state-policy';

export interface StateOptions {
  /** Lists of alternative values: joined with "|" (gold) or first kept (prediction). Absent: strings only. */
  lists?: 'join' | 'first';
  /** Values meaning "inactive" in this layout (the slot is named, but not in the state), e.g. "" in ConvLab-3. */
  drop?: ReadonlySet<string>;
}

const NO_DOMAIN = -1;

export class StateReader {
  readonly loc: Locator;
  /** Keys of state objects, interned from their bytes. */
  private readonly keys = new ByteInterner(new Interner());
  private readonly values: ByteInterner;
  /** Per key id: its slot id as a flat key; per domain key id and key id: the nested slot id. */
  private readonly flat: number[] = [];
  private readonly nested: number[][] = [];
  /** Domain key ids whose name was checked. */
  private readonly domainChecked: number[] = [];
  /** Per triple string id: slot and value ids. */
  private readonly strings = new ByteInterner(new Interner());
  private readonly tripleSlot: number[] = [];
  private readonly tripleValue: number[] = [];
  private tripleGen = 0;
  private readonly tripleMark: number[] = [];
  private readonly tripleFirst: number[] = [];
  private readonly tripleAt: number[] = [];
  private readonly tripleIndex: number[] = [];
  /** Per slot id: the state that named it last (a generation number), with the key (domain key id, key id) and offset. */
  private claimGen = 0;
  private readonly claimMark: number[] = [];
  private readonly claimDomain: number[] = [];
  private readonly claimKey: number[] = [];
  private readonly claimAt: number[] = [];
  /** Domain key ids of the state object being read (a domain written twice is refused). */
  private domains: number[] = [];

  constructor(
    private readonly col: TurnCollector,
    private readonly sc: JsonScanner,
  ) {
    this.loc = new Locator(sc.bytes, sc.file);
    this.values = new ByteInterner(col.builder.values);
  }

  private keyName(id: number): string {
    return this.keys.target.name(id);
  }

  /** The JSON path of a key of the state at `path`. */
  private keyPath(path: string, domain: number, key: number): string {
    return domain === NO_DOMAIN ? pathPush(path, this.keyName(key)) : pathPush(pathPush(path, this.keyName(domain)), this.keyName(key));
  }

  private keyText(domain: number, key: number): string {
    return domain === NO_DOMAIN ? this.keyName(key) : `${this.keyName(domain)}.${this.keyName(key)}`;
  }

  /** Records that the state names `slot`; refuses a slot named before, with both places. */
  private claim(path: string, slot: number, domain: number, key: number, at: number): void {
    if (this.claimMark[slot] === this.claimGen) {
      const d0 = this.claimDomain[slot];
      const k0 = this.claimKey[slot];
      const firstAt = this.loc.where(this.claimAt[slot]);
      const firstPath = this.keyPath(path, d0, k0);
      const place = { path: this.keyPath(path, domain, key), at };
      if (this.keyText(d0, k0) === this.keyText(domain, key))
        throw this.loc.error(place, repeatedKey(this.keyText(domain, key), firstAt, firstPath));
      throw this.loc.error(
        place,
        twoSpellings(this.col.slotName(slot), this.keyText(d0, k0), firstAt, firstPath, this.keyText(domain, key)),
      );
    }
    this.claimMark[slot] = this.claimGen;
    this.claimDomain[slot] = domain;
    this.claimKey[slot] = key;
    this.claimAt[slot] = at;
  }

  /** Reads a state object at the cursor: {"domain-slot": value}, {domain: {slot: value}}, or both kinds of keys. */
  object(path: string, o: StateOptions = {}): number[] {
    const { sc } = this;
    sc.openObject(path, 'a state object {"domain-slot": value} or {domain: {slot: value}}');
    this.claimGen++;
    const domains = this.domains;
    domains.length = 0;
    const out: number[] = [];
    for (let first = true; sc.nextKey(first); first = false) {
      const keyAt = sc.keyStart - 1;
      const k = sc.internKey(this.keys);
      if (sc.peek() === 0x7b) {
        this.domainObject(path, k, keyAt, out, o);
        continue;
      }
      let slot = this.flat[k];
      if (slot === undefined) {
        const name = this.keyName(k);
        const place = { path: pathPush(path, name), at: keyAt };
        if (!name.includes('-'))
          throw this.loc.error(
            place,
            `expected a "domain-slot" key or a domain with an object of slots, found ${JSON.stringify(name)} → ${sc.describeHere()}`,
          );
        splitFlat(this.loc, name, place);
        slot = this.flat[k] = this.col.flatSlot(name);
      }
      this.claim(path, slot, NO_DOMAIN, k, keyAt);
      const v = this.value(path, NO_DOMAIN, k, o);
      if (v >= 0) out.push(slot, v);
    }
    return out;
  }

  private domainObject(path: string, d: number, keyAt: number, out: number[], o: StateOptions): void {
    const { sc } = this;
    for (const seen of this.domains) {
      if (seen === d) throw this.loc.error({ path: pathPush(path, this.keyName(d)), at: keyAt }, repeatedDomain(this.keyName(d)));
    }
    this.domains.push(d);
    if (this.domainChecked[d] !== 1) {
      const problem = badDomainKey(this.keyName(d), this.sc.describeHere());
      if (problem) throw this.loc.error({ path: pathPush(path, this.keyName(d)), at: keyAt }, problem);
      this.domainChecked[d] = 1;
    }
    sc.pos++;
    const row = (this.nested[d] ??= []);
    for (let first = true; sc.nextKey(first); first = false) {
      const at = sc.keyStart - 1;
      const k = sc.internKey(this.keys);
      let slot = row[k];
      if (slot === undefined) {
        checkNames(this.loc, this.keyName(d), this.keyName(k), { path: this.keyPath(path, d, k), at });
        slot = row[k] = this.col.slot(this.keyName(d), this.keyName(k));
      }
      this.claim(path, slot, d, k, at);
      const v = this.value(path, d, k, o);
      if (v >= 0) out.push(slot, v);
    }
  }

  /** A value id, or -1 for an inactive value or an empty list. */
  private value(path: string, domain: number, key: number, o: StateOptions): number {
    const { sc } = this;
    const c = sc.peek();
    if (c === 0x22) {
      if (!o.drop) return sc.readStringId(this.values);
      const v = sc.readStringId(this.values);
      return o.drop.has(this.col.builder.values.name(v)) ? -1 : v;
    }
    const what = o.lists ? 'a string value or a list of strings' : 'a string value';
    if (c !== 0x5b || !o.lists) sc.wrongType(this.keyPath(path, domain, key), what);
    const at = sc.pos;
    const list = parseValueHere(sc) as unknown[];
    if (isObject(list) || !list.every((x) => typeof x === 'string'))
      throw this.loc.error({ path: this.keyPath(path, domain, key), at }, 'expected a list of string values');
    if (list.length === 0) throw this.loc.error({ path: this.keyPath(path, domain, key), at }, EMPTY_LIST);
    this.col.listsRead = true;
    const alts = (list as string[]).filter((x) => !o.drop?.has(x));
    if (alts.length === 0) return -1;
    if (o.lists === 'first' || alts.length === 1) return this.col.value(alts[0]);
    this.col.alternativeValues++;
    const joined = alts.join('|');
    this.col.valueLists.set(joined, alts);
    return this.col.value(joined);
  }

  /** Reads a list of "domain-slot-value" strings at the cursor (TRADE, SOM-DST). */
  triples(path: string): number[] {
    const { sc, col } = this;
    const out: number[] = [];
    // Slots named in this list: marked with the list's generation, with the first entry's string, offset and index.
    const gen = ++this.tripleGen;
    forEachElement(sc, path, 'a list of "domain-slot-value" strings', (k, at) => {
      if (!sc.isString()) sc.wrongType(pathPush(path, k), 'a "domain-slot-value" string');
      const id = sc.readStringId(this.strings);
      let slot = this.tripleSlot[id];
      if (slot === undefined) {
        const text = this.strings.target.name(id);
        const t = splitTripleChecked(this.loc, text, { path: pathPush(path, k), at });
        if (!t)
          throw this.loc.error({ path: pathPush(path, k), at }, `expected a "domain-slot-value" string, found ${JSON.stringify(text)}`);
        slot = this.tripleSlot[id] = col.slot(t.domain, t.slot);
        this.tripleValue[id] = col.value(t.value);
      }
      if (this.tripleMark[slot] === gen) {
        const before = this.strings.target.name(this.tripleFirst[slot]);
        const now = this.strings.target.name(id);
        const firstAt = this.loc.where(this.tripleAt[slot]);
        const firstPath = pathPush(path, this.tripleIndex[slot]);
        const place = { path: pathPush(path, k), at };
        if (before === now)
          throw this.loc.error(
            place,
            `the entry ${JSON.stringify(now)} appears twice in this state (first at ${firstAt} ${firstPath}); a state names each slot once`,
          );
        throw this.loc.error(place, twoSpellings(col.slotName(slot), before, firstAt, firstPath, now));
      }
      this.tripleMark[slot] = gen;
      this.tripleFirst[slot] = id;
      this.tripleAt[slot] = at;
      this.tripleIndex[slot] = k;
      out.push(slot, this.tripleValue[id]);
    });
    return out;
  }
}

export type { Place };
