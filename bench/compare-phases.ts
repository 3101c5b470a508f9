// Benchmark tooling (Node): where the time of a comparison goes, inside one
// process — loading the runs, aligning and scoring them, folding the states,
// the paired bootstrap and approximate randomization. bench/compare.js
// bundles this file with vite and runs it as
// `node compare-phases.mjs RUNS B R FILE…`; it prints one JSON object of
// median CPU milliseconds on stdout (steadier than wall time on a busy machine).

import { readFileSync } from 'node:fs';
import { prepareComparison, statInput } from '../src/shared/analysis/run-comparison';
import { Scorer } from '../src/shared/analysis/columns';
import { bootstrapValues, randomizationCounts, swapWords } from '../src/shared/analysis/paired';
import { loadCorpus } from '../src/shared/formats/detect';
import { defaultConfig } from '../src/shared/metrics/config';
import { analyseCorpus } from '../src/shared/metrics/turn-stats';
import { shareGold } from '../src/shared/model/share-gold';

const [runsArg, bArg, rArg, ...files] = process.argv.slice(2);
const reps = Number(runsArg);
const B = Number(bArg);
const R = Number(rArg);
const config = defaultConfig();

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
/** CPU milliseconds of f (user + system): steadier than wall time on a shared machine. */
const time = <T>(f: () => T): [T, number] => {
  const c = process.cpuUsage();
  const r = f();
  const d = process.cpuUsage(c);
  return [r, (d.user + d.system) / 1000];
};

const phases: Record<string, number[]> = { load: [], prepare: [], fold: [], bootstrap: [], words: [], randomization: [] };
for (let rep = 0; rep < reps; rep++) {
  const [sources, tLoad] = time(() =>
    files.map((file, k) => {
      const loaded = loadCorpus(new Uint8Array(readFileSync(file)), { file });
      return { name: `run${k}`, file, corpus: loaded.corpus, stats: analyseCorpus(loaded.corpus), valueOptions: [] as string[] };
    }),
  );
  for (let k = 1; k < sources.length; k++) sources[k].corpus = shareGold(sources[0].corpus, sources[k].corpus) ?? sources[k].corpus;
  const [prepared, tPrep] = time(() => prepareComparison(sources, config));
  const scorer = new Scorer(prepared.evaluations[0].layout, config);
  const [input, tFold] = time(() => statInput(prepared, scorer));
  const [, tBoot] = time(() => bootstrapValues(input.folded, input.n, scorer, B, 12345));
  const [words, tWords] = time(() => swapWords(input.n, 12345, 0, R));
  const [, tAr] = time(() => input.folded.slice(1).map((f) => randomizationCounts(input.folded[0], f, input.n, scorer, words)));
  phases.load.push(tLoad);
  phases.prepare.push(tPrep);
  phases.fold.push(tFold);
  phases.bootstrap.push(tBoot);
  phases.words.push(tWords);
  phases.randomization.push(tAr);
}
process.stdout.write(JSON.stringify(Object.fromEntries(Object.entries(phases).map(([k, v]) => [k, Math.round(median(v))]))) + '\n');
