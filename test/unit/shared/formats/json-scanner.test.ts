// JsonScanner.scanStringValue (the belief-span loader's string scan, no
// decoding, no hashing) accepts and refuses exactly what readString does,
// with the same message and place, and says rightly whether a string is ASCII;
// told that its first bytes are plain (ASCII without a quote, a backslash or a
// control character), it gives the same as without being told.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonScanner } from '../../../../src/shared/formats/json-scanner';

const enc = new TextEncoder();

/** What a scan of `text` (a string value at its start) gives: its bounds and flags, or the error's message. */
function scan(text: string, how: 'value' | 'read', plain = 0) {
  const sc = new JsonScanner(enc.encode(text), 'f.json');
  try {
    if (how === 'value') {
      sc.scanStringValue(plain);
      return { start: sc.strStart, end: sc.strEnd, escaped: sc.strEscaped, ascii: sc.strAscii, pos: sc.pos };
    }
    sc.readString();
    return { start: sc.strStart, end: sc.strEnd, escaped: sc.strEscaped, pos: sc.pos };
  } catch (e) {
    return { error: (e as Error).message };
  }
}

describe('JsonScanner.scanStringValue', () => {
  it('accepts and refuses what readString does, with the same message', () => {
    const piece = fc.constantFrom('a', ' ', 'é', '\\"', '\\\\', '\\n', '\\u00e9', '\\u12', '\\x', '\t', '\n', '\u0001', '"', '[hotel]');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), fc.boolean(), (parts, closed) => {
        const text = `"${parts.join('')}${closed ? '"' : ''}`;
        const value = scan(text, 'value');
        const read = scan(text, 'read');
        if ('error' in read) expect(value).toEqual(read);
        else {
          expect({ ...value, ascii: undefined }).toEqual(read);
          const sc = new JsonScanner(enc.encode(text), 'f.json');
          sc.scanStringValue();
          const bytes = enc.encode(text).subarray(sc.strStart, sc.strEnd);
          expect(sc.strAscii).toBe(bytes.every((b) => b < 0x80));
        }
      }),
      { numRuns: 500 },
    );
  });

  it('skips the first bytes it is told are plain, and gives what a whole scan gives', () => {
    const piece = fc.constantFrom('a', ' ', '[hotel]', '<eos_b>', 'é', '\\"', '\\n', '\t', '\u0001', '"');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), fc.boolean(), fc.nat(40), (parts, closed, k) => {
        const text = `"${parts.join('')}${closed ? '"' : ''}`;
        const bytes = enc.encode(text);
        // The plain bytes after the opening quote, and a number of them the caller may know.
        let plainLen = 0;
        while (
          1 + plainLen < bytes.length &&
          bytes[1 + plainLen] >= 0x20 &&
          bytes[1 + plainLen] < 0x80 &&
          bytes[1 + plainLen] !== 0x22 &&
          bytes[1 + plainLen] !== 0x5c
        )
          plainLen++;
        expect(scan(text, 'value', Math.min(k, plainLen))).toEqual(scan(text, 'value'));
      }),
      { numRuns: 500 },
    );
  });
});
