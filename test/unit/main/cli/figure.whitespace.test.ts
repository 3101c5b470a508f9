// `dst-inspector figure --kind dialogue` on a dialogue whose predictions carry
// leading, trailing and repeated spaces (test/fixtures/whitespace): the SVG
// draws each invisible character as a muted marker text (␣), the chip titles
// quote the values, and the PDF embeds fonts with the marker glyphs, whose
// text (pdftotext, through the fonts' Unicode maps) reads "␣centre" and
// "modern␣␣european".
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { requireBuild, runCli } from '../../../helpers/cli';
import { FIXTURES } from '../../../helpers/fixtures';
import { pdfFonts, pdfText, toolAvailable } from '../../../helpers/tools';

const FILE = join(FIXTURES, 'whitespace', 'lookalikes.json');
let tmp: string;

beforeAll(() => {
  requireBuild();
  tmp = mkdtempSync(join(tmpdir(), 'dsti-fig-ws-'));
});

function figure(name: string, dialogue: string): string {
  const out = join(tmp, name);
  const r = runCli(['figure', FILE, '--dialogue', dialogue, '--kind', 'dialogue', '--out', out]);
  expect(r.code, r.stderr).toBe(0);
  return out;
}

describe('figure: invisible characters made visible', () => {
  it('writes the markers as text in the SVG, muted, and the values quoted in the titles', () => {
    const svg = readFileSync(figure('ws1.svg', 'WS0001.json'), 'utf8');
    const marks = [...svg.matchAll(/<text [^>]*fill="([^"]+)"[^>]*data-testid="figure-mark">([^<]*)<\/text>/g)];
    // " centre" at turns 0-2, "2 " at turns 1-2, "modern  european" (two) at turn 2.
    expect(marks.map((m) => m[2])).toEqual(Array(7).fill('␣'));
    expect(new Set(marks.map((m) => m[1]))).toEqual(new Set(['#5b6470']));
    expect(svg).toContain('<title>hotel-area: wrong value (gold centre, predicted &quot; centre&quot;), changed this turn</title>');
  });

  it.runIf(toolAvailable('pdftotext') && toolAvailable('pdffonts'))('draws the markers in the PDF with embedded fonts', () => {
    const pdf = figure('ws1.pdf', 'WS0001.json');
    expect(pdfFonts(pdf).every((f) => f.embedded && !/Type 3/.test(f.type))).toBe(true);
    const text = pdfText(pdf);
    expect(text).toContain('␣centre');
    expect(text).toContain('modern␣␣european');
    const pdf3 = pdfText(figure('ws3.pdf', 'WS0003.json'));
    expect(pdf3).toContain('guest⍽house');
    expect(pdf3).toContain('cambridge⟨U+200B⟩');
    expect(pdf3).toContain('Cheap⏎');
  });
});
