// `dst-inspector report` as a real process: one HTML file with the corpus
// scores as text (the GCA paper's MUL1110: GCA 31.43), nothing loaded from a
// network, the data block holding the app's dialogue detail of each chosen
// dialogue; the selection flags (all by default for a small corpus, the worst
// N by a metric, ids in the order given), several runs with the compare tables,
// the size and time on stderr, and one-line errors for bad flags.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReportData } from '../../../../src/shared/report/html-report';
import { FIXTURES } from '../../../helpers/fixtures';
import { requireBuild, runCli } from '../../../helpers/cli';

const MUL = join(FIXTURES, 'paper', 'mul1110.json');
const SOM = join(FIXTURES, 'multiwoz-somdst-100', 'predictions.json');
const SOM_DIALOGUES = join(FIXTURES, 'multiwoz-somdst-100', 'dialogues.json');
let tmp: string;

beforeAll(() => {
  requireBuild();
  tmp = mkdtempSync(join(tmpdir(), 'dsti-report-'));
});

function report(name: string, ...args: string[]): { html: string; data: ReportData; stderr: string } {
  const out = join(tmp, name);
  const r = runCli(['report', ...args, '--out', out]);
  expect(r.code, r.stderr).toBe(0);
  expect(r.stdout).toBe('');
  const html = readFileSync(out, 'utf8');
  const m = /<script type="application\/json" id="report-data">([\s\S]*?)<\/script>/.exec(html)!;
  return { html, data: JSON.parse(m[1]) as ReportData, stderr: r.stderr };
}

const jga = (d: ReportData['runs'][number]['dialogues'][number]) => d.values.JGA as number;

describe('dst-inspector report', () => {
  it('writes the scores as text, loads nothing from a network, and says its size', { timeout: 60_000 }, () => {
    const { html, data, stderr } = report('mul.html', MUL);
    expect(html).toContain('31.43');
    expect(html).toContain('48.84');
    expect(html).not.toMatch(/<(script|link|img)[^>]+(src|href)=["']https?:/i);
    expect(html).toMatch(/@font-face\{font-family:'DST Sans';src:url\(data:font\/ttf;base64,/);
    expect(data.runs).toHaveLength(1);
    expect(data.runs[0].dialogues.map((d) => d.id)).toEqual(['MUL1110.json']);
    expect(data.runs[0].dialogues[0].perTurn!.length).toBeGreaterThan(0);
    expect(data.runs[0].signature).toContain('GCA alpha=10/11');
    expect(stderr).toMatch(/wrote mul\.html: [\d.]+ MB, 1 dialogue of 1 run, [\d.]+ s/);
  });

  it('holds every dialogue of a small corpus, with utterances, as the app details them', { timeout: 60_000 }, () => {
    const { data, html } = report('som.html', SOM, '--dialogues', SOM_DIALOGUES);
    expect(data.runs[0].dialogues).toHaveLength(100);
    expect(data.selection).toBe('all 100 dialogues');
    const d = data.runs[0].dialogues[0];
    expect(d.utterances?.length).toBe(d.perTurn!.length);
    expect(d.domains.length).toBeGreaterThan(0);
    expect(html).toContain('data-testid="report-figure-position"');
    expect(html).toContain('data-testid="report-figure-origin"');
  });

  it('--dialogues-top N --sort M keeps the N worst by M, worst first; --reverse the best', { timeout: 60_000 }, () => {
    const worst = report('top.html', SOM, '--dialogues-top', '5', '--sort', 'JGA').data.runs[0].dialogues;
    const best = report('best.html', SOM, '--dialogues-top', '5', '--sort', 'JGA', '--reverse').data.runs[0].dialogues;
    expect(worst).toHaveLength(5);
    expect(worst.map(jga)).toEqual([...worst.map(jga)].sort((a, b) => a - b));
    expect(Math.max(...worst.map(jga))).toBeLessThanOrEqual(Math.min(...best.map(jga)));
  });

  it('--include keeps the ids given, in that order, any spelling of the id', { timeout: 60_000 }, () => {
    const { data } = report('inc.html', SOM, '--include', 'mul0212,MUL0144.json');
    expect(data.runs[0].dialogues.map((d) => d.id)).toEqual(['MUL0212.json', 'MUL0144.json']);
    expect(data.selection).toBe('2 dialogues chosen by id');
  });

  it('compares several runs: scores with intervals, deltas with p-values, each run in the viewer', { timeout: 120_000 }, () => {
    const { html, data } = report('two.html', MUL, MUL, '--name', 'a,b', '--bootstrap', '200', '--trials', '200');
    expect(html).toContain('data-testid="report-compare"');
    expect(html).toMatch(/p-value|\bp\b/);
    expect(data.runs.map((r) => r.name)).toEqual(['a', 'b']);
    expect(data.runs[1].dialogues[0].values).toEqual(data.runs[0].dialogues[0].values);
  });

  it('refuses bad flags in one line', () => {
    for (const [args, msg] of [
      [[MUL], /--out FILE is required/],
      [[MUL, '--out', join(tmp, 'x.txt')], /does not end in \.html/],
      [[MUL, '--out', join(tmp, 'x.html'), '--all', '--include', 'a'], /choose one of/],
      [[MUL, '--out', join(tmp, 'x.html'), '--sort', 'nope'], /--sort/],
      [[MUL, '--out', join(tmp, 'x.html'), '--include', 'nothing-here'], /none of nothing-here/],
    ] as const) {
      const r = runCli(['report', ...args]);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(msg);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
  });
});
