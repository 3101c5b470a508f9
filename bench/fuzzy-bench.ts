// Benchmark tooling (Node): the cost of fuzzy value matching on a prediction
// file. bench/fuzzy.js bundles this file with vite and runs it as
// `node --expose-gc fuzzy-bench.mjs FILE RUNS`; it prints one JSON object.
//
// Measured: (1) pairs/s of each fuzzywuzzy scorer and backend on distinct
// value pairs (no cache: every pair computed), (2) lookups/s of the memoising
// scorer on repeated pairs (cache hits), (3) one pass over every turn comparing
// each gold slot's value with the predicted value of that slot — exactly
// (integer ids) and through the memoised partial_ratio / token_sort_ratio,
// cold (empty cache) and warm — next to the time of the exact evaluate() for
// scale, since issue 17 asks fuzzy scoring to stay within 2× of exact. Times
// are CPU times (medians of RUNS).

import { readFileSync } from 'node:fs';
import { loadCorpus } from '../src/shared/formats/detect';
import { defaultConfig } from '../src/shared/metrics/config';
import { evaluate } from '../src/shared/metrics/evaluate';
import type { Corpus } from '../src/shared/model/corpus';
import { FUZZ_BACKENDS, FUZZ_SCORERS, fuzzScorer, type FuzzBackend, type FuzzScorerName } from '../src/shared/matching/fuzz';
import { memoFuzzScorer } from '../src/shared/matching/memo';

const [file, runsArg] = process.argv.slice(2);
const runs = Number(runsArg ?? 3);
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
/**
 * CPU milliseconds (user + system) of f: on a shared machine far steadier than wall time (as bench/phases.ts
 * measures it); the process is single-threaded JavaScript, so unloaded the two agree (GC helper threads aside).
 */
const time = <T>(f: () => T): [T, number] => {
  const c = process.cpuUsage();
  const r = f();
  const d = process.cpuUsage(c);
  return [r, (d.user + d.system) / 1000];
};

/** Calls visit(goldValue, predValue) for every gold slot of every turn that the prediction also fills. */
function forEachComparedPair(c: Corpus, visit: (gold: number, pred: number) => void): void {
  const gp = c.goldPairs;
  const pp = c.predPairs;
  for (let t = 0; t < c.goldStart.length; t++) {
    let i = c.goldStart[t];
    const iEnd = i + c.goldLen[t];
    let j = c.predStart[t];
    const jEnd = j + c.predLen[t];
    while (i < iEnd && j < jEnd) {
      const gs = gp[2 * i];
      const ps = pp[2 * j];
      if (gs === ps) {
        visit(gp[2 * i + 1], pp[2 * j + 1]);
        i++;
        j++;
      } else if (gs < ps) i++;
      else j++;
    }
  }
}

const bytes = readFileSync(file);
const { corpus } = loadCorpus(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length), { file });
const values = corpus.values.names;
const turns = corpus.goldStart.length;

// Exact evaluate() for scale (the whole metric pass: JGA, SA, AGA, RSA, FGA, GCA).
const config = defaultConfig();
const evaluateMs: number[] = [];
for (let r = 0; r < runs; r++) {
  gc();
  evaluateMs.push(time(() => evaluate(corpus, config))[1]);
}

// The compared pairs: how many, how many distinct.
let compared = 0;
const distinct = new Map<number, Set<number>>();
forEachComparedPair(corpus, (g, p) => {
  compared++;
  let s = distinct.get(p);
  if (!s) distinct.set(p, (s = new Set()));
  s.add(g);
});
const distinctPairs: [number, number][] = [];
for (const [p, gs] of distinct) for (const g of gs) distinctPairs.push([p, g]);

// (1) Uncached throughput on the distinct pairs (hyp first, as mwzeval calls partial_ratio(hyp, ref)).
const throughput: { scorer: FuzzScorerName; backend: FuzzBackend; pairsPerSecond: number }[] = [];
for (const scorer of FUZZ_SCORERS) {
  for (const backend of FUZZ_BACKENDS) {
    const f = fuzzScorer(scorer, backend);
    const ms: number[] = [];
    for (let r = 0; r < runs; r++) {
      let sink = 0;
      ms.push(time(() => distinctPairs.forEach(([p, g]) => (sink += f(values[p], values[g]))))[1]);
      if (sink < 0) throw new Error('unreachable');
    }
    throughput.push({ scorer, backend, pairsPerSecond: distinctPairs.length / (median(ms) / 1000) });
  }
}

// (2) Repeated lookups: 5M cache hits drawn from the distinct pairs (seeded LCG).
const memoHits = memoFuzzScorer(values, 'partial_ratio', 'levenshtein');
for (const [p, g] of distinctPairs) memoHits.score(p, g);
const LOOKUPS = 5_000_000;
const streamA = new Int32Array(LOOKUPS);
const streamB = new Int32Array(LOOKUPS);
for (let k = 0, x = 17; k < LOOKUPS; k++) {
  x = (Math.imul(x, 1103515245) + 12345) >>> 0;
  [streamA[k], streamB[k]] = distinctPairs[x % distinctPairs.length];
}
const hitMs: number[] = [];
const idMs: number[] = [];
for (let r = 0; r < runs; r++) {
  let sink = 0;
  hitMs.push(
    time(() => {
      for (let k = 0; k < LOOKUPS; k++) sink += memoHits.score(streamA[k], streamB[k]);
    })[1],
  );
  // the same loop comparing the ids instead (what exact matching costs)
  idMs.push(
    time(() => {
      for (let k = 0; k < LOOKUPS; k++) sink += streamA[k] === streamB[k] ? 1 : 0;
    })[1],
  );
  if (sink < 0) throw new Error('unreachable');
}

// (3) One pass over every turn: exact vs memoised fuzzy (cold: new cache; warm: second pass on the same cache).
const passes: { matcher: string; coldMs: number; warmMs: number; accepted: number }[] = [];
{
  const ms: number[] = [];
  let accepted = 0;
  for (let r = 0; r < runs; r++) {
    accepted = 0;
    ms.push(time(() => forEachComparedPair(corpus, (g, p) => (accepted += g === p ? 1 : 0)))[1]);
  }
  passes.push({ matcher: 'exact (value ids equal)', coldMs: median(ms), warmMs: median(ms), accepted });
}
const fuzzyMatchers: [string, FuzzScorerName, FuzzBackend, number][] = [
  ['partial_ratio > 95, levenshtein (mwzeval)', 'partial_ratio', 'levenshtein', 95],
  ['partial_ratio > 95, difflib', 'partial_ratio', 'difflib', 95],
  ['token_sort_ratio / 100, difflib (SGD)', 'token_sort_ratio', 'difflib', -1],
  ['token_sort_ratio / 100, levenshtein', 'token_sort_ratio', 'levenshtein', -1],
];
for (const [label, scorer, backend, threshold] of fuzzyMatchers) {
  const cold: number[] = [];
  const warm: number[] = [];
  let accepted = 0;
  for (let r = 0; r < runs; r++) {
    gc();
    const memo = memoFuzzScorer(values, scorer, backend);
    let sum = 0;
    const visit =
      threshold >= 0
        ? (g: number, p: number) => (sum += memo.score(p, g) > threshold ? 1 : 0)
        : (g: number, p: number) => (sum += memo.score(g, p) / 100);
    cold.push(time(() => forEachComparedPair(corpus, visit))[1]);
    accepted = sum;
    sum = 0;
    warm.push(time(() => forEachComparedPair(corpus, visit))[1]);
  }
  passes.push({ matcher: label, coldMs: median(cold), warmMs: median(warm), accepted });
}

process.stdout.write(
  JSON.stringify({
    turns,
    values: values.length,
    compared,
    distinctPairs: distinctPairs.length,
    evaluateMs: median(evaluateMs),
    throughput,
    lookupsPerSecond: LOOKUPS / (median(hitMs) / 1000),
    idComparesPerSecond: LOOKUPS / (median(idMs) / 1000),
    passes,
  }) + '\n',
);
