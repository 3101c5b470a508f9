// Layer: main (Node). A scene as a PNG: the scene's SVG (sceneToSvg, the same
// drawing as the screen) rasterised by resvg with the bundled fonts only (no
// system fonts, so every machine draws the same pixels), at 1×, 2× or 3×,
// with the scale written in the file's pHYs chunk (96 dpi × scale), so the
// picture keeps the figure's size when placed in a document.

import { deflateSync } from 'node:zlib';
import { Resvg } from '@resvg/resvg-js';
import type { Scene } from '../../../shared/viz/scene';
import { sceneToSvg } from '../../../shared/viz/scene-svg';
import { fontFile } from './fonts';

/** CSS pixels per inch: a 1× PNG has one pixel per scene unit at 96 dpi. */
export const CSS_DPI = 96;

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  Buffer.from(data).copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** The PNG with a pHYs chunk of `dpi` (replacing any there was), right after IHDR. */
export function withDpi(png: Uint8Array, dpi: number): Buffer {
  const buf = Buffer.from(png);
  if (buf.readUInt32BE(12) !== 0x49484452) throw new Error('not a PNG: IHDR missing');
  const ihdrEnd = 8 + 12 + buf.readUInt32BE(8);
  const ppm = Math.round(dpi / 0.0254);
  const data = Buffer.alloc(9);
  data.writeUInt32BE(ppm, 0);
  data.writeUInt32BE(ppm, 4);
  data.writeUInt8(1, 8); // unit: metre
  const parts: Buffer[] = [buf.subarray(0, ihdrEnd), chunk('pHYs', data)];
  for (let p = ihdrEnd; p < buf.length; ) {
    const len = buf.readUInt32BE(p);
    const type = buf.toString('latin1', p + 4, p + 8);
    if (type !== 'pHYs') parts.push(buf.subarray(p, p + 12 + len));
    p += 12 + len;
  }
  return Buffer.concat(parts);
}

/** The pHYs of a PNG in dots per inch (x), or null without one. */
export function pngDpi(png: Uint8Array): number | null {
  const buf = Buffer.from(png);
  for (let p = 8; p + 8 <= buf.length; ) {
    const len = buf.readUInt32BE(p);
    if (buf.toString('latin1', p + 4, p + 8) === 'pHYs') return buf.readUInt8(p + 16) === 1 ? (buf.readUInt32BE(p + 8) * 0.0254) : null;
    p += 12 + len;
  }
  return null;
}

/** Width and height of a PNG in pixels. */
export function pngSize(png: Uint8Array): { width: number; height: number } {
  const buf = Buffer.from(png);
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}

/** An SVG document rasterised with the bundled fonts at `scale` (1 scene unit = `scale` pixels). */
export function svgToPng(svg: string, scale: number): Buffer {
  const r = new Resvg(svg, {
    fitTo: { mode: 'zoom', value: scale },
    font: { fontFiles: [fontFile('sans'), fontFile('bold'), fontFile('mono')], loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans', monospaceFamily: 'DejaVu Sans Mono', sansSerifFamily: 'DejaVu Sans' },
  });
  return withDpi(r.render().asPng(), CSS_DPI * scale);
}

export function sceneToPng(scene: Scene, scale = 2): Buffer {
  return svgToPng(sceneToSvg(scene), scale);
}

/** A raw RGBA image (a screenshot) as a PNG with its scale in pHYs. */
export function rgbaToPng(rgba: Uint8Array, width: number, height: number, scale: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) Buffer.from(rgba.buffer, rgba.byteOffset + y * width * 4, width * 4).copy(raw, y * (width * 4 + 1) + 1);
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', new Uint8Array())]);
  return withDpi(png, CSS_DPI * scale);
}
