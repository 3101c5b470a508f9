// Layer: shared (pure TS). Reads a list of TRADE/SOM-DST "domain-slot-value"
// strings straight from the bytes: each distinct string is decoded and split
// once, later occurrences are an integer lookup (ByteInterner).

import { Interner } from '../model/interner';
import { ByteInterner } from './byte-interner';
import type { TurnCollector } from './collect';
import { forEachElement, pathPush } from './json-walk';
import type { JsonScanner } from './json-scanner';
import { splitTriple } from './slot-names';

export class TripleScanner {
  private readonly strings = new ByteInterner(new Interner());
  /** Per interned string: its slot and value ids, or -1 for a string that is no triple. */
  private readonly slotOf: number[] = [];
  private readonly valueOf: number[] = [];

  constructor(
    private readonly col: TurnCollector,
    private readonly sc: JsonScanner,
  ) {}

  read(path: string): number[] {
    const { sc, col } = this;
    const out: number[] = [];
    forEachElement(sc, path, 'a list of "domain-slot-value" strings', (k, at) => {
      if (!sc.isString()) sc.wrongType(pathPush(path, k), 'a "domain-slot-value" string');
      const id = sc.readStringId(this.strings);
      let slot = this.slotOf[id];
      if (slot === undefined) {
        const t = splitTriple(this.strings.target.name(id));
        slot = this.slotOf[id] = t ? col.slotById(t.slot) : -1;
        this.valueOf[id] = t ? col.value(t.value) : -1;
      }
      if (slot < 0) throw sc.shapeError(`expected a "domain-slot-value" string, found ${JSON.stringify(this.strings.target.name(id))}`, pathPush(path, k), at);
      const problem = col.put(out, slot, this.valueOf[id]);
      if (problem) throw sc.shapeError(`the state ${problem}`, path, at);
    });
    return out;
  }
}
