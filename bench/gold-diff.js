// Benchmark (Node, plain JS): `dst-inspector gold diff` on (1) the real
// fixture test/fixtures/multiwoz-somdst-100 against a copy of it with changes
// planted in its gold, and (2) the synthetic 750k-turn gold of
// bench/generate.js against a planted copy. Bundles bench/gold-diff.ts with
// vite into .bench/build/ and runs it per gold: what was planted and found,
// whether OLD with the diff applied is NEW exactly, and phase times (median
// of the rounds). With a build (out/main/cli.cjs), also times the whole
// command as a process, with its peak RSS. A measurement, not a test.
//
//   node bench/gold-diff.js [--turns 750000] [--rounds 3]

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
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

mkdirSync(WORK, { recursive: true });
const { build } = await import('vite');
const outDir = join(WORK, 'build', 'gold-diff');
await build({
  configFile: false,
  root: ROOT,
  logLevel: 'warn',
  build: {
    ssr: join(ROOT, 'bench', 'gold-diff.ts'),
    outDir,
    emptyOutDir: true,
    minify: false,
    target: 'node20',
    rollupOptions: { output: { entryFileNames: 'gold-diff.mjs' } },
  },
});
const harness = join(outDir, 'gold-diff.mjs');

const generated = cachedCorpus(turns);
const golds = [
  { label: 'multiwoz-somdst-100 (real)', old: join(ROOT, 'test', 'fixtures', 'multiwoz-somdst-100', 'predictions.json') },
  { label: `generated ${turns.toLocaleString('en-US')} turns`, old: generated },
];

/** The command as a process: wall seconds and peak RSS (bytes). */
function runCommand(oldPath, newPath) {
  const out = join(WORK, 'gold-diff.out.jsonl');
  const args = [CLI, 'gold', 'diff', oldPath, newPath, '--out', out];
  const useTime = existsSync('/usr/bin/time');
  const rssFile = join(WORK, 'rss.txt');
  rmSync(rssFile, { force: true });
  const t = performance.now();
  const r = useTime
    ? spawnSync('/usr/bin/time', ['-f', 'BENCH_MAXRSS_KB=%M', process.execPath, ...args], { encoding: 'utf8' })
    : spawnSync(process.execPath, ['--import', join(ROOT, 'bench', 'max-rss.mjs'), ...args], {
        encoding: 'utf8',
        env: { ...process.env, BENCH_RSS_FILE: rssFile },
      });
  const seconds = (performance.now() - t) / 1000;
  if (r.status !== 0) throw new Error(`bench: gold diff failed (${r.status}):\n${r.stderr}`);
  const kb = useTime ? Number(/BENCH_MAXRSS_KB=(\d+)/.exec(r.stderr)?.[1]) : Number(readFileSync(rssFile, 'utf8'));
  return { seconds, rssBytes: kb * 1024, summary: /gold diff .*/.exec(r.stderr)?.[0] ?? '' };
}

const mb = (b) => `${(b / 1e6).toFixed(1)} MB`;
const ms = (x) => (x >= 1000 ? `${(x / 1000).toFixed(2)} s` : `${x.toFixed(0)} ms`);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const list = (o) =>
  Object.entries(o)
    .map(([k, n]) => `${n} ${k}`)
    .join(', ');
/** One harness process: its JSON. */
function harnessRun(oldPath, newPath) {
  const r = spawnSync(process.execPath, [harness, oldPath, newPath], { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout);
}

process.stdout.write(
  `gold diff benchmark — node ${process.version}; times: medians of ${rounds} fresh process(es) each, wall (CPU user + system); load: ${(
    await import('node:os')
  )
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}\n`,
);
for (const g of golds) {
  const newPath = join(WORK, `gold-diff-new-${g.old === generated ? turns : 'somdst-100'}.json`);
  rmSync(newPath, { force: true }); // planted anew, so what was planted is reported
  const o = harnessRun(g.old, newPath);
  process.stdout.write(
    `\n${g.label}: ${o.dialogues.toLocaleString('en-US')} dialogues, ${o.turns.toLocaleString('en-US')} turns, ${mb(statSync(g.old).size)}\n`,
  );
  process.stdout.write(`  planted: ${list(o.planted)}\n`);
  process.stdout.write(
    `  diff: ${o.records} records (${o.onward} onward, ${o.turnScope} turn) in ${o.dialoguesChanged} dialogues, ${o.places} slot changes in ${o.turnsChanged} turns; ${mb(o.diffBytes)}\n`,
  );
  process.stdout.write(`  categories: ${list(o.categories)}\n`);
  for (const [kind, cats] of Object.entries(o.guessed)) process.stdout.write(`    planted ${kind} → ${list(cats)}\n`);
  process.stdout.write(
    `  OLD + diff = NEW: ${o.turnsDifferingAfterApply === 0 && o.applyIssues === 0 && o.scoresEqual ? 'yes' : 'NO'} (${o.turnsDifferingAfterApply} turns differ, ${o.applyIssues} records not applied, corpus scores ${o.scoresEqual ? 'equal' : 'differ'})\n`,
  );
  const runs = Array.from({ length: rounds }, () => harnessRun(g.old, newPath).ms);
  const m = (k) => `${ms(median(runs.map((x) => x[k].wall)))} (CPU ${ms(median(runs.map((x) => x[k].cpu)))})`;
  process.stdout.write(
    `  phases: read OLD ${m('readOld')}, read NEW ${m('readNew')}, diff ${m('diff')} (OLD against itself: ${m('identical')}), write the file ${m('write')} (apply the diff to OLD: ${m('apply')})\n`,
  );
  if (existsSync(CLI)) {
    const cs = Array.from({ length: rounds }, () => runCommand(g.old, newPath));
    const rss = Math.max(...cs.map((c) => c.rssBytes));
    process.stdout.write(
      `  the command as a process: ${median(cs.map((c) => c.seconds)).toFixed(2)} s (fastest ${Math.min(...cs.map((c) => c.seconds)).toFixed(2)} s), peak RSS ${mb(rss)} (${(rss / statSync(g.old).size).toFixed(1)}× OLD's size)\n`,
    );
  } else process.stdout.write('  (no out/main/cli.cjs: run `npm run build` to time the command as a process)\n');
}
