// The figure options of issue 15 run as real processes: `figure
// --no-signature` (no signature line drawn, the figure shorter, the signature
// still the SVG's <desc> and the PDF's Subject) and `compare --series-figure`
// (the series figure with --x-label on its axis and only the --metrics
// panels, its last tick label inside the frame), with their usage errors.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES } from '../../../helpers/fixtures';
import { requireBuild, runCli } from '../../../helpers/cli';
import { pdfRaster, pdfText, pixel, toolAvailable } from '../../../helpers/tools';
import { pngTexts } from '../../../../src/shared/viz/png-text';

const MUL = join(FIXTURES, 'paper', 'mul1110.json');
const SOM = join(FIXTURES, 'multiwoz-somdst-100', 'predictions.json');
const SIG = /GCA alpha=10\/11 \| FGA lambda=0\.5 \| SA K=30 \| values=exact \| none=inactive \| app [\d.]+/;
let tmp: string;

beforeAll(() => {
  requireBuild();
  tmp = mkdtempSync(join(tmpdir(), 'dsti-figopt-'));
});

function run(args: string[]): void {
  const r = runCli(args);
  expect(r.code, r.stderr).toBe(0);
}

function svgHeight(svg: string): number {
  return Number(/<svg [^>]*height="([\d.]+)"/.exec(svg)![1]);
}

function usageError(args: string[], fragment: RegExp): void {
  const r = runCli(args);
  expect(r.code, r.stderr).toBe(2);
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
  expect(r.stderr).toMatch(fragment);
}

describe('figure --no-signature', () => {
  it('SVG: the signature line is gone and the figure shorter; <desc> keeps the signature', () => {
    const a = join(tmp, 'with.svg');
    const b = join(tmp, 'without.svg');
    run(['figure', MUL, '--dialogue', 'MUL1110', '--out', a]);
    run(['figure', MUL, '--dialogue', 'MUL1110', '--out', b, '--no-signature']);
    const withSig = readFileSync(a, 'utf8');
    const without = readFileSync(b, 'utf8');
    expect(withSig).toMatch(/data-role="signature"/);
    expect(without).not.toMatch(/data-role="signature"/);
    expect(without).not.toMatch(/<text[^>]*>GCA alpha=10\/11/);
    expect(without).toMatch(new RegExp(`<desc>${SIG.source}</desc>`));
    expect(svgHeight(without)).toBeLessThan(svgHeight(withSig));
    expect(svgHeight(withSig) - svgHeight(without)).toBeLessThan(30);
  });

  it.runIf(toolAvailable('pdftotext'))('PDF: no signature in the text, still the Subject', () => {
    const pdf = join(tmp, 'without.pdf');
    run(['figure', MUL, '--dialogue', 'MUL1110', '--out', pdf, '--no-signature']);
    expect(pdfText(pdf)).not.toMatch(/GCA alpha=10\/11/);
    expect(pdfText(pdf)).toContain('31.43');
    expect(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' })).toMatch(new RegExp(`^Subject:\\s+${SIG.source}$`, 'm'));
  });

  it('PNG: the signature in its iTXt Description, with or without the line', () => {
    for (const extra of [[], ['--no-signature']]) {
      const png = join(tmp, `mul${extra.length}.png`);
      run(['figure', MUL, '--dialogue', 'MUL1110', '--out', png, ...extra]);
      const t = pngTexts(readFileSync(png));
      expect(t.Description).toMatch(new RegExp(`^${SIG.source}$`));
      expect(t.Title).toMatch(/^MUL1110\.json/);
    }
  });
});

describe('compare --series-figure', () => {
  const base = [
    'compare',
    SOM,
    SOM,
    SOM,
    '--name',
    'ratio_0.01,ratio_0.1,ratio_1',
    '--series-x',
    '0.01,0.1,1',
    '--bootstrap',
    '50',
    '--trials',
    '0',
  ];

  it('SVG: the --metrics panels, the --x-label on the axis, each tick label inside the frame, the signature', () => {
    const out = join(tmp, 'series.svg');
    const r = runCli([...base, '--metrics', 'JGA,GCA', '--series-figure', out, '--x-label', 'training data ratio']);
    expect(r.code, r.stderr).toBe(0);
    // The report is written as ever.
    expect(r.stdout).toMatch(/^Run\s+turns\s+JGA\s+GCA\n/);
    const svg = readFileSync(out, 'utf8');
    expect([...svg.matchAll(/data-testid="series-panel" data-metric="([^"]+)"/g)].map((m) => m[1])).toEqual(['JGA', 'GCA']);
    expect(svg).toContain('>training data ratio (log scale)</text>');
    expect([...svg.matchAll(/data-testid="series-tick" data-x="([^"]+)"/g)].map((m) => m[1])).toEqual([
      '0.01',
      '0.1',
      '1',
      '0.01',
      '0.1',
      '1',
    ]);
    expect(svg).toMatch(/<desc>GCA alpha=10\/11 .*bootstrap=50/);
    expect(svg).toMatch(/data-role="signature"/);
  });

  it.runIf(toolAvailable('pdftoppm'))(
    'PDF without the signature: nothing drawn in the right margin (the last tick label kept inside)',
    () => {
      const out = join(tmp, 'series.pdf');
      run([...base, '--metrics', 'JGA,FGA,GCA', '--series-figure', out, '--no-signature', '--x-label', 'ratio']);
      expect(pdfText(out)).not.toMatch(/GCA alpha=10\/11/);
      expect(pdfText(out)).toContain('ratio (log scale)');
      const r = pdfRaster(out, 144);
      // The rightmost 1 pt column of the page is blank (white): no label runs off the edge.
      for (let y = 0; y < r.height; y++) for (let x = r.width - 2; x < r.width; x++) expect(pixel(r, x, y)).toEqual([255, 255, 255]);
    },
  );

  it('usage errors: no --series-x, a bad extension, --x-label without a figure', () => {
    usageError(['compare', SOM, SOM, '--series-figure', join(tmp, 's.svg')], /--series-figure needs --series-x/);
    usageError([...base, '--series-figure', join(tmp, 's.txt')], /--series-figure .*s\.txt: \.txt is not a figure format/);
    usageError([...base, '--x-label', 'ratio'], /--x-label needs --series-figure FILE/);
    expect(existsSync(join(tmp, 's.svg'))).toBe(false);
  });
});
