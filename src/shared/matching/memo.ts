// Layer: shared (pure TS). Memoised similarity over interned values: scoring
// millions of turns compares few distinct (prediction, gold) value pairs
// again and again, so each distinct ordered pair of value ids is scored once
// and then read from a cache (one Map per first id, keyed by the second).

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
  /** Calls answered from the cache so far. */
  readonly hits: number;
}

/**
 * A memoising scorer over value ids: `score(a, b)` = `fn(values[a],
 * values[b])`, computed once per distinct ordered (a, b). The table is read
 * at computation time, so it may grow (an interner still interning) after
 * the scorer is made; ids already scored must keep their strings.
 */
export function memoPairScorer(values: ValueTable, fn: (a: string, b: string) => number): PairScorer {
  const nameOf: (id: number) => string | undefined = Array.isArray(values)
    ? (id) => (values as readonly string[])[id]
    : (id) => (values as { name(id: number): string }).name(id);
  const rows: (Map<number, number> | undefined)[] = [];
  let computed = 0;
  let hits = 0;
  const compute = (a: number, b: number): number => {
    const sa = Number.isInteger(a) && a >= 0 ? nameOf(a) : undefined;
    const sb = Number.isInteger(b) && b >= 0 ? nameOf(b) : undefined;
    if (typeof sa !== 'string' || typeof sb !== 'string') {
      throw new RangeError(`memoPairScorer: no value with id ${typeof sa !== 'string' ? a : b} in the value table`);
    }
    return fn(sa, sb);
  };
  return {
    score(a: number, b: number): number {
      let row = rows[a];
      if (row === undefined) {
        const v = compute(a, b);
        rows[a] = row = new Map();
        row.set(b, v);
        computed++;
        return v;
      }
      let v = row.get(b);
      if (v === undefined) {
        v = compute(a, b);
        row.set(b, v);
        computed++;
      } else hits++;
      return v;
    },
    get computed() {
      return computed;
    },
    get hits() {
      return hits;
    },
  };
}

/** memoPairScorer of a named fuzzywuzzy scorer under one backend, e.g. mwzeval's ('partial_ratio', 'levenshtein'). */
export function memoFuzzScorer(values: ValueTable, name: FuzzScorerName, backend: FuzzBackend): PairScorer {
  return memoPairScorer(values, fuzzScorer(name, backend));
}
