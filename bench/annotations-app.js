// Benchmark (Node, plain JS; after `npm run build`): the annotation feature's
// heavy calls through `dst-inspector serve` on the synthetic corpus of
// bench/generate.js, and how long a light call waits meanwhile. It writes
// (once, into .bench/) the corpus, a MultiWOZ-style dialogues file whose
// utterances mention the values (so the suspects get text evidence) and,
// with --runs 2, a perturbed second run on the same gold; then, per round, it
// starts serve, warms the run up (summary, a list page) and times
//   - the suspects queue (first call: ranked, with the corpus and utterances
//     posted to the worker when there is one), and a list page asked for
//     50 ms after it;
//   - the value-options what-if (--values lower: the whole corpus
//     re-normalised and re-analysed), and a list page asked for 50 ms after it.
// It prints medians over the rounds; it asserts nothing.
//
//   node bench/annotations-app.js [--turns 750000] [--runs 1|2] [--text yes|no] [--rounds 3] [--cli out/main/cli.cjs]

import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { perturbFga } from './perturb.js';
import { cachedCorpus } from './args.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const WORK = join(ROOT, '.bench');

const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const turns = Number(arg('turns', '750000'));
const runs = Number(arg('runs', '1'));
const rounds = Number(arg('rounds', '3'));
const cli = resolve(arg('cli', join(ROOT, 'out', 'main', 'cli.cjs')));
const withText = arg('text', 'yes') !== 'no';

/** A dialogues file (MultiWOZ 2.1 data.json: user turn t is log[2t], the system turn before it log[2t-1]) whose turns say the values the gold takes there. */
function writeDialogues(fga, out) {
  const data = JSON.parse(readFileSync(fga, 'utf8'));
  const fd = openSync(out, 'w');
  try {
    writeSync(fd, '{');
    let first = true;
    for (const [id, byTurn] of Object.entries(data)) {
      const keys = Object.keys(byTurn).sort((a, b) => Number(a) - Number(b));
      const log = [];
      let prev = {};
      keys.forEach((k, p) => {
        const gold = byTurn[k].gt;
        const said = [];
        for (const [domain, slots] of Object.entries(gold))
          for (const [slot, value] of Object.entries(slots))
            if (prev[`${domain}-${slot}`] !== value) said.push(`the ${domain} ${slot} ${value}`);
        prev = Object.fromEntries(Object.entries(gold).flatMap(([d, s]) => Object.entries(s).map(([n, v]) => [`${d}-${n}`, v])));
        if (p > 0) log.push({ text: `Sure, what else can I help you with for turn ${p}?` });
        log.push({ text: said.length ? `I would like ${said.join(' and ')}, please.` : 'Nothing else, thanks.' });
      });
      log.push({ text: 'Goodbye.' });
      writeSync(fd, `${first ? '' : ','}\n${JSON.stringify(id)}: ${JSON.stringify({ log })}`);
      first = false;
    }
    writeSync(fd, '\n}\n');
  } finally {
    closeSync(fd);
  }
}

mkdirSync(WORK, { recursive: true });
const file = cachedCorpus(turns);
const base = file.slice(0, -'.json'.length);
const dialogues = `${base}.dialogues.json`;
if (withText && !existsSync(dialogues)) {
  process.stderr.write(`bench: writing ${dialogues}…\n`);
  writeDialogues(file, dialogues);
}
const files = [file];
if (runs > 1) {
  const second = `${base}.perturbed.json`;
  if (!existsSync(second)) {
    process.stderr.write(`bench: writing ${second}…\n`);
    writeFileSync(second, perturbFga(readFileSync(file, 'utf8')));
  }
  files.push(second);
}

async function round() {
  const server = spawn(
    process.execPath,
    ['--max-old-space-size=8192', cli, 'serve', ...files, ...(withText ? ['--dialogues', dialogues] : []), '--port', '0'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  try {
    const line = await new Promise((res) => server.stdout.once('data', (b) => res(String(b))));
    const url = new URL(/http\S+/.exec(line)[0]);
    const token = url.searchParams.get('token');
    // A kept-alive connection that the blocked server closes as idle once it runs again resets the
    // request sent on it meanwhile: asked again (as a browser would), timed from the first attempt.
    let resets = 0;
    const call = async (name, args) => {
      const started = performance.now();
      for (let attempt = 0; ; attempt++) {
        try {
          const r = await fetch(`${url.origin}/api/${name}`, {
            method: 'POST',
            headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
            body: JSON.stringify(args),
          });
          const body = await r.json();
          if (!r.ok) throw new Error(`${name}: ${body.error ?? JSON.stringify(body)}`);
          return { body, ms: performance.now() - started };
        } catch (e) {
          if (attempt > 0 || e?.cause?.code !== 'ECONNRESET') throw e;
          resets++;
        }
      }
    };
    const loadStart = performance.now();
    let list;
    for (;;) {
      list = (await call('listRuns', {})).body.runs;
      if (list.length === files.length && list.every((r) => r.state === 'ready')) break;
      const bad = list.find((r) => r.state === 'error');
      if (bad) throw new Error(bad.error.message);
      await new Promise((r) => setTimeout(r, 200));
    }
    const loadMs = performance.now() - loadStart;
    const config = { lambdas: [0.5], slotCount: 30, traits: 'paper' };
    const ref = { run: list[0].id, rev: list[0].revision };
    const page = (offset) =>
      call('dialoguePage', { ...ref, config, offset, limit: 60, sort: { key: 'position', descending: false }, filter: {} });
    await call('corpusSummary', { ...ref, config });
    await page(0);
    const idle = (await page(100)).ms;
    // The suspects queue, and a list page while it is ranked.
    const suspects = call('suspects', { ...ref, limit: 200 });
    await new Promise((r) => setTimeout(r, 50));
    const pageDuringSuspects = (await page(5000)).ms;
    const s = await suspects;
    // The value-options what-if, and a list page while it is computed.
    const whatIf = call('whatIf', { ...ref, config, values: ['lower', 'trade-fixes', 'dontcare', 'alternatives'] });
    await new Promise((r) => setTimeout(r, 50));
    const pageDuringWhatIf = (await page(6000)).ms;
    const w = await whatIf;
    return {
      resets,
      loadMs,
      idle,
      suspectsMs: s.ms,
      suspects: s.body.total,
      hasText: s.body.hasText,
      pageDuringSuspects,
      whatIfMs: w.ms,
      flips: w.body.diff.turnsChanged,
      pageDuringWhatIf,
    };
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
}

const results = [];
for (let k = 0; k < rounds; k++) {
  results.push(await round());
  process.stderr.write(`bench: round ${k + 1}: ${JSON.stringify(results.at(-1))}\n`);
}
const median = (key) => {
  const xs = results.map((r) => r[key]).sort((a, b) => a - b);
  return xs[Math.floor(xs.length / 2)];
};
const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
const m = (ms) => `${ms.toFixed(0)} ms`;
process.stdout.write(
  `${cli}\n${turns.toLocaleString('en')} turns, ${files.length} run${files.length > 1 ? 's' : ''} ${withText ? 'with' : 'without'} utterances, median of ${rounds} (load: ${s(median('loadMs'))}, not counted)\n`,
);
process.stdout.write(
  `suspects (first call, ${results[0].suspects.toLocaleString('en')} suspects${results[0].hasText ? ', text evidence' : ''}): ${s(median('suspectsMs'))}; a list page asked for meanwhile: ${m(median('pageDuringSuspects'))}\n`,
);
process.stdout.write(
  `value what-if --values lower,trade-fixes,dontcare,alternatives (first call, ${results[0].flips.toLocaleString('en')} turn flips): ${s(median('whatIfMs'))}; a list page asked for meanwhile: ${m(median('pageDuringWhatIf'))}\n`,
);
process.stdout.write(`a list page with nothing else running: ${m(median('idle'))}\n`);
const resets = results.reduce((n, r) => n + r.resets, 0);
if (resets)
  process.stdout.write(
    `(${resets} request${resets === 1 ? ' was' : 's were'} reset by the server and asked again; the times include that)\n`,
  );
