// mwzeval's state normalisation (src/shared/presets/mwzeval-normalise.ts)
// against the rules of Tomiinek/MultiWOZ_Evaluation @ 7f19ee0,
// mwzeval/normalization.py (normalize_data, normalize_state_slot_value,
// time_to_canonical, name_to_canonical, food_to_canonical,
// type_to_canonical). Expected values follow that code line by line; the
// cases with a value map use this project's test map, not mwzeval's tables.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mwzevalSlotName, mwzevalValue, timeToCanonical } from '../../../../src/shared/presets/mwzeval-normalise';
import { EMPTY_VALUE_MAP, parseValueMap, ValueMapError } from '../../../../src/shared/presets/value-map';
import { FIXTURES } from '../../../helpers/fixtures';

const MAP = parseValueMap(JSON.parse(readFileSync(join(FIXTURES, 'presets', 'mwzeval', 'value-map.json'), 'utf8')), 'value-map.json');

describe('mwzevalSlotName: normalize_data slot names', () => {
  it.each([
    ['taxi-leaveat', 'leave'],
    ['taxi-arriveby', 'arrive'],
    ['hotel-book people', 'bookpeople'],
    ['restaurant-book time', 'booktime'],
    ['Hotel-Price Range', 'pricerange'],
    ['attraction-name', 'name'],
  ])('%s → %s', (canonical, want) => expect(mwzevalSlotName(canonical)).toBe(want));
});

describe('time_to_canonical', () => {
  it.each([
    ['10 : 15', '10:15'],
    ['1015', '10:15'],
    ['5pm', '17:00'],
    ['5 pm', '17:00'],
    ['5:30pm', '17:30'],
    ['5:30 p.m.', '17:30'],
    ['12pm', '24:00'], // no 12-hour special case
    ['by 17:00', '17:00'],
    ['by17:00', '07:00'], // "by" drops three characters
    ['after 9:30', '09:30'],
    ['afer 9:30', '09:30'],
    ['9:30am', '09:30'],
    ['9:30 a.m.', '09:30'],
    ['', '00:00'],
    ['   ', '00:00'],
    ['9', '09:00'],
    ['123', '123:00'],
    ['9:30', '09:30'],
    ['9.30', '9.30'],
    ['17:00.', '17:00'],
    ['Afternoon', 'noon'], // without the whole-value table the "after" rule cuts it (the table maps it to 13:00 first)
    [' 10:15 ', '10:15'],
  ])('%j → %j', (v, want) => expect(timeToCanonical(v, EMPTY_VALUE_MAP)).toBe(want));

  it('a whole-value table and a prefix table from the map are checked first', () => {
    const m = parseValueMap(
      { format: 'dst-inspector-value-map', version: 1, time: { teatime: '16:00' }, timePrefix: { 'half past': '00:30' } },
      'm.json',
    );
    expect(timeToCanonical(' TeaTime', m)).toBe('16:00');
    expect(timeToCanonical('half past nine', m)).toBe('00:30');
  });

  it('an hour int() cannot read is kept and counted (mwzeval raises ValueError there)', () => {
    const issues = { unparsedTimes: 0 };
    expect(timeToCanonical('ab:30pm', EMPTY_VALUE_MAP, issues)).toBe('ab:30');
    expect(issues.unparsedTimes).toBe(1);
  });
});

describe('normalize_state_slot_value dispatch', () => {
  it.each([
    ['name', ' The Junction ', 'junction theatre'],
    ['name', "nando's", 'nandos'],
    ['destination', 'a & b guest house', 'a and b guest house'],
    ['departure', 'a&b', 'a and b'],
    ['name', "christ 's college", "christ's college"],
    ['type', 'guest house', 'guesthouse'],
    ['type', 'Guest house', 'Guest house'], // type: exact lookup, no strip or lower
    ['food', ' English ', 'british'],
    ['parking', 'free', 'yes'],
    ['internet', 'free', 'yes'],
    ['parking', 'Free', 'Free'],
    ['area', ' centre', ' centre'], // other slots unchanged: no strip, no lower
    ['bookpeople', '2', '2'],
    ['leave', '1015', '10:15'],
    ['booktime', '1015', '1015'], // MultiWOZ 2.2's booktime gets no time normalisation
  ])('%s %j → %j', (slot, v, want) => expect(mwzevalValue(slot, v, MAP)).toBe(want));
});

describe('value map files', () => {
  it('refuses a wrong layout with the JSON path', () => {
    expect(() => parseValueMap({ format: 'x', version: 1 }, 'f.json')).toThrow(/f\.json: \$\.format/);
    expect(() => parseValueMap({ format: 'dst-inspector-value-map', version: 1, name: { a: 1 } }, 'f.json')).toThrow(ValueMapError);
    expect(() => parseValueMap({ format: 'dst-inspector-value-map', version: 1, names: {} }, 'f.json')).toThrow(/\$\.names: unknown table/);
  });
  it('hashes the content, not the order of entries', () => {
    const a = parseValueMap({ format: 'dst-inspector-value-map', version: 1, name: { a: 'b', c: 'd' } }, 'a');
    const b = parseValueMap({ format: 'dst-inspector-value-map', version: 1, name: { c: 'd', a: 'b' } }, 'b');
    const c = parseValueMap({ format: 'dst-inspector-value-map', version: 1, food: { c: 'd', a: 'b' } }, 'c');
    expect(a.hash).toBe(b.hash);
    expect(a.hash).not.toBe(c.hash);
    expect(a.hash).toMatch(/^[0-9a-f]{8}$/);
  });
});
