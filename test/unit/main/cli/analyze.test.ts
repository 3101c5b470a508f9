// `score --by`, `analyze` and `traits --format` run as real processes: the
// JSON shapes the issue names, agreement with the engine, deltas between
// runs, every table format, and one-line usage errors (exit code 2).
import { beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { correlationMatrix } from '../../../../src/shared/analysis/correlations';
import { domainBreakdown } from '../../../../src/shared/analysis/domain-breakdown';
import { traitsView } from '../../../../src/shared/analysis/traits-points';
import { defaultConfig } from '../../../../src/shared/metrics/config';
import { evaluate } from '../../../../src/shared/metrics/evaluate';
import { metricValue } from '../../../../src/shared/metrics/values';
import { FIXTURES, loadFile } from '../../../helpers/fixtures';
import { only } from '../../../helpers/metrics';
import { compileLatex, toolAvailable } from '../../../helpers/tools';
import { requireBuild, runCli } from '../../../helpers/cli';

const SOM = join(FIXTURES, 'multiwoz-somdst-100', 'predictions.json');
const RANDOM = join(FIXTURES, 'random', 'random-7.json');
const config = defaultConfig();

beforeAll(() => requireBuild());

function json(args: string[]): Record<string, unknown> & { [k: string]: never } {
  const r = runCli(args);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}

function usageError(args: string[], fragment: RegExp): void {
  const r = runCli(args);
  expect(r.code).toBe(2);
  expect(r.stdout).toBe('');
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
  expect(r.stderr).toMatch(fragment);
}

describe('score --by', () => {
  it('domain, json: the corpus keys per domain, equal to the engine; several files: deltas against the first', () => {
    const o = json(['score', SOM, '--by', 'domain', '--format', 'json']) as unknown as {
      by: string;
      domainTurns: string;
      signature: string;
      groups: Record<string, Record<string, unknown>>;
      corpus: Record<string, unknown>;
    };
    expect(o.by).toBe('domain');
    expect(o.domainTurns).toBe('active');
    expect(Object.keys(o.groups)).toEqual(['attraction', 'hotel', 'restaurant', 'taxi', 'train']);
    expect(o.signature).toContain('by=domain turns=active');
    const want = domainBreakdown(loadFile(SOM), config, { turns: 'active' });
    for (const g of want.groups) {
      const got = o.groups[g.group];
      expect(Object.keys(got)).toEqual(
        expect.arrayContaining([
          'dialogues',
          'turns',
          'JGA',
          'SA',
          'AGA',
          'IAGA',
          'F1',
          'RSA',
          'FGA',
          'GCA',
          'VP',
          'VR',
          'LP',
          'LR',
          'counts',
          'K',
        ]),
      );
      expect(got.JGA).toBe(metricValue(g.scores.values, 'JGA'));
      expect((got.FGA as Record<string, number>)['0.5']).toBe(metricValue(g.scores.values, 'FGA', '0.5'));
    }
    const two = json([
      'score',
      SOM,
      RANDOM,
      '--by',
      'domain',
      '--domain-turns',
      'dialogue',
      '--domain-k',
      'slots',
      '--format',
      'json',
    ]) as unknown as {
      file: string;
      groups: Record<string, { JGA: number; K: number }>;
      deltas?: Record<string, Record<string, number>>;
      signature: string;
    }[];
    expect(two).toHaveLength(2);
    expect(two[0].deltas).toBeUndefined();
    expect(two[1].deltas!.hotel.JGA).toBeCloseTo(two[1].groups.hotel.JGA - two[0].groups.hotel.JGA, 12);
    expect(two[0].groups.hotel.K).toBe(10);
    expect(two[0].signature).toContain('SA K=slots of the domain');
  });

  it('slot, json and csv: per-slot counts whose sum is the corpus classes', () => {
    const o = json(['score', SOM, '--by', 'slot', '--format', 'json']) as unknown as {
      groups: Record<
        string,
        { correct: number; wrong: number; missed: number; overshot: number; counts: Record<string, number>; confusions: unknown[] }
      >;
      corpus: { counts: Record<string, number> };
    };
    const groups = Object.values(o.groups);
    expect(groups.length).toBeGreaterThan(10);
    const ev = evaluate(loadFile(SOM), config);
    const sum = (a: Int32Array) => a.reduce((x, y) => x + y, 0);
    expect(groups.reduce((a, g) => a + g.wrong, 0)).toBe(sum(ev.stats.wrong));
    expect(groups.reduce((a, g) => a + g.counts.M, 0)).toBe(o.corpus.counts.M);
    const csv = runCli(['score', SOM, '--by', 'slot', '--format', 'csv']);
    expect(csv.code).toBe(0);
    const lines = csv.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^group,turns,correct,wrong,missed,overshot,precision,recall,F1,C,W,M,O,confusions,signature$/);
    expect(lines).toHaveLength(groups.length + 1);
  });

  it('table and latex: one row per domain, the signature carried', () => {
    const t = runCli(['score', SOM, '--by', 'domain']);
    expect(t.code).toBe(0);
    for (const d of ['attraction', 'hotel', 'restaurant', 'taxi', 'train']) expect(t.stdout).toMatch(new RegExp(`^${d}\\s`, 'm'));
    expect(t.stdout).toMatch(/signature: .*by=domain turns=active/);
    const l = runCli(['score', SOM, RANDOM, '--by', 'domain', '--format', 'latex']);
    expect(l.stdout).toMatch(/\\toprule/);
    expect(l.stdout).toMatch(/\$\\Delta\$JGA/);
    expect(l.stdout).toMatch(/^% GCA alpha/m);
    // A caption and a label, as score and compare take them.
    const c = runCli(['score', SOM, '--by', 'domain', '--format', 'latex', '--caption', 'Per domain & turn', '--label', 'tab:domains']);
    expect(c.code).toBe(0);
    expect(c.stdout).toContain('\\caption{Per domain \\& turn}');
    expect(c.stdout).toContain('\\label{tab:domains}');
    expect(c.stdout).toMatch(/\\begin\{table\}/);
    const md = runCli(['score', SOM, '--by', 'slot', '--format', 'markdown', '--caption', 'Per slot']);
    expect(md.stdout.split('\n')[0]).toBe('**Per slot**');
    // The caption options are checked as score checks them, for every format, before any file is read.
    usageError(
      ['score', join(FIXTURES, 'no-such-file.json'), '--by', 'domain', '--format', 'json', '--caption-latex', 'X'],
      /--caption-latex is LaTeX source: it needs --format latex/,
    );
    usageError(['score', join(FIXTURES, 'no-such-file.json'), '--by', 'domain', '--label', 'k'], /--label needs --caption/);
  });

  it('bad breakdown flags: one line, exit 2', () => {
    usageError(['score', SOM, '--by', 'dialog'], /--by: "dialog" is not one of domain, slot/);
    usageError(['score', SOM, '--by', 'slot', '--domain-turns', 'dialogue'], /--domain-turns and --domain-k need --by domain/);
    usageError(['score', SOM, '--by', 'domain', '--domain-k', 'x'], /--domain-k: "x" is not a positive integer/);
    usageError(['score', SOM, '--by', 'domain', '--per-dialogue'], /--by cannot be combined with --per-dialogue/);
  });
});

describe('analyze', () => {
  it('--correlation turn|dialogue: {level, method, metrics, matrix, n} equal to the engine', () => {
    for (const [level, method] of [
      ['turn', 'pearson'],
      ['dialogue', 'spearman'],
    ] as const) {
      const o = json(['analyze', SOM, '--correlation', level, '--method', method, '--format', 'json']) as unknown as {
        level: string;
        method: string;
        metrics: string[];
        matrix: (number | null)[][];
        n: number[][];
      };
      const want = correlationMatrix(evaluate(loadFile(SOM), config), level, method);
      expect(o.level).toBe(level);
      expect(o.method).toBe(method);
      expect(o.metrics).toEqual(want.metrics);
      expect(o.matrix).toEqual(want.matrix);
      expect(o.n).toEqual(want.n);
    }
    const csv = runCli(['analyze', SOM, '--correlation', 'dialogue', '--format', 'csv']);
    // The registry's metrics (JGA, SA, AGA, IAGA, F1, RSA, FGA_0.5, GCA as shipped), as the engine lists them.
    const keys = correlationMatrix(evaluate(loadFile(SOM), defaultConfig()), 'dialogue', 'pearson').metrics;
    const shipped = ['JGA', 'SA', 'AGA', 'IAGA', 'F1', 'RSA', 'FGA_0.5', 'GCA'];
    expect(only(keys, shipped)).toEqual(shipped);
    expect(csv.stdout.split('\n')[0]).toBe(['metric', ...keys, 'signature'].join(','));
  });

  it('--position: buckets with counts and seeded bands; the same seed gives the same bands', () => {
    const args = ['analyze', SOM, '--position', 'index', '--band', 'JGA', '--bootstrap', '200', '--seed', '5', '--format', 'json'];
    const o = json(args) as unknown as {
      buckets: { turn: number; turns: number; JGA: number; bands: Record<string, [number, number]> }[];
      signature: string;
    };
    expect(o.buckets[0]).toMatchObject({ turn: 0, turns: 100 });
    expect(Object.keys(o.buckets[0].bands)).toEqual(['JGA']);
    expect(o.buckets[0].bands.JGA[0]).toBeLessThanOrEqual(o.buckets[0].JGA);
    expect(o.signature).toContain('seed=5');
    expect(json(args)).toEqual(o);
  });

  it('--origin and bad flags', () => {
    const o = json(['analyze', SOM, '--origin', 'all', '--top', '3', '--format', 'json']) as unknown as {
      wrong: number;
      fresh: number;
      carried: number;
      rootTurns: unknown[];
      rootSlots: unknown[];
    };
    expect(o.fresh + o.carried).toBe(o.wrong);
    expect(o.rootTurns).toHaveLength(3);
    usageError(['analyze', SOM], /choose one analysis/);
    usageError(['analyze', SOM, '--correlation', 'slot'], /--correlation: "slot" is not one of turn, dialogue/);
    usageError(['analyze', SOM, '--position', 'index', '--band', 'XYZ'], /--band: "XYZ" is not one of JGA/);
    usageError(['analyze', SOM, '--origin', 'all', '--format', 'csv'], /CSV holds one table/);
  });
});

describe('every analysis table in LaTeX', () => {
  // Greek letters and math signs in labels (FGA λ=0.5, ∅, −) are written as LaTeX, so each compiles in a plain article.
  const cases: [string, string[]][] = [
    ['correlations, turn level', ['analyze', SOM, '--correlation', 'turn']],
    ['correlations, dialogue level', ['analyze', SOM, '--correlation', 'dialogue', '--method', 'spearman']],
    ['turn position', ['analyze', SOM, '--position', 'index', '--band', 'JGA', '--bootstrap', '50']],
    ['error origin, root-cause turns', ['analyze', SOM, '--origin', 'turns']],
    ['error origin, slots', ['analyze', SOM, '--origin', 'slots']],
    ['spurious traits', ['traits', SOM]],
    ['per domain, two runs', ['score', SOM, RANDOM, '--by', 'domain']],
    ['per slot', ['score', SOM, '--by', 'slot']],
    // Over a page: longtables.
    ['per dialogue, 100 rows (a longtable)', ['score', SOM, '--per-dialogue', '--caption', 'Every dialogue', '--label', 'tab:d']],
    ['error origin, 60 root-cause turns (a longtable)', ['analyze', SOM, '--origin', 'turns', '--top', '60']],
  ];
  it.runIf(toolAvailable('pdflatex')).each(cases)('%s compiles with pdflatex, booktabs and longtable', (name, args) => {
    const r = runCli([...args, '--format', 'latex']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.includes('\\begin{longtable}')).toBe(name.includes('longtable'));
    expect(() => compileLatex(r.stdout)).not.toThrow();
  });
});

describe('traits --format', () => {
  it('json: the analysis with the kept points, equal to the engine; the table format is unchanged', () => {
    const o = json(['traits', SOM, '--format', 'json']) as unknown as {
      kept: number;
      correlations: { trait: string; FGA: number; GCA: number; ci: [number, number] }[];
      points: unknown[];
    };
    const want = traitsView(evaluate(loadFile(SOM), config));
    expect(o.kept).toBe(72);
    expect(o.points).toHaveLength(72);
    expect(o.correlations[0]).toMatchObject({
      trait: 'TO',
      FGA: want.analysis.correlations[0].withFGA,
      GCA: want.analysis.correlations[0].withGCA,
    });
    expect(o.correlations[1].ci).toEqual([
      want.analysis.correlations[1].difference!.lower,
      want.analysis.correlations[1].difference!.upper,
    ]);
    const t = runCli(['traits', SOM, '--dialogues', join(FIXTURES, 'multiwoz-somdst-100', 'dialogues.json')]);
    expect(t.stdout).toMatch(/^TO\s+0\.267\s+-0\.068\s+0\.335\s+\[0\.136, 0\.520\]\s+yes$/m);
  });
});
