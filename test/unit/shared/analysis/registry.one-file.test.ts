// "Adding an analysis touches only its two defs files", followed for real:
// the example of docs/dev/adding-an-analysis.md (its spec and its def) is
// written into a copy of src/ (nothing else changes there), and a test run in
// that copy checks that the
// analysis is in the registry, in the API (its call's schema), in the engine
// (its answer equals a plain computation from the per-turn records), in
// `analyze --help` and in `analyze --kind first-error` (its JSON and table).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURES } from '../../../helpers/fixtures';

const ROOT = join(__dirname, '..', '..', '..', '..');
const DOC = join(ROOT, 'docs', 'dev', 'adding-an-analysis.md');
const DEFS = 'src/shared/analysis/defs';
const FILES = ['first-error.args.ts', 'first-error.ts'];

/** An example file of the page: the code block after its marker. */
function example(file: string): string {
  const doc = readFileSync(DOC, 'utf8');
  const mark = `<!-- example: ${DEFS}/${file} -->`;
  const at = doc.indexOf(mark);
  expect(at, `${DOC} has no ${mark}`).toBeGreaterThanOrEqual(0);
  const m = /```ts\n([\s\S]*?)```/.exec(doc.slice(at));
  expect(m).not.toBeNull();
  return m![1];
}

// Runs in the copy (its own vitest, its own import.meta.glob over defs/).
const PROBE = `
import { describe, expect, it } from 'vitest';
import { ANALYSES, analysisByName } from './src/shared/analysis/registry';
import { ANALYSIS_SPECS } from './src/shared/analysis/specs';
import { API_CALLS } from './src/shared/api';
import { defaultConfig } from './src/shared/metrics/config';
import { dialogueDetail } from './src/shared/metrics/evaluate';
import { metricValue } from './src/shared/metrics/values';
import { analyseCorpus } from './src/shared/metrics/turn-stats';
import { loadCorpus } from './src/shared/formats/detect';
import { AnalysisEngine } from './src/main/services/analysis-engine';
import { analyzeCommand, ANALYZE_HELP } from './src/main/cli/analyze';
import { readFileSync } from 'node:fs';

const FILE = ${JSON.stringify(join(FIXTURES, 'random', 'random-7.json'))};
const config = defaultConfig();

describe('first-error, added as one file', () => {
  it('is registered, last, with an API call that checks its arguments', () => {
    expect(ANALYSES.at(-1)?.kind).toBe('firstError');
    expect(ANALYSIS_SPECS.at(-1)?.kind).toBe('firstError');
    const call = (API_CALLS as Record<string, { safeParse(x: unknown): { success: boolean } }>).firstError;
    expect(call.safeParse({ run: 'r1', rev: 0, config, max: 5 }).success).toBe(true);
    expect(call.safeParse({ run: 'r1', rev: 0, config, max: 0 }).success).toBe(false);
    expect(call.safeParse({ run: 'r1', rev: 0, config, max: 5, other: 1 }).success).toBe(false);
  });

  it('is answered by the engine: equal to a plain count from the per-turn records', async () => {
    const corpus = loadCorpus(readFileSync(FILE), { file: 'random-7.json' }).corpus;
    const engine = new AnalysisEngine(corpus, analyseCorpus(corpus), {});
    const got = engine.run({ kind: 'firstError', args: { config, max: 5 } } as never) as unknown as { byTurn: number[]; never: number; signature: { parts: { text: string }[] } };
    const want = [0, 0, 0, 0, 0];
    let never = 0;
    for (let d = 0; d < corpus.dialogueIds.length; d++) {
      const turns = dialogueDetail(corpus, d, config).perTurn!;
      const k = turns.findIndex((t) => metricValue(t.values, 'JGA') === 0);
      if (k < 0) never++;
      else want[Math.min(k, 4)]++;
    }
    expect(got.byTurn).toEqual(want);
    expect(got.never).toBe(never);
    expect(got.byTurn.reduce((a, b) => a + b, got.never)).toBe(corpus.dialogueIds.length);
    expect(got.signature.parts.map((p) => p.text)).toContain('first-error max=5');
  });

  it('runs as analyze --kind first-error, listed in analyze --help', async () => {
    expect(ANALYZE_HELP).toContain('first-error: first error');
    expect(ANALYZE_HELP).toContain('--max N');
    let out = '';
    await analyzeCommand([FILE, '--kind', 'first-error', '--max', '5', '--format', 'json'], (s) => void (out += s));
    const o = JSON.parse(out);
    expect(o.byTurn.reduce((a: number, b: number) => a + b, o.never)).toBe(300);
    expect(o.signature).toContain('first-error max=5');
    out = '';
    await analyzeCommand([FILE, '--kind', 'first-error'], (s) => void (out += s));
    expect(out).toMatch(/^first wrong turn\\s+dialogues\\s+share/m);
    expect(out).toMatch(/^9 or later\\s/m);
    expect(out).toMatch(/^never\\s/m);
    expect(analysisByName('first-error')?.tab).toBeUndefined();
  });
});
`;

const dir = mkdtempSync(join(tmpdir(), 'analysis-one-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('adding an analysis is adding its two defs files (docs/dev/adding-an-analysis.md)', () => {
  it('the page’s example, alone in a copy of src/, is in the registry, the API, the engine and the CLI', () => {
    cpSync(join(ROOT, 'src'), join(dir, 'src'), { recursive: true });
    cpSync(join(ROOT, 'package.json'), join(dir, 'package.json')); // src/shared/version.ts reads it
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
    for (const file of FILES) writeFileSync(join(dir, DEFS, file), example(file));
    writeFileSync(join(dir, 'probe.test.ts'), PROBE);
    writeFileSync(
      join(dir, 'vitest.config.mjs'),
      "export default { test: { include: ['probe.test.ts'], environment: 'node', testTimeout: 60000 } };\n",
    );
    const env = { ...process.env };
    delete env.NODE_OPTIONS;
    delete env.VITEST;
    delete env.VITEST_POOL_ID;
    delete env.VITEST_WORKER_ID;
    const r = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--root', dir], {
      cwd: dir,
      env,
      encoding: 'utf8',
      timeout: 240_000,
    });
    expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0);
    expect(r.stdout).toMatch(/3 passed/);
  }, 300_000);
});
