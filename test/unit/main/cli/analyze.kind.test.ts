// `analyze --kind NAME` run as a real process: the help lists every analysis
// of the registry with its options, a wrong choice or an option of another
// analysis is one line with exit code 2 (before any file is read), and
// --figure writes the analysis's chart with its signature. (The output of
// each kind against the older commands: analyze.aliases.test.ts.)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYSES } from '../../../../src/shared/analysis/registry';
import { FIXTURES } from '../../../helpers/fixtures';
import { requireBuild, runCli } from '../../../helpers/cli';

const SOM = join(FIXTURES, 'multiwoz-somdst-100', 'predictions.json');
const MISSING = join(FIXTURES, 'no-such-file.json');
const dir = mkdtempSync(join(tmpdir(), 'analyze-kind-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
beforeAll(() => requireBuild());

function usageError(args: string[], fragment: RegExp): void {
  const r = runCli(args);
  expect(r.code, r.stderr).toBe(2);
  expect(r.stdout).toBe('');
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
  expect(r.stderr).toMatch(fragment);
}

describe('analyze --kind', () => {
  it('--help lists every analysis of the registry with its options and examples', () => {
    const r = runCli(['analyze', '--help']);
    expect(r.code).toBe(0);
    for (const d of ANALYSES) {
      expect(r.stdout).toContain(`  ${d.name}: ${d.label.toLowerCase()} — ${d.summary}`);
      for (const f of Object.keys(d.cli.flags)) expect(r.stdout).toMatch(new RegExp(`^ {4}--${f}\\b`, 'm'));
      expect(r.stdout).toContain(`--kind ${d.name}`);
    }
  });

  it('refuses an unknown kind, two choices, and the options of another analysis, before reading the file', () => {
    const names = ANALYSES.map((d) => d.name).join(', ');
    usageError(['analyze', MISSING, '--kind', 'nope'], new RegExp(`--kind: "nope" is not one of ${names}`));
    usageError(['analyze', MISSING, '--kind', 'position', '--position', 'index'], /choose one analysis: --kind /);
    usageError(['analyze', MISSING, '--kind', 'origin', '--band', 'JGA'], /--band needs --kind position/);
    usageError(['analyze', MISSING, '--position', 'index', '--by', 'length'], /--position is --kind position --by: give one of them/);
    usageError(['analyze', MISSING, '--kind', 'traits', '--metrics', 'JGA'], /--metrics needs --kind breakdown or --kind position/);
    usageError(['analyze', MISSING, '--kind', 'origin', '--caption', 'x'], /--caption: the origin analysis writes no single table/);
    usageError(['analyze', MISSING, '--kind', 'position', '--by', 'turn'], /--by: "turn" is not one of index, length/);
    usageError(['analyze', MISSING, '--kind', 'correlations', '--figure', 'x.txt'], /--figure x\.txt: \.txt is not a figure format/);
  }, 120_000); // eight processes

  it('--figure FILE writes the chart (the app’s drawing) with the signature, beside the table on stdout', () => {
    const out = join(dir, 'corr.svg');
    const r = runCli(['analyze', SOM, '--kind', 'correlations', '--level', 'dialogue', '--figure', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^signature: .*GCA alpha=10\/11/m);
    const svg = readFileSync(out, 'utf8');
    expect(svg).toMatch(/^<\?xml|^<svg/);
    expect(svg).toContain('GCA alpha=10/11');
  });
});
