// The byte interner (src/shared/formats/byte-interner.ts): equal bytes give
// one id, decoded once; a string that begins with U+FEFF keeps it (it is text
// inside a string, not a byte-order mark: JSON.parse keeps it too).
import { describe, expect, it } from 'vitest';
import { ByteInterner, decodeUtf8 } from '../../../../src/shared/formats/byte-interner';
import { Interner } from '../../../../src/shared/model/interner';

const enc = (s: string) => new TextEncoder().encode(s);

describe('ByteInterner', () => {
  it('gives equal byte ranges one id and their text', () => {
    const bytes = enc('north|north|south');
    const t = new ByteInterner(new Interner());
    const a = t.intern(bytes, 0, 5, 1);
    expect(t.intern(bytes, 6, 11, 1)).toBe(a);
    expect(t.intern(bytes, 12, 17, 2)).not.toBe(a);
    expect(t.target.name(a)).toBe('north');
  });

  it('key: numbers distinct byte strings 0, 1, … without decoding them (bytes that are not UTF-8 too)', () => {
    const bytes = new Uint8Array([0x61, 0x62, 0x7c, 0xff, 0xfe, 0x7c, 0x61, 0x62, 0x7c, 0xff, 0xfe]);
    const t = new ByteInterner(new Interner());
    expect(t.key(bytes, 0, 2, 5)).toBe(0);
    expect(t.key(bytes, 3, 5, 5)).toBe(1); // the same hash, other bytes
    expect(t.key(bytes, 6, 8, 5)).toBe(0);
    expect(t.key(bytes, 9, 11, 5)).toBe(1);
    expect(t.key(bytes, 0, 1, 5)).toBe(2);
    expect(t.target.size).toBe(0);
    // Longer ones (compared four bytes at a time), equal or not in one byte, at any offset.
    const long = new TextEncoder().encode('abcdefghij|abcdefgXij|xabcdefghij|abcdefghiX');
    const u = new ByteInterner(new Interner());
    expect(u.key(long, 0, 10, 9)).toBe(0);
    expect(u.key(long, 11, 21, 9)).toBe(1);
    expect(u.key(long, 23, 33, 9)).toBe(0);
    expect(u.key(long, 34, 44, 9)).toBe(2);
    expect(u.key(long.subarray(23), 0, 10, 9)).toBe(0);
  });

  it('keeps a leading U+FEFF, as JSON.parse does', () => {
    const bytes = enc('"\uFEFFx"');
    expect(decodeUtf8(bytes, 1, bytes.length - 1)).toBe(JSON.parse('"\uFEFFx"'));
    const t = new ByteInterner(new Interner());
    expect(t.target.name(t.intern(bytes, 1, bytes.length - 1, 7))).toBe('\uFEFFx');
  });
});
