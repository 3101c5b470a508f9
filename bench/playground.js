// Benchmark (`node bench/playground.js [ITERATIONS]`, Node): the playground's
// keystroke-to-metrics path without the browser — evaluatePlayground (the FGA
// loader + dialogueDetail) on dialogues of 10, 30, 100 and 300 turns, a
// keystroke that breaks the JSON, and one "from this turn on" quick edit. It
// bundles bench/playground-keystroke.ts with vite into .bench/ and prints a
// table of median / p95 / max milliseconds and the ratio to one 60 Hz frame
// (16 ms, the issue's budget). It prints numbers; it asserts nothing.

import { spawnSync } from 'node:child_process';
import { cpus } from 'node:os';
import { buildHarness } from './harness.js';

const FRAME_MS = 16;

const iterations = process.argv[2] ?? '400';
const harness = await buildHarness('playground-keystroke');
const r = spawnSync(process.execPath, ['--expose-gc', harness, iterations], { encoding: 'utf8' });
if (r.status !== 0) throw new Error(`benchmark failed:\n${r.stderr}`);
const rows = r.stdout
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l));

const f = (x) => x.toFixed(2);
process.stdout.write(
  `playground keystroke, pure path (load + score), ${iterations} keystrokes per size, Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}\n\n`,
);
process.stdout.write('turns   bytes   median ms   p95 ms   max ms   frame / median   broken JSON median (p95) ms   quick edit ms\n');
for (const x of rows) {
  process.stdout.write(
    `${String(x.turns).padStart(5)} ${String(x.bytes).padStart(7)} ${f(x.keystrokeMedianMs).padStart(11)} ${f(x.keystrokeP95Ms).padStart(8)} ${f(x.keystrokeMaxMs).padStart(8)} ${`${(FRAME_MS / x.keystrokeMedianMs).toFixed(0)}×`.padStart(16)} ${`${f(x.brokenMedianMs)} (${f(x.brokenP95Ms)})`.padStart(29)} ${f(x.quickEditMedianMs).padStart(15)}\n`,
  );
}
