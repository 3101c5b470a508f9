// Benchmark (`npm run bench`, Node): generates seeded synthetic corpora in the
// FGA/GCA per-turn layout into .bench/ (git-ignored), then for each size prints
// the file size, the in-process phase times (read, JSON.parse for context,
// load = scan + intern + build, score, render), the whole CLI process time and
// peak RSS of `node out/main/cli.cjs score FILE --format json` (median of
// --runs runs), turns/s, and the ratios against the official Python scripts as
// measured in issue 2. It prints numbers; it asserts nothing.
//
//   npm run bench                              # 10k, 100k, 1M, 75k, 750k turns
//   npm run bench -- --sizes 75k,750k --runs 5
//   npm run bench -- --regen                   # rewrite cached corpora

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateFile, turnsOf } from './generate.js';
import { buildHarness } from './harness.js';
import { GENERATOR_VERSION, parseBenchArgs } from './args.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const WORK = join(ROOT, '.bench');
const CLI = join(ROOT, 'out', 'main', 'cli.cjs');

/**
 * The official Python scripts (FGA's and GCA's), measured by the issue author
 * on this machine: whole process time and peak RSS.
 */
const REFERENCE = [
  { turns: 75_000, seconds: 3.9, rssBytes: null, target: 6 },
  { turns: 750_000, seconds: 52, rssBytes: 2.2e9, target: 15 },
];

const parseArgs = (argv) =>
  parseBenchArgs(
    argv,
    { sizes: ['10k', '100k', '1m', '75k', '750k'], runs: 5, regen: false, build: false, jsonParse: true },
    {
      '--sizes': ['sizes', 'list'],
      '--runs': ['runs', 'count'],
      '--regen': ['regen', true],
      '--build': ['build', true],
      '--no-json-parse': ['jsonParse', false],
    },
    'npm run bench -- [--sizes 10k,100k,1m,75k,750k] [--runs 5] [--regen] [--build] [--no-json-parse]',
  );

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const mb = (bytes) => bytes / 1e6;

function newestSource(dir) {
  let newest = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    newest = Math.max(newest, e.isDirectory() ? newestSource(p) : statSync(p).mtimeMs);
  }
  return newest;
}

function ensureBuilt(force) {
  const stale = !existsSync(CLI) || statSync(CLI).mtimeMs < newestSource(join(ROOT, 'src'));
  if (!force && !stale) return;
  process.stderr.write(`bench: ${existsSync(CLI) ? 'out/main/cli.cjs is older than src/, ' : ''}running npm run build…\n`);
  const r = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) throw new Error('bench: npm run build failed');
}

/** Bundles a TypeScript benchmark harness from bench/ into .bench/build/<name>.mjs. */
function corpusFile(turns) {
  const seed = turns; // one fixed seed per size
  const file = join(WORK, `fga-${turns}-s${seed}-v${GENERATOR_VERSION}.json`);
  return { file, seed };
}

function ensureCorpus(turns, regen) {
  const { file, seed } = corpusFile(turns);
  if (existsSync(file) && !regen) return { file, generatedMs: null };
  const t = performance.now();
  generateFile(file, turns, seed);
  return { file, generatedMs: performance.now() - t };
}

/** Runs the real CLI process once (or another script with `args`): wall seconds and peak RSS in bytes. */
function runCli(file, args = [CLI, 'score', file, '--format', 'json']) {
  const useTime = existsSync('/usr/bin/time');
  const rssFile = join(WORK, 'rss.txt');
  rmSync(rssFile, { force: true });
  const t = performance.now();
  const r = useTime
    ? spawnSync('/usr/bin/time', ['-f', 'BENCH_MAXRSS_KB=%M', process.execPath, ...args], { encoding: 'utf8', maxBuffer: 1 << 26 })
    : spawnSync(process.execPath, ['--import', join(ROOT, 'bench', 'max-rss.mjs'), ...args], {
        encoding: 'utf8',
        maxBuffer: 1 << 26,
        env: { ...process.env, BENCH_RSS_FILE: rssFile },
      });
  const seconds = (performance.now() - t) / 1000;
  if (r.status !== 0) throw new Error(`bench: the CLI failed on ${file}:\n${r.stderr}`);
  const kb = useTime ? Number(/BENCH_MAXRSS_KB=(\d+)/.exec(r.stderr)?.[1]) : Number(readFileSync(rssFile, 'utf8'));
  const out = JSON.parse(r.stdout);
  return { seconds, rssBytes: kb * 1024, corpus: out.corpus };
}

/** Reference seconds for `turns`, scaled linearly by turns from the nearest measured size. */
function reference(turns) {
  let best = REFERENCE[0];
  for (const r of REFERENCE) if (Math.abs(Math.log(turns / r.turns)) < Math.abs(Math.log(turns / best.turns))) best = r;
  const exact = Math.abs(turns - best.turns) <= best.turns / 100;
  return { ...best, scaledSeconds: exact ? best.seconds : (best.seconds * turns) / best.turns, exact };
}

function pad(s, n) {
  s = String(s);
  return s.length >= n ? s : ' '.repeat(n - s.length) + s;
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  mkdirSync(WORK, { recursive: true });
  ensureBuilt(opts.build);
  const phases = await buildHarness('phases');
  const pipeline = await buildHarness('pipeline-cli');
  const worker = join(ROOT, 'out', 'main', 'fga-tail-worker.js');
  process.stdout.write(`DST Inspector benchmark — node ${process.version}, ${opts.runs} run(s) per measurement, medians\n`);
  process.stdout.write(
    "Official Python times are the issue author's (3.9 s at 75k turns, 52 s and 2.2 GB at 750k), scaled linearly by turns from the nearest measured size where sizes differ (marked ~).\n\n",
  );
  const rows = [];
  for (const label of opts.sizes) {
    const turns = turnsOf(label);
    const { file, generatedMs } = ensureCorpus(turns, opts.regen);
    const bytes = statSync(file).size;
    if (generatedMs !== null)
      process.stderr.write(`bench: generated ${file} (${mb(bytes).toFixed(1)} MB) in ${(generatedMs / 1000).toFixed(1)} s\n`);
    const ph = spawnSync(process.execPath, ['--expose-gc', phases, file, String(opts.runs), ...(opts.jsonParse ? ['--json-parse'] : [])], {
      encoding: 'utf8',
      maxBuffer: 1 << 26,
    });
    if (ph.status !== 0) throw new Error(`bench: phase timing failed on ${file}:\n${ph.stderr}`);
    const p = JSON.parse(ph.stdout);
    const cli = [];
    for (let r = 0; r < opts.runs; r++) cli.push(runCli(file));
    const two = [];
    if (existsSync(worker)) {
      for (let r = 0; r < opts.runs; r++) {
        const run = runCli(file, [pipeline, file, worker]);
        if (JSON.stringify(run.corpus) !== JSON.stringify(cli[0].corpus))
          process.stderr.write(`bench: WARNING: the two-thread scores of ${label} differ from the CLI's\n`);
        two.push(run);
      }
    }
    const seconds = median(cli.map((c) => c.seconds));
    const fastest = Math.min(...cli.map((c) => c.seconds));
    const rss = median(cli.map((c) => c.rssBytes));
    const ref = reference(p.turns);
    const twoSeconds = two.length ? median(two.map((r) => r.seconds)) : null;
    const twoRss = two.length ? median(two.map((r) => r.rssBytes)) : null;
    rows.push({ label, bytes, p, seconds, fastest, two: twoSeconds, twoRss, rss, ref, corpus: cli[0].corpus });
  }

  const head = [
    'size',
    'turns',
    'dialogues',
    'file MB',
    'read s',
    'JSON.parse s',
    'load s',
    'score s',
    'CLI s',
    'CLI min s',
    '2-thread s',
    'turns/s',
    'peak RSS MB',
    'RSS/file',
    '2-thread RSS/file',
    'Python s',
    'speed-up',
    'target',
  ];
  const table = rows.map(({ label, bytes, p, seconds, fastest, two, twoRss, rss, ref }) => [
    label,
    p.turns,
    p.dialogues,
    mb(bytes).toFixed(1),
    (p.readMs / 1000).toFixed(3),
    p.jsonParseMs === null ? '-' : (p.jsonParseMs / 1000).toFixed(3),
    (p.loadMs / 1000).toFixed(3),
    (p.scoreMs / 1000).toFixed(3),
    seconds.toFixed(3),
    fastest.toFixed(3),
    two === null ? '-' : two.toFixed(3),
    Math.round(p.turns / seconds).toLocaleString('en-US'),
    mb(rss).toFixed(0),
    (rss / bytes).toFixed(2) + '×',
    twoRss === null ? '-' : (twoRss / bytes).toFixed(2) + '×',
    (ref.exact ? '' : '~') + ref.scaledSeconds.toFixed(2),
    (ref.scaledSeconds / seconds).toFixed(1) + '×',
    ref.exact ? `≥${ref.target}×` : '-',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...table.map((r) => String(r[i]).length)));
  process.stdout.write(head.map((h, i) => pad(h, widths[i])).join('  ') + '\n');
  for (const r of table) process.stdout.write(r.map((c, i) => pad(c, widths[i])).join('  ') + '\n');
  process.stdout.write(
    '\nread, JSON.parse (context only), load (scan + intern + build the corpus) and score (one pass over all turns + corpus merge) are medians inside one process;\nCLI = the whole `score FILE --format json` process (start-up, read, load, score, render), median and fastest of the runs; speed-up uses the median.\n2-thread = the same process loading through src/main/services/load-pipeline.ts (a worker reads the second half of files of 32 MB and more), median.\nTimes on a machine shared with other work vary by ±30% or more between runs: compare medians, and the fastest run as the least disturbed one.\n',
  );
  for (const { label, rss, ref } of rows) {
    if (ref.rssBytes && ref.exact)
      process.stdout.write(
        `Peak RSS at ${label}: ${mb(rss).toFixed(0)} MB vs the official scripts' ${mb(ref.rssBytes).toFixed(0)} MB (${(ref.rssBytes / rss).toFixed(1)}× less).\n`,
      );
  }
  process.stdout.write('\nScores of the synthetic corpora (plausibility check):\n');
  for (const { label, corpus } of rows) {
    const f = (x) => (x === null ? '-' : (100 * x).toFixed(2));
    process.stdout.write(
      `  ${pad(label, 5)}: JGA ${f(corpus.JGA)}  SA ${f(corpus.SA)}  AGA ${f(corpus.AGA)}  RSA ${f(corpus.RSA)}  FGA ${f(corpus.FGA['0.5'])}  GCA ${f(corpus.GCA)}  C/W/M/O ${corpus.counts.C}/${corpus.counts.W}/${corpus.counts.M}/${corpus.counts.O}\n`,
    );
  }
}

main().catch((e) => {
  process.stderr.write(`${e.message ?? e}\n`);
  process.exit(1);
});
