// Layer: shared (pure TS). A fast reader of nested {domain: {slot: "value"}}
// states for layouts that repeat them turn after turn (ConvLab-3's files list
// every slot of every domain in both the gold and the predicted state): as the
// FGA loader does (fga-scan.ts), a state whose bytes repeat the last state
// read on its side (or, for a prediction, the gold just read) is taken whole,
// and a domain object whose bytes repeat the last one of that domain on its
// side (or the gold's) is taken with its pairs; the rest is read pair by pair,
// slot and value ids interned from bytes. Equal bytes mean an equal value, so
// what is taken is what reading would give. A state it does not read the same
// way as the one state reader (state-reader.ts) — a flat "domain-slot" key, a
// list value, a name the reading rule refuses, a slot named twice, a syntax
// error — it declines: the cursor goes back and the caller's StateReader reads
// the state (and reports what is wrong). Values equal to "" are inactive
// (ConvLab-3's rule; the state reader's `drop: {""}`).
// fast-check tests: test/unit/shared/formats/nested-states.test.ts.

import { Interner } from '../model/interner';
import { ByteInterner } from './byte-interner';
import type { TurnCollector } from './collect';
import type { JsonScanner } from './json-scanner';
import { badDomainKey } from './state-policy';

/**
 * A domain object read before: its bytes, the slots it names in order
 * (inactive ones too), each one's value id (-1: inactive) and where its
 * member ends (after the value, from `at`). Never changed once made (the
 * caches of both sides may hold one object).
 */
interface DomainRead {
  at: number;
  len: number;
  slots: number[];
  values: number[];
  ends: number[];
}

const GOLD = 0;
const PRED = 1;

export class NestedStates {
  private readonly keys = new ByteInterner(new Interner());
  private readonly values: ByteInterner;
  /** slotIds[domain key id][slot key id]: the corpus slot. */
  private readonly slotIds: number[][] = [];
  /** Domain key ids whose name passed the reading rule (1). */
  private readonly domainOk: number[] = [];
  /** Per domain key id / slot id: the state (generation) that named it last. */
  private readonly domainSeen: number[] = [];
  private readonly slotSeen: number[] = [];
  private gen = 0;
  /** The last domain object of each domain key read on each side. */
  private readonly last: DomainRead[][] = [[], []];
  /** The last whole state read on each side. */
  private readonly stateAt = [-1, -1];
  private readonly stateLen = [0, 0];
  private readonly statePairs: number[][] = [[], []];

  /**
   * `copy`: a state taken whole is returned as a copy (the caller keeps it);
   * false when the caller only reads it before the next read (the corpus
   * builder copies it; sorting it in place only permutes pairs of distinct slots).
   */
  constructor(
    private readonly col: TurnCollector,
    private readonly sc: JsonScanner,
    private readonly copy = true,
  ) {
    this.values = new ByteInterner(col.builder.values);
  }

  /** The gold (side 0) or predicted (1) state at the cursor as (slot, value) id pairs, or null (cursor unmoved) when declined. */
  read(side: 0 | 1): number[] | null {
    const sc = this.sc;
    sc.peek();
    const at = sc.pos;
    let out: number[] | null;
    try {
      if (side === PRED && sc.skipRepeat(this.stateAt[GOLD], this.stateLen[GOLD]))
        out = this.copy ? this.statePairs[GOLD].slice() : this.statePairs[GOLD];
      else if (sc.skipRepeat(this.stateAt[side], this.stateLen[side]))
        out = this.copy ? this.statePairs[side].slice() : this.statePairs[side];
      else out = this.state(side);
    } catch {
      out = null;
    }
    if (out === null) {
      sc.pos = at;
      return null;
    }
    this.stateAt[side] = at;
    this.stateLen[side] = sc.pos - at;
    // Kept as given: the builder may sort it in place, which only permutes pairs of distinct slots.
    this.statePairs[side] = out;
    return out;
  }

  private state(side: number): number[] | null {
    const sc = this.sc;
    if (!sc.tryOpenObject()) return null;
    const gen = ++this.gen;
    const out: number[] = [];
    for (let first = true; sc.nextKey(first); first = false) {
      const d = sc.internKey(this.keys);
      if (sc.peek() !== 0x7b) return null; // a flat key (or a wrong type)
      if (this.domainSeen[d] === gen) return null;
      this.domainSeen[d] = gen;
      if (this.domainOk[d] !== 1) {
        if (badDomainKey(this.keys.target.name(d), 'an object') !== null) return null;
        this.domainOk[d] = 1;
      }
      if (!this.domain(side, d, gen, out)) return null;
    }
    return out;
  }

  /**
   * One domain object into `out`: taken when its bytes repeat one read before
   * (this side's last of the domain, or for a prediction the gold's), else
   * read — after the members within the longest byte prefix it shares with
   * one of them, which are taken. False: declined.
   */
  private domain(side: number, d: number, gen: number, out: number[]): boolean {
    const sc = this.sc;
    const at = sc.pos;
    const own = this.last[side];
    let best: DomainRead | undefined = own[d];
    let shared = best === undefined ? 0 : sc.commonPrefix(best.at, best.len);
    if (side === PRED && (best === undefined || shared < best.len)) {
      const gold: DomainRead | undefined = this.last[GOLD][d];
      const l = gold === undefined ? 0 : sc.commonPrefix(gold.at, gold.len);
      if (l > shared) {
        best = gold;
        shared = l;
      }
    }
    const seen = this.slotSeen;
    if (best !== undefined && shared === best.len) {
      // The whole object repeats.
      const { slots, values } = best;
      for (let k = 0; k < slots.length; k++) {
        const s = slots[k];
        if (seen[s] === gen) return false;
        seen[s] = gen;
        if (values[k] >= 0) out.push(s, values[k]);
      }
      sc.pos = at + shared;
      own[d] = best; // (its bytes equal these)
      return true;
    }
    // The members that end within the shared prefix read the same: taken; the rest is read.
    let reused = 0;
    if (best !== undefined) while (reused < best.ends.length && best.ends[reused] <= shared) reused++;
    const slots: number[] = [];
    const values: number[] = [];
    const ends: number[] = [];
    for (let k = 0; k < reused; k++) {
      const s = best!.slots[k];
      if (seen[s] === gen) return false;
      seen[s] = gen;
      const v = best!.values[k];
      slots.push(s);
      values.push(v);
      ends.push(best!.ends[k]);
      if (v >= 0) out.push(s, v);
    }
    if (reused > 0) sc.pos = at + best!.ends[reused - 1];
    else sc.pos++; // '{'
    const row = (this.slotIds[d] ??= []);
    for (let first = reused === 0; sc.nextKey(first); first = false) {
      const k = sc.internKey(this.keys);
      let slot = row[k];
      if (slot === undefined) {
        const domain = this.keys.target.name(d);
        const name = this.keys.target.name(k);
        if (domain.trim() === '' || name.trim() === '') return false;
        slot = row[k] = this.col.slot(domain, name);
      }
      if (seen[slot] === gen) return false;
      seen[slot] = gen;
      if (sc.peek() !== 0x22) return false; // a list or another type
      const vAt = sc.pos;
      let v = sc.readStringId(this.values);
      if (sc.pos - vAt === 2)
        v = -1; // "": inactive
      else out.push(slot, v);
      slots.push(slot);
      values.push(v);
      ends.push(sc.pos - at);
    }
    own[d] = { at, len: sc.pos - at, slots, values, ends };
    return true;
  }
}
