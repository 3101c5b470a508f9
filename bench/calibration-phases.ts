// Benchmark tooling (Node): times the calibration statistics
// (src/shared/analysis/calibration) on synthetic confidence columns — a seeded
// over-confident model, ~14 pairs per dialogue over 30 slots, continuous
// (softmax-like) and coarse (verbalized: 0.5, 0.8, 0.9, 1.0) confidences —
// after building them. bench/calibration.js bundles this file with vite and
// runs it as `node calibration-phases.mjs PAIRS RUNS B`; it prints one JSON
// object with the median and fastest milliseconds of each phase, and its
// median CPU milliseconds (user + system).

import { calibrationAnalysis } from '../src/shared/analysis/calibration/analysis';
import { compareCalibration } from '../src/shared/analysis/calibration/bootstrap';
import { defaultConfig } from '../src/shared/metrics/config';
import { evaluate } from '../src/shared/metrics/evaluate';
import type { Corpus } from '../src/shared/model/corpus';
import { Interner } from '../src/shared/model/interner';
import { jointCalibration } from '../src/shared/analysis/calibration/joint';
import { concatPairs, type CalibrationPairs } from '../src/shared/analysis/calibration/pairs';
import { calibrationByGroup, pairCalibration } from '../src/shared/analysis/calibration/summary';

const [pairsArg, runsArg, bootArg, onlyArg] = process.argv.slice(2);
/** `analysis`: time only the whole analysis from a corpus (for profiling). */
const onlyAnalysis = onlyArg === 'analysis';
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
  const cpu: number[] = [];
  for (let k = 0; k < times; k++) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    f();
    const c = process.cpuUsage(c0);
    ms.push(performance.now() - t0);
    cpu.push((c.user + c.system) / 1000);
  }
  ms.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  // CPU time (user + system, this process) is steadier than wall time on a shared machine.
  return { name, medianMs: ms[Math.floor(ms.length / 2)], minMs: ms[0], cpuMs: cpu[Math.floor(cpu.length / 2)], runs: times };
}

const results = onlyAnalysis
  ? []
  : [
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

// The whole analysis (analysis/calibration/analysis.ts) from a corpus: 3 predicted pairs a turn with one confidence column,
// the pairs built from the states (rule domain), pair + joint + per slot + per domain; the run's evaluation is done before timing
// (the engine caches it per config). No bootstrap (one column).
function analysisPhase() {
  const T = Math.ceil(N / 3);
  const slots = new Interner(Array.from({ length: 30 }, (_, s) => `${['hotel', 'train', 'taxi'][s % 3]}-slot${s}`));
  const values = new Interner(['none', 'a', 'b', 'c', 'd']);
  const PER_DIALOGUE = 14;
  const D = Math.ceil(T / PER_DIALOGUE);
  const dialogueStart = Int32Array.from({ length: D + 1 }, (_, d) => Math.min(T, d * PER_DIALOGUE));
  const pairs = new Int32Array(T * 3 * 2 * 2);
  const goldStart = new Int32Array(T);
  const predStart = new Int32Array(T);
  const len = new Int32Array(T).fill(3);
  const start = new Int32Array(T + 1);
  const cslot = new Int32Array(T * 3);
  const cval = new Float64Array(T * 3);
  const rr = mulberry32(7);
  for (let t = 0; t < T; t++) {
    const base = Math.floor(rr() * 10) * 3; // three slots, ascending
    goldStart[t] = 2 * t * 3;
    predStart[t] = (2 * t + 1) * 3;
    start[t] = 3 * t;
    for (let k = 0; k < 3; k++) {
      const s = base + k;
      const c = rr();
      const g = 1 + Math.floor(rr() * 4);
      const p = rr() < c ** 1.5 ? g : 1 + (g % 4);
      pairs[2 * (goldStart[t] + k)] = s;
      pairs[2 * (goldStart[t] + k) + 1] = g;
      pairs[2 * (predStart[t] + k)] = s;
      pairs[2 * (predStart[t] + k) + 1] = p;
      cslot[3 * t + k] = s;
      cval[3 * t + k] = c;
    }
  }
  start[T] = 3 * T;
  const corpus: Corpus = {
    slots,
    values,
    dialogueIds: Array.from({ length: D }, (_, d) => `d${d}`),
    dialogueStart,
    turnIndex: Int32Array.from({ length: T }, (_, t) => t - dialogueStart[Math.floor(t / PER_DIALOGUE)]),
    goldStart,
    goldLen: len,
    predStart,
    predLen: len,
    goldPairs: pairs,
    predPairs: pairs,
    generation: { confidence: { names: ['confidence'], start, slot: cslot, values: [cval] } },
  };
  const ev = evaluate(corpus, defaultConfig());
  return time(`whole analysis from a corpus (${T * 3} pairs, ${T} turns): build + pairs + joint + per slot + per domain`, () =>
    calibrationAnalysis(ev, { rule: 'domain', binning: 'setsumbt', bootstrap: 0, seed: 1 }),
  );
}
results.push(analysisPhase());
process.stdout.write(JSON.stringify({ pairs: N, turns, dialogues, bootstrap: B, results }) + '\n');
