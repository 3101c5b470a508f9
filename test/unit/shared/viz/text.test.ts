// Text measured with the bundled fonts (src/shared/viz/text.ts): the generated
// metrics equal the TTF files' advances (regenerate with
// scripts/gen-font-metrics.mjs when the font package changes), and shortening
// and wrapping keep within the width asked for.
import { describe, expect, it } from 'vitest';
import { FONT_METRICS } from '../../../../src/shared/viz/font-metrics';
import { fitText, textWidth, wrapText } from '../../../../src/shared/viz/text';
// @ts-expect-error: a plain ES module script without type declarations
import { measure } from '../../../../scripts/gen-font-metrics.mjs';

describe('font metrics', () => {
  it('are current: the committed table equals what the script reads from the bundled TTF files', () => {
    expect(JSON.parse(JSON.stringify(measure()))).toEqual(JSON.parse(JSON.stringify(FONT_METRICS)));
  });
  it('give DejaVu Sans widths: sums of advances, bold wider, monospace fixed', () => {
    // 'A' is 1401/2048 em in DejaVu Sans; '1' 1303/2048.
    expect(textWidth('A', 2048)).toBe(1401);
    expect(textWidth('31.43', 10)).toBeCloseTo((4 * 1303 + 651) / 204.8, 9);
    expect(textWidth('GCA', 10, 'bold')).toBeGreaterThan(textWidth('GCA', 10));
    expect(textWidth('iiii', 10, 'mono')).toBe(textWidth('WWWW', 10, 'mono'));
    expect(textWidth('✓≠∅↻Δλ', 10)).toBeGreaterThan(0);
  });
});

describe('fitting text', () => {
  it('cuts with an ellipsis only when needed', () => {
    expect(fitText('cambridge artworks', 500, 10)).toBe('cambridge artworks');
    const cut = fitText('cambridge artworks', 50, 10);
    expect(cut.endsWith('…')).toBe(true);
    expect(textWidth(cut, 10)).toBeLessThanOrEqual(50);
  });
  it('wraps at spaces within the width, at most n lines, marking what was left out', () => {
    const text =
      'Would you like me to book you a table at Dojo Noodle Bar at 40210 Millers Yard City Centre for Tuesday at 17:00 for 3 people?';
    const all = wrapText(text, 120, 10);
    expect(all.join(' ')).toBe(text);
    for (const l of all) expect(textWidth(l, 10)).toBeLessThanOrEqual(120);
    const two = wrapText(text, 120, 10, 'sans', 2);
    expect(two).toHaveLength(2);
    expect(two[1].endsWith('…')).toBe(true);
    expect(wrapText('supercalifragilisticexpialidocious', 40, 10)[0].endsWith('…')).toBe(true);
  });
});
