// `dst-inspector compare` run as a real process: a file against itself gives
// exactly 0 / [0, 0] / 1; deltas are exactly the differences of `score`'s
// values; the same --seed gives the same output; every format (LaTeX
// compiled: the two tables apart, or in captioned floats); and each bad input
// a one-line message with exit code 2.
import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultConfig } from '../../../../src/shared/metrics/config';
import { METRICS } from '../../../../src/shared/metrics/registry';
import { FIXTURES } from '../../../helpers/fixtures';
import { ADDED_IDS, metricKeys, only, SHIPPED_IDS, withoutMetrics } from '../../../helpers/metrics';
import { requireBuild, runCli } from '../../../helpers/cli';
import { perturbFga } from '../../../helpers/perturb';
import { compileLatex, pdfText, toolAvailable } from '../../../helpers/tools';

const P1 = join(FIXTURES, 'paper', 'hypothetical-p1.json');
const MUL = join(FIXTURES, 'paper', 'mul1110.json');
const SNG = join(FIXTURES, 'paper', 'sng0779.json');
const SOM = join(FIXTURES, 'multiwoz-somdst-100', 'predictions.json');
let tmp: string;
let perturbed: string;
/** Fewer resamples and trials where the defaults are not what a test is about. */
const FAST = ['--bootstrap', '300', '--trials', '2000'];

interface Report {
  schemaVersion: number;
  signature: string;
  runs: { name: string; file: string; corpus: Record<string, unknown> }[];
  comparisons: { baseline: string; run: string; metric: string; lambda?: number; delta: number; ci: [number, number]; p: number }[];
}

beforeAll(() => {
  requireBuild();
  tmp = mkdtempSync(join(tmpdir(), 'dsti-compare-'));
  perturbed = join(tmp, 'perturbed.json');
  writeFileSync(perturbed, perturbFga(readFileSync(SOM, 'utf8')));
});

function json(args: string[]): Report {
  const r = runCli(['compare', ...args, '--format', 'json']);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Report;
}

function expectUserError(args: string[], ...fragments: RegExp[]): void {
  const r = runCli(['compare', ...args]);
  expect(r.code, r.stderr).toBe(2);
  expect(r.stdout).toBe('');
  const lines = r.stderr
    .trim()
    .split('\n')
    .filter((l) => !l.startsWith('dst-inspector: note:'));
  expect(lines, r.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^dst-inspector: /);
  for (const f of fragments) expect(lines[0]).toMatch(f);
}

describe('compare: numbers', () => {
  it('a file against itself: delta 0, CI [0, 0], p = 1 for every metric and every λ', () => {
    const o = json([SOM, SOM, '--name', 'a,b', '--lambdas', '0.25,1', '--seed', '1']);
    expect(Object.keys(o)).toEqual(['schemaVersion', 'signature', 'runs', 'comparisons']);
    expect(o.schemaVersion).toBe(1);
    expect(o.runs.map((r) => r.name)).toEqual(['a', 'b']);
    // One comparison per metric of the registry (per λ for FGA); the shipped ones in this order.
    const names = o.comparisons.map((c) => (c.lambda === undefined ? c.metric : `${c.metric} ${c.lambda}`));
    expect(names).toEqual(METRICS.flatMap((m) => m.variants(defaultConfig({ lambdas: [0.25, 1] }))?.map((v) => `${m.id} ${v}`) ?? [m.id]));
    expect(only(names, [...SHIPPED_IDS, 'FGA 0.25', 'FGA 1'])).toEqual([
      'JGA',
      'SA',
      'AGA',
      'IAGA',
      'F1',
      'RSA',
      'FGA 0.25',
      'FGA 1',
      'GCA',
    ]);
    for (const c of o.comparisons) {
      expect(Object.keys(c)).toEqual(
        c.metric === 'FGA'
          ? ['baseline', 'run', 'metric', 'lambda', 'delta', 'ci', 'p']
          : ['baseline', 'run', 'metric', 'delta', 'ci', 'p'],
      );
      expect([c.baseline, c.run, c.delta, c.ci, c.p]).toEqual(['a', 'b', 0, [0, 0], 1]);
    }
  });

  it('runs carry exactly the corpus of `score`, and deltas are exactly their differences', () => {
    const o = json([SOM, perturbed, '--name', 'SOM-DST,perturbed', '--lambdas', '0.5,1']);
    const score = (f: string) =>
      JSON.parse(runCli(['score', f, '--format', 'json', '--lambdas', '0.5,1']).stdout).corpus as Record<string, unknown>;
    const [a, b] = [score(SOM), score(perturbed)];
    expect(o.runs[0].corpus).toEqual(a);
    expect(o.runs[1].corpus).toEqual(b);
    expect(o.runs[1].file).toBe(perturbed);
    const val = (s: Record<string, unknown>, m: string, l?: number) =>
      (l === undefined ? s[m] : (s[m] as Record<string, number>)[String(l)]) as number;
    for (const c of o.comparisons) expect(c.delta, c.metric).toBe(val(b, c.metric, c.lambda) - val(a, c.metric, c.lambda));
    // The perturbation fixes a quarter of the dialogues: JGA rises, significantly.
    const jga = o.comparisons.find((c) => c.metric === 'JGA')!;
    expect(jga.delta).toBeGreaterThan(0);
    expect(jga.p).toBeLessThan(0.05);
    expect(jga.ci[0]).toBeGreaterThan(0);
  });

  it('the same --seed gives the same output; another seed other intervals; B, R and the seed are signed', () => {
    const args = [SOM, perturbed, '--bootstrap', '300', '--trials', '500'];
    const one = runCli(['compare', ...args, '--seed', '42', '--format', 'json']).stdout;
    expect(runCli(['compare', ...args, '--seed', '42', '--format', 'json']).stdout).toBe(one);
    const other = JSON.parse(runCli(['compare', ...args, '--seed', '43', '--format', 'json']).stdout) as Report;
    const first = JSON.parse(one) as Report;
    expect(other.comparisons.map((c) => c.ci)).not.toEqual(first.comparisons.map((c) => c.ci));
    expect(first.signature).toMatch(/ \| bootstrap=300 \| trials=500 \| seed=42 \| app /);
  });

  it('--threads does not change the numbers', () => {
    const run = (t: string) =>
      runCli(['compare', SOM, perturbed, perturbed, '--name', 'a,b,c', '--threads', t, '--format', 'json', ...FAST]).stdout;
    const one = run('1');
    expect(one).toMatch(/"comparisons"/);
    expect(run('3')).toBe(one);
  });

  it('--bootstrap 0 --trials 0: deltas only', () => {
    const o = json([SOM, perturbed, '--bootstrap', '0', '--trials', '0']);
    for (const c of o.comparisons) expect([c.ci, c.p]).toEqual([null, null]);
  });
});

describe('compare: formats', () => {
  it('table: the runs with the best per column, then one line per comparison with its interval, mark and p', () => {
    const r = runCli(['compare', SOM, perturbed, '--name', 'SOM-DST,perturbed']);
    expect(r.code, r.stderr).toBe(0);
    // One column per metric of the registry, then GCA's parts; without those added to defs/, the shipped ones as they were.
    expect(r.stdout.split('\n')[0].split(/\s{2,}/)).toHaveLength(2 + metricKeys(defaultConfig()).length + 4);
    expect(withoutMetrics(r.stdout, ADDED_IDS)).toMatch(
      /^Run\s+turns\s+JGA\s+SA\s+AGA\s+IAGA\s+F1\s+RSA\s+FGA λ=0\.5\s+GCA\s+VP\s+VR\s+LP\s+LR\n/,
    );
    expect(r.stdout).toMatch(/perturbed\s+JGA\s+49\.93\s+58\.06\s+\+8\.12† \[\+\d+\.\d\d, \+\d+\.\d\d\]\s+0\.0\d\d\n/);
    expect(r.stdout).toMatch(/† p < 0\.05 \(two-sided approximate randomization, 10000 trials, dialogues swapped\)/);
    expect(r.stdout).toMatch(
      /signature: GCA alpha=10\/11 \| FGA lambda=0\.5 \| SA K=30 \| values=exact \| none=inactive \| bootstrap=1000 \| trials=10000 \| seed=12345 \| app /,
    );
  });

  it('latex: booktabs, best per column in bold, significant deltas marked, the signature as a comment', () => {
    const r = runCli(['compare', SOM, perturbed, '--name', 'SOM_DST,perturbed', '--format', 'latex', ...FAST]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^% GCA alpha=10\/11 \| FGA lambda=0\.5/);
    expect(r.stdout).toContain('\\toprule');
    expect(r.stdout).toContain('\\bottomrule');
    expect(r.stdout).toContain('SOM\\_DST & 751 & 49.93 & \\textbf{97.29}');
    expect(r.stdout).toContain('perturbed & 751 & \\textbf{58.06}');
    expect(r.stdout).toMatch(/perturbed & \+8\.12\$\^\{\\dagger\}\$ \{\\scriptsize \[\+\d+\.\d\d, \+\d+\.\d\d\]\}/);
  });

  it('latex: the tabulars apart (\\bigskip between them, each its own paragraph)', () => {
    const r = runCli(['compare', SOM, perturbed, '--name', 'A,B', '--format', 'latex', ...FAST]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      /\\end\{tabular\}\n(?:%[^\n]*\n)*\n\\bigskip\n\n% GCA alpha=10\/11[^\n]*\n% requires[^\n]*\n\\begin\{tabular\}/,
    );
    expect(r.stdout).not.toContain('\\begin{table}');
  });

  it.runIf(toolAvailable('pdflatex') && toolAvailable('pdftotext'))(
    'latex compiled: the scores and the deltas stand clearly apart on the page',
    () => {
      const { stdout } = runCli(['compare', SOM, perturbed, '--name', 'A,B', '--format', 'latex', ...FAST]);
      const { pdf } = compileLatex(stdout);
      // Word boxes (pdftotext -bbox): the row pitch inside the scores table, and the space from its last row to the deltas' header.
      const words = [
        ...execFileSync('pdftotext', ['-bbox', pdf, '-'], { encoding: 'utf8' }).matchAll(
          /yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)</g,
        ),
      ].map((m) => ({ top: Number(m[1]), bottom: Number(m[2]), text: m[3] }));
      const a = words.find((w) => w.text === 'A')!;
      const b = words.find((w) => w.text === 'B')!;
      const vs = words.find((w) => w.text === 'vs')!;
      const pitch = b.top - a.top;
      expect(pitch).toBeGreaterThan(5);
      // Without a skip the bottom rule of one sits on the top rule of the other (about 10 pt here); with it, more than 1.5 rows.
      expect(vs.top - b.bottom).toBeGreaterThan(1.5 * pitch);
    },
  );

  it('--caption and --label: each table in its own float, captioned by what it holds; markdown and table a title line', () => {
    const args = ['compare', SOM, perturbed, '--name', 'A_1,B', ...FAST, '--caption', 'FGA & friends'];
    const r = runCli([...args, '--format', 'latex', '--label', 'tab:cmp']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.match(/\\begin\{table\}\[t\]/g)).toHaveLength(2);
    expect(r.stdout).toContain('\\caption{FGA \\& friends (scores)}\n\\label{tab:cmp}\n\\end{table}');
    expect(r.stdout).toContain('\\caption{FGA \\& friends (differences against A\\_1)}\n\\label{tab:cmp-delta}\n\\end{table}');
    const series = runCli([
      'compare',
      SOM,
      perturbed,
      '--name',
      'r_1,r_2',
      '--series-x',
      'names',
      ...FAST,
      '--format',
      'latex',
      '--caption',
      'C',
      '--label',
      'k',
    ]).stdout;
    expect(series).toContain('\\caption{C (series)}\n\\label{k-series}');
    const md = runCli([...args, '--format', 'markdown']).stdout;
    expect(md).toMatch(/^\*\*FGA & friends\*\*\n\n\| Run \| turns \| JGA \|/);
    expect(md.match(/FGA & friends/g)).toHaveLength(1);
    const text = runCli(args).stdout;
    expect(text).toMatch(/^FGA & friends\n\nRun\s+turns\s+JGA/);
    expect(text.match(/FGA & friends/g)).toHaveLength(1);
  });

  it('--caption is plain text (escaped); --caption-latex is LaTeX source, written verbatim', () => {
    const math = 'FGA with $\\lambda=0.5$ \\emph{x}';
    const escaped = runCli(['compare', SOM, perturbed, '--name', 'A,B', ...FAST, '--format', 'latex', '--caption', math]).stdout;
    expect(escaped).toContain('\\caption{FGA with \\$\\textbackslash{}lambda=0.5\\$ \\textbackslash{}emph\\{x\\} (scores)}');
    const raw = runCli([
      'compare',
      SOM,
      perturbed,
      '--name',
      'A,B',
      ...FAST,
      '--format',
      'latex',
      '--caption-latex',
      math,
      '--label',
      'tab:m',
    ]).stdout;
    expect(raw).toContain(`\\caption{${math} (scores)}\n\\label{tab:m}`);
    expect(raw).toContain(`\\caption{${math} (differences against A)}`);
  });

  it.runIf(toolAvailable('pdflatex') && toolAvailable('pdftotext'))(
    'latex with captions compiles: two numbered tables, math in a --caption-latex',
    () => {
      const { stdout } = runCli([
        'compare',
        SOM,
        perturbed,
        '--name',
        'A,B',
        ...FAST,
        '--format',
        'latex',
        '--caption-latex',
        'Runs at $\\lambda=0.5$',
        '--label',
        'tab:x',
      ]);
      const text = pdfText(compileLatex(stdout).pdf);
      expect(text).toMatch(/Table 1: Runs at λ = 0\.5 \(scores\)/);
      expect(text).toMatch(/Table 2: Runs at λ = 0\.5 \(differences against A\)/);
    },
  );

  it('markdown and csv', () => {
    const md = runCli(['compare', SOM, perturbed, '--format', 'markdown', ...FAST]).stdout;
    expect(md).toMatch(/^\| Run \| turns \| JGA \|/);
    expect(md).toMatch(/Signature: `GCA alpha=10\/11/);
    const csv = runCli(['compare', SOM, perturbed, '--name', 'A,B', '--format', 'csv', ...FAST])
      .stdout.trim()
      .split('\n');
    expect(csv[0]).toBe('run,file,metric,lambda,value,value_lo,value_hi,baseline,delta,delta_lo,delta_hi,delta_mark,p,signature');
    // One row per run and metric of the registry (8 as shipped, in this order).
    const per = metricKeys(defaultConfig()).length;
    expect(csv).toHaveLength(1 + 2 * per);
    const metricOf = (l: string) => l.split(',')[2] + (l.split(',')[3] ? `_${l.split(',')[3]}` : '');
    expect(only(csv.slice(1, 1 + per).map(metricOf), [...SHIPPED_IDS, 'FGA_0.5'])).toEqual([
      'JGA',
      'SA',
      'AGA',
      'IAGA',
      'F1',
      'RSA',
      'FGA_0.5',
      'GCA',
    ]);
    expect(csv.slice(1 + per).map(metricOf)).toEqual(csv.slice(1, 1 + per).map(metricOf));
    expect(csv[1]).toMatch(/^A,.*predictions\.json,JGA,,0\.49933\d+,0\.4\d+,0\.5\d+,,,,,,,GCA alpha/);
    expect(csv[1 + per]).toMatch(/^B,.*perturbed\.json,JGA,,0\.58\d+,0\.\d+,0\.\d+,A,0\.08\d+,0\.\d+,0\.\d+,†,0\.0\d+,GCA alpha/);
  });

  it('--metrics: only those columns and comparisons, the numbers unchanged', () => {
    const args = ['compare', SOM, perturbed, '--name', 'A,B', '--lambdas', '0.5,1', ...FAST];
    const all = json(args.slice(1));
    const some = json([...args.slice(1), '--metrics', 'JGA,FGA_1,GCA']);
    expect(some.comparisons.map((c) => `${c.metric}${c.lambda ?? ''}`)).toEqual(['JGA', 'FGA1', 'GCA']);
    for (const c of some.comparisons) expect(c).toEqual(all.comparisons.find((x) => x.metric === c.metric && x.lambda === c.lambda));
    // "FGA" is every λ; GCA's parts only when asked.
    const md = runCli([...args, '--metrics', 'FGA,VP', '--format', 'markdown']).stdout.split('\n')[0];
    expect(md).toBe('| Run | turns | FGA λ=0.5 | FGA λ=1 | VP |');
    const latex = runCli([...args, '--metrics', 'JGA,GCA', '--format', 'latex']).stdout;
    expect(latex).toMatch(/^Run & turns & JGA & GCA \\\\$/m);
    expectUserError([SOM, perturbed, '--metrics', 'JGA,BLEU'], /--metrics: unknown metric "BLEU"; known: JGA, SA,/);
    // GCA's parts come beside a metric, and CSV gives their values too.
    expectUserError(
      [SOM, perturbed, '--metrics', 'VP,LR'],
      /--metrics: VP, LR are shown beside the metrics, with no interval or test of their own: give at least one metric too/,
    );
    const csv = runCli([...args, '--metrics', 'GCA,VP', '--format', 'csv'])
      .stdout.trim()
      .split('\n');
    expect(csv.slice(1).map((l) => `${l.split(',')[0]}:${l.split(',')[2]}`)).toEqual(['A:GCA', 'A:VP', 'B:GCA', 'B:VP']);
    expect(csv[2]).toMatch(/^A,.*,VP,,0\.\d+,,,,,,,,,"?GCA alpha/);
  });

  it('--series-x adds the x of each run and a series table', () => {
    const o = JSON.parse(runCli(['compare', SOM, perturbed, '--series-x', '0.5,1', '--format', 'json', ...FAST]).stdout) as {
      runs: { x: number }[];
    };
    expect(o.runs.map((r) => r.x)).toEqual([0.5, 1]);
    const r = runCli(['compare', SOM, perturbed, '--name', 'ratio_0.05,ratio_0.1', '--series-x', 'names', ...FAST]);
    expect(r.stderr).toContain('note: x = ratio (0.05, 0.1) read from the names');
    const t = r.stdout;
    expect(t).toMatch(/\n {1,}x\s+Run\s+JGA/);
    // x written with the decimals the values need (0.05 and 0.1 → 0.05, 0.10), not a fixed four.
    expect(t).toMatch(/0\.05\s+ratio_0\.05\s+49\.93 \[/);
    expect(t).toMatch(/0\.10\s+ratio_0\.1\s+/);
    expect(t).not.toMatch(/0\.0500/);
  });
});

describe('compare: bad input (one line, exit code 2)', () => {
  it('fewer than two files, bad numbers, unknown format', () => {
    const r = runCli(['compare', SOM]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^dst-inspector: compare: give a baseline and at least one other prediction file \(got 1\)/);
    expectUserError([SOM, SOM, '--bootstrap', 'many'], /--bootstrap: "many" is not a whole number between 0 and 100000/);
    expectUserError([SOM, SOM, '--trials', '1000001'], /--trials: "1000001" is not a whole number between 0 and 1000000/);
    expectUserError([SOM, SOM, '--seed', '4294967296'], /--seed: "4294967296" is not a whole number between 0 and 4294967295/);
    expectUserError([SOM, SOM, '--format', 'pdf'], /--format: "pdf" is not one of table, markdown, csv, latex, json/);
    expectUserError([SOM, SOM, '--series-x', '1'], /--series-x: 1 value for 2 runs/);
    expectUserError([SOM, SOM, '--threads', '0'], /--threads: "0" is not a whole number between 1 and 4/);
    expectUserError([SOM, SOM, '--threads', '9'], /--threads: "9" is not a whole number between 1 and 4/);
    // A negative number after an option is its value, checked as any other (not parseArgs' "ambiguous").
    expectUserError([SOM, SOM, '--bootstrap', '-5'], /^dst-inspector: --bootstrap: "-5" is not a whole number between 0 and 100000$/);
    expectUserError([SOM, SOM, '--bootstrap=-5'], /^dst-inspector: --bootstrap: "-5" is not a whole number between 0 and 100000$/);
    expectUserError([SOM, SOM, '--seed', '-1'], /^dst-inspector: --seed: "-1" is not a whole number between 0 and 4294967295$/);
    expectUserError([SOM, SOM, '--trials', '-0.5'], /^dst-inspector: --trials: "-0\.5" is not a whole number/);
  });

  it('a --label a LaTeX label cannot hold is refused before any file is read', () => {
    expectUserError(
      [SOM, perturbed, '--format', 'latex', '--caption', 'X', '--label', 'tab:x%y'],
      /--label: "tab:x%y" has characters a LaTeX label cannot hold/,
    );
  });

  it('caption options: --label needs a caption, --caption-latex needs latex, not both captions', () => {
    expectUserError([SOM, SOM, '--label', 'tab:x'], /--label needs --caption or --caption-latex/);
    expectUserError([SOM, SOM, '--caption-latex', '$x$'], /--caption-latex is LaTeX source: it needs --format latex/);
    expectUserError([SOM, SOM, '--format', 'latex', '--caption', 'a', '--caption-latex', 'b'], /--caption and --caption-latex .*give one/);
  });

  it('--series-x names: the number that differs, past T5’s 5; several differing numbers are named, and one can be chosen', () => {
    const names = 'T5_fewshot_taxi__ratio_0.01_seed_557_prediction,T5_fewshot_taxi__ratio_0.05_seed_557_prediction';
    const ok = runCli(['compare', SOM, perturbed, '--name', names, '--series-x', 'names', '--format', 'json', ...FAST]);
    expect(ok.code, ok.stderr).toBe(0);
    expect((JSON.parse(ok.stdout) as { runs: { x: number }[] }).runs.map((r) => r.x)).toEqual([0.01, 0.05]);
    expect(ok.stderr).toContain('note: x = ratio (0.01, 0.05) read from the names');
    const both = 'T5_fewshot_taxi__ratio_0.01_seed_557_prediction,T5_fewshot_taxi__ratio_0.05_seed_558_prediction';
    expectUserError(
      [SOM, perturbed, '--name', both, '--series-x', 'names'],
      /--series-x: the run names are no series: 2 numbers differ across the names: ratio \(0\.01, 0\.05\) and seed \(557, 558\); choose one as x \(--series-x names:ratio\)/,
    );
    const chosen = runCli(['compare', SOM, perturbed, '--name', both, '--series-x', 'names:ratio', '--format', 'json', ...FAST]);
    expect((JSON.parse(chosen.stdout) as { runs: { x: number }[] }).runs.map((r) => r.x)).toEqual([0.01, 0.05]);
  });

  it('--series-x names: run names that differ in more than a number, or only in their seed, are refused', () => {
    expectUserError(
      [SOM, perturbed, '--name', 'som_dst&v1,pert_2 & co', '--series-x', 'names'],
      /--series-x: the run names are no series: “som_dst&v1” and “pert_2 & co” differ in more than a number/,
    );
    expectUserError(
      [SOM, perturbed, '--name', 'ratio_0.1_seed_1,ratio_0.1_seed_2', '--series-x', 'names'],
      /--series-x: the run names are no series: only the seed differs \(1, 2\): runs that differ in their seed are repeats/,
    );
  });

  it('duplicate run names', () => {
    expectUserError([SOM, perturbed, '--name', 'a,a'], /--name: the run name "a" is given twice; run names must be unique/);
  });

  it('files with no dialogue in common', () => {
    expectUserError(
      [MUL, SNG, '--name', 'mul,sng'],
      /compare: sng \(.*sng0779\.json\) and the baseline mul \(.*mul1110\.json\) have no dialogue in common/,
    );
  });

  it('a run whose turns are a subset of the baseline: refused, or compared on the common part with --common', () => {
    const data = JSON.parse(readFileSync(SOM, 'utf8')) as Record<string, Record<string, unknown>>;
    const ids = Object.keys(data);
    delete data[ids[3]];
    const first = data[ids[0]];
    delete first[String(Object.keys(first).length - 1)];
    const subset = join(tmp, 'subset.json');
    writeFileSync(subset, JSON.stringify(data));
    expectUserError(
      [SOM, subset, '--name', 'full,subset'],
      /compare: the runs do not cover the same dialogues and turns: subset lacks 1 dialogue of full \(.*\); lacks 1 turn of full in shared dialogues \(first: .* turn \d+\); pass --common/,
    );
    const r = runCli(['compare', SOM, subset, '--name', 'full,subset', '--common', '--format', 'json', ...FAST]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/note: comparing on the common part: 99 dialogues, 7\d\d of the baseline's 751 turns/);
    const o = JSON.parse(r.stdout) as Report;
    expect(o.signature).toMatch(/common=99d\/7\d\dt/);
    expect(o.runs[0].corpus.turns).toBe(o.runs[1].corpus.turns);
    // The rest of the subset is the same predictions: every delta is 0.
    for (const c of o.comparisons) expect([c.delta, c.p]).toEqual([0, 1]);
  });

  it('a different gold: refused, or compared with --allow-different-gold and said how many turns differ', () => {
    const data = JSON.parse(readFileSync(SOM, 'utf8')) as Record<string, Record<string, { gt: Record<string, Record<string, string>> }>>;
    const d = Object.values(data)[0];
    for (const t of Object.values(d)) t.gt.hotel = { ...(t.gt.hotel ?? {}), area: 'nowhere' };
    const gold = join(tmp, 'other-gold.json');
    writeFileSync(gold, JSON.stringify(data));
    expectUserError(
      [SOM, gold, '--name', 'a,b'],
      /b is scored against a different gold than a: \d+ turns of 751 differ \(first: .* turn 0\); pass --allow-different-gold/,
    );
    const r = runCli(['compare', SOM, gold, '--name', 'a,b', '--allow-different-gold', '--format', 'json', ...FAST]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/note: b is scored against a different gold than a: \d+ turns of 751 differ/);
    expect((JSON.parse(r.stdout) as Report).signature).toMatch(/gold=differs:\d+t/);
  });

  it('a folder mixing layouts', () => {
    const dir = join(tmp, 'mixed');
    mkdirSync(dir);
    writeFileSync(join(dir, 'a.json'), readFileSync(MUL));
    writeFileSync(join(dir, 'b.json'), readFileSync(join(FIXTURES, 'formats', 'all_prediction_TRADE.json')));
    expectUserError([SOM, dir], /mixed: this folder mixes prediction layouts \(fga: .*a\.json; trade: .*b\.json\)/);
  });

  it('a broken file is located', () => {
    const bad = join(tmp, 'broken.json');
    writeFileSync(bad, '{"MUL1110.json": {"0": {"gt": {} "pr": {}}}}');
    expectUserError([P1, bad], /broken\.json:1:34: expected ',' or '}' in an object/);
  });
});

describe('compare --preset', () => {
  it('both runs are scored under the preset: their corpora are score --preset’s, the signature names it, the tests use its classes', () => {
    const exact = json([SOM, perturbed, '--name', 'a,b', ...FAST]);
    const mwz = json([SOM, perturbed, '--name', 'a,b', '--preset', 'mwzeval', ...FAST]);
    for (const [k, f] of [SOM, perturbed].entries()) {
      const cli = JSON.parse(runCli(['score', f, '--preset', 'mwzeval', '--format', 'json']).stdout);
      expect(mwz.runs[k].corpus).toEqual(cli.corpus);
    }
    expect(mwz.signature).toContain('preset=mwzeval(map=none)');
    expect(mwz.signature).toContain('none=value');
    expect(exact.signature).not.toContain('preset=');
    const jga = (r: Report) => r.comparisons.find((c) => c.metric === 'JGA')!;
    expect(jga(mwz).delta).toBeCloseTo((mwz.runs[1].corpus.JGA as number) - (mwz.runs[0].corpus.JGA as number), 12);
    expect(jga(mwz).delta).not.toBe(jga(exact).delta);
  });

  it('refuses an unknown preset before reading any file', () => {
    const r = runCli(['compare', SOM, perturbed, '--preset', 'nope']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--preset/);
  });
});
