// Benchmark (`node bench/startup.js [--runs N]`, after `npm run build`): the
// start-up of the `dst-inspector` command as a user meets it, a whole process
// each time — `--help`, `--version`, `inspect` and `score` of the 7-turn
// paper fixture (MUL1110) — next to Node alone (`node -e 0`), the floor no
// command can go below. Runs are interleaved; it prints the median and fastest
// wall time, the median CPU time (user + system, steadier on a busy machine),
// the CLI's own share (median minus Node alone), and which built files each
// command loads (out/main/cli.cjs and the static requires of its command's
// chunk: the CLI loads each command with a dynamic import, built as a require
// in a promise; for a command that reads the FGA file, also the FGA layout's
// chunk, which it imports once detection has chosen the layout:
// src/shared/formats/layouts.ts). The command is CommonJS
// (electron.vite.cli.config.ts says why). The
// target of issue 16 is 100 ms wall for `--help` and for `score` of a 7-turn
// file. It prints numbers; it asserts nothing. Give the load with the numbers
// (printed at the start and the end): on a shared machine wall times mostly
// measure the others' work. When NODE_EXTRA_CA_CERTS is set (some sandboxes
// and company machines set it; Node then reads that CA bundle at every start,
// ~80 ms here), every command is also run with it cleared, and both tables are
// printed: the CLI makes no network request and does not need it, but it does
// not clear it for the user (docs/performance.md says why).

import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadAverage, parseBenchArgs } from './args.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(ROOT, 'bin', 'dst-inspector.js');
const CLI = join(ROOT, 'out', 'main', 'cli.cjs');
const SEVEN_TURNS = join(ROOT, 'test', 'fixtures', 'paper', 'mul1110.json');
const TARGET_MS = 100;

const parseArgs = (argv) =>
  parseBenchArgs(argv, { runs: 15 }, { '--runs': ['runs', 'count'] }, 'node bench/startup.js [--runs 15]', 'bench/startup');

const CASES = [
  { name: 'node -e 0 (Node alone)', args: ['-e', '0'], command: null },
  { name: 'dst-inspector --help', args: [BIN, '--help'], command: null },
  { name: 'dst-inspector --version', args: [BIN, '--version'], command: null },
  { name: 'dst-inspector inspect MUL1110 (7 turns)', args: [BIN, 'inspect', SEVEN_TURNS], command: 'inspect' },
  { name: 'dst-inspector score MUL1110 (7 turns)', args: [BIN, 'score', SEVEN_TURNS], command: 'score' },
];

const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;

/** The environments to measure in: as inherited, and without NODE_EXTRA_CA_CERTS when it is set. */
function environments() {
  const extra = process.env.NODE_EXTRA_CA_CERTS;
  if (!extra) return [{ name: 'NODE_EXTRA_CA_CERTS not set', env: process.env }];
  const without = { ...process.env };
  delete without.NODE_EXTRA_CA_CERTS;
  return [
    { name: `with NODE_EXTRA_CA_CERTS=${extra} (as inherited)`, env: process.env },
    { name: 'without NODE_EXTRA_CA_CERTS (cleared for the measurement)', env: without },
  ];
}

/** One process: wall ms, and CPU ms (user + system) when /usr/bin/time is there. */
function once(args, env) {
  const t = performance.now();
  const r = TIME
    ? spawnSync(TIME, ['-f', 'BENCH_CPU %U %S', process.execPath, ...args], { encoding: 'utf8', env })
    : spawnSync(process.execPath, args, { encoding: 'utf8', env });
  const wall = performance.now() - t;
  if (r.status !== 0) throw new Error(`bench/startup: ${args.join(' ')} exited with ${r.status}:\n${r.stderr}`);
  const m = /BENCH_CPU ([0-9.]+) ([0-9.]+)/.exec(r.stderr ?? '');
  return { wall, cpu: m ? (Number(m[1]) + Number(m[2])) * 1000 : null };
}

/** A top-level require of a built file (`const require_x = require("…");`); dynamic imports are in functions. */
const STATIC_REQUIRE = /^(?:(?:const|let|var) [\w$]+ = )?require\("(\.[^"]+)"\)/gm;

/** A dynamic import of a built file, as the CommonJS build writes it. */
const DYNAMIC_REQUIRE = /\bPromise\.resolve\(\)\.then\(\(\) => require\("(\.\/[^"]+)"\)\)/g;

/** The built files a module loads with its static requires (dynamic imports are not followed). */
function closureFiles(entries) {
  const seen = new Set();
  const walk = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const m of readFileSync(file, 'utf8').matchAll(STATIC_REQUIRE)) walk(resolve(dirname(file), m[1]));
  };
  for (const e of entries) walk(e);
  return [...seen];
}

/** The built files a module loads with its static requires (dynamic imports are not followed), and their bytes. */
function closure(entries) {
  const seen = new Map();
  const walk = (file) => {
    if (seen.has(file)) return;
    const text = readFileSync(file, 'utf8');
    seen.set(file, text.length);
    for (const m of text.matchAll(STATIC_REQUIRE)) walk(resolve(dirname(file), m[1]));
  };
  for (const e of entries) walk(e);
  let bytes = 0;
  for (const n of seen.values()) bytes += n;
  return { files: seen.size, bytes };
}

/** The chunk, dynamically imported by a module these load statically, that holds `source` (its module marker), or null. */
function layoutChunk(entries, source) {
  for (const file of closureFiles(entries)) {
    for (const m of readFileSync(file, 'utf8').matchAll(DYNAMIC_REQUIRE)) {
      const chunk = resolve(dirname(file), m[1]);
      if (existsSync(chunk) && readFileSync(chunk, 'utf8').includes(`\n// ${source}\n`)) return chunk;
    }
  }
  return null;
}

/** The chunk a command's dynamic import loads, read from the built cli.cjs. */
function commandChunk(command) {
  const text = readFileSync(CLI, 'utf8');
  const m = new RegExp(`\\b${command}: \\(\\) => Promise\\.resolve\\(\\)\\.then\\(\\(\\) => require\\("(\\./[^"]+)"\\)\\)`).exec(text);
  return m ? resolve(dirname(CLI), m[1]) : null;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const pad = (s, n) => (String(s).length >= n ? String(s) : String(s) + ' '.repeat(n - String(s).length));
const lpad = (s, n) => (String(s).length >= n ? String(s) : ' '.repeat(n - String(s).length) + String(s));
const load = loadAverage;

function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (!existsSync(CLI)) throw new Error('bench/startup: out/main/cli.cjs is missing; run npm run build first');
  const envs = environments();
  const loadBefore = load();
  for (const c of CASES) once(c.args, process.env); // warm the file cache
  const times = envs.map(() => CASES.map(() => []));
  for (let r = 0; r < opts.runs; r++) envs.forEach((e, k) => CASES.forEach((c, i) => times[k][i].push(once(c.args, e.env))));
  const loadAfter = load();

  process.stdout.write(`DST Inspector start-up — node ${process.version}, ${opts.runs} interleaved runs per command, whole processes\n`);
  process.stdout.write(`load average (1, 5, 15 min): ${loadBefore} before, ${loadAfter} after\n`);
  envs.forEach((e, k) => {
    process.stdout.write(`\n${e.name}:\n`);
    table(times[k]);
  });
  process.stdout.write(
    `\nCLI share = the command's median minus Node alone's: what the CLI itself costs. "built files loaded" counts ${relative(ROOT, BIN)}, ${relative(ROOT, CLI)}, the static requires of the command's chunk and, for a command reading the FGA file, the FGA layout's chunk.\n`,
  );
}

/** One table: every command's times in one environment. */
function table(times) {
  const node = median(times[0].map((t) => t.wall));
  const nodeCpu = TIME ? median(times[0].map((t) => t.cpu)) : null;
  const head = [
    'command',
    'wall median ms',
    'wall min ms',
    'CPU median ms',
    'CLI share ms (wall)',
    'CLI share ms (CPU)',
    `≤ ${TARGET_MS} ms`,
    'built files loaded',
  ];
  const rows = CASES.map((c, i) => {
    const wall = median(times[i].map((t) => t.wall));
    const fastest = Math.min(...times[i].map((t) => t.wall));
    const cpu = TIME ? median(times[i].map((t) => t.cpu)) : null;
    let loaded = '-';
    if (c.args[0] === BIN) {
      const chunk = c.command ? commandChunk(c.command) : null;
      const layout = chunk ? layoutChunk([BIN, CLI, chunk], 'src/shared/formats/fga.ts') : null;
      const cl = closure([BIN, CLI, ...(chunk ? [chunk] : []), ...(layout ? [layout] : [])]);
      loaded = `${cl.files} files, ${(cl.bytes / 1024).toFixed(0)} KiB`;
    }
    const isNode = i === 0;
    return [
      c.name,
      wall.toFixed(0),
      fastest.toFixed(0),
      cpu === null ? '-' : cpu.toFixed(0),
      isNode ? '-' : (wall - node).toFixed(0),
      isNode || cpu === null ? '-' : (cpu - nodeCpu).toFixed(0),
      isNode ? '-' : `${wall <= TARGET_MS ? 'yes' : 'no'} (fastest: ${fastest <= TARGET_MS ? 'yes' : 'no'})`,
      loaded,
    ];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  process.stdout.write(head.map((h, i) => (i === 0 ? pad(h, widths[i]) : lpad(h, widths[i]))).join('  ') + '\n');
  for (const r of rows) process.stdout.write(r.map((c, i) => (i === 0 ? pad(c, widths[i]) : lpad(c, widths[i]))).join('  ') + '\n');
}

main();
