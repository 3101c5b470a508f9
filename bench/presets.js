// Benchmark (Node, plain JS): `dst-inspector score` of the synthetic
// 750k-turn file of bench/generate.js under --preset exact (today's scoring)
// and under --preset mwzeval (normalisation, dontcare policy, partial_ratio
// memoised per distinct value pair), --preset mwzeval --match exact, and
// --preset trade, simpletod (default and type2 cleaning) and convlab3, each
// as a fresh process; medians of the rounds, the ratio to exact, peak RSS.
// Needs a build (out/main/cli.cjs). A measurement, not a test.
//
//   node bench/presets.js [--turns 750000] [--rounds 3] [--only exact,trade,simpletod,convlab3]
// (--only: the settings whose label starts with one of the names; exact is always run, as the base)

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cachedCorpus } from './args.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const WORK = join(ROOT, '.bench');
const CLI = join(ROOT, 'out', 'main', 'cli.cjs');
const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const turns = Number(arg('turns', '750000'));
const rounds = Number(arg('rounds', '3'));
if (!existsSync(CLI)) throw new Error('bench: out/main/cli.cjs is missing; run `npm run build` first');
mkdirSync(WORK, { recursive: true });
const file = cachedCorpus(turns);

function run(args) {
  const useTime = existsSync('/usr/bin/time');
  const argv = [CLI, 'score', file, '--format', 'json', ...args];
  const t = performance.now();
  const r = useTime
    ? spawnSync('/usr/bin/time', ['-f', 'BENCH_MAXRSS_KB=%M BENCH_CPU=%U+%S', process.execPath, ...argv], {
        encoding: 'utf8',
        maxBuffer: 1 << 26,
      })
    : spawnSync(process.execPath, argv, { encoding: 'utf8', maxBuffer: 1 << 26 });
  const seconds = (performance.now() - t) / 1000;
  if (r.status !== 0) throw new Error(`bench: score ${args.join(' ')} failed (${r.status}):\n${r.stderr}`);
  // Seen under heavy load (issue 17 bench, 2026-11-26): exit 0 with nothing on stdout. Say so and run again.
  if (r.stdout.trim() === '') {
    process.stderr.write(`bench: score ${args.join(' ')} exited 0 with empty output; running it again\n`);
    return run(args);
  }
  const kb = useTime ? Number(/BENCH_MAXRSS_KB=(\d+)/.exec(r.stderr)?.[1]) : NaN;
  // CPU seconds (user + system, all threads): steadier than wall time when other jobs share the cores.
  const cpuMatch = /BENCH_CPU=([\d.]+)\+([\d.]+)/.exec(r.stderr);
  const cpu = cpuMatch ? Number(cpuMatch[1]) + Number(cpuMatch[2]) : NaN;
  return { seconds, cpu, rss: kb * 1024, jga: JSON.parse(r.stdout).corpus.JGA };
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

process.stdout.write(
  `preset benchmark — node ${process.version}; ${turns.toLocaleString('en-US')} turns, ${(statSync(file).size / 1e6).toFixed(0)} MB; ` +
    `medians of ${rounds} fresh processes; load ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}\n`,
);
const settings = [
  ['exact', ['--preset', 'exact']],
  ['mwzeval', ['--preset', 'mwzeval']],
  ['mwzeval, --match exact', ['--preset', 'mwzeval', '--match', 'exact']],
  ['mwzeval, difflib', ['--preset', 'mwzeval', '--fuzzy-backend', 'difflib']],
  ['trade', ['--preset', 'trade']],
  ['simpletod, --cleaning default,type2', ['--preset', 'simpletod', '--cleaning', 'default,type2']],
  ['convlab3', ['--preset', 'convlab3']],
];
const only = arg('only', '').split(',').filter(Boolean);
let base = 0;
let baseCpu = 0;
for (const [label, args] of settings) {
  if (only.length > 0 && label !== 'exact' && !only.some((o) => label === o || label.startsWith(`${o},`))) continue;
  const rs = Array.from({ length: rounds }, () => run(args));
  const s = median(rs.map((r) => r.seconds));
  const cpu = median(rs.map((r) => r.cpu));
  if (label === 'exact') {
    base = s;
    baseCpu = cpu;
  }
  process.stdout.write(
    `  ${label.padEnd(24)} ${s.toFixed(2)} s  (${(s / base).toFixed(2)}× exact)  cpu ${cpu.toFixed(2)} s  (${(cpu / baseCpu).toFixed(2)}× exact)  ` +
      `peak RSS ${(Math.max(...rs.map((r) => r.rss)) / 1e6).toFixed(0)} MB  JGA ${rs[0].jga.toFixed(4)}\n`,
  );
}
