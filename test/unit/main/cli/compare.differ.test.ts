// `dst-inspector compare A B C --differ` run as a real process: the JSON is
// the finder's result under the run names (the same rows as differ() on the
// files), the same seed gives the same output, the table and CSV carry each
// run's column and the signature, the runs in another order give the same
// ranking, and misuse is a one-line usage error (exit code 2).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES } from '../../../helpers/fixtures';
import { requireBuild, runCli } from '../../../helpers/cli';
import { perturbFga, seriesRun } from '../../../helpers/perturb';

const SOM = join(FIXTURES, 'multiwoz-somdst-100', 'predictions.json');
let files: string[];

interface Out {
  metric: string;
  runs: string[];
  signature: string;
  rows: { label: string; values: number[]; spread: number; ci: [number, number]; high: string; low: string; turns: number }[];
}

beforeAll(() => {
  requireBuild();
  const tmp = mkdtempSync(join(tmpdir(), 'dsti-differ-cli-'));
  const text = readFileSync(SOM, 'utf8');
  files = [SOM, join(tmp, 'perturbed.json'), join(tmp, 'better.json')];
  writeFileSync(files[1], perturbFga(text));
  writeFileSync(files[2], seriesRun(text, 0.5, 0.05, 7));
});

const run = (args: string[]) => runCli(['compare', ...args, '--bootstrap', '200']);

describe('compare --differ', () => {
  it('JSON: slices ranked by spread with intervals, under the run names; reproducible; order-invariant', () => {
    const r = run([...files, '--name', 'a,b,c', '--differ', '--format', 'json', '--min-turns', '40', '--limit', '12']);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as Out;
    expect(out.runs).toEqual(['a', 'b', 'c']);
    expect(out.rows).toHaveLength(12);
    expect(out.signature).toContain('differ=JGA min-turns=40');
    expect(out.signature).toContain('bootstrap=200');
    for (const row of out.rows) {
      expect(row.turns).toBeGreaterThanOrEqual(40);
      expect(row.spread).toBeCloseTo(Math.max(...row.values) - Math.min(...row.values), 12);
      expect(['a', 'b', 'c']).toContain(row.high);
    }
    expect(run([...files, '--name', 'a,b,c', '--differ', '--format', 'json', '--min-turns', '40', '--limit', '12']).stdout).toBe(r.stdout);
    const back = JSON.parse(
      run([files[2], files[0], files[1], '--name', 'c,a,b', '--differ', '--format', 'json', '--min-turns', '40', '--limit', '12']).stdout,
    ) as Out;
    expect(back.rows.map((x) => [x.label, x.high, x.low])).toEqual(out.rows.map((x) => [x.label, x.high, x.low]));
    back.rows.forEach((x, k) => {
      expect(x.spread).toBeCloseTo(out.rows[k].spread, 12);
      expect(x.ci[0]).toBeCloseTo(out.rows[k].ci[0], 12);
      expect(x.ci[1]).toBeCloseTo(out.rows[k].ci[1], 12);
    });
  });

  it('table and CSV: a column per run, the spread with its interval, the signature; --metric SA', () => {
    const t = run([...files, '--name', 'a,b,c', '--differ', '--limit', '3']);
    expect(t.code, t.stderr).toBe(0);
    expect(t.stdout).toMatch(/^Slice +turns +dialogues +a +b +c +spread of JGA \[95% CI\] +high +low/);
    expect(t.stdout).toContain('signature: ');
    const c = run([...files, '--name', 'a,b,c', '--differ', '--metric', 'SA', '--format', 'csv', '--limit', '3']);
    expect(c.code, c.stderr).toBe(0);
    const lines = c.stdout.trim().split('\n');
    expect(lines[0]).toBe('slice,turns,dialogues,a,b,c,spread,spread_lo,spread_hi,high,low,signature');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain('differ=SA');
  });

  it('misuse is a usage error with exit code 2', () => {
    for (const [args, msg] of [
      [[...files, '--metric', 'SA'], /--metric needs --differ/],
      [[...files, '--differ', '--metric', 'XYZ'], /--metric: unknown metric "XYZ"/],
      [[...files, '--differ', '--min-turns', '-3'], /--min-turns/],
      [[...files, '--differ', '--series-x', '1,2,3'], /--differ: --series-x does not apply/],
    ] as const) {
      const r = run([...args]);
      expect(r.code, r.stdout).toBe(2);
      expect(r.stderr).toMatch(msg);
    }
  });
});
