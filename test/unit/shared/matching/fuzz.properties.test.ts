// Invariants of the fuzzywuzzy ports (fast-check): integer scores in 0..100;
// symmetry where fuzzywuzzy is symmetric (ratio and token_sort_ratio under
// python-Levenshtein; partial_ratio when the lengths differ) and a counterexample
// where it is not; 100 exactly for equal strings (short strings, where a single
// edit cannot round up to 100); token_sort_ratio blind to token order and case.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FUZZ_BACKENDS, partialRatio, processAndSort, ratio, tokenSortRatio } from '../../../../src/shared/matching/fuzz';
import { pyLen } from '../../../../src/shared/matching/python';

const RUNS = { numRuns: 300 };
// Small alphabets make similar strings likely; the full range checks code-point handling.
const small = fc.string({ unit: fc.constantFrom('a', 'b', 'c', ' ', 'A', '😀', 'é'), maxLength: 24 });
const any = fc.string({ unit: 'binary', maxLength: 24 });
const str = fc.oneof(small, any);
const backend = fc.constantFrom(...FUZZ_BACKENDS);

describe('fuzzywuzzy scorers: invariants', () => {
  it('every score is an integer in 0..100', () => {
    fc.assert(
      fc.property(str, str, backend, (a, b, be) => {
        for (const f of [ratio, partialRatio, tokenSortRatio]) {
          const s = f(a, b, { backend: be });
          expect(Number.isInteger(s) && s >= 0 && s <= 100).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it('ratio and token_sort_ratio are symmetric under python-Levenshtein (LCS is)', () => {
    fc.assert(
      fc.property(str, str, (a, b) => {
        const o = { backend: 'levenshtein' } as const;
        expect(ratio(a, b, o)).toBe(ratio(b, a, o));
        expect(tokenSortRatio(a, b, o)).toBe(tokenSortRatio(b, a, o));
      }),
      RUNS,
    );
  });

  it('difflib ratio is not symmetric: its blocks depend on which side is b', () => {
    expect([ratio('tide', 'diet', { backend: 'difflib' }), ratio('diet', 'tide', { backend: 'difflib' })]).toEqual([25, 50]);
  });

  it('partial_ratio is symmetric when the lengths (in code points) differ, and not when they are equal', () => {
    fc.assert(
      fc.property(str, str, backend, (a, b, be) => {
        fc.pre(pyLen(a) !== pyLen(b));
        expect(partialRatio(a, b, { backend: be })).toBe(partialRatio(b, a, { backend: be }));
      }),
      RUNS,
    );
    // Equal lengths: the first argument is "shorter" (research notes §2.5; values printed by fuzzywuzzy).
    expect([partialRatio('east', 'west', { backend: 'difflib' }), partialRatio('west', 'east', { backend: 'difflib' })]).toEqual([86, 75]);
    expect([
      partialRatio('bcbbb', 'cbbbc', { backend: 'levenshtein' }),
      partialRatio('cbbbc', 'bcbbb', { backend: 'levenshtein' }),
    ]).toEqual([80, 89]);
  });

  it('ratio is 100 exactly for equal strings (below 200 code points in all, where one edit stays under 99.5)', () => {
    fc.assert(
      fc.property(str, str, backend, (a, b, be) => {
        expect(ratio(a, b, { backend: be }) === 100).toBe(a === b);
        expect(ratio(a, a, { backend: be })).toBe(100);
      }),
      RUNS,
    );
    // Long strings one edit apart do reach 100: 2·199/400 = 0.995 → 99.5 → 100 (half to even).
    const long = 'abcdefghij'.repeat(20);
    expect(ratio(long, long.slice(0, 199) + 'X', { backend: 'levenshtein' })).toBe(100);
  });

  it('token_sort_ratio is 100 exactly when the processed, sorted strings are equal (short strings)', () => {
    fc.assert(
      fc.property(str, str, backend, (a, b, be) => {
        expect(tokenSortRatio(a, b, { backend: be }) === 100).toBe(processAndSort(a) === processAndSort(b));
      }),
      RUNS,
    );
  });

  it('token_sort_ratio ignores token order, case and punctuation', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'd', '1'), minLength: 1, maxLength: 6 });
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 6 }), fc.nat(), backend, (words, seed, be) => {
        const shuffled = [...words].sort((x, y) => ((x.charCodeAt(0) * 31 + seed) % 7) - ((y.charCodeAt(0) * 31 + seed) % 7));
        const other = shuffled.map((w) => w.toUpperCase()).join(' , ');
        expect(tokenSortRatio(words.join(' '), other, { backend: be })).toBe(100);
      }),
      RUNS,
    );
  });

  it('partial_ratio is 100 when the shorter string occurs in the longer one — always with difflib, not with python-Levenshtein', () => {
    fc.assert(
      fc.property(small, small, small, (pre, mid, post) => {
        fc.pre(mid.length > 0);
        expect(partialRatio(mid, pre + mid + post, { backend: 'difflib' })).toBe(100);
      }),
      RUNS,
    );
    expect(partialRatio('cc', ' c ccc a', { backend: 'levenshtein' })).toBe(50);
  });
});
