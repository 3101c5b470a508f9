// `dst-inspector figure` as a real process, on the GCA paper's MUL1110: the
// SVG is well-formed, self-contained XML with the app's totals (31.43, 48.84)
// as text and the signature as its description; the PDF has every font
// embedded and none of Type 3, is one page of the figure's size and its text
// has the same numbers; a PNG at 2× is twice the SVG's width with 192 dpi in
// pHYs (1× and 3× likewise). Plus the chart kind, turn ranges, the dark theme,
// the format from --out's extension (another extension refused) and one-line
// errors; and score's LaTeX and Markdown tables (captions plain or LaTeX).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { pngDpi, pngSize } from '../../../../src/main/services/export/scene-png';
import { defaultConfig } from '../../../../src/shared/metrics/config';
import { HEADLINE_IDS, METRICS } from '../../../../src/shared/metrics/registry';
import { FIXTURES } from '../../../helpers/fixtures';
import { ADDED_IDS, metricKeys, only, withoutMetrics } from '../../../helpers/metrics';
import { requireBuild, runCli } from '../../../helpers/cli';
import { compileLatex, pdfFonts, pdfText, toolAvailable } from '../../../helpers/tools';

const MUL = join(FIXTURES, 'paper', 'mul1110.json');
const SNG = join(FIXTURES, 'paper', 'sng0779.json');
let tmp: string;

beforeAll(() => {
  requireBuild();
  tmp = mkdtempSync(join(tmpdir(), 'dsti-fig-'));
});

function figure(name: string, ...args: string[]): string {
  const out = join(tmp, name);
  const r = runCli(['figure', MUL, '--dialogue', 'MUL1110', '--out', out, ...args]);
  expect(r.code, r.stderr).toBe(0);
  expect(r.stdout).toBe('');
  return out;
}

function svgSize(svg: string): { width: number; height: number } {
  const m = /<svg [^>]*width="([\d.]+)" height="([\d.]+)"/.exec(svg)!;
  return { width: Number(m[1]), height: Number(m[2]) };
}

describe('figure --kind dialogue', () => {
  let svg: string;
  beforeAll(() => {
    svg = readFileSync(figure('mul.svg', '--kind', 'dialogue', '--format', 'svg'), 'utf8');
  });

  it('writes a well-formed, self-contained SVG with 31.43 and 48.84 as text and the signature in <desc>', () => {
    expect(() => new Resvg(svg)).not.toThrow(); // a strict XML parser (roxmltree) reads it
    expect(svg).toMatch(/>31\.43<\/text>/);
    expect(svg).toMatch(/>48\.84<\/text>/);
    expect(svg).toMatch(/<desc>GCA alpha=10\/11 \| FGA lambda=0\.5 \| SA K=30 \| values=exact \| none=inactive \| app [\d.]+<\/desc>/);
    expect(svg).toContain('<title>MUL1110.json');
    // Fonts embedded (subsets as data: URLs), nothing fetched from elsewhere.
    expect(svg).toMatch(/@font-face\{font-family:&apos;DST Sans&apos;;font-weight:normal;[^}]*src:url\(data:font\/ttf;base64,/);
    expect(svg).toMatch(/font-weight:bold;[^}]*src:url\(data:font\/ttf;base64,/);
    expect(svg).not.toMatch(/(xlink:)?href=|url\((?!data:|#)|@import/);
  });

  it.runIf(toolAvailable('pdffonts'))(
    'writes a vector PDF, one page of the figure’s size, fonts embedded and none of Type 3, with the same numbers as text',
    () => {
      const pdf = figure('mul.pdf', '--format', 'pdf');
      expect(readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');
      const fonts = pdfFonts(pdf);
      expect(fonts.length).toBeGreaterThan(0);
      for (const f of fonts) {
        expect(f.embedded, f.name).toBe(true);
        expect(f.type).not.toMatch(/Type 3/);
        expect(f.type).toBe('CID TrueType');
      }
      const text = pdfText(pdf);
      expect(text).toContain('31.43');
      expect(text).toContain('48.84');
      expect(text).toContain('MUL1110.json');
      const info = execFileSync('pdfinfo', [pdf], { encoding: 'utf8' });
      expect(info).toMatch(/^Pages:\s+1$/m);
      const { width, height } = svgSize(svg);
      expect(info).toMatch(new RegExp(`^Page size:\\s+${width} x ${height} pts`, 'm'));
      expect(info).toMatch(/^Subject:\s+GCA alpha=10\/11/m);
    },
  );

  it('writes a PNG at 2× by default: twice the SVG’s width, 192 dpi in pHYs; 1× and 3× likewise', () => {
    const { width, height } = svgSize(svg);
    const png = readFileSync(figure('mul.png'));
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(pngSize(png)).toEqual({ width: 2 * width, height: 2 * height });
    expect(pngDpi(png)).toBeCloseTo(192, 0);
    for (const k of [1, 3]) {
      const p = readFileSync(figure(`mul${k}.png`, '--scale', String(k)));
      expect(pngSize(p).width).toBe(k * width);
      expect(pngDpi(p)).toBeCloseTo(96 * k, 0);
    }
  });
});

describe('figure options', () => {
  it('draws the per-turn chart, a turn range and the dark theme', () => {
    const chart = readFileSync(figure('chart.svg', '--kind', 'turn-chart'), 'utf8');
    expect(chart).toContain('data-testid="chart-legend"');
    expect(chart.match(/data-testid="chart-tick"/g)).toHaveLength(7);
    const part = readFileSync(figure('part.svg', '--turns', '2-4', '--theme', 'dark', '--width', '700'), 'utf8');
    expect(part.match(/data-testid="figure-turn"/g)).toHaveLength(3);
    expect(part).toContain('<rect x="0" y="0" width="700"');
    expect(part).toMatch(/width="700" height="[\d.]+"[^>]*>[\s\S]*fill="#16191d"/);
  });

  it('reads the same source options as score (gold, dialogues, λ)', () => {
    const out = join(tmp, 'sng.svg');
    const r = runCli(['figure', SNG, '--dialogue', 'sng0779.json', '--lambdas', '1', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    const svg = readFileSync(out, 'utf8');
    expect(svg).toContain('FGA lambda=1');
    expect(svg).toMatch(/>75\.00<\/text>/);
  });

  it('cuts long utterances to 3 lines and says where; --utterance-lines 0 draws them whole', () => {
    const SOM = join(FIXTURES, 'multiwoz-somdst-100');
    const args = ['figure', join(SOM, 'predictions.json'), '--dialogues', join(SOM, 'dialogues.json'), '--dialogue', 'MUL0212'];
    const cut = runCli([...args, '--out', join(tmp, 'cut.svg')]);
    expect([cut.code, cut.stderr]).toEqual([
      0,
      expect.stringMatching(/note: utterances cut to 3 lines in 2 turns \(3, 5\), ending in "…"; --utterance-lines 0 shows them whole/),
    ]);
    const whole = runCli([...args, '--utterance-lines', '0', '--out', join(tmp, 'whole.svg')]);
    expect([whole.code, whole.stderr]).toEqual([0, '']);
    const textOf = (f: string) => readFileSync(join(tmp, f), 'utf8');
    // Drawn whole, the utterance's lines joined are the utterance; cut, they are not. Where its last line breaks depends on
    // the width the headline metrics' columns leave: as shipped (JGA, FGA, RSA, GCA), the last line is "one of them?".
    const said =
      'I have 2 Turkish restaurants in the Centre, both are moderately priced. Anatolia and Efes Restaurant, would you like to book at either one of them?';
    const lines = (f: string) => [...textOf(f).matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map((m) => m[1]).join(' ');
    expect(lines('whole.svg')).toContain(said);
    expect(lines('cut.svg')).not.toContain(said);
    expect(lines('cut.svg')).toContain(said.slice(0, 40));
    if (HEADLINE_IDS.join() === 'JGA,FGA,RSA,GCA') {
      expect(textOf('whole.svg')).toContain('>one of them?</text>');
      expect(textOf('cut.svg')).not.toContain('>one of them?</text>');
    }
    expect(runCli([...args, '--utterance-lines', 'x', '--out', join(tmp, 'x.svg')]).stderr).toMatch(
      /--utterance-lines: "x" is not a whole number/,
    );
  });

  it('draws the run chosen with --run among several files', () => {
    const out = join(tmp, 'b.svg');
    const r = runCli(['figure', MUL, SNG, '--name', 'a,b', '--run', 'b', '--dialogue', 'SNG0779', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(out, 'utf8')).toContain('>SNG0779.json</text>');
    const bad = runCli(['figure', MUL, SNG, '--name', 'a,b', '--run', 'c', '--dialogue', 'SNG0779', '--out', out]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--run: no run named "c"; runs: a, b/);
  });

  it('refuses bad input in one line with exit code 2', () => {
    const bad = (args: string[], msg: RegExp) => {
      const r = runCli(['figure', MUL, ...args]);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(msg);
    };
    bad(['--dialogue', 'nope', '--out', join(tmp, 'x.svg')], /no dialogue "nope" \(1 dialogue, e\.g\. MUL1110\.json\)/);
    bad(['--out', join(tmp, 'x.svg')], /--dialogue ID is required/);
    bad(['--dialogue', 'MUL1110'], /--out FILE is required/);
    bad(['--dialogue', 'MUL1110', '--out', join(tmp, 'x.svg'), '--kind', 'pie'], /--kind: "pie" is not one of dialogue, turn-chart/);
    bad(['--dialogue', 'MUL1110', '--out', join(tmp, 'x.png'), '--scale', '4'], /--scale: "4" is not one of 1, 2, 3/);
    bad(
      ['--dialogue', 'MUL1110', '--out', join(tmp, 'x.svg'), '--turns', '9-12'],
      /--turns: MUL1110\.json: no turn of the dialogue lies in 9-12 \(its turns are 0-6\)/,
    );
    bad(['--dialogue', 'MUL1110', '--out', join(tmp, 'x.svg'), '--turns', 'a-b'], /not a turn range/);
    bad(['--dialogue', 'MUL1110', '--out', join(tmp, 'no-dir', 'x.svg')], /--out .*its folder does not exist/);
  });

  it('the format is --format or the --out extension; another extension, none without --format, or a contradiction is refused', () => {
    const bad = (args: string[], msg: RegExp) => {
      const r = runCli(['figure', MUL, '--dialogue', 'MUL1110', ...args]);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr.trim()).toMatch(msg);
    };
    bad(['--out', join(tmp, 'x.jpg')], /--out .*x\.jpg: \.jpg is not a figure format; end the name in \.svg, \.pdf or \.png$/);
    bad(['--out', join(tmp, 'x.jpg'), '--format', 'svg'], /\.jpg is not a figure format/);
    bad(['--out', join(tmp, 'x.png'), '--format', 'svg'], /--out .*x\.png: the extension \.png contradicts --format svg$/);
    bad(
      ['--out', join(tmp, 'v1.0', 'x')],
      /--out .*x: no extension to tell the format; end the name in \.svg, \.pdf or \.png or give --format$/,
    );
    expect(existsSync(join(tmp, 'x.jpg'))).toBe(false);
    expect(existsSync(join(tmp, 'x.png'))).toBe(false);
    // From the extension, in any case; with --format, a name without extension.
    expect(readFileSync(figure('upper.PDF')).subarray(0, 5).toString()).toBe('%PDF-');
    expect(
      readFileSync(figure('same.png', '--format', 'png', '--scale', '1'))
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    expect(readFileSync(figure('noext', '--format', 'svg'), 'utf8')).toMatch(/^<svg |^<\?xml/);
  });
});

describe('score tables for papers', () => {
  const latexArgs = ['score', MUL, SNG, '--format', 'latex', '--caption', 'Scores on two dialogues', '--label', 'tab:two'];
  it('latex: bold best per column, plain fixed decimals, the signature as a comment, a caption', () => {
    const r = runCli(latexArgs);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n')[0]).toMatch(/^% GCA alpha=10\/11 \| .* \| app /);
    expect(r.stdout).toContain(`\\begin{tabular}{l${'r'.repeat(metricKeys(defaultConfig()).length)}}`);
    // The shipped metrics' cells as they are (a metric added in defs/ taken out: its column is the only change).
    const shipped = withoutMetrics(r.stdout, ADDED_IDS);
    expect(shipped).toContain('mul1110.json & \\textbf{28.57} & 94.76 & 53.57 & 51.43 & 61.90 & 53.57 & \\textbf{48.84} & 31.43 \\\\');
    expect(shipped).toContain('sng0779.json & 25.00 & \\textbf{95.83}');
    expect(r.stdout).toContain('\\caption{Scores on two dialogues}\n\\label{tab:two}');
  });
  it.runIf(toolAvailable('pdflatex') && toolAvailable('pdftotext'))(
    'latex: compiles with pdflatex and booktabs, and the PDF has the numbers and the caption',
    () => {
      const { pdf } = compileLatex(runCli(latexArgs).stdout);
      expect(pdfText(pdf)).toMatch(/28\.57[\s\S]*Scores on two dialogues/);
    },
  );

  it('markdown: a GitHub table with the best value per column in bold and the signature', () => {
    const r = runCli(['score', MUL, SNG, '--format', 'markdown']);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.split('\n');
    // One column per metric of the registry; the shipped ones in this order, with these values.
    const cells = (l: string) =>
      l
        .split('|')
        .slice(1, -1)
        .map((s) => s.trim());
    const head = cells(lines[0]);
    const shipped = ['Model', 'turns', 'JGA', 'SA', 'AGA', 'IAGA', 'F1', 'RSA', 'FGA λ=0.5', 'GCA'];
    expect(head).toHaveLength(2 + METRICS.length);
    expect(only(head, shipped)).toEqual(shipped);
    expect(shipped.map((h) => cells(lines[2])[head.indexOf(h)])).toEqual([
      'mul1110.json',
      '7',
      '**28.57**',
      '94.76',
      '53.57',
      '51.43',
      '61.90',
      '53.57',
      '**48.84**',
      '31.43',
    ]);
    expect(r.stdout).toMatch(/^Signature: `GCA alpha=10\/11/m);
    expect(runCli(['score', MUL, '--label', 'x']).stderr).toMatch(/--label needs --caption/);
  });

  it('--caption is escaped; --caption-latex is written verbatim (latex only, not with --caption)', () => {
    const math = 'FGA with $\\lambda=0.5$ \\cite{x}';
    expect(runCli(['score', MUL, '--format', 'latex', '--caption', math]).stdout).toContain(
      '\\caption{FGA with \\$\\textbackslash{}lambda=0.5\\$ \\textbackslash{}cite\\{x\\}}',
    );
    const r = runCli(['score', MUL, '--format', 'latex', '--caption-latex', math, '--label', 'tab:m']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`\\begin{table}[t]`);
    expect(r.stdout).toContain(`\\caption{${math}}\n\\label{tab:m}`);
    const md = runCli(['score', MUL, '--format', 'markdown', '--caption-latex', math]);
    expect(md.code).toBe(2);
    expect(md.stderr).toMatch(/^dst-inspector: --caption-latex is LaTeX source: it needs --format latex/);
    expect(runCli(['score', MUL, '--format', 'latex', '--caption', 'a', '--caption-latex', 'b']).stderr).toMatch(
      /--caption and --caption-latex .*give one/,
    );
  });

  it('a negative number after an option is its value: our message, not parseArgs\' "ambiguous"', () => {
    const r = runCli(['score', MUL, '--lambdas', '-1']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe('dst-inspector: --lambdas: "-1" is not a number ≥ 0 (example: --lambdas 0.25,0.5,0.75,1)');
    expect(runCli(['score', MUL, '--slots', '-3']).stderr.trim()).toBe('dst-inspector: --slots: "-3" is not a positive integer');
  });
});
