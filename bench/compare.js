// Benchmark of `dst-inspector compare` (Node, plain JS; `npm run bench:compare`):
// writes seeded "model" runs on one synthetic gold into .bench/compare/ (the
// gold and the baseline's predictions from bench/generate.js, each other run a
// seeded edit of the predictions: some turns fixed, some broken), then times
// the whole CLI process and its peak RSS:
//
//   20 runs × 7,500 turns with the default statistics (B = 1000, R = 10000)
//   2 runs × 750,000 turns (peak RSS against the two files' combined size)
//
// and, for context, the same processes with --bootstrap 0 --trials 0 (load +
// score only). Medians of --runs runs. It prints numbers; it asserts nothing.
//
//   npm run bench:compare
//   npm run bench:compare -- --cases 20x7.5k --runs 5
//   npm run bench:compare -- --cases 2x750k --runs 1

import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { caseFiles, parseCase } from './compare-runs.js';
import { parseBenchArgs } from './args.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const WORK = join(ROOT, '.bench', 'compare');
const CLI = join(ROOT, 'out', 'main', 'cli.cjs');

const parseArgs = (argv) =>
  parseBenchArgs(
    argv,
    { cases: ['20x7.5k', '2x750k'], runs: 3, regen: false },
    { '--cases': ['cases', 'list'], '--runs': ['runs', 'count'], '--regen': ['regen', true] },
    'npm run bench:compare -- [--cases 20x7.5k,2x750k] [--runs 3] [--regen]',
  );

function timeCli(args) {
  const useTime = existsSync('/usr/bin/time');
  const rssFile = join(WORK, 'rss.txt');
  rmSync(rssFile, { force: true });
  const t0 = process.hrtime.bigint();
  const r = useTime
    ? spawnSync('/usr/bin/time', ['-f', 'BENCH_MAXRSS_KB=%M', process.execPath, CLI, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 })
    : spawnSync(process.execPath, ['--import', join(ROOT, 'bench', 'max-rss.mjs'), CLI, ...args], {
        encoding: 'utf8',
        maxBuffer: 1 << 28,
        env: { ...process.env, BENCH_RSS_FILE: rssFile },
      });
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  if (r.status !== 0) throw new Error(`compare failed (${r.status}): ${r.stderr}`);
  const kb = useTime ? Number(/BENCH_MAXRSS_KB=(\d+)/.exec(r.stderr)?.[1]) : Number(readFileSync(rssFile, 'utf8'));
  return { seconds, rss: kb * 1024, out: r.stdout };
}

/** Bundles bench/compare-phases.ts into .bench/build/compare-phases/compare-phases.mjs (as bench/run.js does its harnesses). */
async function buildPhases() {
  const { build } = await import('vite');
  const outDir = join(ROOT, '.bench', 'build', 'compare-phases');
  await build({
    configFile: false,
    root: ROOT,
    logLevel: 'warn',
    build: {
      ssr: join(ROOT, 'bench', 'compare-phases.ts'),
      outDir,
      emptyOutDir: true,
      minify: false,
      target: 'node20',
      rollupOptions: { output: { entryFileNames: 'compare-phases.mjs' } },
    },
  });
  return join(outDir, 'compare-phases.mjs');
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const mb = (b) => (b / 1e6).toFixed(1);

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const phasesScript = await buildPhases();
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run "npm run build" first`);
  process.stdout.write(`node ${process.version}, ${process.platform}, ${cpuCount()} CPUs; medians of ${opts.runs} run(s)\n\n`);
  const rows = [];
  for (const label of opts.cases) {
    const c = parseCase(label);
    const fs = caseFiles(WORK, c, opts.regen);
    const bytes = fs.reduce((s, f) => s + statSync(f).size, 0);
    const full = [];
    const bare = [];
    let report;
    for (let i = 0; i < opts.runs; i++) {
      const r = timeCli(['compare', ...fs, '--format', 'json']);
      report = JSON.parse(r.out);
      full.push(r);
      bare.push(timeCli(['compare', ...fs, '--format', 'json', '--bootstrap', '0', '--trials', '0']));
    }
    rows.push({
      label,
      runs: c.runs,
      turns: report.runs[0].corpus.turns,
      dialogues: report.runs[0].corpus.dialogues,
      bytes,
      seconds: median(full.map((r) => r.seconds)),
      fastest: Math.min(...full.map((r) => r.seconds)),
      bare: median(bare.map((r) => r.seconds)),
      rss: median(full.map((r) => r.rss)),
    });
    const ph = spawnSync(process.execPath, [phasesScript, String(opts.runs), '1000', '10000', ...fs], {
      encoding: 'utf8',
      maxBuffer: 1 << 26,
    });
    if (ph.status === 0) rows[rows.length - 1].phases = JSON.parse(ph.stdout);
    else process.stderr.write(`bench: phases of ${label} failed: ${ph.stderr}\n`);
  }
  const head = [
    'case',
    'turns/run',
    'dialogues',
    'files MB',
    'whole process s',
    'fastest s',
    'without stats s',
    'peak RSS MB',
    'RSS / files',
  ];
  const body = rows.map((r) => [
    r.label,
    String(r.turns),
    String(r.dialogues),
    mb(r.bytes),
    r.seconds.toFixed(2),
    r.fastest.toFixed(2),
    r.bare.toFixed(2),
    mb(r.rss),
    (r.rss / r.bytes).toFixed(2) + '×',
  ]);
  const w = head.map((h, k) => Math.max(h.length, ...body.map((b) => b[k].length)));
  const line = (cells) => cells.map((c, k) => (k === 0 ? c.padEnd(w[k]) : c.padStart(w[k]))).join('  ');
  process.stdout.write([line(head), w.map((x) => '-'.repeat(x)).join('  '), ...body.map(line)].join('\n') + '\n');
  process.stdout.write(
    '\nInside one process (medians of CPU ms; one thread): load = read + parse + analyse every run, prepare = align + score, fold = the aligned state matrices,\nbootstrap = B = 1000 resamples of every run, words = the swap bits, randomization = R = 10000 trials of every run against the baseline:\n',
  );
  for (const r of rows)
    if (r.phases)
      process.stdout.write(
        `  ${r.label}: ${Object.entries(r.phases)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}\n`,
      );
  process.stdout.write(
    '\nwhole process: `dst-inspector compare <all runs> --format json` (B = 1000, R = 10000); without stats: --bootstrap 0 --trials 0.\n',
  );
}

function cpuCount() {
  return spawnSync('nproc', { encoding: 'utf8' }).stdout.trim() || '?';
}

await main();
