// Canonical slot names (one spelling per slot, a rename that changes no
// number) and the value options (off by default, each one a visible change).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../../../../src/shared/formats/detect';
import { LoadError } from '../../../../src/shared/formats/errors';
import { applyValueOptions, normaliseValue, parseValueOptions, VALUE_OPTIONS } from '../../../../src/shared/formats/normalise';
import { canonicalFlatSlot, canonicalSlot, canonicalSlotPart, MULTIWOZ_SLOTS } from '../../../../src/shared/formats/slot-names';
import { makeSignature, renderSignature } from '../../../../src/shared/metrics/signature';
import { defaultConfig } from '../../../../src/shared/metrics/config';
import { loadFile, FIXTURES } from '../../../helpers/fixtures';
import { join } from 'node:path';

describe('canonical slot names', () => {
  it.each([
    ['hotel', 'pricerange', 'hotel-pricerange'],
    ['hotel', 'price range', 'hotel-pricerange'],
    ['restaurant', 'price', 'restaurant-pricerange'],
    ['train', 'leaveAt', 'train-leaveat'],
    ['taxi', 'leave at', 'taxi-leaveat'],
    ['train', 'arrive', 'train-arriveby'],
    ['hotel', 'book_people', 'hotel-book people'],
    ['hotel', 'bookday', 'hotel-book day'],
    ['hotel', 'day', 'hotel-book day'],
    ['restaurant', 'time', 'restaurant-book time'],
    ['train', 'day', 'train-day'],
    ['train', 'people', 'train-book people'],
    ['Hotel', ' Book  Stay ', 'hotel-book stay'],
    ['Hotels_1', 'number_of_beds', 'hotels_1-number_of_beds'],
  ])('%s / %s → %s', (d, s, out) => {
    expect(canonicalSlot(d, s)).toBe(out);
  });
  it('flat names, MultiWOZ 2.2 spelling', () => {
    expect(canonicalFlatSlot('hotel-bookpeople')).toBe('hotel-book people');
    expect(canonicalFlatSlot('taxi-arriveBy')).toBe('taxi-arriveby');
  });
  it('a slot name without its domain (the search’s class terms): book_stay, BookStay, semi_area', () => {
    expect(canonicalSlotPart('book_stay')).toBe('book stay');
    expect(canonicalSlotPart('BookStay')).toBe('book stay');
    expect(canonicalSlotPart('semi_area')).toBe('area');
    expect(canonicalSlotPart('Price Range')).toBe('pricerange');
    expect(canonicalSlotPart('number_of_beds')).toBe('number of beds');
  });
  it('is idempotent on the 30 MultiWOZ slots', () => {
    for (const s of MULTIWOZ_SLOTS) expect(canonicalFlatSlot(s)).toBe(s);
  });
  it('the FGA fixtures map to the 30 MultiWOZ slots (hotel-day → hotel-book day), numbers unchanged (fixtures.test.ts)', () => {
    const c = loadFile(join(FIXTURES, 'multiwoz-somdst-100', 'predictions.json'));
    expect([...c.slots.names].sort()).toEqual([...MULTIWOZ_SLOTS].sort());
  });
  it('two spellings of one slot in one state are refused, with the place', () => {
    const bytes = new TextEncoder().encode('{"d1": {"0": {"gt": {"hotel": {"day": "monday", "book day": "sunday"}}, "pr": {}}}}');
    let err: unknown;
    try {
      loadCorpus(bytes, { file: 'f.json' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(LoadError);
    expect((err as LoadError).message).toBe(
      'f.json:1:49: at $.d1["0"].gt.hotel["book day"]: slot "hotel-book day" is named twice in this state, as "hotel.day" (at 1:32 $.d1["0"].gt.hotel.day) and as "hotel.book day"; a state names each slot once',
    );
  });
});

describe('value options', () => {
  const all = (o: string) => new Set(parseValueOptions(o) as never[]);
  it('parse', () => {
    expect(parseValueOptions('dontcare, lower')).toEqual(['lower', 'dontcare']);
    expect(parseValueOptions('all')).toEqual([...VALUE_OPTIONS]);
    expect(parseValueOptions('exact')).toEqual([]);
    expect(parseValueOptions('nope')).toMatch(/unknown value option/);
  });
  it('each option does what it says', () => {
    expect(normaliseValue('hotel-area', ' North  Side', all('lower'))).toBe('north side');
    expect(normaliseValue('hotel-area', 'not mentioned', all('empty'))).toBe('none');
    expect(normaliseValue('hotel-area', '[NULL]', all('empty'))).toBe('none');
    expect(normaliseValue('hotel-area', "don't care", all('dontcare'))).toBe('dontcare');
    expect(normaliseValue('hotel-area', "Don't Care", all('dontcare'))).toBe('dontcare');
    expect(normaliseValue('hotel-type', 'guesthouse', all('trade-fixes'))).toBe('guest house');
    expect(normaliseValue('hotel-area', 'center', all('trade-fixes'))).toBe('centre');
    expect(normaliseValue('hotel-internet', 'free', all('trade-fixes'))).toBe('yes');
    expect(normaliseValue('restaurant-area', 'cambridge', all('trade-fixes'))).toBe('none');
    expect(normaliseValue('hotel-area', 'Center', all('exact'))).toBe('Center');
  });
  it('no option: the very same corpus; any options: same dialogues, turns and slots', () => {
    const c = loadFile(join(FIXTURES, 'random', 'random-7.json'));
    expect(applyValueOptions(c, [])).toBe(c);
    fc.assert(
      fc.property(fc.subarray([...VALUE_OPTIONS]), (opts) => {
        const n = applyValueOptions(c, opts);
        expect(n.turnIndex).toEqual(c.turnIndex);
        expect(n.goldLen).toEqual(c.goldLen);
        for (let k = 0; k < c.goldPairs.length; k += 2) expect(n.goldPairs[k]).toBe(c.goldPairs[k]);
      }),
      { numRuns: 8 },
    );
  });
  it('are named in the signature', () => {
    expect(renderSignature(makeSignature(defaultConfig(), { values: ['lower', 'dontcare'] }))).toContain('values=lower+dontcare');
    expect(renderSignature(makeSignature(defaultConfig()))).toContain('values=exact');
  });
});
