// Benchmark tooling (Node): times every analysis of the analysis view on one
// file, after loading (src/shared/analysis: per-domain breakdown with both
// turn selections, per-slot breakdown, turn position by index and by length
// with bootstrap bands, error origin, the four correlation matrices, the
// spurious-trait points and the chart the view draws from them) and the
// filtered-subset scores of the header.
// bench/analysis.js bundles this file with vite and runs it as
// `node analysis-phases.mjs FILE RUNS`; it prints one JSON object: sizes and
// the median and fastest milliseconds of each analysis.

import { correlationMatrix } from '../src/shared/analysis/correlations';
import { domainBreakdown } from '../src/shared/analysis/domain-breakdown';
import { errorOrigin } from '../src/shared/analysis/error-origin';
import { slotBreakdown } from '../src/shared/analysis/slot-breakdown';
import { traitsView } from '../src/shared/analysis/traits-points';
import { traitsTable } from '../src/shared/analysis/analysis-tables';
import { traitsScene } from '../src/shared/viz/analysis-traits';
import { turnPosition } from '../src/shared/analysis/turn-position';
import { loadSource } from '../src/main/services/load-pipeline';
import { defaultConfig } from '../src/shared/metrics/config';
import { evaluateStats } from '../src/shared/metrics/evaluate';
import { sumRows, scoresOf } from '../src/shared/metrics/state';
import { fileSource } from '../src/shared/source';

const [file, runsArg] = process.argv.slice(2);
const runs = Math.max(1, Number(runsArg ?? 3));
const config = defaultConfig();

const t0 = performance.now();
const run = await loadSource(fileSource([file]), {});
const loadMs = performance.now() - t0;
const corpus = run.loaded.corpus;
const ev = evaluateStats(corpus, run.stats!, config);

let traitsAnswer: ReturnType<typeof traitsView> | null = null;
const traits = () => (traitsAnswer ??= traitsView(ev));
const tasks: [string, () => unknown][] = [
  ['domain breakdown, active turns', () => domainBreakdown(corpus, config, { turns: 'active' })],
  ['domain breakdown, dialogue turns', () => domainBreakdown(corpus, config, { turns: 'dialogue' })],
  ['slot breakdown', () => slotBreakdown(corpus, ev.signature)],
  ['turn position by index, JGA band (B=1000)', () => turnPosition(ev, { by: 'index', bands: ['JGA'] })],
  ['turn position by index, GCA band (B=1000)', () => turnPosition(ev, { by: 'index', bands: ['GCA'] })],
  ['turn position by length, JGA band (B=1000)', () => turnPosition(ev, { by: 'length', bands: ['JGA'] })],
  ['turn position by index, 4 bands (the view default)', () => turnPosition(ev, { by: 'index', bands: ['JGA', 'FGA_0.5', 'RSA', 'GCA'] })],
  [
    'turn position by length, 4 bands (the view default)',
    () => turnPosition(ev, { by: 'length', bands: ['JGA', 'FGA_0.5', 'RSA', 'GCA'] }),
  ],
  ['error origin', () => errorOrigin(ev)],
  ['correlations, turn, Pearson', () => correlationMatrix(ev, 'turn', 'pearson')],
  ['correlations, turn, Spearman', () => correlationMatrix(ev, 'turn', 'spearman')],
  ['correlations, dialogue, Pearson', () => correlationMatrix(ev, 'dialogue', 'pearson')],
  ['correlations, dialogue, Spearman', () => correlationMatrix(ev, 'dialogue', 'spearman')],
  ['spurious traits (points, lines, Zou)', () => traitsView(ev)],
  [
    'spurious traits chart and table (the layout the view draws)',
    () => {
      const t = traits();
      return traitsScene(t, traitsTable(t).signature, 860);
    },
  ],
  [
    'filtered subset scores (every other dialogue)',
    () => {
      const rows: number[] = [];
      for (let d = 0; d < corpus.dialogueIds.length; d += 2) rows.push(d);
      return scoresOf(sumRows(ev.states, rows, ev.layout), 0, ev.layout, config);
    },
  ],
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const results: { name: string; medianMs: number; minMs: number }[] = [];
for (const [name, f] of tasks) {
  const times: number[] = [];
  for (let r = 0; r < runs; r++) {
    const t = performance.now();
    f();
    times.push(performance.now() - t);
  }
  results.push({ name, medianMs: median(times), minMs: Math.min(...times) });
}
process.stdout.write(JSON.stringify({ turns: corpus.turnIndex.length, dialogues: corpus.dialogueIds.length, loadMs, results }) + '\n');
