#!/usr/bin/env node
// Measures browser mode on a large file: writes a synthetic FGA/GCA file of
// D dialogues × T turns (default 100 000 × 10 = 1M turns), starts the built
// `dst-inspector serve` on it, and times the load (with its progress stages)
// and the calls the UI makes: first dialogue page, first detail, sorted and
// filtered pages, and switching dialogues. Run after `npm run build`:
//   node scripts/measure-backend.js [dialogues] [turns]
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const D = Number(process.argv[2] ?? 100_000);
const T = Number(process.argv[3] ?? 10);
const file = join(mkdtempSync(join(tmpdir(), 'dst-measure-')), `synthetic-${D}x${T}.json`);

async function writeFile() {
  const out = createWriteStream(file);
  const write = (s) => (out.write(s) ? Promise.resolve() : new Promise((r) => out.once('drain', r)));
  await write('{\n');
  for (let d = 0; d < D; d++) {
    const turns = [];
    for (let t = 0; t < T; t++) {
      const gold = {
        hotel: { area: ['north', 'south', 'centre'][d % 3], stars: String(t % 5) },
        ...(t > 3 ? { taxi: { leaveat: `${d % 24}:00` } } : {}),
      };
      const pred = (d * 7 + t) % 11 === 0 ? { hotel: { area: 'east' } } : gold;
      turns.push(`"${t}": ${JSON.stringify({ gt: gold, pr: pred })}`);
    }
    await write(`"D${d}.json": {${turns.join(', ')}}${d < D - 1 ? ',' : ''}\n`);
  }
  await write('}\n');
  await new Promise((r) => out.end(r));
}

const t0 = performance.now();
await writeFile();
process.stdout.write(
  `file: ${D} dialogues × ${T} turns = ${D * T} turns, ${(statSync(file).size / 2 ** 20).toFixed(1)} MiB (written in ${((performance.now() - t0) / 1000).toFixed(1)} s)\n`,
);

const server = spawn(process.execPath, [join(root, 'out', 'main', 'cli.cjs'), 'serve', file], { stdio: ['ignore', 'pipe', 'inherit'] });
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

const openedAt = performance.now();
const stages = new Map();
let worstStatusMs = 0;
let run;
for (;;) {
  const { body, ms } = await call('listRuns', {});
  worstStatusMs = Math.max(worstStatusMs, ms);
  const s = body.runs[0];
  if (!s) throw new Error('serve opened no run');
  if (s.stage !== undefined && !stages.has(s.stage)) stages.set(s.stage, performance.now() - openedAt);
  if (s.state === 'error') throw new Error(s.error.message);
  if (s.state === 'ready') {
    run = { run: s.id, rev: s.revision };
    break;
  }
  await new Promise((r) => setTimeout(r, 50));
}
const loadMs = performance.now() - openedAt;
process.stdout.write(
  `load (open → ready): ${(loadMs / 1000).toFixed(2)} s; stages first seen at ${[...stages].map(([s, t]) => `${s} ${(t / 1000).toFixed(2)} s`).join(', ')}; slowest listRuns answer while loading: ${worstStatusMs.toFixed(0)} ms\n`,
);

const config = { lambdas: [0.5], slotCount: 30, traits: 'paper' };
const page = (sort, filter = {}, offset = 0) => call('dialoguePage', { ...run, config, offset, limit: 60, sort, filter });
const summary = await call('corpusSummary', { ...run, config });
const first = await page({ key: 'position', descending: false });
const detail = await call('dialogueDetail', { ...run, config, id: first.body.rows[0].id });
process.stdout.write(
  `first view after ready: corpusSummary ${summary.ms.toFixed(0)} ms, dialoguePage ${first.ms.toFixed(0)} ms, dialogueDetail ${detail.ms.toFixed(0)} ms → first dialogue visible ${(summary.ms + first.ms + detail.ms).toFixed(0)} ms after ready\n`,
);
const byGap = await page({ key: 'disagreement', descending: true });
const byGap2 = await page({ key: 'disagreement', descending: true }, {}, 5000);
const filtered = await page({ key: 'GCA', descending: false }, { domain: 'taxi', mistakesOnly: true });
const search = await page({ key: 'position', descending: false }, { search: 'd4242' });
process.stdout.write(
  `sort by disagreement (first time) ${byGap.ms.toFixed(0)} ms, next page ${byGap2.ms.toFixed(0)} ms; domain+mistakes filter sorted by GCA ${filtered.ms.toFixed(0)} ms; id search ${search.ms.toFixed(0)} ms\n`,
);
const times = [];
for (let i = 0; i < 50; i++) {
  const id = `D${Math.floor(Math.random() * D)}.json`;
  const a = await call('dialogueDetail', { ...run, config, id });
  const b = await call('dialogueRaw', { ...run, id });
  times.push(a.ms + b.ms);
}
times.sort((a, b) => a - b);
process.stdout.write(`switching dialogues (detail + raw, 50 random): median ${times[25].toFixed(1)} ms, max ${times[49].toFixed(1)} ms\n`);
const lam = await call('corpusSummary', { ...run, config: { ...config, lambdas: [0.25] } });
const lamPage = await call('dialoguePage', {
  ...run,
  config: { ...config, lambdas: [0.25] },
  offset: 0,
  limit: 60,
  sort: { key: 'FGA', descending: false },
  filter: {},
});
process.stdout.write(`changing λ: corpusSummary ${lam.ms.toFixed(0)} ms, re-sorted page ${lamPage.ms.toFixed(0)} ms\n`);
const mem =
  process.platform === 'linux'
    ? (await import('node:fs')).readFileSync(`/proc/${server.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1]
    : null;
if (mem) process.stdout.write(`server resident memory: ${(Number(mem) / 1024).toFixed(0)} MiB\n`);
server.kill('SIGTERM');
