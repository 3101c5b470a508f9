// Benchmark tooling (Node): what the lookalike pass (src/shared/formats/
// value-lookalikes.ts: predicted values that differ from gold only by
// whitespace, case or punctuation), which the load worker runs once per
// load, costs next to the load itself — on the seeded synthetic corpora of
// bench/generate.js as they are, and with a leading space put on every fourth
// predicted value (the real model output of issue 15), which makes many
// distinct pairs to classify. bench/lookalikes.js bundles this file with vite
// and runs it. Prints medians; asserts nothing.

import { loadCorpus } from '../src/shared/formats/detect';
import { valueLookalikes } from '../src/shared/formats/value-lookalikes';
import { Interner } from '../src/shared/model/interner';
import type { Corpus } from '../src/shared/model/corpus';
import { NONE_ID } from '../src/shared/model/corpus';
import { generateText, turnsOf } from './generate.js';

const [sizesArg = '100k,1m', runsArg = '5'] = process.argv.slice(2);
const runs = Math.max(1, Number(runsArg));

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
function time(f: () => unknown): number {
  const t = performance.now();
  f();
  return performance.now() - t;
}

/** The corpus with a leading space on every fourth active predicted value. */
function spaced(c: Corpus): Corpus {
  const values = new Interner(c.values.names);
  const predPairs = c.predPairs.slice();
  let k = 0;
  for (let i = 0; i < c.turnIndex.length; i++)
    for (let p = c.predStart[i]; p < c.predStart[i] + c.predLen[i]; p++) {
      const v = predPairs[2 * p + 1];
      if (v !== NONE_ID && k++ % 4 === 0) predPairs[2 * p + 1] = values.intern(` ${c.values.name(v)}`);
    }
  return { ...c, values, predPairs };
}

process.stdout.write(`lookalike pass vs load — node ${process.version}, median of ${runs} runs\n`);
process.stdout.write('turns      variant          load ms   lookalikes ms   ratio   wrong values   lookalikes (kind: count)\n');
for (const label of sizesArg.split(',')) {
  const { text, turns } = generateText(turnsOf(label), turnsOf(label));
  const bytes = new TextEncoder().encode(text);
  const loads: number[] = [];
  let corpus: Corpus | undefined;
  for (let r = 0; r < runs; r++) loads.push(time(() => (corpus = loadCorpus(bytes, { file: `${label}.json` }).corpus)));
  for (const [variant, c] of [
    ['as generated', corpus!],
    ['¼ leading space', spaced(corpus!)],
  ] as const) {
    const t: number[] = [];
    let rep = valueLookalikes(c);
    for (let r = 0; r < runs; r++) t.push(time(() => (rep = valueLookalikes(c))));
    const load = median(loads);
    const la = median(t);
    process.stdout.write(
      `${String(turns).padEnd(10)} ${variant.padEnd(16)} ${load.toFixed(0).padStart(8)}   ${la.toFixed(1).padStart(13)}   ${((100 * la) / load).toFixed(1).padStart(4)}%   ${String(rep.wrong).padStart(12)}   ${rep.groups.map((g) => `${g.kind}: ${g.count}`).join(', ') || '—'}\n`,
    );
  }
}
