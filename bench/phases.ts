// Benchmark tooling (Node): times the phases of scoring one file inside one
// process — reading, plain JSON.parse (for context only), loading (scan +
// intern + build the corpus), scoring (one pass + corpus merge) and rendering
// the JSON report. bench/run.js bundles this file with vite and runs it as
// `node --expose-gc phases.mjs FILE RUNS [--json-parse]`; it prints one JSON
// object of median milliseconds on stdout (plus the minimum wall time and the
// median CPU time of load and score, steadier estimates on a busy machine).

import { readFileSync } from 'node:fs';
import { loadCorpus } from '../src/shared/formats/detect';
import { defaultConfig } from '../src/shared/metrics/config';
import { evaluate } from '../src/shared/metrics/evaluate';
import { jsonChunks } from '../src/shared/report/json';

const [file, runsArg, ...flags] = process.argv.slice(2);
const runs = Number(runsArg ?? 3);
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};
const min = (xs: number[]): number => Math.min(...xs);
const time = <T>(f: () => T): [T, number] => {
  const t = performance.now();
  const r = f();
  return [r, performance.now() - t];
};
/** CPU milliseconds (user + system) of f: steadier than wall time on a shared machine. */
const cpu = <T>(f: () => T): [T, number] => {
  const c = process.cpuUsage();
  const r = f();
  const d = process.cpuUsage(c);
  return [r, (d.user + d.system) / 1000];
};

const read: number[] = [];
const parse: number[] = [];
const load: number[] = [];
const score: number[] = [];
const render: number[] = [];
const loadCpu: number[] = [];
const scoreCpu: number[] = [];
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
  const [[loaded, cLoad], tLoad] = time(() =>
    cpu(() => loadCorpus(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length), { file })),
  );
  load.push(tLoad);
  loadCpu.push(cLoad);
  const [[ev, cScore], tScore] = time(() => cpu(() => evaluate(loaded.corpus, config)));
  score.push(tScore);
  scoreCpu.push(cScore);
  render.push(time(() => [...jsonChunks(ev, { perDialogue: false, perTurn: false })].join(''))[1]);
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
    minLoadMs: min(load),
    minScoreMs: min(score),
    loadCpuMs: median(loadCpu),
    scoreCpuMs: median(scoreCpu),
  }) + '\n',
);
