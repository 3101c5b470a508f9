// PNG text metadata (src/shared/viz/png-text.ts): iTXt Title and Description
// written before IEND with valid CRCs, read back as UTF-8 (λ, ≥), replacing
// earlier entries of the same keyword and leaving the picture's chunks as
// they were; empty entries are not written.
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32, pngChunk, pngSize } from '../../../../src/shared/viz/png-dpi';
import { pngTexts, withTexts } from '../../../../src/shared/viz/png-text';

/** A 1 × 1 white RGB PNG. */
function tinyPng(): Uint8Array {
  const ihdr = new Uint8Array([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  const idat = deflateSync(Buffer.from([0, 255, 255, 255]));
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', idat),
    pngChunk('IEND', new Uint8Array()),
  ];
  return Buffer.concat(parts);
}

function chunks(png: Uint8Array): { kind: string; crcOk: boolean }[] {
  const out = [];
  const v = new DataView(png.buffer, png.byteOffset, png.byteLength);
  for (let p = 8; p + 12 <= png.length;) {
    const len = v.getUint32(p);
    const kind = String.fromCharCode(...png.subarray(p + 4, p + 8));
    out.push({ kind, crcOk: v.getUint32(p + 8 + len) === crc32(png.subarray(p + 4, p + 8 + len)) });
    p += 12 + len;
  }
  return out;
}

describe('PNG text', () => {
  const sig = 'GCA alpha=10/11 | FGA lambda=0.5 | λ ≥ 0';
  it('writes Title and Description as iTXt before IEND, with valid CRCs, and reads them back', () => {
    const png = withTexts(tinyPng(), { Title: 'MUL1110.json: gold and predicted states', Description: sig });
    expect(chunks(png).map((c) => c.kind)).toEqual(['IHDR', 'IDAT', 'iTXt', 'iTXt', 'IEND']);
    expect(chunks(png).every((c) => c.crcOk)).toBe(true);
    expect(pngTexts(png)).toEqual({ Title: 'MUL1110.json: gold and predicted states', Description: sig });
    expect(pngSize(png)).toEqual({ width: 1, height: 1 });
  });

  it('replaces an earlier entry of the same keyword; leaves out empty ones', () => {
    const once = withTexts(tinyPng(), { Description: 'old' });
    const twice = withTexts(once, { Description: sig, Title: '' });
    expect(pngTexts(twice)).toEqual({ Description: sig });
    expect(chunks(twice).filter((c) => c.kind === 'iTXt')).toHaveLength(1);
  });
});
