// Benchmark tooling (Node): times the calibration statistics
// (src/shared/analysis/calibration) on synthetic confidence columns — a seeded
// over-confident model, ~14 pairs per dialogue over 30 slots, continuous
// (softmax-like) and coarse (verbalized: 0.5, 0.8, 0.9, 1.0) confidences —
// after building them. bench/calibration.js bundles this file with vite and
// runs it as `node calibration-phases.mjs PAIRS RUNS B`; it prints one JSON
// object with the median and fastest milliseconds of each phase.

import { compareCalibration } from '../src/shared/analysis/calibration/bootstrap';
import { jointCalibration } from '../src/shared/analysis/calibration/joint';
import { concatPairs, type CalibrationPairs } from '../src/shared/analysis/calibration/pairs';
import { calibrationByGroup, pairCalibration } from '../src/shared/analysis/calibration/summary';

const [pairsArg, runsArg, bootArg] = process.argv.slice(2);
const N = Number(pairsArg ?? 1_000_000);
const runs = Math.max(1, Number(runsArg ?? 5));
const B = Number(bootArg ?? 200);

/** mulberry32: a small seeded generator for the synthetic data. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const r = mulberry32(18);
const soft: CalibrationPairs = {
  confidence: new Float64Array(N),
  correct: new Uint8Array(N),
  dialogue: new Int32Array(N),
  turn: new Int32Array(N),
  group: new Int32Array(N),
};
const verbal: CalibrationPairs = { ...soft, confidence: new Float64Array(N) };
const LEVELS = [0.5, 0.8, 0.9, 1.0];
let dialogue = 0;
let turn = 0;
let inTurn = 0;
let turnSize = 1 + Math.floor(r() * 3);
let inDialogue = 0;
let dialogueSize = 6 + Math.floor(r() * 16);
for (let i = 0; i < N; i++) {
  const c = r();
  soft.confidence[i] = c;
  soft.correct[i] = r() < c ** 1.5 ? 1 : 0;
  verbal.confidence[i] = LEVELS[Math.min(3, Math.floor(c * 4))];
  soft.dialogue![i] = dialogue;
  soft.turn![i] = turn;
  soft.group![i] = Math.floor(r() * 30);
  if (++inTurn === turnSize) {
    turn++;
    inTurn = 0;
    turnSize = 1 + Math.floor(r() * 3);
  }
  if (++inDialogue >= dialogueSize && inTurn === 0) {
    dialogue++;
    inDialogue = 0;
    dialogueSize = 6 + Math.floor(r() * 16);
  }
}
const turns = turn + (inTurn > 0 ? 1 : 0);
const dialogues = dialogue + (inDialogue > 0 ? 1 : 0);
const jga = new Uint8Array(turns);
for (let t = 0; t < turns; t++) jga[t] = r() < 0.4 ? 1 : 0;
const shards = Array.from({ length: 8 }, (_, k) => {
  const lo = Math.floor((N * k) / 8);
  const hi = Math.floor((N * (k + 1)) / 8);
  return {
    confidence: soft.confidence.subarray(lo, hi),
    correct: soft.correct.subarray(lo, hi),
    dialogue: soft.dialogue!.subarray(lo, hi),
  };
});

function time(name: string, f: () => unknown, times = runs) {
  const ms: number[] = [];
  for (let k = 0; k < times; k++) {
    const t0 = performance.now();
    f();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  return { name, medianMs: ms[Math.floor(ms.length / 2)], minMs: ms[0], runs: times };
}

const results = [
  time('pairs: setsumbt ECE + bins + AUROC + histograms', () => pairCalibration(soft)),
  time('pairs: sun2024 binning', () => pairCalibration(soft, { binning: 'sun2024' })),
  time('pairs: verbalized (4 distinct values)', () => pairCalibration(verbal)),
  time('merge 8 shards (concat) + setsumbt', () => pairCalibration(concatPairs(shards))),
  time('per slot (30 groups)', () => calibrationByGroup(soft)),
  time('joint: min confidence per turn, JGA ECE, two-point L2', () => jointCalibration(soft, { jgaCorrect: jga })),
  time(
    `paired bootstrap, 2 columns, B = ${B}`,
    () =>
      compareCalibration(
        [
          { name: 'softmax', pairs: soft },
          { name: 'verbalized', pairs: verbal },
        ],
        dialogues,
        { bootstrap: B, seed: 12345 },
      ),
    1,
  ),
];
process.stdout.write(JSON.stringify({ pairs: N, turns, dialogues, bootstrap: B, results }) + '\n');
