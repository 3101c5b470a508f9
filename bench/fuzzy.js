// Benchmark of fuzzy value matching (Node, plain JS: `node bench/fuzzy.js`):
// writes (or reuses) the seeded synthetic corpus of bench/generate.js in
// .bench/, bundles bench/fuzzy-bench.ts with vite and prints, per size, the
// fuzzywuzzy scorers' pairs/s on distinct value pairs, the memoised scorer's
// lookups/s on repeated pairs, and one pass over every turn's compared slot
// values — exact vs memoised fuzzy, cold and warm cache — beside the exact
// evaluate() time (issue 17: fuzzy scoring within 2× of exact). Times are
// CPU times of the harness process, steadier than wall time on a busy machine.
// It prints numbers; it asserts nothing.
//
//   node bench/fuzzy.js                       # 750k turns, 3 runs
//   node bench/fuzzy.js --sizes 75k,750k --runs 5

import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { turnsOf } from './generate.js';
import { buildHarness } from './harness.js';
import { cachedCorpus, parseBenchArgs } from './args.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const WORK = join(ROOT, '.bench');

const parseArgs = (argv) =>
  parseBenchArgs(
    argv,
    { sizes: ['750k'], runs: 3 },
    { '--sizes': ['sizes', 'list'], '--runs': ['runs', 'count'] },
    'node bench/fuzzy.js [--sizes 75k,750k] [--runs 3]',
  );

const fmt = (n, d = 0) => n.toLocaleString('en', { minimumFractionDigits: d, maximumFractionDigits: d });

const opts = parseArgs(process.argv.slice(2));
mkdirSync(WORK, { recursive: true });
const harness = await buildHarness('fuzzy-bench');
for (const size of opts.sizes) {
  const turns = turnsOf(size);
  const file = cachedCorpus(turns);
  const r = spawnSync(process.execPath, ['--expose-gc', '--max-old-space-size=4096', harness, file, String(opts.runs)], {
    encoding: 'utf8',
    maxBuffer: 1 << 24,
  });
  if (r.status !== 0) throw new Error(`bench: the harness failed on ${file}:\n${r.stderr}`);
  const out = JSON.parse(r.stdout);
  const out1 = (s) => process.stdout.write(s + '\n');
  out1(
    `\n${fmt(out.turns)} turns, ${fmt(out.values)} distinct values; ${fmt(out.compared)} (gold, predicted) slot values compared, ${fmt(out.distinctPairs)} distinct pairs (1 in ${fmt(out.compared / out.distinctPairs)})`,
  );
  out1(`exact evaluate() (all metrics): ${fmt(out.evaluateMs)} ms CPU (median of ${opts.runs})\n`);
  out1('scorer            backend      distinct pairs/s (no cache)');
  for (const t of out.throughput) out1(`${t.scorer.padEnd(17)} ${t.backend.padEnd(12)} ${fmt(t.pairsPerSecond).padStart(12)}`);
  out1(
    `\nmemoised scorer, repeated pairs (cache hits): ${fmt(out.lookupsPerSecond)} lookups/s (the same loop comparing ids: ${fmt(out.idComparesPerSecond)}/s)\n`,
  );
  const w = Math.max(...out.passes.map((p) => p.matcher.length));
  out1(`${'one pass over every compared value'.padEnd(w)}  cold ms  warm ms  cold / exact evaluate()`);
  for (const p of out.passes) {
    out1(
      `${p.matcher.padEnd(w)}  ${fmt(p.coldMs).padStart(7)}  ${fmt(p.warmMs).padStart(7)}  ${fmt(p.coldMs / out.evaluateMs, 2).padStart(6)}`,
    );
  }
}
