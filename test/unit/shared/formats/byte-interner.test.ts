// The byte interner (src/shared/formats/byte-interner.ts): equal bytes give
// one id, decoded once; a string that begins with U+FEFF keeps it (it is text
// inside a string, not a byte-order mark: JSON.parse keeps it too).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
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

  it('equal bytes, and only equal bytes, get one id: short and long strings, several sources, one hash for all, the pool grown', () => {
    const unit = fc.constantFrom('a', 'b', 'é', 'abcd', 'x'.repeat(300));
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string({ unit, maxLength: 12 }), fc.nat(2)), { minLength: 1, maxLength: 60 }), (items) => {
        // Three sources; each string at its own offset in the source it names.
        const sources = [0, 1, 2].map((k) => items.filter(([, src]) => src === k).map(([x]) => x));
        const buffers = sources.map((xs) => enc(xs.join('|')));
        const t = new ByteInterner(new Interner());
        const ids = new Map<string, number>();
        sources.forEach((xs, k) => {
          let at = 0;
          for (const x of xs) {
            const len = enc(x).length;
            const id = t.intern(buffers[k], at, at + len, 42);
            if (ids.has(x)) expect(id).toBe(ids.get(x));
            else {
              expect([...ids.values()]).not.toContain(id);
              ids.set(x, id);
            }
            expect(t.target.name(id)).toBe(x);
            at += len + 1;
          }
        });
      }),
      { numRuns: 300 },
    );
  });

  it('compares with the grown pool: 200 strings of 1 KB, one hash, each interned twice', () => {
    const xs = Array.from({ length: 200 }, (_, i) => `${String(i).padStart(4, '0')}${'y'.repeat(1020)}`);
    const bytes = enc(xs.join(''));
    const t = new ByteInterner(new Interner());
    const first = xs.map((_, i) => t.intern(bytes, i * 1024, (i + 1) * 1024, 7));
    expect(new Set(first).size).toBe(200);
    expect(xs.map((_, i) => t.intern(bytes, i * 1024, (i + 1) * 1024, 7))).toEqual(first);
  });
});
