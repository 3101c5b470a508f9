// JsonScanner.scanStringValue (the belief-span loader's string scan, no
// decoding, no hashing) accepts and refuses exactly what readString does,
// with the same message and place, and says rightly whether a string is ASCII.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonScanner } from '../../../../src/shared/formats/json-scanner';

const enc = new TextEncoder();

/** What a scan of `text` (a string value at its start) gives: its bounds and flags, or the error's message. */
function scan(text: string, how: 'value' | 'read') {
  const sc = new JsonScanner(enc.encode(text), 'f.json');
  try {
    if (how === 'value') {
      sc.scanStringValue();
      return { start: sc.strStart, end: sc.strEnd, escaped: sc.strEscaped, pos: sc.pos };
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
          expect(value).toEqual(read);
          const sc = new JsonScanner(enc.encode(text), 'f.json');
          sc.scanStringValue();
          const bytes = enc.encode(text).subarray(sc.strStart, sc.strEnd);
          expect(sc.strAscii).toBe(bytes.every((b) => b < 0x80));
        }
      }),
      { numRuns: 500 },
    );
  });
});
