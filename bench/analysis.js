// Benchmark of the analysis view's computations (Node, plain JS:
// `node bench/analysis.js`): writes the seeded synthetic corpus of
// bench/generate.js into .bench/ (shared with `npm run bench`), bundles
// bench/analysis-phases.ts with vite and prints, per size, the time of every
// breakdown, matrix and band after loading (median and fastest of --runs
// runs) against the 2 s budget of issue 10. It prints numbers; it asserts nothing.
//
//   node bench/analysis.js                      # 750k turns, 3 runs
//   node bench/analysis.js --sizes 75k,750k --runs 5

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateFile } from './generate.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const WORK = join(ROOT, '.bench');
const GENERATOR_VERSION = 2; // as bench/run.js: the same cached corpora
const BUDGET_MS = 2000;

function parseArgs(argv) {
  const opts = { sizes: ['750k'], runs: 3 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--sizes') opts.sizes = argv[++i].split(',');
    else if (a === '--runs') opts.runs = Math.max(1, Number(argv[++i]));
    else if (a === '-h' || a === '--help') {
      process.stdout.write('Usage: node bench/analysis.js [--sizes 75k,750k] [--runs 3]\n');
      process.exit(0);
    } else throw new Error(`bench: unknown option ${a}`);
  }
  return opts;
}

function turnsOf(label) {
  const m = /^(\d+(?:\.\d+)?)([km]?)$/i.exec(label);
  if (!m) throw new Error(`bench: bad size ${label} (use e.g. 75k, 750k, 1m)`);
  return Math.round(Number(m[1]) * (m[2].toLowerCase() === 'm' ? 1e6 : m[2].toLowerCase() === 'k' ? 1e3 : 1));
}

async function buildHarness(name) {
  const { build } = await import('vite');
  const outDir = join(WORK, 'build', name);
  await build({
    configFile: false,
    root: ROOT,
    logLevel: 'warn',
    build: { ssr: join(ROOT, 'bench', `${name}.ts`), outDir, emptyOutDir: true, minify: false, target: 'node20', rollupOptions: { output: { entryFileNames: `${name}.mjs` } } },
  });
  return join(outDir, `${name}.mjs`);
}

const opts = parseArgs(process.argv.slice(2));
mkdirSync(WORK, { recursive: true });
const harness = await buildHarness('analysis-phases');
for (const size of opts.sizes) {
  const turns = turnsOf(size);
  const file = join(WORK, `fga-${turns}-s${turns}-v${GENERATOR_VERSION}.json`);
  if (!existsSync(file)) {
    process.stderr.write(`bench: writing ${file}…\n`);
    generateFile(file, turns, turns);
  }
  const r = spawnSync(process.execPath, ['--max-old-space-size=4096', harness, file, String(opts.runs)], { encoding: 'utf8', maxBuffer: 1 << 24 });
  if (r.status !== 0) throw new Error(`bench: the harness failed on ${file}:\n${r.stderr}`);
  const out = JSON.parse(r.stdout);
  process.stdout.write(`\n${out.turns.toLocaleString('en')} turns, ${out.dialogues.toLocaleString('en')} dialogues (load + analyse turns: ${(out.loadMs / 1000).toFixed(2)} s, not counted below)\n\n`);
  const w = Math.max(...out.results.map((x) => x.name.length));
  process.stdout.write(`${'analysis'.padEnd(w)}  median s  fastest s  budget\n`);
  for (const x of out.results) {
    process.stdout.write(`${x.name.padEnd(w)}  ${(x.medianMs / 1000).toFixed(3).padStart(8)}  ${(x.minMs / 1000).toFixed(3).padStart(9)}  ${x.medianMs <= BUDGET_MS ? 'ok' : 'OVER 2 s'}\n`);
  }
}
