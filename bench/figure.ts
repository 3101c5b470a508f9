// Benchmark (Node): how long a dialogue figure takes to make, per format. A
// synthetic dialogue of 15 turns (states growing to 16 slots, with wrong,
// missed and overshot slots and two-sentence utterances on every turn) is
// laid out as the dialogue figure and the per-turn chart, then written as SVG
// (plain, and self-contained with embedded font subsets), PDF and PNG 2×.
// bench/figure.js bundles this file with vite and runs it; it prints one line
// per step: median and fastest of RUNS warm runs, the first (cold) run, and
// the output size. It asserts nothing: a measurement, not a test.

import { loadCorpus } from '../src/shared/formats/detect';
import { defaultConfig } from '../src/shared/metrics/config';
import { dialogueDetail } from '../src/shared/metrics/evaluate';
import { renderSignature, makeSignature } from '../src/shared/metrics/signature';
import { buildFigure } from '../src/shared/viz/figures';
import type { Scene } from '../src/shared/viz/scene';
import { sceneToSvg } from '../src/shared/viz/scene-svg';
import { sceneToSvgFile } from '../src/main/services/export/render';
import { sceneToPdf } from '../src/main/services/export/scene-pdf';
import { sceneToPng } from '../src/main/services/export/scene-png';

const RUNS = Number(process.argv[2] ?? 10);
const TURNS = Number(process.argv[3] ?? 15);

/** FGA-layout JSON of one dialogue whose state grows by one slot a turn, with some mistakes. */
function syntheticDialogue(turns: number): Uint8Array {
  const domains = ['hotel', 'restaurant', 'train', 'attraction', 'taxi'];
  const slots = ['area', 'name', 'pricerange', 'book day', 'book people', 'type', 'leaveat', 'arriveby'];
  const gold: Record<string, Record<string, string>> = {};
  const pred: Record<string, Record<string, string>> = {};
  const out: Record<string, unknown> = {};
  for (let t = 0; t < turns; t++) {
    const d = domains[t % domains.length];
    const s = slots[(t * 3) % slots.length];
    const v = `value number ${t} for ${s}`;
    (gold[d] ??= {})[s] = v;
    if (t % 4 === 1)
      (pred[d] ??= {})[s] = `another value ${t}`; // wrong
    else if (t % 4 !== 2) (pred[d] ??= {})[s] = v; // correct; every fourth turn missed
    if (t % 5 === 3) (pred.hotel ??= {})[`stars`] = String(t); // overshot
    out[String(t)] = { gt: structuredClone(gold), pr: structuredClone(pred) };
  }
  return new TextEncoder().encode(JSON.stringify({ 'SYN0001.json': out }));
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function measure(name: string, f: () => unknown | Promise<unknown>, size: (r: unknown) => number | null): Promise<void> {
  let t = performance.now();
  let r = await f();
  const cold = performance.now() - t;
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    t = performance.now();
    r = await f();
    times.push(performance.now() - t);
  }
  const bytes = size(r);
  console.log(
    `${name.padEnd(34)} median ${median(times).toFixed(1).padStart(7)} ms   fastest ${Math.min(...times)
      .toFixed(1)
      .padStart(7)} ms   cold ${cold.toFixed(1).padStart(7)} ms${bytes === null ? '' : `   ${(bytes / 1024).toFixed(1).padStart(7)} KiB`}`,
  );
}

async function main(): Promise<void> {
  const config = defaultConfig();
  const corpus = loadCorpus(syntheticDialogue(TURNS), { file: 'synthetic.json' }).corpus;
  const d = dialogueDetail(corpus, 0, config);
  const utterances = d.perTurn!.map((_, i) => ({
    system: `I have found ${i + 2} places that match. Would you like the one in the centre, or shall I look for something cheaper?`,
    user: `Yes, please book it for ${i + 1} people on Tuesday and tell me the reference number.`,
  }));
  const dialogue = { id: d.id, values: d.values, perTurn: d.perTurn!, utterances };
  const signature = renderSignature(makeSignature(config));
  const slots = d.perTurn!.reduce((n, t) => n + t.slots.length, 0);
  console.log(`dialogue figure of ${TURNS} turns (${slots} slot chips, utterances on every turn); ${RUNS} warm runs each`);
  let scene: Scene = buildFigure('dialogue', dialogue, config, { signature });
  await measure(
    'layout (scene)',
    () => (scene = buildFigure('dialogue', dialogue, config, { signature })),
    () => null,
  );
  console.log(`  scene: ${scene.width} × ${scene.height}`);
  await measure(
    'layout + SVG (no fonts)',
    () => sceneToSvg(buildFigure('dialogue', dialogue, config, { signature })),
    (r) => Buffer.byteLength(r as string),
  );
  await measure(
    'layout + SVG file (fonts embedded)',
    () => sceneToSvgFile(buildFigure('dialogue', dialogue, config, { signature })),
    (r) => Buffer.byteLength(r as string),
  );
  await measure(
    'layout + PDF',
    () => sceneToPdf(buildFigure('dialogue', dialogue, config, { signature })),
    (r) => (r as Buffer).length,
  );
  await measure(
    'layout + PNG 2×',
    () => sceneToPng(buildFigure('dialogue', dialogue, config, { signature }), 2),
    (r) => (r as Buffer).length,
  );
  const chart = () => buildFigure('turn-chart', dialogue, config, { signature });
  await measure(
    'per-turn chart: layout + SVG',
    () => sceneToSvg(chart()),
    (r) => Buffer.byteLength(r as string),
  );
  await measure(
    'per-turn chart: layout + PDF',
    () => sceneToPdf(chart()),
    (r) => (r as Buffer).length,
  );
  await measure(
    'per-turn chart: layout + PNG 2×',
    () => sceneToPng(chart(), 2),
    (r) => (r as Buffer).length,
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
