// plural (src/shared/plural.ts): the count grouped as toLocaleString('en-US')
// groups it (integers by hand, to skip ICU's first-call cost), the noun
// singular only for 1.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { plural } from '../../../src/shared/plural';

describe('plural', () => {
  it('groups digits as toLocaleString("en-US") does', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.maxSafeNat(), fc.maxSafeInteger(), fc.double({ noNaN: true })), (n) => {
        expect(plural(n, 'turn')).toBe(`${n.toLocaleString('en-US')} ${n === 1 ? 'turn' : 'turns'}`);
      }),
    );
    expect(plural(1234567, 'turn')).toBe('1,234,567 turns');
    expect(plural(-1000, 'turn')).toBe('-1,000 turns');
    expect(plural(1, 'dialogue')).toBe('1 dialogue');
    expect(plural(999, 'pair')).toBe('999 pairs');
  });
});
