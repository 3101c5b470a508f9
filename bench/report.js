// Benchmark of `dst-inspector report` (issue 20's budget: at most 5 MB for 200
// dialogues, built in under 5 s for a 7.5k-turn run). Generates a 7.5k-turn
// corpus (bench/generate.js, seeded) and writes reports of 200 dialogues, of
// two runs, and of every dialogue; prints wall time, file size and size per
// dialogue. Needs `npm run build`. Not a timed test: it prints numbers.
// Usage: node bench/report.js [turns=7500]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateFile } from './generate.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const turns = Number(process.argv[2] ?? 7500);
const tmp = mkdtempSync(join(tmpdir(), 'bench-report-'));
const pred = join(tmp, 'run.json');
const g = generateFile(pred, turns, 7);
const pred2 = join(tmp, 'run2.json');
generateFile(pred2, turns, 7);
console.log(`corpus: ${g.turns} turns, ${g.dialogues} dialogues, ${(g.bytes / 1e6).toFixed(1)} MB (load ${loadavg()[0].toFixed(1)})`);

function run(label, args, dialogues) {
  const out = join(tmp, `${label}.html`);
  const t = performance.now();
  const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'dst-inspector.js'), 'report', ...args, '--out', out], { encoding: 'utf8' });
  const s = (performance.now() - t) / 1000;
  if (r.status !== 0) throw new Error(r.stderr);
  const bytes = statSync(out).size;
  console.log(
    `${label.padEnd(22)} ${s.toFixed(2).padStart(6)} s  ${(bytes / 1e6).toFixed(2).padStart(6)} MB  ${(bytes / dialogues / 1e3).toFixed(1).padStart(6)} kB/dialogue`,
  );
}

run('200 dialogues', [pred, '--dialogues-top', '200'], 200);
run('2 runs x 200 dialogues', [pred, pred2, '--dialogues-top', '200', '--bootstrap', '1000', '--trials', '10000'], 400);
run(`all ${g.dialogues} dialogues`, [pred, '--all'], g.dialogues);
