// Layer: shared (pure TS). Text in a PNG's metadata: iTXt chunks (UTF-8,
// uncompressed) with the PNG specification's keywords "Title" and
// "Description", so an exported PNG carries its figure's title and metric
// signature like the SVG's <title>/<desc> and the PDF's Title/Subject — also
// when the figure is drawn without its signature line. Read back by pngTexts.

import { pngChunk } from './png-dpi';

const u32 = (b: Uint8Array, p: number) => ((b[p] << 24) | (b[p + 1] << 16) | (b[p + 2] << 8) | b[p + 3]) >>> 0;
const type = (b: Uint8Array, p: number) => String.fromCharCode(b[p], b[p + 1], b[p + 2], b[p + 3]);

/** The iTXt chunk data of one entry: keyword, NUL, no compression, no language, the UTF-8 text. */
function itxt(keyword: string, text: string): Uint8Array {
  const enc = new TextEncoder();
  const key = enc.encode(keyword);
  const body = enc.encode(text);
  const out = new Uint8Array(key.length + 5 + body.length);
  out.set(key, 0);
  // keyword \0, compression flag 0, method 0, empty language tag \0, empty translated keyword \0
  out.set(body, key.length + 5);
  return out;
}

/** The PNG with an iTXt chunk per non-empty entry, before IEND (existing text chunks of those keywords dropped). */
export function withTexts(png: Uint8Array, entries: Readonly<Record<string, string>>): Uint8Array {
  const keys = Object.entries(entries).filter(([k, v]) => /^[\x20-\x7e]{1,79}$/.test(k) && v !== '');
  const parts: Uint8Array[] = [png.subarray(0, 8)];
  const dec = new TextDecoder('latin1');
  for (let p = 8; p + 12 <= png.length;) {
    const len = u32(png, p);
    const kind = type(png, p + 4);
    const chunk = png.subarray(p, p + 12 + len);
    p += 12 + len;
    if (kind === 'IEND') {
      for (const [k, v] of keys) parts.push(pngChunk('iTXt', itxt(k, v)));
      parts.push(chunk);
      break;
    }
    if ((kind === 'iTXt' || kind === 'tEXt') && keys.some(([k]) => dec.decode(chunk.subarray(8, 8 + k.length + 1)) === `${k}\0`)) continue;
    parts.push(chunk);
  }
  const out = new Uint8Array(parts.reduce((n, x) => n + x.length, 0));
  let o = 0;
  for (const x of parts) {
    out.set(x, o);
    o += x.length;
  }
  return out;
}

/** The uncompressed iTXt and tEXt entries of a PNG, by keyword. */
export function pngTexts(png: Uint8Array): Record<string, string> {
  const out: Record<string, string> = {};
  for (let p = 8; p + 12 <= png.length;) {
    const len = u32(png, p);
    const kind = type(png, p + 4);
    const data = png.subarray(p + 8, p + 8 + len);
    p += 12 + len;
    const nul = data.indexOf(0);
    if (nul < 0) continue;
    const key = new TextDecoder('latin1').decode(data.subarray(0, nul));
    if (kind === 'tEXt') out[key] = new TextDecoder('latin1').decode(data.subarray(nul + 1));
    if (kind === 'iTXt' && data[nul + 1] === 0) {
      const lang = data.indexOf(0, nul + 3);
      const translated = lang < 0 ? -1 : data.indexOf(0, lang + 1);
      if (translated >= 0) out[key] = new TextDecoder().decode(data.subarray(translated + 1));
    }
  }
  return out;
}
