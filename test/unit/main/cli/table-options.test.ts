// The table options the commands with metric columns share, run as real
// processes: --metrics (score, score --by domain, analyze --position; the
// rule of src/shared/report/metric-subset.ts that compare --metrics and the
// app's column chooser follow), --max-cell (long text cells end in "…" in
// LaTeX and Markdown, whole in CSV and JSON), --min-turns (turn positions with
// too few turns hidden and said so), and their one-line usage errors.
import { beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { FIXTURES } from '../../../helpers/fixtures';
import { requireBuild, runCli } from '../../../helpers/cli';

const SOM = join(FIXTURES, 'multiwoz-somdst-100', 'predictions.json');
const MUL = join(FIXTURES, 'paper', 'mul1110.json');

beforeAll(() => requireBuild());

function ok(args: string[]): string {
  const r = runCli(args);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
}

function usageError(args: string[], fragment: RegExp): void {
  const r = runCli(args);
  expect(r.code, r.stderr).toBe(2);
  expect(r.stdout).toBe('');
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
  expect(r.stderr).toMatch(fragment);
}

describe('--metrics', () => {
  it('score: only those metric columns, in the registry order; FGA names every λ; numbers unchanged', () => {
    const all = ok(['score', MUL, '--lambdas', '0.5,1', '--format', 'csv']).trim().split('\n');
    const some = ok(['score', MUL, '--lambdas', '0.5,1', '--format', 'csv', '--metrics', 'GCA,FGA,JGA']).trim().split('\n');
    // CSV keeps the label and turns; GCA's parts only when named; its counts come with GCA.
    expect(some[0]).toBe('file,turns,JGA,FGA_0.5,FGA_1,GCA,C,W,M,O,signature');
    const cell = (lines: string[], key: string) => lines[1].split(',')[lines[0].split(',').indexOf(key)];
    for (const k of ['JGA', 'FGA_0.5', 'FGA_1', 'GCA', 'C']) expect(cell(some, k)).toBe(cell(all, k));
    expect(ok(['score', MUL, '--format', 'markdown', '--metrics', 'FGA_0.5,VP']).split('\n')[0]).toBe('| Model | turns | FGA λ=0.5 |');
    expect(ok(['score', MUL, '--format', 'csv', '--metrics', 'GCA,VP']).split('\n')[0]).toBe('file,turns,GCA,VP,C,W,M,O,signature');
    expect(ok(['score', MUL, '--format', 'latex', '--metrics', 'JGA,GCA'])).toMatch(/^Model & JGA & GCA \\\\$/m);
    // JSON keeps every metric.
    expect(Object.keys(JSON.parse(ok(['score', MUL, '--format', 'json', '--metrics', 'JGA'])).corpus)).toContain('RSA');
  });

  it('score --by domain: the metric columns and their deltas; the per-slot breakdown has none to choose', () => {
    const md = ok(['score', SOM, SOM, '--by', 'domain', '--format', 'markdown', '--metrics', 'JGA,GCA']).split('\n')[0];
    expect(md).toMatch(/^\| Domain \| Run \| dialogues \| turns \| JGA \| GCA \| ΔJGA \(.*\) \| ΔGCA \(.*\) \|$/);
    usageError(['score', SOM, '--by', 'slot', '--metrics', 'JGA'], /--metrics: the per-slot breakdown has no metric columns/);
  });

  it('analyze --position: only those metrics; the other analyses refuse it', () => {
    const t = ok(['analyze', SOM, '--position', 'index', '--bootstrap', '20', '--metrics', 'RSA', '--format', 'csv']);
    expect(t.split('\n')[0]).toBe('key,dialogues,turns,changes,RSA,RSA_lo,RSA_hi,signature');
    usageError(['analyze', SOM, '--correlation', 'turn', '--metrics', 'JGA'], /--metrics needs --position/);
  });

  it('bad lists are one-line usage errors, as compare gives them, before any file is read', () => {
    usageError(['score', MUL, '--metrics', 'JGA,BLEU'], /--metrics: unknown metric "BLEU"; known: JGA, SA,/);
    usageError(['score', MUL, '--metrics', 'VP'], /--metrics: VP is shown beside the metrics, with no interval or test of its own/);
    usageError(['score', MUL, '--metrics', ' , '], /--metrics: no metric given/);
    usageError(['score', join(FIXTURES, 'nope.json'), '--metrics', 'FGA_0.7'], /--metrics: unknown metric "FGA_0\.7"/);
  });
});

describe('--max-cell', () => {
  it('root-cause turns: long slot lists end in "…" in LaTeX and Markdown, with a note; CSV holds them whole', () => {
    const args = ['analyze', SOM, '--origin', 'turns', '--top', '10'];
    const csv = ok([...args, '--format', 'csv']);
    const longest = Math.max(
      ...csv
        .split('\n')
        .slice(1, -1)
        .map((l) => l.length),
    );
    expect(longest).toBeGreaterThan(200);
    const md = ok([...args, '--format', 'markdown']);
    const cells = md
      .split('\n')
      .filter((l) => l.startsWith('| ') && !l.startsWith('| dialogue'))
      .map((l) => l.split(' | ').at(-1)!.replace(/ \|$/, ''));
    expect(cells.some((c) => c.endsWith('…'))).toBe(true);
    for (const c of cells) expect(Array.from(c.replace(/\\\|/g, '|')).length).toBeLessThanOrEqual(40);
    expect(md).toMatch(/\d+ cells? longer than 40 characters shortened with “…”; the CSV and JSON exports hold every value whole\./);
    const wide = ok([...args, '--format', 'markdown', '--max-cell', '0']);
    expect(wide).not.toContain('shortened');
    const tex = ok([...args, '--format', 'latex', '--max-cell', '25']);
    expect(tex).toMatch(/^% \d+ cells? longer than 25 characters shortened/m);
  });

  it('compare: long run names are shortened in LaTeX', () => {
    const name = 'T5_fewshot_taxi__ratio_0.01_seed_557_prediction_file_with_a_long_name';
    const tex = ok(['compare', MUL, MUL, '--name', `base,${name}`, '--bootstrap', '0', '--trials', '0', '--format', 'latex']);
    expect(tex).not.toContain('long\\_name');
    expect(tex).toContain('\\ldots{}');
    usageError(['compare', MUL, MUL, '--max-cell', 'wide'], /--max-cell: "wide" is not a whole number of characters/);
  });
});

describe('--min-turns', () => {
  it('hides turn positions with fewer turns (default 30), says which in the note, in JSON and on stderr', () => {
    const args = ['analyze', SOM, '--position', 'index', '--bootstrap', '20'];
    const table = ok(args);
    expect(table).toContain('3 turn indices with fewer than 30 turns hidden (8–10; 47 turns in all).');
    expect(table).not.toMatch(/^ {3}8 /m);
    const r = runCli([...args, '--format', 'json']);
    const o = JSON.parse(r.stdout) as { minTurns: number; hidden: { turn: number; turns: number }[]; buckets: { turn: number }[] };
    expect(o.minTurns).toBe(30);
    expect(o.hidden.map((h) => h.turn)).toEqual([8, 9, 10]);
    expect(o.buckets.map((b) => b.turn)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(r.stderr).toMatch(/note: 3 turn indices with fewer than 30 turns hidden .* --min-turns 0 shows every position/);
    const all = JSON.parse(ok([...args, '--format', 'json', '--min-turns', '0'])) as typeof o;
    expect(all.buckets).toHaveLength(11);
    expect(all.hidden).toEqual([]);
    expect(ok([...args, '--min-turns', '100'])).toMatch(/9 turn indices with fewer than 100 turns hidden \(2–10; /);
    usageError([...args, '--min-turns', '-1'], /--min-turns: "-1" is not a whole number of turns/);
    usageError(['analyze', SOM, '--origin', 'all', '--min-turns', '3'], /--min-turns needs --position/);
  });
});
