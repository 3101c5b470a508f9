// Numbers read from bytes by the CSV fast path (src/shared/formats/csv-bytes.ts):
// exactDecimal (up to 15 significant digits, no exponent: digits / 10^k, one
// correctly rounded division — Clinger's fast path) and asciiNumber (Number()
// of the text, built without a decoder) give what Number() — and so
// JSON.parse — gives for the same text, bit for bit (-0 included); exactDecimal
// declines (undefined) past 15 digits or 22 after the point.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asciiNumber, exactDecimal } from '../../../../src/shared/formats/csv-bytes';

const enc = (s: string) => new TextEncoder().encode(s);

/** JSON number texts: doubles as JS (and Python's repr) print them, and decimals written digit by digit. */
const numberText = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => JSON.stringify(x)),
  fc.double({ min: 0, max: 1, noNaN: true }).map(String),
  fc
    .tuple(
      fc.boolean(),
      fc.oneof(fc.constant('0'), fc.stringMatching(/^[1-9][0-9]{0,20}$/)),
      fc.option(fc.stringMatching(/^[0-9]{1,26}$/)),
      fc.option(fc.stringMatching(/^[eE][+-]?[0-9]{1,3}$/)),
    )
    .map(([neg, int, frac, exp]) => `${neg ? '-' : ''}${int}${frac === null ? '' : `.${frac}`}${exp ?? ''}`),
  fc.constantFrom('0', '-0', '-0.0', '1.0', '0.6000000000000001', '9007199254740993', '0.1e1', '123456789012345', '1234567890123456'),
);

describe('numbers read from bytes', () => {
  it('exactDecimal equals Number() bit for bit, or declines; asciiNumber always equals Number()', () => {
    let exact = 0;
    fc.assert(
      fc.property(numberText, fc.nat(3), (text, pad) => {
        // The text inside other bytes, as in a file (asciiNumber may read past its end).
        const b = enc(`${'x'.repeat(pad)}${text}}, "k": 1`);
        const want = Number(text);
        expect(Object.is(asciiNumber(b, pad, pad + text.length), want)).toBe(true);
        const v = /[eE]/.test(text) ? undefined : exactDecimal(b, pad, pad + text.length);
        if (v !== undefined) {
          exact++;
          expect(Object.is(v, want)).toBe(true);
        }
      }),
      { numRuns: 3000 },
    );
    expect(exact).toBeGreaterThan(300);
  });

  it('declines past 15 significant digits or 22 digits after the point; leading zeros are not significant', () => {
    const at = (t: string) => exactDecimal(enc(t), 0, t.length);
    expect(at('0.43697693777983204')).toBeUndefined();
    expect(at('1234567890123456')).toBeUndefined();
    expect(at('0.00000000000000000000001')).toBeUndefined();
    expect(at('0.000123456789012345')).toBe(0.000123456789012345);
    expect(at('123456789012345')).toBe(123456789012345);
    expect(Object.is(at('-0.0'), -0)).toBe(true);
  });

  it('asciiNumber reads at the very end of the buffer and past 24 bytes', () => {
    const t = '0.12345678901234567890123456789';
    expect(asciiNumber(enc(t), 0, t.length)).toBe(Number(t));
    expect(asciiNumber(enc('x0.5'), 1, 4)).toBe(0.5);
  });
});
