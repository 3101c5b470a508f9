// Layer: shared (pure TS). The resolution of a PNG file: write its pHYs chunk
// (pixels per metre; 96 dpi × the scale, so a 2× picture keeps the figure's
// printed size) and read it back, and read a PNG's pixel size. Used by the
// Node exporters and by the page's own screenshots in browser mode.

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** CSS pixels per inch: a 1× PNG has one pixel per scene unit at 96 dpi. */
export const CSS_DPI = 96;

const u32 = (b: Uint8Array, p: number) => ((b[p] << 24) | (b[p + 1] << 16) | (b[p + 2] << 8) | b[p + 3]) >>> 0;
const type = (b: Uint8Array, p: number) => String.fromCharCode(b[p], b[p + 1], b[p + 2], b[p + 3]);
const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function isPng(b: Uint8Array): boolean {
  return b.length >= 33 && SIGNATURE.every((x, i) => b[i] === x) && type(b, 12) === 'IHDR';
}

/** One PNG chunk: length, type, data, CRC. */
export function pngChunk(kind: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const v = new DataView(out.buffer);
  v.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = kind.charCodeAt(i);
  out.set(data, 8);
  v.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** The PNG with a pHYs chunk of `dpi` right after IHDR (any pHYs it had is dropped). */
export function withDpi(png: Uint8Array, dpi: number): Uint8Array {
  if (!isPng(png)) throw new Error('not a PNG file');
  const ihdrEnd = 8 + 12 + u32(png, 8);
  const ppm = Math.round(dpi / 0.0254);
  const data = new Uint8Array(9);
  const v = new DataView(data.buffer);
  v.setUint32(0, ppm);
  v.setUint32(4, ppm);
  data[8] = 1; // unit: metre
  const parts: Uint8Array[] = [png.subarray(0, ihdrEnd), pngChunk('pHYs', data)];
  for (let p = ihdrEnd; p + 12 <= png.length;) {
    const len = u32(png, p);
    if (type(png, p + 4) !== 'pHYs') parts.push(png.subarray(p, p + 12 + len));
    p += 12 + len;
  }
  const out = new Uint8Array(parts.reduce((n, x) => n + x.length, 0));
  let o = 0;
  for (const x of parts) {
    out.set(x, o);
    o += x.length;
  }
  return out;
}

/** The pHYs resolution of a PNG in dots per inch, or null without one. */
export function pngDpi(png: Uint8Array): number | null {
  if (!isPng(png)) return null;
  for (let p = 8; p + 12 <= png.length;) {
    const len = u32(png, p);
    if (type(png, p + 4) === 'pHYs') return png[p + 16] === 1 ? u32(png, p + 8) * 0.0254 : null;
    p += 12 + len;
  }
  return null;
}

/** Width and height of a PNG in pixels. */
export function pngSize(png: Uint8Array): { width: number; height: number } {
  if (!isPng(png)) throw new Error('not a PNG file');
  return { width: u32(png, 16), height: u32(png, 20) };
}
