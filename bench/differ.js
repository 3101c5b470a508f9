// Benchmark of "where do runs differ most" (Node, plain JS: `npm run
// bench:differ`): on seeded runs of one synthetic gold (bench/compare-runs.js,
// the runs bench/compare.js uses; default 4 runs × 7,500 turns), it times
//
//   the CLI: `dst-inspector compare RUNS --differ --format json` (whole
//     process; and with --bootstrap 0, the finder without intervals),
//   the API: compareDiffer in the compare worker (as the app asks it) and in
//     the server's thread (as before), with the latency of a dialogue list
//     page asked for every 50 ms while the finder computes
//     (bench/differ-api.ts, bundled by harness.js),
//   differ() alone in one thread (CPU ms): once cold (as a CLI process runs
//     it), then warm: scoring the slices, and with the intervals (B
//     resamples for each of the top 25 slices).
//
// Medians of --runs runs, with the load average. It prints numbers; it
// asserts nothing.
//
//   npm run bench:differ
//   npm run bench:differ -- --cases 4x7.5k --runs 3 --bootstrap 1000

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { caseFiles, parseCase } from './compare-runs.js';
import { buildHarness } from './harness.js';
import { loadAverage, parseBenchArgs } from './args.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const WORK = join(ROOT, '.bench', 'compare');
const CLI = join(ROOT, 'out', 'main', 'cli.cjs');
const WORKER = join(ROOT, 'out', 'main', 'compare-worker.js');

const opts = parseBenchArgs(
  process.argv.slice(2),
  { cases: ['4x7.5k'], runs: 3, bootstrap: 1000 },
  { '--cases': ['cases', 'list'], '--runs': ['runs', 'count'], '--bootstrap': ['bootstrap', 'count0'] },
  'npm run bench:differ -- [--cases 4x7.5k] [--runs 3] [--bootstrap 1000]',
);

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x) => (x === null ? '–' : x < 10 ? x.toFixed(1) : x.toFixed(0));

function timeCli(args) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`compare --differ failed (${r.status}): ${r.stderr}`);
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

if (!existsSync(CLI) || !existsSync(WORKER)) throw new Error(`${CLI} or ${WORKER} is missing: run "npm run build" first`);
const harness = await buildHarness('differ-api');
process.stdout.write(
  `node ${process.version}, ${cpus().length} cores, load average ${loadAverage()}; medians of ${opts.runs} run(s), B = ${opts.bootstrap}\n\n`,
);
for (const label of opts.cases) {
  const c = parseCase(label);
  const files = caseFiles(WORK, c);
  const B = String(opts.bootstrap);
  const cli = median(
    Array.from({ length: opts.runs }, () => timeCli(['compare', ...files, '--differ', '--format', 'json', '--bootstrap', B])),
  );
  const bare = median(
    Array.from({ length: opts.runs }, () => timeCli(['compare', ...files, '--differ', '--format', 'json', '--bootstrap', '0'])),
  );
  const r = spawnSync(process.execPath, [harness, String(opts.runs), WORKER, B, ...files], { encoding: 'utf8', maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(`bench: differ-api failed: ${r.stderr}`);
  const api = JSON.parse(r.stdout);
  process.stdout.write(`${label} (${api.turns} turns a run)\n`);
  process.stdout.write(`  CLI compare --differ, whole process: ${ms(cli)} ms (without intervals: ${ms(bare)} ms)\n`);
  process.stdout.write(
    `  differ() alone, one thread, CPU: cold ${ms(api.cpu.cold)} ms; warm: slices scored ${ms(api.cpu.slices)} ms, with intervals ${ms(api.cpu.withIntervals)} ms\n`,
  );
  for (const mode of ['worker', 'thread']) {
    const m = api[mode];
    process.stdout.write(
      `  compareDiffer ${mode === 'worker' ? 'in the compare worker' : 'in the API thread  '}: ${ms(m.finder)} ms (first request ${ms(m.firstFinder)} ms); list pages answered meanwhile ${m.pages}, ` +
        `first ${ms(m.first)} ms, slowest ${ms(m.slowest)} ms (${m.rows} rows)\n`,
    );
  }
  process.stdout.write(`  load average now ${loadAverage()}\n`);
}
