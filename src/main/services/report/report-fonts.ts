// Layer: main (Node). @font-face rules for the report's scene fonts ('DST
// Sans', 'DST Mono': the per-turn chart and the figures), each a TrueType subset
// of the bundled DejaVu faces holding only the characters the report can
// draw, inlined as data: URIs — a few kilobytes instead of 1.5 MB of TTF.

import { fontSubset, type FontFace } from '../export/fonts';

const FAMILY: Record<FontFace, [string, string]> = {
  sans: ['DST Sans', 'normal'],
  bold: ['DST Sans', 'bold'],
  mono: ['DST Mono', 'normal'],
};

/** Every distinct character of `texts` (plus printable ASCII, so a number the viewer formats always has its glyphs). */
export function charactersOf(texts: Iterable<string>): string {
  const set = new Set<string>();
  for (let c = 32; c < 127; c++) set.add(String.fromCharCode(c));
  for (const t of texts) for (const ch of t) set.add(ch);
  return [...set].sort().join('');
}

export async function reportFontCss(chars: string): Promise<string> {
  const rules = await Promise.all(
    (Object.keys(FAMILY) as FontFace[]).map(async (face) => {
      const ttf = await fontSubset(face, chars);
      const [family, weight] = FAMILY[face];
      return `@font-face{font-family:'${family}';src:url(data:font/ttf;base64,${ttf.toString('base64')}) format('truetype');font-weight:${weight};font-style:normal;font-display:block}`;
    }),
  );
  return rules.join('\n');
}
