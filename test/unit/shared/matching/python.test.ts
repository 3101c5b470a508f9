// The CPython 3 semantics the string-similarity ports rely on: round() half to
// even on the double, str.split()/str.strip() whitespace, code-point order and
// length (expected values printed by Python 3.11).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compareCodePoints, isPySpace, pyLen, pySplit, pyStrip, roundHalfEven, toCodePoints } from '../../../../src/shared/matching/python';

describe('roundHalfEven = Python round()', () => {
  it('on ties and near-ties', () => {
    const xs = [0.5, 1.5, 2.5, 12.5, 37.5, -0.5, -1.5, 57.49999999999999, 54.50000000000001, 0.49999999999999994];
    expect(xs.map((x) => roundHalfEven(x) + 0)).toEqual([0, 2, 2, 12, 38, 0, -2, 57, 55, 0]);
  });
  it('differs from Math.round exactly on ties with an even floor', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), fc.double({ min: 0, max: 1, noNaN: true }), (k, f) => {
        const x = k + f;
        const r = roundHalfEven(x);
        if (x - Math.floor(x) === 0.5) expect(r).toBe(Math.floor(x) % 2 === 0 ? Math.floor(x) : Math.floor(x) + 1);
        else expect(r).toBe(Math.round(x));
      }),
    );
  });
});

describe('Python whitespace', () => {
  it('split() and strip() use str.isspace, not JavaScript \\s', () => {
    // Python: 'a\x1cb\x85c\ufeffd\u200be\u3000f'.split() == ['a', 'b', 'c\ufeffd\u200be', 'f']
    expect(pySplit('a\x1cb\x85c\ufeffd\u200be\u3000f')).toEqual(['a', 'b', 'c\ufeffd\u200be', 'f']);
    expect(pyStrip('\x1f\u2028 x \x85')).toBe('x');
    expect(pyStrip('\ufeffx\ufeff')).toBe('\ufeffx\ufeff');
    expect(pySplit('  ')).toEqual([]);
    expect(pySplit(' 😀 a😀 ')).toEqual(['😀', 'a😀']);
    expect(
      [0x09, 0x0d, 0x1c, 0x1f, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000].every(isPySpace),
    ).toBe(true);
    expect([0x08, 0x0e, 0x1b, 0x21, 0x84, 0x180e, 0x200b, 0xfeff].some(isPySpace)).toBe(false);
  });
});

describe('code points', () => {
  it('sort as Python sorted() does', () => {
    const xs = ['\uff41', '\u{1d41a}', 'b', '\ue000', '\u{10000}', 'ab', 'a'];
    expect([...xs].sort(compareCodePoints)).toEqual(['a', 'ab', 'b', '\ue000', '\uff41', '\u{10000}', '\u{1d41a}']);
  });
  it('compareCodePoints orders as the code point arrays do', () => {
    const str = fc.string({ unit: fc.constantFrom('a', 'b', '\ue000', '\uffff', '\u{10000}', '\u{1f600}', '\u{1f601}'), maxLength: 6 });
    fc.assert(
      fc.property(str, str, (a, b) => {
        const x = Array.from(a, (c) => c.codePointAt(0) as number);
        const y = Array.from(b, (c) => c.codePointAt(0) as number);
        let want = 0;
        for (let i = 0; i < Math.min(x.length, y.length) && want === 0; i++) want = Math.sign(x[i] - y[i]);
        if (want === 0) want = Math.sign(x.length - y.length);
        expect(compareCodePoints(a, b)).toBe(want);
      }),
    );
  });
  it('toCodePoints and pyLen count an astral character once', () => {
    expect(Array.from(toCodePoints('a😀b'))).toEqual([0x61, 0x1f600, 0x62]);
    expect(pyLen('a😀b')).toBe(3);
    expect(pyLen('\ud800x')).toBe(2); // a lone surrogate is one code point, as in Python
    expect(Array.from(toCodePoints('\ud800x'))).toEqual([0xd800, 0x78]);
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        expect(pyLen(s)).toBe(Array.from(s).length);
        expect(Array.from(toCodePoints(s))).toEqual(Array.from(s, (c) => c.codePointAt(0)));
      }),
    );
  });
});
