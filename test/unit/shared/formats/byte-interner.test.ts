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

  it('keeps a leading U+FEFF, as JSON.parse does', () => {
    const bytes = enc('"\uFEFFx"');
    expect(decodeUtf8(bytes, 1, bytes.length - 1)).toBe(JSON.parse('"\uFEFFx"'));
    const t = new ByteInterner(new Interner());
    expect(t.target.name(t.intern(bytes, 1, bytes.length - 1, 7))).toBe('\uFEFFx');
  });
});
