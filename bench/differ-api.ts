// Benchmark tooling (Node): "where do runs differ most" through the API, in
// one process. bench/differ.js bundles this file with vite and runs it as
// `node differ-api.mjs REPS WORKER B FILE…`. It opens the runs in a
// workspace, then per repetition and per mode (the finder in the compare
// worker, as the app runs it, and in this thread, as before) asks
// compareDiffer (another seed each time: nothing cached) and, while it
// computes, asks a dialogue list page (50 rows) every 50 ms: the
// finder's wall time, and the list page's latency (first and slowest) while
// the finder ran. It also times differ() itself in this thread (CPU ms):
// first, cold (as one CLI process runs it), then warm with and without
// intervals (the slices' scoring vs the bootstrap). It prints
// one JSON object on stdout.

import { differ, differRuns } from '../src/shared/analysis/differ';
import { alignRuns } from '../src/shared/analysis/align';
import { createApiHandlers, dispatch } from '../src/main/services/api-handlers';
import { CompareService } from '../src/main/services/compare-data';
import { Workspace } from '../src/main/services/workspace';
import { defaultConfig } from '../src/shared/metrics/config';
import { makeSignature } from '../src/shared/metrics/signature';
import { fileSource } from '../src/shared/source';

const [repsArg, workerArg, bArg, ...files] = process.argv.slice(2);
const reps = Number(repsArg);
const B = Number(bArg);
const config = defaultConfig();
/** Milliseconds between list pages while the finder computes. */
const PAGE_EVERY = 50;
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const now = () => performance.now();
const cpu = <T>(f: () => T): [T, number] => {
  const c = process.cpuUsage();
  const r = f();
  const d = process.cpuUsage(c);
  return [r, (d.user + d.system) / 1000];
};

const ws = new Workspace({ inline: true });
const h = createApiHandlers(ws, { mode: 'browser' });
const refs = files.map((f, k) => ({ run: ws.open(fileSource([f]), { label: `run${k}` }).id, rev: 1 }));
for (const r of refs) {
  const s = await ws.whenSettled(r.run);
  if (s.state !== 'ready') throw new Error(`bench: ${r.run} did not load: ${JSON.stringify(s)}`);
  r.rev = s.revision;
}
const args = { runs: refs, config, metric: 'JGA', minTurns: 30, limit: 25, bootstrap: B, seed: 42 };
const page = () =>
  dispatch(h, 'dialoguePage', { ...refs[0], config, offset: 0, limit: 50, sort: { key: 'position', descending: false }, filter: {} });
await page(); // the list's index built once, as the app has it before the finder is asked

// One service per mode (the app has one): its worker is started by the first request and kept for the next.
const services = {
  worker: new CompareService(ws, undefined, { differWorker: workerArg }),
  thread: new CompareService(ws, undefined, { differWorker: null }),
};

async function during(mode: 'worker' | 'thread', seed: number) {
  const svc = services[mode];
  const t0 = now();
  let end = 0;
  // Another seed each time: nothing cached, the same work.
  const finder = svc.differ({ ...args, seed }).then((r) => {
    end = now();
    return r;
  });
  const lat: number[] = [];
  while (end === 0) {
    // A page every PAGE_EVERY ms (a person scrolling), not a busy loop that would starve the worker of the cores.
    await new Promise<void>((r) => setTimeout(r, PAGE_EVERY));
    if (end !== 0) break;
    const t = now();
    await page();
    lat.push(now() - t);
  }
  const r = await finder;
  return { finder: end - t0, pages: lat.length, first: lat[0] ?? null, slowest: lat.length ? Math.max(...lat) : null, rows: r.rows.length };
}

// differ() alone, in this thread, before anything warmed it up: what one CLI process pays.
const corpora = refs.map((r) => ({ name: r.run, corpus: ws.data(r.run, r.rev).l.corpus }));
const runs = differRuns(
  corpora,
  alignRuns(
    corpora.map((c) => c.corpus),
    corpora.map((c) => c.name),
  ),
);
const once = (b: number) => cpu(() => differ(runs, config, { ...args, bootstrap: b }, makeSignature(config)))[1];
const cold = once(B);

const modes = { worker: [] as Awaited<ReturnType<typeof during>>[], thread: [] as Awaited<ReturnType<typeof during>>[] };
for (let i = 0; i < reps; i++) {
  modes.worker.push(await during('worker', 100 + i));
  modes.thread.push(await during('thread', 100 + i));
}

// differ() alone, in this thread, warm: the slices scored (B = 0) and with the intervals.
const alone = (b: number) => median(Array.from({ length: reps }, () => once(b)));
const summary = (xs: Awaited<ReturnType<typeof during>>[]) => ({
  firstFinder: xs[0].finder,
  finder: median(xs.map((x) => x.finder)),
  pages: median(xs.map((x) => x.pages)),
  first: xs[0].first === null ? null : median(xs.map((x) => x.first ?? Infinity)),
  slowest: xs[0].slowest === null ? null : median(xs.map((x) => x.slowest ?? Infinity)),
  rows: xs[0].rows,
});
const out = {
  turns: ws.data(refs[0].run, refs[0].rev).l.corpus.turnIndex.length,
  worker: summary(modes.worker),
  thread: summary(modes.thread),
  cpu: { cold, slices: alone(0), withIntervals: alone(B) },
};
process.stdout.write(JSON.stringify(out) + '\n');
process.exit(0);
