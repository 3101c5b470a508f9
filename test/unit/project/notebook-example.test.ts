// The Python example of docs/guide/notebooks.md, run for real: the built CLI
// (out/main/cli.cjs, `npm run build` comes before vitest in `npm test`) writes
// `score --per-dialogue --format json` of a 300-dialogue fixture, the
// machine's python3 runs the page's code block on it, and every value it
// prints must equal the JSON's — through pandas when pandas is installed,
// through the standard library otherwise (the example says which on
// stderr). Skipped, saying why, only when there is no python3.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURES } from '../../helpers/fixtures';

const ROOT = join(__dirname, '..', '..', '..');
const DOC = join(ROOT, 'docs', 'guide', 'notebooks.md');
const MARK = '<!-- example: notebooks.py -->';
const FILE = join(FIXTURES, 'random', 'random-7.json');

const python = spawnSync('python3', ['--version'], { encoding: 'utf8' });
const HAS_PYTHON = python.status === 0;
const hasPandas = HAS_PYTHON && spawnSync('python3', ['-c', 'import pandas'], { encoding: 'utf8' }).status === 0;

/** The page's Python block after its marker. */
function example(): string {
  const doc = readFileSync(DOC, 'utf8');
  const at = doc.indexOf(MARK);
  expect(at, `${DOC} has no ${MARK}`).toBeGreaterThanOrEqual(0);
  const m = /```python\n([\s\S]*?)```/.exec(doc.slice(at));
  expect(m).not.toBeNull();
  return m![1];
}

/** CSV as the example writes it (no quoting needed: ids and numbers only); every cell kept as text. */
function parseCsv(text: string): Record<string, string>[] {
  const [head, ...lines] = text.trimEnd().split('\n');
  const keys = head.split(',');
  return lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [keys[i], v])));
}

const dir = mkdtempSync(join(tmpdir(), 'notebook-example-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(!HAS_PYTHON)(`the notebooks page's Python example (python3 ${HAS_PYTHON ? 'found' : 'absent: skipped'})`, () => {
  it(`reads score --format json into a table whose every value equals the JSON's (${hasPandas ? 'with pandas' : 'pandas absent: the plain-json path'})`, () => {
    const cli = spawnSync(process.execPath, [join(ROOT, 'bin', 'dst-inspector.js'), 'score', FILE, '--per-dialogue', '--format', 'json'], {
      encoding: 'utf8',
      maxBuffer: 64 << 20,
    });
    expect(cli.status, cli.stderr).toBe(0);
    const doc = JSON.parse(cli.stdout);
    expect(doc.schemaVersion).toBe(1);
    const json = join(dir, 'scores.json');
    writeFileSync(json, cli.stdout);
    const script = join(dir, 'notebooks.py');
    const code = example();
    writeFileSync(script, code);
    // The metric columns the example picks (its METRICS list), each a metric of the JSON.
    const metrics = JSON.parse(/^METRICS = (\[.*\])$/m.exec(code)![1].replace(/'/g, '"')) as string[];
    expect(metrics.length).toBeGreaterThan(0);
    for (const m of metrics) expect(doc.corpus).toHaveProperty(m);

    const py = spawnSync('python3', [script, json], { encoding: 'utf8', maxBuffer: 64 << 20 });
    expect(py.status, py.stderr).toBe(0);
    // It says which path it took, and the test knows which one it should be.
    expect(py.stderr.includes('pandas is not installed')).toBe(!hasPandas);
    expect(py.stderr).toContain(`signature: ${doc.signature}`);

    const rows = parseCsv(py.stdout);
    const dialogues = doc.dialogues as Record<string, unknown>[];
    expect(rows.length).toBe(dialogues.length);
    expect(dialogues.length).toBe(300);
    const lambdas = Object.keys(dialogues[0].FGA as object);
    expect(Object.keys(rows[0])).toEqual(['id', 'turns', ...metrics, ...lambdas.map((l) => `FGA_${l}`)]);
    let compared = 0;
    rows.forEach((r, i) => {
      const d = dialogues[i];
      expect(r.id).toBe(d.id);
      expect(Number(r.turns)).toBe(d.turns);
      for (const m of metrics) {
        // Python writes the shortest text that reads back as the same double (repr), as JavaScript does: equal exactly.
        if (d[m] === null) expect(r[m]).toBe('');
        else expect(Number(r[m]), `${d.id} ${m}`).toBe(d[m]);
        compared++;
      }
      for (const l of lambdas) expect(Number(r[`FGA_${l}`])).toBe((d.FGA as Record<string, number>)[l]);
    });
    expect(compared).toBe(300 * metrics.length);
  }, 60_000);
});
