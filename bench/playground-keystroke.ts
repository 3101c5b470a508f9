// Benchmark harness (Node): the playground's pure path per keystroke — the
// editor's text read by the FGA loader and scored with dialogueDetail
// (evaluatePlayground), on dialogues of several lengths; also a keystroke that
// breaks the JSON (the error path, with the marker's place) and one quick
// edit. bench/playground.js bundles this file with vite and runs it as
// `node --expose-gc playground-keystroke.mjs [ITERATIONS]`; it prints one JSON
// object per dialogue length on stdout.

import { defaultConfig } from '../src/shared/metrics/config';
import { evaluatePlayground } from '../src/shared/playground/evaluate';
import { quickEdit } from '../src/shared/playground/quick-edit';

const iterations = Number(process.argv[2] ?? 400);
const config = defaultConfig();

const SLOTS = [
  ['hotel', 'area', ['north', 'south', 'centre', 'east']], ['hotel', 'pricerange', ['cheap', 'moderate', 'expensive']], ['hotel', 'day', ['monday', 'friday']],
  ['hotel', 'people', ['2', '4', '6']], ['hotel', 'stay', ['2', '3']], ['hotel', 'type', ['hotel', 'guest house']], ['restaurant', 'food', ['italian', 'indian', 'chinese']],
  ['restaurant', 'area', ['centre', 'west']], ['restaurant', 'time', ['18:00', '19:30']], ['restaurant', 'people', ['2', '4']], ['train', 'departure', ['cambridge', 'ely']],
  ['train', 'destination', ['london', 'norwich']], ['train', 'leaveat', ['09:00', '17:15']], ['taxi', 'destination', ['museum', 'station']],
] as const; // prettier-ignore

/** A seeded dialogue of `turns` turns as the playground's text: a slot joins every other turn (up to 14), the prediction errs on ~15% of turns. */
function dialogue(turns: number, seed: number): string {
  let s = seed;
  const rnd = () => (s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const gt: Record<string, Record<string, string>> = {};
  const out: Record<string, unknown> = {};
  let carried: [string, string, string] | null = null;
  for (let t = 0; t < turns; t++) {
    const k = Math.floor(t / 2);
    if (t % 2 === 0 && k < SLOTS.length) {
      const [d, n, vs] = SLOTS[k];
      (gt[d] ??= {})[n] = vs[Math.floor(rnd() * vs.length)];
    }
    const pr = structuredClone(gt);
    if (rnd() < 0.15) {
      const [d, n, vs] = SLOTS[Math.floor(rnd() * Math.min(SLOTS.length, k + 1))];
      carried = [d, n, vs[Math.floor(rnd() * vs.length)]];
    }
    if (carried) (pr[carried[0]] ??= {})[carried[1]] = carried[2];
    if (rnd() < 0.2) carried = null;
    out[String(t)] = { gt: structuredClone(gt), pr };
  }
  return JSON.stringify(out, null, 2) + '\n';
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

function time(f: () => unknown, n: number): number[] {
  for (let i = 0; i < Math.min(50, n); i++) f(); // warm up
  gc();
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    f();
    out.push(performance.now() - t);
  }
  return out;
}

for (const turns of [10, 30, 100, 300]) {
  const text = dialogue(turns, turns);
  // A keystroke: one character of a predicted value changes, back and forth (the result changes every time).
  const at = text.lastIndexOf('"pr"');
  const v = text.indexOf('": "', at) + 4;
  const typed = [text, text.slice(0, v) + 'Z' + text.slice(v)];
  let k = 0;
  const valid = time(() => {
    const r = evaluatePlayground(typed[k++ & 1], 'BENCH', config);
    if (!r.ok) throw new Error(r.diagnostic.message);
  }, iterations);
  // A keystroke that breaks the JSON: a quote typed away near the end (the error is located and mapped to the editor).
  const broken = text.slice(0, v - 1) + text.slice(v);
  const error = time(() => {
    if (evaluatePlayground(broken, 'BENCH', config).ok) throw new Error('expected an error');
  }, iterations);
  const slot = `${SLOTS[0][0]}-${SLOTS[0][1]}`;
  const quick = time(() => quickEdit(text, { slot, turn: 0, action: 'missed', scope: 'onward' }), Math.min(iterations, 200));
  process.stdout.write(
    JSON.stringify({
      turns,
      bytes: Buffer.byteLength(text),
      keystrokeMedianMs: median(valid),
      keystrokeP95Ms: pct(valid, 0.95),
      keystrokeMaxMs: Math.max(...valid),
      brokenMedianMs: median(error),
      brokenP95Ms: pct(error, 0.95),
      quickEditMedianMs: median(quick),
    }) + '\n',
  );
}
