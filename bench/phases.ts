// Benchmark tooling (Node): times the phases of scoring one file inside one
// process — reading, plain JSON.parse (for context only), loading (scan +
// intern + build the corpus), scoring (one pass + corpus merge) and rendering
// the JSON report. bench/run.js bundles this file with vite and runs it as
// `node --expose-gc phases.mjs FILE RUNS [--json-parse]`; it prints one JSON
// object of median milliseconds on stdout.

import { readFileSync } from 'node:fs';
import { loadCorpus } from '../src/shared/formats/detect';
import { defaultConfig } from '../src/shared/metrics/config';
import { evaluate } from '../src/shared/metrics/evaluate';
import { metricSignature } from '../src/shared/metrics/signature';
import { jsonChunks } from '../src/shared/report/json';

const [file, runsArg, ...flags] = process.argv.slice(2);
const runs = Number(runsArg ?? 3);
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};
const time = <T>(f: () => T): [T, number] => {
  const t = performance.now();
  const r = f();
  return [r, performance.now() - t];
};

const read: number[] = [];
const parse: number[] = [];
const load: number[] = [];
const score: number[] = [];
const render: number[] = [];
let turns = 0;
let dialogues = 0;
const config = defaultConfig();
for (let r = 0; r < runs; r++) {
  gc();
  const [bytes, tRead] = time(() => readFileSync(file));
  read.push(tRead);
  if (flags.includes('--json-parse')) {
    gc();
    parse.push(time(() => JSON.parse(bytes.toString('utf8')) as unknown)[1]);
  }
  gc();
  const [loaded, tLoad] = time(() => loadCorpus(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length), { file }));
  load.push(tLoad);
  const [ev, tScore] = time(() => evaluate(loaded.corpus, config));
  score.push(tScore);
  render.push(time(() => [...jsonChunks(ev, metricSignature(config), { perDialogue: false, perTurn: false })].join(''))[1]);
  turns = ev.corpus.turns;
  dialogues = ev.corpus.dialogues;
}
process.stdout.write(
  JSON.stringify({
    turns,
    dialogues,
    readMs: median(read),
    jsonParseMs: parse.length ? median(parse) : null,
    loadMs: median(load),
    scoreMs: median(score),
    renderMs: median(render),
  }) + '\n',
);
