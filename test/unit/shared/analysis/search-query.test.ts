// The dialogue list's search grammar (src/shared/analysis/search-query.ts):
// quote-aware word splitting (double and single quotes, backslash escapes),
// class terms whose slot has a space (`wrong:"hotel-book stay"`, 7 of the 30
// MultiWOZ slots), errors with their place for an unclosed quote, a trailing
// backslash and a class term without a slot; formatTerm / quoteIfNeeded /
// formatSearch read back as what they were given (fast-check, arbitrary slot
// names and values with spaces, quotes, colons and backslashes); and which
// slots a term names, in the file's own spellings (book_stay, bookstay,
// hotel-book_stay), through formats/slot-names.ts's canonical names.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  describeFilter,
  formatSearch,
  formatTerm,
  parseSearch,
  quoteIfNeeded,
  readSearch,
  SearchSyntaxError,
  SLOT_CLASSES,
  slotsOfTerm,
} from '../../../../src/shared/analysis/search-query';
import { MULTIWOZ_SLOTS } from '../../../../src/shared/formats/slot-names';

const named = (slot: string, names: readonly string[] = MULTIWOZ_SLOTS) => names.filter((_, k) => slotsOfTerm(slot, names)[k]);

describe('parseSearch', () => {
  it.each([
    ['', { text: '', terms: [] }],
    ['   ', { text: '', terms: [] }],
    ['MUL0144', { text: 'MUL0144', terms: [] }],
    ['  cheap   hotel ', { text: 'cheap hotel', terms: [] }],
    ['missed:train-leaveat', { text: '', terms: [{ cls: 'missed', slot: 'train-leaveat' }] }],
    ['Wrong:Hotel-Name', { text: '', terms: [{ cls: 'wrong', slot: 'Hotel-Name' }] }],
    ['wrong:"hotel-book stay"', { text: '', terms: [{ cls: 'wrong', slot: 'hotel-book stay' }] }],
    ["wrong:'hotel-book stay'", { text: '', terms: [{ cls: 'wrong', slot: 'hotel-book stay' }] }],
    ['wrong:hotel-book\\ stay', { text: '', terms: [{ cls: 'wrong', slot: 'hotel-book stay' }] }],
    ['wrong:hotel-"book stay"', { text: '', terms: [{ cls: 'wrong', slot: 'hotel-book stay' }] }],
    // Unquoted, the space ends the word: a term for hotel-book and the free word "stay" (what the old parser always did).
    ['wrong:hotel-book stay', { text: 'stay', terms: [{ cls: 'wrong', slot: 'hotel-book' }] }],
    [
      'overshot:"hotel-book stay" missed:leaveat "the cambridge belfry"',
      {
        text: 'the cambridge belfry',
        terms: [
          { cls: 'overshot', slot: 'hotel-book stay' },
          { cls: 'missed', slot: 'leaveat' },
        ],
      },
    ],
    // Escapes inside quotes; a quote of the other kind is plain text.
    ['"say \\"hi\\" \\\\ there"', { text: 'say "hi" \\ there', terms: [] }],
    ['"it\'s"', { text: "it's", terms: [] }],
    ['\'a "b"\'', { text: 'a "b"', terms: [] }],
    // A class prefix counts only when it is written without quotes or escapes; anything else is free text.
    ['"wrong:name"', { text: 'wrong:name', terms: [] }],
    ['wrong\\:name', { text: 'wrong:name', terms: [] }],
    ['wrongly:name 12:30', { text: 'wrongly:name 12:30', terms: [] }],
    ['wrong:a:b', { text: '', terms: [{ cls: 'wrong', slot: 'a:b' }] }],
    ['""', { text: '', terms: [] }],
  ])('%j', (q, want) => {
    expect(parseSearch(q)).toEqual(want);
  });

  it.each([
    ['wrong:"hotel-book stay', 6, /unclosed " at character 7: close the quote/],
    ["cheap 'hotel", 6, /unclosed ' at character 7/],
    ['"a \\"', 0, /unclosed " at character 1/],
    ['wrong:x\\', 7, /a \\ at the end \(character 8\) escapes nothing/],
    ['cheap wrong:', 6, /wrong: at character 7 names no slot/],
    ['missed:""', 0, /missed: at character 1 names no slot/],
    [`"${'x'.repeat(499)}"`, 500, /the search is 501 characters long; at most 500/],
  ])('%j cannot be read: an error with its place, never another query', (q, at, message) => {
    const r = readSearch(q);
    expect(r).toBeInstanceOf(SearchSyntaxError);
    expect((r as SearchSyntaxError).at).toBe(at);
    expect((r as SearchSyntaxError).message).toMatch(message);
    expect(() => parseSearch(q)).toThrow(message);
  });
});

it('a search of at most 500 characters is read whole (the API takes 500; the list never cuts one)', () => {
  expect(parseSearch(`  "${'x'.repeat(498)}"  `).text).toBe('x'.repeat(498));
});

describe('formatTerm and quoteIfNeeded read back as what they were given', () => {
  it('examples: bare where that reads back, else double quotes', () => {
    expect(formatTerm('missed', 'train-leaveat')).toBe('missed:train-leaveat');
    expect(formatTerm('wrong', 'hotel-book stay')).toBe('wrong:"hotel-book stay"');
    expect(formatTerm('wrong', 'a "b" \\c')).toBe('wrong:"a \\"b\\" \\\\c"');
    expect(quoteIfNeeded('wrong:name')).toBe('"wrong:name"');
    expect(quoteIfNeeded("it's")).toBe('"it\'s"');
    expect(quoteIfNeeded('12:30')).toBe('12:30');
  });

  // Strings made of the characters that matter (spaces of several kinds, both quotes, backslash, colon, class words) and any other.
  const tricky = fc.oneof(
    fc.string({ unit: fc.constantFrom(' ', '\t', '\u00a0', '"', "'", '\\', ':', '-', '_', 'a', 'é', 'wrong:', 'missed:', '\n') }),
    fc.string({ unit: 'grapheme' }),
    fc.string({ unit: 'binary' }),
  );
  const slot = tricky.filter((s) => s !== '');
  const cls = fc.constantFrom(...SLOT_CLASSES);

  it('parse(formatTerm(class, slot)) is that one term, for any slot name', () => {
    fc.assert(
      fc.property(cls, slot, (c, s) => {
        expect(parseSearch(formatTerm(c, s))).toEqual({ text: '', terms: [{ cls: c, slot: s }] });
      }),
      { numRuns: 2000 },
    );
  });

  it('parse(quoteIfNeeded(value)) is that value as free text, for any value', () => {
    fc.assert(
      fc.property(tricky, (v) => {
        expect(parseSearch(quoteIfNeeded(v))).toEqual({ text: v, terms: [] });
      }),
      { numRuns: 2000 },
    );
  });

  it('parse(formatSearch(q)) == q for several terms and free text', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ cls, slot }), { maxLength: 4 }), tricky, (terms, text) => {
        const q = { text, terms };
        expect(parseSearch(formatSearch(q))).toEqual(q);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('slotsOfTerm: the slots a term names', () => {
  it('a slot named in full, in the canonical spelling or the file’s own, is that slot only', () => {
    for (const spelling of [
      'hotel-book stay',
      'Hotel-Book Stay',
      'hotel-book_stay',
      'hotel-bookstay',
      'hotel-BookStay',
      'hotel-stay',
      'book_stay',
      'bookstay',
      'BOOK STAY',
    ])
      expect(named(spelling), spelling).toEqual(['hotel-book stay']);
    expect(named('train-book day')).toEqual(['train-day']);
    expect(named('hotel-day')).toEqual(['hotel-book day']);
    expect(named('hotel-semi_area')).toEqual(['hotel-area']);
    expect(named('taxi-leave_at')).toEqual(['taxi-leaveat']);
    expect(named('hotel-price range')).toEqual(['hotel-pricerange']);
  });

  it('a part of a name: every slot containing it', () => {
    expect(named('name')).toEqual(['attraction-name', 'hotel-name', 'restaurant-name']);
    expect(named('hotel-book')).toEqual(['hotel-book day', 'hotel-book people', 'hotel-book stay']);
    expect(named('book_day')).toEqual(['hotel-book day', 'restaurant-book day']);
    expect(named('day')).toEqual(['hotel-book day', 'restaurant-book day', 'train-day']);
    expect(named('leave')).toEqual(['taxi-leaveat', 'train-leaveat']);
    expect(named('no-such-slot')).toEqual([]);
    expect(named(' ')).toEqual([]);
  });

  it('SGD service slots: underscores and spaces alike, no MultiWOZ renaming', () => {
    const sgd = ['hotels_1-number_of_beds', 'restaurants_1-price_range', 'restaurants_1-price_level', 'restaurants_1-time'];
    expect(named('number of beds', sgd)).toEqual(['hotels_1-number_of_beds']);
    expect(named('price', sgd)).toEqual(['restaurants_1-price_range', 'restaurants_1-price_level']);
    expect(named('time', sgd)).toEqual(['restaurants_1-time']);
    expect(named('restaurants_1-price_range', sgd)).toEqual(['restaurants_1-price_range']);
  });
});

it('describeFilter names the search as typed', () => {
  expect(describeFilter({ domain: 'taxi', mistakesOnly: true, search: ' wrong:"hotel-book stay" ' })).toBe(
    'domain taxi · has mistakes · “wrong:"hotel-book stay"”',
  );
  expect(describeFilter({})).toBe('');
});
