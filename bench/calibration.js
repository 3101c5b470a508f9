// Benchmark of the calibration statistics (Node, plain JS: `node
// bench/calibration.js`): bundles bench/calibration-phases.ts with vite and
// prints, per size, each phase's time (median and fastest of --runs runs),
// its CPU time (steadier than wall time on a shared machine), pairs per
// second, and the 1 s budget of issue 18 for 1M pairs. The paired
// bootstrap of two columns runs once (B resamples, --bootstrap; its rate
// counts pairs × resamples × columns). 35k pairs is about MultiWOZ's test
// set (7,372 turns, 1,000 dialogues, ~5 predicted pairs a turn). It prints
// numbers; it asserts nothing.
//
//   node bench/calibration.js                          # 1M pairs, 5 runs, B = 200
//   node bench/calibration.js --sizes 35k,1m --runs 3 --bootstrap 1000

import { spawnSync } from 'node:child_process';
import { cpus } from 'node:os';
import { buildHarness } from './harness.js';
import { loadAverage, parseBenchArgs } from './args.js';

const BUDGET_MS = 1000;

const parseArgs = (argv) =>
  parseBenchArgs(
    argv,
    { sizes: ['1m'], runs: 5, bootstrap: 200 },
    { '--sizes': ['sizes', 'list'], '--runs': ['runs', 'count'], '--bootstrap': ['bootstrap', 'count0'] },
    'node bench/calibration.js [--sizes 100k,1m] [--runs 5] [--bootstrap 200]',
  );

function pairsOf(label) {
  const m = /^(\d+(?:\.\d+)?)([km]?)$/i.exec(label);
  if (!m) throw new Error(`bench: bad size ${label} (use e.g. 100k or 1m)`);
  const unit = m[2].toLowerCase() === 'm' ? 1e6 : m[2].toLowerCase() === 'k' ? 1e3 : 1;
  return Math.round(Number(m[1]) * unit);
}

const opts = parseArgs(process.argv.slice(2));
const harness = await buildHarness('calibration-phases');
process.stdout.write(`load average ${loadAverage()} on ${cpus().length} cores\n`);
for (const size of opts.sizes) {
  const n = pairsOf(size);
  const r = spawnSync(process.execPath, ['--max-old-space-size=4096', harness, String(n), String(opts.runs), String(opts.bootstrap)], {
    encoding: 'utf8',
    maxBuffer: 1 << 24,
  });
  if (r.status !== 0) throw new Error(`bench: the harness failed:\n${r.stderr}`);
  const out = JSON.parse(r.stdout);
  process.stdout.write(
    `\n${out.pairs.toLocaleString('en')} pairs, ${out.turns.toLocaleString('en')} turns, ${out.dialogues.toLocaleString('en')} dialogues\n\n`,
  );
  const w = Math.max(...out.results.map((x) => x.name.length));
  process.stdout.write(`${'phase'.padEnd(w)}  median s  fastest s  CPU s (median)  pairs/s (median)  budget\n`);
  for (const x of out.results) {
    const boot = x.name.startsWith('paired bootstrap');
    // The bootstrap's rate counts pair visits: pairs × resamples × 2 columns.
    const rate = (out.pairs * (boot ? 2 * Math.max(1, out.bootstrap) : 1)) / (x.medianMs / 1000);
    const budget = boot
      ? `(none; ${(x.medianMs / Math.max(1, 2 * out.bootstrap)).toFixed(1)} ms per resample and column)`
      : x.medianMs <= BUDGET_MS
        ? 'ok'
        : 'OVER 1 s';
    process.stdout.write(
      `${x.name.padEnd(w)}  ${(x.medianMs / 1000).toFixed(3).padStart(8)}  ${(x.minMs / 1000).toFixed(3).padStart(9)}  ${(x.cpuMs / 1000).toFixed(3).padStart(14)}  ${Math.round(rate).toLocaleString('en').padStart(16)}  ${budget}\n`,
    );
  }
}
