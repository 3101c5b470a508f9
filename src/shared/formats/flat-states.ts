// Layer: shared (pure TS). A fast reader of flat {"domain-slot": "value"}
// states for layouts that repeat them line after line (JSON Lines, jsonl.ts:
// a cumulative gold state, a prediction equal to it or to the line before's).
// As the FGA loader does (fga-scan.ts), a state whose bytes repeat the last
// state read on its side (or, for a prediction, the last gold) is taken
// whole, and otherwise the members within the longest byte prefix it shares
// with one of them are taken with their pairs and only the rest is read, slot
// and value ids interned from bytes. Equal bytes mean an equal value, so what
// is taken is what reading would give. A state it does not read the same way
// as the one state reader (state-reader.ts) — a nested domain, a list or
// another type of value, a key without "-" or a name the reading rule
// refuses, a slot named twice, a syntax error — it declines: the cursor goes
// back and the caller's StateReader reads the state (and reports what is
// wrong). Slots and values are interned in the state reader's order.
// fast-check tests: test/unit/shared/formats/flat-states.test.ts.

import { Interner } from '../model/interner';
import { ByteInterner } from './byte-interner';
import type { TurnCollector } from './collect';
import { DomainCache, PairBuffer } from './fga-buffers';
import type { JsonScanner } from './json-scanner';
import { splitFlat, Locator } from './state-policy';

export const FLAT_GOLD = 0;
export const FLAT_PRED = 1;

export class FlatStates {
  private readonly keys = new ByteInterner(new Interner());
  private readonly values: ByteInterner;
  private readonly loc: Locator;
  /** Per key id: its corpus slot. */
  private readonly flat: number[] = [];
  /** Per slot id: the state (generation) that named it last. */
  private readonly slotSeen: number[] = [];
  private gen = 0;
  /** The last state read on each side, as the FGA loader caches a domain object (len 0: none). */
  private readonly cache = [new DomainCache(), new DomainCache()];
  /** The pairs of the state just read on each side (the caller may sort them in place: the cache is apart). */
  readonly out = [new PairBuffer(), new PairBuffer()];

  constructor(
    private readonly col: TurnCollector,
    private readonly sc: JsonScanner,
  ) {
    this.values = new ByteInterner(col.builder.values);
    this.loc = new Locator(sc.bytes, sc.file);
  }

  /** Reads the gold (0) or predicted (1) state at the cursor into out[side]; false (cursor unmoved) when declined. */
  read(side: 0 | 1): boolean {
    const sc = this.sc;
    sc.peek();
    const at = sc.pos;
    const own = this.cache[side];
    let ok: boolean;
    try {
      ok = this.state(side, at);
    } catch {
      ok = false;
    }
    if (!ok) {
      sc.pos = at;
      own.len = 0; // read by the state reader: not a cache
      return false;
    }
    this.out[side].copyFrom(own.pairs);
    return true;
  }

  private state(side: number, at: number): boolean {
    const sc = this.sc;
    const own = this.cache[side];
    // The longest byte prefix shared with this side's last state, or for a prediction the last gold.
    let best = own.len > 0 ? own : undefined;
    let shared = best === undefined ? 0 : sc.commonPrefix(best.at, best.len);
    if (side === FLAT_PRED && (best === undefined || shared < best.len)) {
      const gold = this.cache[FLAT_GOLD];
      const l = gold.len > 0 ? sc.commonPrefix(gold.at, gold.len) : 0;
      if (l > shared) {
        best = gold;
        shared = l;
      }
    }
    const gen = ++this.gen;
    const seen = this.slotSeen;
    if (best !== undefined && shared === best.len) {
      // The whole state repeats (its slots are distinct: it was read).
      if (best !== own) own.copyFrom(best, best.pairs.n >> 1, at, shared);
      else own.at = at;
      sc.pos = at + shared;
      return true;
    }
    const reused = best === undefined ? 0 : best.pairsWithin(shared);
    if (best === undefined || best === own) own.truncate(reused);
    else own.copyFrom(best, reused, at, 0);
    const pairs = own.pairs.a;
    for (let i = 0; i < reused; i++) seen[pairs[2 * i]] = gen;
    own.len = 0;
    if (reused > 0) sc.pos = at + own.ends[reused - 1];
    else if (!sc.tryOpenObject()) return false;
    for (let first = reused === 0; sc.nextKey(first); first = false) {
      const keyAt = sc.keyStart - 1;
      const k = sc.internKey(this.keys);
      let slot = this.flat[k];
      if (slot === undefined) {
        if (sc.peek() === 0x7b) return false; // a domain object: the state reader's
        const name = this.keys.target.name(k);
        if (!name.includes('-')) return false;
        splitFlat(this.loc, name, { path: '', at: keyAt }); // throws (declines) where the reading rule refuses the names
        slot = this.flat[k] = this.col.flatSlot(name);
      }
      if (seen[slot] === gen) return false;
      seen[slot] = gen;
      if (sc.peek() !== 0x22) return false; // a list or another type
      own.add(slot, sc.readStringId(this.values), sc.pos - at);
    }
    own.at = at;
    own.len = sc.pos - at;
    return true;
  }
}
