// Benchmark harness (Node): re-scoring after one new correction. On a
// synthetic corpus of N turns (bench/generate.js), adds corrections one at a
// time and times (1) the incremental what-if (shared/annotations/whatif.ts:
// apply + analyse the touched dialogue, replace its row, merge the corpus),
// (2) a full re-score (apply every correction to the corpus, analyse and
// score it all) for comparison, and (3) a durable save (append + fsync under
// the lock). bench/annotations.js bundles this file with vite and runs it as
// `node rescore.mjs TURNS CORRECTIONS`; it prints one JSON object.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyCorrections } from '../src/shared/annotations/apply';
import type { KeptRecord } from '../src/shared/annotations/file';
import type { AnnotationRecord } from '../src/shared/annotations/record';
import { WhatIf } from '../src/shared/annotations/whatif';
import { loadCorpus } from '../src/shared/formats/detect';
import { defaultConfig } from '../src/shared/metrics/config';
import { evaluate } from '../src/shared/metrics/evaluate';
import { AnnotationStore } from '../src/main/services/annotation-store';
import { generateText, rng } from './generate.js';

const turns = Number(process.argv[2] ?? 7500);
const n = Number(process.argv[3] ?? 100);
const config = defaultConfig({ lambdas: [0.25, 0.5, 0.75, 1] });
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];

const { text } = generateText(turns, 7);
const corpus = loadCorpus(new TextEncoder().encode(text), { file: 'bench.json' }).corpus;
const base = evaluate(corpus, config);
const r = rng(11);

/** A correction at a random turn: the first gold slot there removed onward, or a slot added. */
function randomRecord(k: number): AnnotationRecord {
  const d = Math.floor(r() * corpus.dialogueIds.length);
  const i = corpus.dialogueStart[d] + Math.floor(r() * (corpus.dialogueStart[d + 1] - corpus.dialogueStart[d]));
  const common = {
    id: `b${k}`,
    rev: 1,
    dialogue: corpus.dialogueIds[d],
    turn: corpus.turnIndex[i],
    category: 'wrong-value',
    status: 'confirmed',
    by: 'bench',
    at: 't',
  } as const;
  if (corpus.goldLen[i] > 0 && r() < 0.5) {
    const p = corpus.goldStart[i];
    return {
      ...common,
      slot: corpus.slots.name(corpus.goldPairs[2 * p]),
      from: corpus.values.name(corpus.goldPairs[2 * p + 1]),
      to: null,
      scope: 'onward',
    } as AnnotationRecord;
  }
  return { ...common, slot: 'hotel-stars', from: null, to: '4', scope: 'turn' } as AnnotationRecord;
}

const w = new WhatIf(corpus, base.stats);
const records: KeptRecord[] = [];
const incremental: number[] = [];
const full: number[] = [];
let touchedMax = 0;
for (let k = 0; k < n; k++) {
  records.push({ record: randomRecord(k), line: k + 2 });
  const t0 = performance.now();
  const touched = w.update(records);
  const diff = w.diff(config, base.states, base.corpus);
  incremental.push(performance.now() - t0);
  touchedMax = Math.max(touchedMax, touched.length);
  if (k % 10 === 0) {
    const t1 = performance.now();
    const fullEv = evaluate(applyCorrections(corpus, records).corpus, config);
    full.push(performance.now() - t1);
    if (Math.abs((fullEv.corpus.values.JGA as number) - (diff.after.values.JGA as number)) > 1e-12)
      throw new Error('incremental and full re-scores differ');
  }
}

const dir = mkdtempSync(join(tmpdir(), 'bench-store-'));
const store = new AnnotationStore(join(dir, 'a.jsonl'), { gold: 'bench' });
const saves: number[] = [];
for (let k = 0; k < 50; k++) {
  const rec = randomRecord(1000 + k);
  const t = performance.now();
  await store.save({
    dialogue: rec.dialogue,
    turn: rec.turn,
    slot: rec.slot,
    from: rec.from ?? null,
    to: rec.to,
    scope: rec.scope,
    category: 'other',
    status: 'suspected',
  });
  saves.push(performance.now() - t);
}
rmSync(dir, { recursive: true, force: true });

console.log(
  JSON.stringify({
    turns: corpus.turnIndex.length,
    dialogues: corpus.dialogueIds.length,
    corrections: n,
    incrementalMedianMs: median(incremental),
    incrementalP95Ms: p95(incremental),
    incrementalMaxMs: Math.max(...incremental),
    touchedMax,
    fullRescoreMedianMs: median(full),
    saveMedianMs: median(saves),
    saveP95Ms: p95(saves),
  }),
);
