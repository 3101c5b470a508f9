// Benchmark of the analysis view's computations (Node, plain JS:
// `node bench/analysis.js`): writes the seeded synthetic corpus of
// bench/generate.js into .bench/ (shared with `npm run bench`), bundles
// bench/analysis-phases.ts with vite and prints, per size, the time of every
// breakdown, matrix and band after loading (median and fastest of --runs
// runs) against the 2 s budget of issue 10. It prints numbers; it asserts nothing.
//
//   node bench/analysis.js                      # 750k turns, 3 runs
//   node bench/analysis.js --sizes 75k,750k --runs 5
//   node bench/analysis.js --app                # also through `serve` (after npm run build): each
//                                               # API call's time, the first one starting the worker,
//                                               # and a list page asked for while a heavy analysis runs

import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { turnsOf } from './generate.js';
import { buildHarness } from './harness.js';
import { cachedCorpus, parseBenchArgs } from './args.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const WORK = join(ROOT, '.bench');
const BUDGET_MS = 2000;

const parseArgs = (argv) =>
  parseBenchArgs(
    argv,
    { sizes: ['750k'], runs: 3, app: false },
    { '--sizes': ['sizes', 'list'], '--runs': ['runs', 'count'], '--app': ['app', true] },
    'node bench/analysis.js [--sizes 75k,750k] [--runs 3] [--app]',
  );

const opts = parseArgs(process.argv.slice(2));
mkdirSync(WORK, { recursive: true });
const harness = await buildHarness('analysis-phases');
for (const size of opts.sizes) {
  const turns = turnsOf(size);
  const file = cachedCorpus(turns);
  const r = spawnSync(process.execPath, ['--max-old-space-size=4096', harness, file, String(opts.runs)], {
    encoding: 'utf8',
    maxBuffer: 1 << 24,
  });
  if (r.status !== 0) throw new Error(`bench: the harness failed on ${file}:\n${r.stderr}`);
  const out = JSON.parse(r.stdout);
  process.stdout.write(
    `\n${out.turns.toLocaleString('en')} turns, ${out.dialogues.toLocaleString('en')} dialogues (load + analyse turns: ${(out.loadMs / 1000).toFixed(2)} s, not counted below)\n\n`,
  );
  const w = Math.max(...out.results.map((x) => x.name.length));
  process.stdout.write(`${'analysis'.padEnd(w)}  median s  fastest s  budget\n`);
  for (const x of out.results) {
    process.stdout.write(
      `${x.name.padEnd(w)}  ${(x.medianMs / 1000).toFixed(3).padStart(8)}  ${(x.minMs / 1000).toFixed(3).padStart(9)}  ${x.medianMs <= BUDGET_MS ? 'ok' : 'OVER 2 s'}\n`,
    );
  }
  if (opts.app) await measureApp(file);
}

/** The same analyses asked of `dst-inspector serve` over HTTP, as the analysis view asks them. */
async function measureApp(file) {
  const server = spawn(process.execPath, [join(ROOT, 'out', 'main', 'cli.cjs'), 'serve', file, '--port', '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const line = await new Promise((resolve) => server.stdout.once('data', (b) => resolve(String(b))));
    const url = new URL(/http\S+/.exec(line)[0]);
    const token = url.searchParams.get('token');
    const call = async (name, args) => {
      const started = performance.now();
      const r = await fetch(`${url.origin}/api/${name}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(args),
      });
      const body = await r.json();
      if (!r.ok) throw new Error(body.error);
      return { body, ms: performance.now() - started };
    };
    let run;
    for (;;) {
      run = (await call('listRuns', {})).body.runs[0];
      if (run?.state === 'ready') break;
      if (run?.state === 'error') throw new Error(run.error.message);
      await new Promise((r) => setTimeout(r, 100));
    }
    const base = { run: run.id, rev: run.revision, config: { lambdas: [0.5], slotCount: 30, traits: 'paper' } };
    const rows = [];
    const time = async (label, name, args) => rows.push([label, (await call(name, { ...base, ...args })).ms]);
    await time('breakdown per domain (first call: starts the worker, copies the corpus)', 'breakdown', { by: 'domain' });
    await time('breakdown per domain, dialogue turns', 'breakdown', { by: 'domain', domainTurns: 'dialogue' });
    await time('breakdown per slot', 'breakdown', { by: 'slot' });
    await time('turn position by index, 4 bands (the view default)', 'turnPosition', {
      by: 'index',
      bands: ['JGA', 'FGA_0.5', 'RSA', 'GCA'],
    });
    await time('turn position by length, 4 bands', 'turnPosition', { by: 'length', bands: ['JGA', 'FGA_0.5', 'RSA', 'GCA'] });
    await time('error origin', 'errorOrigin', { top: 50 });
    await time('correlations, turn, Spearman', 'correlations', { level: 'turn', method: 'spearman' });
    await time('correlations, dialogue, Pearson', 'correlations', { level: 'dialogue', method: 'pearson' });
    await time('spurious traits', 'traitsView', {});
    await time('filtered scores (domain taxi)', 'filteredScores', { filter: { domain: 'taxi' } });
    await time('filtered scores (search missed:train-leaveat)', 'filteredScores', { filter: { search: 'missed:train-leaveat' } });
    // Responsiveness: a list page asked for while the worker computes a new analysis.
    const heavy = call('turnPosition', {
      ...base,
      by: 'index',
      bands: ['JGA', 'SA', 'AGA', 'IAGA', 'F1', 'RSA', 'FGA_0.5', 'GCA'],
      seed: 2,
    });
    await new Promise((r) => setTimeout(r, 50));
    const page = await call('dialoguePage', { ...base, offset: 5000, limit: 60, sort: { key: 'position', descending: false }, filter: {} });
    const h = await heavy;
    const w = Math.max(...rows.map((r) => r[0].length));
    process.stdout.write(`\nthrough serve (HTTP, the analysis worker):\n${'call'.padEnd(w)}  seconds\n`);
    for (const [label, ms] of rows) process.stdout.write(`${label.padEnd(w)}  ${(ms / 1000).toFixed(3).padStart(7)}\n`);
    process.stdout.write(
      `a list page asked for during an 8-band turn-position analysis (${(h.ms / 1000).toFixed(2)} s): answered in ${page.ms.toFixed(0)} ms\n`,
    );
  } finally {
    server.kill('SIGTERM');
  }
}
