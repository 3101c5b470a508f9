// The search term `confident-wrong:T` of the dialogue list
// (src/shared/analysis/search-query.ts): read with its threshold beside the
// class terms and free words, the highest of several kept, any case of the
// prefix; a missing or out-of-range threshold is an error with its place;
// a quoted word that starts like it is free text; formatSearch reads back.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatSearch, parseSearch, quoteIfNeeded, readSearch, SearchSyntaxError } from '../../../../src/shared/analysis/search-query';

describe('confident-wrong:T', () => {
  it.each([
    ['confident-wrong:0.9', { text: '', terms: [], confidentWrong: 0.9 }],
    ['Confident-Wrong:.75 taxi', { text: 'taxi', terms: [], confidentWrong: 0.75 }],
    ['confident-wrong:1 wrong:area', { text: '', terms: [{ cls: 'wrong', slot: 'area' }], confidentWrong: 1 }],
    ['confident-wrong:0.5 confident-wrong:0.8', { text: '', terms: [], confidentWrong: 0.8 }],
    ['confident-wrong:0', { text: '', terms: [], confidentWrong: 0 }],
    ['"confident-wrong:0.9"', { text: 'confident-wrong:0.9', terms: [] }],
  ])('%s', (query, want) => {
    expect(parseSearch(query)).toEqual(want);
  });

  it.each([
    ['confident-wrong:', 0],
    ['taxi confident-wrong:high', 5],
    ['confident-wrong:1.5', 0],
    ['confident-wrong:-0.1', 0],
  ])('%s is refused with its place', (query, at) => {
    const r = readSearch(query);
    expect(r).toBeInstanceOf(SearchSyntaxError);
    expect((r as SearchSyntaxError).at).toBe(at);
    expect((r as SearchSyntaxError).message).toMatch(/confidence threshold from 0 to 1.*confident-wrong:0\.9/);
  });

  it('formatSearch reads back, and quoteIfNeeded keeps a look-alike free word free', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom('', 'taxi', 'confident-wrong:0.1'), (t, text) => {
        const q = { text, terms: [], confidentWrong: t };
        expect(parseSearch(formatSearch(q))).toEqual(q);
        expect(parseSearch(quoteIfNeeded(`confident-wrong:${t}`))).toEqual({ text: `confident-wrong:${t}`, terms: [] });
      }),
      { numRuns: 500 },
    );
  });
});
