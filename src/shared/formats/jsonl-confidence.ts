// Layer: shared (pure TS). A JSON Lines turn's "confidence" object (jsonl.ts),
// read two ways that give the same entries:
//   - plainConfidence: the value parsed whole (parseValueHere: keys checked
//     unique, JSON.parse), then walked; it reports what is wrong;
//   - ConfidenceReader.read: straight from the bytes with the scanner — keys
//     and score names interned from their bytes, numbers read once per
//     spelling, no object tree. It declines (returns null, the cursor back
//     where it was) at anything the walk might read otherwise or refuse — a
//     key twice, a key of digits only (JSON.parse orders those first), a
//     score name "__proto__", a value of another type, a syntax error — and
//     the loader then takes the plain path. It interns slots only once the
//     whole object has been read, in the walk's order, so slot ids are the same.
//     The members an object shares byte for byte, from its start, with the
//     last object read (cumulative states: the same slots, the same scores)
//     are taken from that read, as the FGA loader takes repeated domains.
// jsonl-confidence.test.ts checks the two agree on generated objects.

import { Interner } from '../model/interner';
import { ByteInterner } from './byte-interner';
import type { TurnCollector } from './collect';
import { MAX_ELEMENT_BYTES, parseValueHere } from './json-walk';
import type { JsonScanner } from './json-scanner';

/** One slot's scores: names (columns) and numbers, in the order written. */
export interface ConfidenceEntry {
  slot: number;
  names: string[];
  xs: number[];
}

const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The plain path: the "confidence" value at the cursor parsed whole, as
 * entries (slot id, scores by column name); problems throw through `fail`.
 * Flat keys contain "-"; a key without one is a domain.
 */
export function plainConfidence(col: TurnCollector, sc: JsonScanner, path: string, fail: (problem: string) => never): ConfidenceEntry[] {
  const v = parseValueHere(sc, path);
  if (!isPlain(v)) fail('expected "confidence" to be an object {"domain-slot": number or {name: number}}');
  const out: ConfidenceEntry[] = [];
  const score = (slot: number, name: string, x: unknown) => {
    if (isPlain(x)) {
      const scores: Record<string, number> = {};
      for (const [k, y] of Object.entries(x)) {
        if (typeof y !== 'number' || !Number.isFinite(y)) fail(`the score ${JSON.stringify(k)} of ${JSON.stringify(name)} is not a number`);
        scores[k] = y;
      }
      out.push({ slot, names: Object.keys(scores), xs: Object.values(scores) });
    } else if (typeof x === 'number' && Number.isFinite(x)) out.push({ slot, names: ['confidence'], xs: [x] });
    else fail(`the confidence of ${JSON.stringify(name)} is not a number or an object of named numbers`);
  };
  for (const [k, x] of Object.entries(v)) {
    if (k.includes('-')) score(col.flatSlot(k), k, x);
    else if (isPlain(x)) for (const [slot, y] of Object.entries(x)) score(col.slot(k, slot), `${k}-${slot}`, y);
    else fail(`${JSON.stringify(k)} is neither a "domain-slot" name nor a domain object`);
  }
  return out;
}

/** Thrown inside the fast reader where the plain path must read the value. */
class Decline extends Error {}

const CONFIDENCE: string[] = ['confidence'];

/** The fast path; one per load (it keeps its interned keys and numbers). */
export class ConfidenceReader {
  /** Keys (slot, domain and score names), interned from bytes; per key id: has "-", digits only. */
  private readonly keys = new ByteInterner(new Interner());
  private readonly hasDash: boolean[] = [];
  private readonly digits: boolean[] = [];
  /** Numbers by spelling. */
  private readonly numbers = new ByteInterner(new Interner());
  private readonly numberValue: number[] = [];
  /** Corpus slots: per flat key id, and per domain key id and slot key id. */
  private readonly flat: number[] = [];
  private readonly nested: number[][] = [];
  /** The object being read: per entry, the domain key (-1: a flat key), the key, the names and numbers. */
  private readonly domainOf: number[] = [];
  private readonly keyOf: number[] = [];
  /** After readEntries: per entry its corpus slot, its score names and numbers (arrays shared between reads: read-only). */
  readonly slotOf: number[] = [];
  readonly namesOf: string[][] = [];
  readonly xsOf: number[][] = [];
  private n = 0;
  /** The last object read whole: where, and per member (top-level key) its key, where it ends (from `prevAt`), the entries up to it. */
  private prevAt = -1;
  private prevLen = 0;
  private members = 0;
  private readonly memberKey: number[] = [];
  private readonly memberEnd: number[] = [];
  private readonly memberN: number[] = [];
  /** Keys of the objects open (top, domain, scores) and their counts, for the key-twice check. */
  private readonly seen: number[][] = [[], [], []];
  private readonly nSeen = [0, 0, 0];

  constructor(
    private readonly col: TurnCollector,
    private readonly sc: JsonScanner,
  ) {}

  /** The entries of the "confidence" value at the cursor, or null (the cursor back at the value) where the plain path must read it. */
  read(): ConfidenceEntry[] | null {
    const n = this.readEntries();
    if (n < 0) return null;
    const out: ConfidenceEntry[] = [];
    for (let i = 0; i < n; i++) out.push({ slot: this.slotOf[i], names: this.namesOf[i], xs: this.xsOf[i] });
    return out;
  }

  /**
   * read() without its objects: the number of entries, each in slotOf[i],
   * namesOf[i], xsOf[i] until the next read; -1 (the cursor back at the
   * value) where the plain path must read it.
   */
  readEntries(): number {
    const sc = this.sc;
    sc.peek();
    const start = sc.pos;
    let kept = 0; // entries of the shared members (their slots were found by the last read)
    try {
      // The members this object shares, byte for byte from its start, with the last one read are not read again.
      const shared = this.prevAt >= 0 ? sc.commonPrefix(this.prevAt, this.prevLen) : 0;
      let m = 0;
      // (A member ending in a number is shared only when the byte after it is too: a number's end is not
      // its own delimiter, 1 is the start of 1e-68. A scores object ends at its '}'.)
      const b = sc.bytes;
      while (m < this.members && (this.memberEnd[m] < shared || (this.memberEnd[m] === shared && b[start + shared - 1] === 0x7d))) m++;
      let first: boolean;
      if (m > 0) {
        this.n = kept = this.memberN[m - 1];
        for (let i = 0; i < m; i++) this.seen[0][i] = this.memberKey[i];
        this.nSeen[0] = m;
        sc.pos = start + this.memberEnd[m - 1];
        first = false;
      } else {
        this.n = 0;
        if (!sc.tryOpenObject()) throw new Decline();
        this.nSeen[0] = 0;
        first = true;
      }
      this.prevAt = -1; // the cache is rewritten from member m on
      for (; sc.nextKey(first); first = false) {
        const k = this.key(0);
        if (this.hasDash[k]) this.scores(-1, k);
        else {
          // A domain: {slot: scores}.
          if (sc.peek() !== 0x7b) throw new Decline();
          sc.pos++;
          this.nSeen[1] = 0;
          for (let f = true; sc.nextKey(f); f = false) this.scores(k, this.key(1));
        }
        this.memberKey[m] = k;
        this.memberEnd[m] = sc.pos - start;
        this.memberN[m] = this.n;
        m++;
      }
      if (sc.pos - start > MAX_ELEMENT_BYTES) throw new Decline();
      this.members = m;
      this.prevAt = start;
      this.prevLen = sc.pos - start;
    } catch {
      sc.pos = start;
      return -1;
    }
    // Read whole: now the slots, in the order the plain walk interns them (those of the shared members are known).
    for (let i = kept; i < this.n; i++) {
      const d = this.domainOf[i];
      const k = this.keyOf[i];
      if (d < 0) this.slotOf[i] = this.flat[k] ??= this.col.flatSlot(this.name(k));
      else {
        const row = (this.nested[d] ??= []);
        this.slotOf[i] = row[k] ??= this.col.slot(this.name(d), this.name(k));
      }
    }
    return this.n;
  }

  private name(k: number): string {
    return this.keys.target.name(k);
  }

  /** The current key's id in the object open at `level` (a key twice there, or of digits only: decline). */
  private key(level: number): number {
    const k = this.sc.internKey(this.keys);
    if (this.digits[k] === undefined) {
      const name = this.name(k);
      this.digits[k] = /^[0-9]+$/.test(name);
      this.hasDash[k] = name.includes('-');
    }
    if (this.digits[k]) throw new Decline();
    const seen = this.seen[level];
    const n = this.nSeen[level];
    for (let i = 0; i < n; i++) if (seen[i] === k) throw new Decline();
    seen[n] = k;
    this.nSeen[level] = n + 1;
    return k;
  }

  /** A slot's scores at the cursor: one number, or an object of named numbers. */
  private scores(domain: number, k: number): void {
    const sc = this.sc;
    const i = this.n++;
    this.domainOf[i] = domain;
    this.keyOf[i] = k;
    if (sc.peek() === 0x7b) {
      sc.pos++;
      const names: string[] = [];
      const xs: number[] = [];
      this.nSeen[2] = 0;
      for (let first = true; sc.nextKey(first); first = false) {
        const name = this.name(this.key(2));
        if (name === '__proto__') throw new Decline();
        names.push(name);
        xs.push(this.number());
      }
      this.namesOf[i] = names;
      this.xsOf[i] = xs;
    } else {
      this.namesOf[i] = CONFIDENCE;
      this.xsOf[i] = [this.number()];
    }
  }

  /** A finite number at the cursor (anything else: decline), as JSON.parse reads it. */
  private number(): number {
    const sc = this.sc;
    const c = sc.peek();
    if (c !== 0x2d && (c === undefined || c < 0x30 || c > 0x39)) throw new Decline();
    const s = sc.pos;
    sc.skipPrimitive();
    const b = sc.bytes;
    let h = 0x811c9dc5 | 0;
    for (let p = s; p < sc.pos; p++) h = Math.imul(h ^ b[p], 0x01000193);
    const id = this.numbers.intern(b, s, sc.pos, h);
    let x = this.numberValue[id];
    if (x === undefined) x = this.numberValue[id] = Number(this.numbers.target.name(id));
    if (!Number.isFinite(x)) throw new Decline();
    return x;
  }
}
