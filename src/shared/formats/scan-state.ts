// Layer: shared (pure TS). Reads a state object straight from the bytes with
// the scanner (no JSON.parse, no object tree): flat {"domain-slot": value} or
// nested {domain: {slot: value}}, interning slot names and values from their
// bytes. Used by the loaders whose files can be large (JSON Lines). A value
// given as a list of alternatives is joined with "|" (gold) or keeps its
// first entry (prediction).

import { Interner } from '../model/interner';
import { ByteInterner } from './byte-interner';
import type { TurnCollector } from './collect';
import { isObject, parseValueHere, pathPush } from './json-walk';
import type { JsonScanner } from './json-scanner';

export class StateScanner {
  private readonly keys = new ByteInterner(new Interner());
  private readonly values: ByteInterner;
  private readonly flat: number[] = [];
  private readonly nested: number[][] = [];

  constructor(
    private readonly col: TurnCollector,
    private readonly sc: JsonScanner,
  ) {
    this.values = new ByteInterner(col.builder.values);
  }

  read(path: string, lists: 'join' | 'first'): number[] {
    const { sc, col } = this;
    sc.openObject(path, 'a state object {"domain-slot": value} or {domain: {slot: value}}');
    const out: number[] = [];
    const add = (slot: number, value: number, at: number) => {
      const problem = col.put(out, slot, value);
      if (problem) throw sc.shapeError(`the state ${problem}`, path, at);
    };
    for (let first = true; sc.nextKey(first); first = false) {
      const keyAt = sc.keyStart - 1;
      const k = sc.internKey(this.keys);
      const c = sc.peek();
      if (c === 0x7b) {
        const domain = this.keys.target.name(k);
        const dPath = pathPush(path, domain);
        sc.pos++;
        const row = (this.nested[k] ??= []);
        for (let f2 = true; sc.nextKey(f2); f2 = false) {
          const sAt = sc.keyStart - 1;
          const sk = sc.internKey(this.keys);
          const slot = (row[sk] ??= col.slot(domain, this.keys.target.name(sk)));
          const v = this.value(pathPush(dPath, this.keys.target.name(sk)), lists);
          if (v >= 0) add(slot, v, sAt);
        }
        continue;
      }
      let slot = this.flat[k];
      if (slot === undefined) {
        const name = this.keys.target.name(k);
        if (!name.includes('-')) throw sc.shapeError(`expected a "domain-slot" key or a domain with an object of slots, found ${JSON.stringify(name)} → ${sc.describeHere()}`, pathPush(path, name), keyAt);
        slot = this.flat[k] = col.flatSlot(name);
      }
      const v = this.value(pathPush(path, this.keys.target.name(k)), lists);
      if (v >= 0) add(slot, v, keyAt);
    }
    return out;
  }

  /** A value id, or -1 for an empty list. */
  private value(path: string, lists: 'join' | 'first'): number {
    const { sc } = this;
    const c = sc.peek();
    if (c === 0x22) return sc.readStringId(this.values);
    if (c !== 0x5b) sc.wrongType(path, 'a string value or a list of strings');
    const at = sc.pos;
    const list = parseValueHere(sc) as unknown[];
    if (!list.every((x) => typeof x === 'string') || isObject(list)) throw sc.shapeError('expected a list of string values', path, at);
    const alts = list as string[];
    if (alts.length === 0) return -1;
    if (lists === 'first' || alts.length === 1) return this.col.value(alts[0]);
    this.col.alternativeValues++;
    return this.col.value(alts.join('|'));
  }
}
