// The memoising pair scorer: one computation per distinct ordered pair of value
// ids, the same numbers as the unmemoised scorer, order kept, a growing value
// table, and a clear error for an id the table does not have.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { memoFuzzScorer, memoPairScorer } from '../../../../src/shared/matching/memo';
import { fuzzScorer } from '../../../../src/shared/matching/fuzz';
import { Interner } from '../../../../src/shared/model/interner';

describe('memoPairScorer', () => {
  it('computes each distinct ordered pair once', () => {
    const calls: string[] = [];
    const s = memoPairScorer(['a', 'b', 'c'], (x, y) => {
      calls.push(x + y);
      return x.charCodeAt(0) * 10 + y.charCodeAt(0);
    });
    expect(s.score(0, 1)).toBe(97 * 10 + 98);
    expect(s.score(0, 1)).toBe(97 * 10 + 98);
    expect(s.score(1, 0)).toBe(98 * 10 + 97); // (b, a) is another pair
    expect(s.score(2, 2)).toBe(99 * 11);
    expect(s.score(1, 0)).toBe(98 * 10 + 97);
    expect(calls).toEqual(['ab', 'ba', 'cc']);
    expect([s.computed, s.hits]).toEqual([3, 2]);
  });

  it('equals the unmemoised scorer on any sequence of lookups (partial_ratio, both backends)', () => {
    const values = ['gandhi', 'the gandhi', ' centre', 'centre', 'Centre', 'cc', ' c ccc a', 'east', 'west', '', '😀a'];
    for (const backend of ['levenshtein', 'difflib'] as const) {
      const plain = fuzzScorer('partial_ratio', backend);
      const memo = memoFuzzScorer(values, 'partial_ratio', backend);
      const id = fc.integer({ min: 0, max: values.length - 1 });
      fc.assert(
        fc.property(fc.array(fc.tuple(id, id), { maxLength: 60 }), (pairs) => {
          for (const [a, b] of pairs) expect(memo.score(a, b)).toBe(plain(values[a], values[b]));
        }),
      );
      expect(memo.computed).toBeLessThanOrEqual(values.length ** 2);
    }
  });

  it('reads an Interner and sees values interned after it was made', () => {
    const interner = new Interner(['cheap']);
    const s = memoFuzzScorer(interner, 'ratio', 'levenshtein');
    const late = interner.intern('cheaper');
    expect(s.score(0, late)).toBe(83);
    expect(s.score(late, late)).toBe(100);
  });

  it('rejects an id outside the value table', () => {
    const s = memoFuzzScorer(['a', 'b'], 'ratio', 'difflib');
    expect(() => s.score(0, 2)).toThrow(/no value with id 2/);
    expect(() => s.score(-1, 0)).toThrow(/no value with id -1/);
    expect(() => s.score(0.5, 0)).toThrow(/no value with id 0.5/);
    expect(s.computed).toBe(0);
  });
});

describe('memoPairScorer: the cache grows', () => {
  it('keeps every value through many resizes (20,000 distinct pairs, each looked up twice)', () => {
    const n = 200;
    const values = Array.from({ length: n }, (_, i) => String(i));
    let calls = 0;
    const s = memoPairScorer(values, (x, y) => {
      calls++;
      return Number(x) * 1000 + Number(y) + 0.5;
    });
    let wrong = 0;
    for (let round = 0; round < 2; round++) {
      for (let a = 0; a < n; a++) {
        for (let k = 0; k < 100; k++) {
          const b = (k * 7 + a) % n;
          if (s.score(a, b) !== a * 1000 + b + 0.5) wrong++;
        }
      }
    }
    expect(wrong).toBe(0);
    expect(calls).toBe(20_000);
    expect([s.computed, s.hits]).toEqual([20_000, 20_000]);
  });
});

describe('memoPairScorer: equal ids', () => {
  it('answers score(a, a) with `equal` without calling fn or caching, and still rejects unknown ids', () => {
    let calls = 0;
    const s = memoPairScorer(
      ['x', 'y'],
      () => {
        calls++;
        return 7;
      },
      { equal: 100 },
    );
    expect([s.score(0, 0), s.score(1, 1), s.score(0, 1)]).toEqual([100, 100, 7]);
    expect([calls, s.computed, s.hits]).toEqual([1, 1, 0]);
    expect(() => s.score(5, 5)).toThrow(/no value with id 5/);
  });
  it('without `equal`, score(a, a) is fn(x, x) like any pair', () => {
    const s = memoPairScorer(['x'], (a, b) => (a + b).length);
    expect(s.score(0, 0)).toBe(2);
    expect(s.computed).toBe(1);
  });
});
