// Benchmark: re-scoring after one new correction (the what-if) and durable
// saves, on synthetic corpora of 7,500 and 75,000 turns. Bundles
// bench/rescore.ts with vite into .bench/build/ and runs it; prints sizes,
// times and ratios (a measurement, not a test).
// Usage: node bench/annotations.js [--sizes 7500,75000] [--corrections 100]
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const WORK = join(ROOT, '.bench');
const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const sizes = arg('sizes', '7500,75000').split(',').map(Number);
const corrections = Number(arg('corrections', '100'));

mkdirSync(WORK, { recursive: true });
const { build } = await import('vite');
const outDir = join(WORK, 'build', 'rescore');
await build({
  configFile: false,
  root: ROOT,
  logLevel: 'warn',
  build: {
    ssr: join(ROOT, 'bench', 'rescore.ts'),
    outDir,
    emptyOutDir: true,
    minify: false,
    target: 'node20',
    rollupOptions: { output: { entryFileNames: 'rescore.mjs' } },
  },
});
const harness = join(outDir, 'rescore.mjs');
console.log(
  'turns     dialogues  corrections  one new correction: median / p95 / max  full re-score  speed-up  save (fsync): median / p95',
);
for (const turns of sizes) {
  const r = spawnSync(process.execPath, [harness, String(turns), String(corrections)], { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  const o = JSON.parse(r.stdout);
  const f = (x) => `${x.toFixed(2)} ms`;
  console.log(
    `${String(o.turns).padEnd(9)} ${String(o.dialogues).padEnd(10)} ${String(o.corrections).padEnd(12)} ${`${f(o.incrementalMedianMs)} / ${f(o.incrementalP95Ms)} / ${f(o.incrementalMaxMs)}`.padEnd(40)} ${f(o.fullRescoreMedianMs).padEnd(14)} ${`${(o.fullRescoreMedianMs / o.incrementalMedianMs).toFixed(0)}×`.padEnd(9)} ${f(o.saveMedianMs)} / ${f(o.saveP95Ms)}`,
  );
}
