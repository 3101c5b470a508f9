// Layer: shared (pure TS). Memoised similarity over interned values: scoring
// millions of turns compares few distinct (prediction, gold) value pairs
// again and again, so each distinct ordered pair of value ids is scored once
// and then read from a cache (an open-addressing hash table keyed by the pair).

import { fuzzScorer, type FuzzBackend, type FuzzScorerName } from './fuzz';

/** The value table ids refer to: an array of strings (e.g. Interner.names) or anything with name(id). */
export type ValueTable = readonly string[] | { name(id: number): string };

export interface PairScorer {
  /**
   * The similarity of value `a` to value `b`, in this order (partial_ratio
   * and the difflib backend are not symmetric), computed on the first call
   * for the pair and cached.
   */
  score(a: number, b: number): number;
  /** Distinct ordered pairs computed so far. */
  readonly computed: number;
  /** Calls answered from the cache so far (not counting score(a, a) answered by MemoOptions.equal). */
  readonly hits: number;
}

export interface MemoOptions {
  /**
   * The score of a value against itself, returned for score(a, a) without a
   * lookup or a call (fuzzywuzzy's scorers: 100). Leave it out when fn(x, x)
   * is not a constant.
   */
  equal?: number;
}

/**
 * A memoising scorer over value ids: `score(a, b)` = `fn(values[a],
 * values[b])`, computed once per distinct ordered (a, b). The table is read
 * at computation time, so it may grow (an interner still interning) after
 * the scorer is made; ids already scored must keep their strings. Ids are
 * non-negative 32-bit integers; the cache is an open-addressing hash table
 * over typed arrays (no per-entry objects), kept at most half full.
 */
export function memoPairScorer(values: ValueTable, fn: (a: string, b: string) => number, opts: MemoOptions = {}): PairScorer {
  const equal = opts.equal;
  const nameOf: (id: number) => string | undefined = Array.isArray(values)
    ? (id) => (values as readonly string[])[id]
    : (id) => (values as { name(id: number): string }).name(id);
  let capacity = 1024;
  let mask = capacity - 1;
  let keysA = new Int32Array(capacity).fill(-1); // -1: empty slot
  let keysB = new Int32Array(capacity);
  let vals = new Float64Array(capacity);
  let size = 0;
  let hits = 0;

  const compute = (a: number, b: number): number => {
    const ok = (id: number) => Number.isInteger(id) && id >= 0 && id <= 0x7fffffff;
    const sa = ok(a) ? nameOf(a) : undefined;
    const sb = ok(b) ? nameOf(b) : undefined;
    if (typeof sa !== 'string' || typeof sb !== 'string') {
      throw new RangeError(`memoPairScorer: no value with id ${typeof sa !== 'string' ? a : b} in the value table`);
    }
    return fn(sa, sb);
  };
  const slotOf = (a: number, b: number): number => {
    let h = (Math.imul(a, 0x9e3779b1) ^ Math.imul(b + 0x7f4a7c15, 0x85ebca6b)) >>> 0;
    h ^= h >>> 15;
    return h & mask;
  };
  const grow = (): void => {
    const [oa, ob, ov] = [keysA, keysB, vals];
    capacity *= 2;
    mask = capacity - 1;
    keysA = new Int32Array(capacity).fill(-1);
    keysB = new Int32Array(capacity);
    vals = new Float64Array(capacity);
    for (let i = 0; i < oa.length; i++) {
      if (oa[i] < 0) continue;
      let h = slotOf(oa[i], ob[i]);
      while (keysA[h] >= 0) h = (h + 1) & mask;
      keysA[h] = oa[i];
      keysB[h] = ob[i];
      vals[h] = ov[i];
    }
  };

  return {
    score(a: number, b: number): number {
      if (a === b && equal !== undefined && typeof nameOf(a) === 'string') return equal;
      let h = slotOf(a, b);
      for (;;) {
        const ka = keysA[h];
        if (ka < 0) break;
        if (ka === a && keysB[h] === b) {
          hits++;
          return vals[h];
        }
        h = (h + 1) & mask;
      }
      const v = compute(a, b);
      if (2 * (size + 1) > capacity) {
        grow();
        h = slotOf(a, b);
        while (keysA[h] >= 0) h = (h + 1) & mask;
      }
      keysA[h] = a;
      keysB[h] = b;
      vals[h] = v;
      size++;
      return v;
    },
    get computed() {
      return size;
    },
    get hits() {
      return hits;
    },
  };
}

/** memoPairScorer of a named fuzzywuzzy scorer under one backend, e.g. mwzeval's ('partial_ratio', 'levenshtein'). */
export function memoFuzzScorer(values: ValueTable, name: FuzzScorerName, backend: FuzzBackend): PairScorer {
  return memoPairScorer(values, fuzzScorer(name, backend), { equal: 100 }); // fuzzywuzzy: s1 == s2 → 100
}
