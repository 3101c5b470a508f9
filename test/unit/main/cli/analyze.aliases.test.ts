// The analyses' older commands stay aliases of `analyze --kind NAME` with
// the same output byte for byte: `score --by`, `traits` and `analyze
// --correlation|--position|--origin` are run as real processes and compared
// with the output the commands gave before the analyses registry
// (test/fixtures/cli-aliases: stdout, stderr and exit code, recorded from the
// build of commit 73a4395), and the `analyze --kind` form of each gives the
// same bytes. A metric added in defs/ (beyond the shipped ones the output
// was recorded with) adds its columns and keys: they are taken out before the
// comparison (withoutMetrics), so the recorded bytes still hold for the rest;
// with the shipped metrics alone nothing is taken out. The JSON documents'
// "schemaVersion": 1 line, added since, is taken out the same way.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES } from '../../../helpers/fixtures';
import { ADDED_IDS, withoutMetrics } from '../../../helpers/metrics';
import { requireBuild, runCli } from '../../../helpers/cli';

const GOLDEN = join(FIXTURES, 'cli-aliases');
// Relative to the repository (the CLI's working directory), as the files were named when the output was recorded.
const FILES: Record<string, string> = {
  SOM: 'test/fixtures/multiwoz-somdst-100/predictions.json',
  RANDOM: 'test/fixtures/random/random-7.json',
};
const cases = JSON.parse(readFileSync(join(GOLDEN, 'cases.json'), 'utf8')) as {
  name: string;
  args: string[];
  code: number;
  stderr: string;
}[];
const files = (args: string[]) => args.map((a) => FILES[a] ?? a);

/** The `analyze --kind NAME` form of an alias's arguments. */
function kindForm(args: string[]): string[] {
  const [cmd, ...rest] = args;
  if (cmd === 'traits') return ['analyze', ...rest, '--kind', 'traits'];
  if (cmd === 'score') return ['analyze', ...rest, '--kind', 'breakdown'];
  const alias: Record<string, [string, string]> = {
    '--correlation': ['correlations', '--level'],
    '--position': ['position', '--by'],
    '--origin': ['origin', '--tables'],
  };
  const out = ['analyze'];
  for (const a of rest) {
    if (alias[a]) out.push('--kind', alias[a][0], alias[a][1]);
    else out.push(a);
  }
  return out;
}

beforeAll(() => requireBuild());

describe('aliases of analyze --kind: the output before the registry, byte for byte', () => {
  it('has cases for every alias', () => {
    const commands = new Set(cases.map((c) => (c.args[0] === 'analyze' ? c.args[2] : c.args[0])));
    expect([...commands].sort()).toEqual(['--correlation', '--origin', '--position', 'score', 'traits']);
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const want = readFileSync(join(GOLDEN, `${c.name}.out`), 'utf8');
    const alias = runCli(files(c.args));
    expect(alias.code, alias.stderr).toBe(c.code);
    // The JSON documents now open with "schemaVersion": 1 (docs/reference/json-output.md), added after the recording.
    expect(withoutMetrics(alias.stdout, ADDED_IDS).replace(/^( *)"schemaVersion": 1,\n/gm, '')).toBe(want);
    if (c.name.endsWith('-json')) expect(alias.stdout).toMatch(/^ *"schemaVersion": 1,$/m);
    expect(alias.stderr).toBe(c.stderr);
    const kind = runCli(files(kindForm(c.args)));
    expect(kind.code, kind.stderr).toBe(c.code);
    expect(kind.stdout).toBe(alias.stdout);
    expect(kind.stderr).toBe(c.stderr);
  });
});
