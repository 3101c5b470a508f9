// The bundled fonts (src/main/services/export/fonts.ts) have a glyph for
// every marker of an invisible character (model/visible-text.ts: ␣ ⍽ → ⏎ and
// ⟨U+XXXX⟩), in the regular and bold faces the chips use and the mono face,
// and the subset made for an export keeps them (so the PDF and the SVG's
// embedded font draw the marker, not an empty box).
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { fontBytes, fontSubset, textByFace, type FontFace } from '../../../../../src/main/services/export/fonts';
import { EMPTY_MARK, NBSP_MARK, NEWLINE_MARK, SPACE_MARK, TAB_MARK } from '../../../../../src/shared/model/visible-text';
import { chip } from '../../../../../src/shared/viz/chips';
import { THEMES } from '../../../../../src/shared/viz/theme';

interface Font {
  hasGlyphForCodePoint(cp: number): boolean;
}
// fontkit (pdfkit's font reader, as scripts/gen-font-metrics.mjs uses it) has no type declarations.
const fontkit = createRequire(import.meta.url)('fontkit') as { create(b: Buffer): Font };
const open = (b: Buffer) => fontkit.create(b);
const MARKERS = `${SPACE_MARK}${NBSP_MARK}${TAB_MARK}${NEWLINE_MARK}${EMPTY_MARK}⟨U+0123456789ABCDEF⟩…`;

describe('fonts for the markers of invisible characters', () => {
  it.each(['sans', 'bold', 'mono'] as FontFace[])('the bundled %s face has every marker glyph', (face) => {
    const f = open(fontBytes(face));
    for (const ch of MARKERS) expect(f.hasGlyphForCodePoint(ch.codePointAt(0)!), `${face} ${ch}`).toBe(true);
  });

  it('keeps the marker glyphs in the subset made for a figure with them', async () => {
    const c = chip({ slot: 'hotel-area', gold: 'a\tb', pred: ' a\u200bb\n', class: 'wrong', changed: true }, 0, 0, 600, THEMES.light);
    const chars = textByFace({ width: 600, height: 30, title: '', desc: '', nodes: c.nodes });
    expect(chars.get('sans')).toContain('␣');
    for (const [face, text] of chars) {
      const f = open(await fontSubset(face, text));
      for (const ch of text) expect(f.hasGlyphForCodePoint(ch.codePointAt(0)!), `${face} ${ch}`).toBe(true);
    }
  });
});
