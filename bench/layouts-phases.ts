// Benchmark tooling (Node): parse speed of the issue-18 layouts against the
// FGA/GCA layout's, on the same seeded synthetic dialogues written in each
// layout at about the same size. bench/layouts.js bundles this file with vite
// and runs it in two modes: `write DIR MB LAYOUT,…` writes each layout's file
// once (for `lines`, generations + index, the two together sized to the
// target); `load DIR LAYOUT` times one loader.load (scan, parse, intern,
// build) in a fresh process and prints its wall and CPU time.

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { findLoader } from '../src/shared/formats/detect';
import type { LoadOptions } from '../src/shared/formats/types';

const TARGET = Number(process.argv[2] === 'write' ? process.argv[4] : 0) * 1e6; // `write DIR MB …`
const enc = new TextEncoder();

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

// MultiWOZ slots as the belief spans spell them, with their canonical names.
const SLOTS: [string, string, string][] = [
  ['hotel', 'area', 'hotel-area'], ['hotel', 'pricerange', 'hotel-pricerange'], ['hotel', 'stars', 'hotel-stars'],
  ['hotel', 'people', 'hotel-book people'], ['hotel', 'day', 'hotel-book day'], ['restaurant', 'food', 'restaurant-food'],
  ['restaurant', 'area', 'restaurant-area'], ['restaurant', 'time', 'restaurant-book time'], ['train', 'destination', 'train-destination'],
  ['train', 'departure', 'train-departure'], ['train', 'day', 'train-day'], ['train', 'leave', 'train-leaveat'],
  ['taxi', 'destination', 'taxi-destination'], ['attraction', 'name', 'attraction-name'],
]; // prettier-ignore
const VALUES = [
  'north',
  'centre',
  'cheap',
  'moderate',
  '4',
  '2',
  'monday',
  'saturday',
  'indian',
  'modern european',
  '17:15',
  'cambridge',
  'london kings cross',
  'el shaddia guesthouse',
];

interface Turn {
  gold: [number, string][];
  pred: [number, string][];
}
interface Dialogue {
  id: string;
  turns: Turn[];
}

/** Seeded dialogues: states grow turn by turn; the prediction differs now and then. */
function* dialogues(): Generator<Dialogue> {
  const rnd = mulberry32(18);
  for (let d = 0; ; d++) {
    const n = 4 + Math.floor(rnd() * 10);
    const gold = new Map<number, string>();
    const pred = new Map<number, string>();
    const turns: Turn[] = [];
    for (let t = 0; t < n; t++) {
      const s = Math.floor(rnd() * SLOTS.length);
      const v = VALUES[Math.floor(rnd() * VALUES.length)];
      gold.set(s, v);
      pred.set(s, rnd() < 0.1 ? VALUES[Math.floor(rnd() * VALUES.length)] : v);
      turns.push({ gold: [...gold], pred: [...pred] });
    }
    yield { id: `PMUL${String(d).padStart(5, '0')}.json`, turns };
  }
}

/** A state as a DAMD belief span ([domain] slot value …); PPTOD's reformatted span joins with ' = ' and ' , '. */
const damd = (st: [number, string][], eq = ' ', join = ' ') => {
  const byDomain = new Map<string, string[]>();
  for (const [s, v] of st)
    byDomain.set(SLOTS[s][0], [...(byDomain.get(SLOTS[s][0]) ?? []), v === '' ? SLOTS[s][1] : `${SLOTS[s][1]}${eq}${v}`]);
  return [...byDomain].map(([d, xs]) => `[${d}] ${xs.join(join)}`).join(' ');
};
const nested = (st: [number, string][]) => {
  const o: Record<string, Record<string, string>> = {};
  for (const [s, v] of st) (o[SLOTS[s][2].split('-')[0]] ??= {})[SLOTS[s][2].split('-')[1]] = v;
  return o;
};
/** A seeded utterance of `min` to `max` words (MultiWOZ's user turns and responses are 10-20 words). */
const WORDS = [
  'i',
  'need',
  'a',
  'the',
  'to',
  'in',
  'for',
  'please',
  'and',
  'is',
  'there',
  'on',
  'at',
  'that',
  'book',
  'it',
  'what',
  'would',
  'like',
  'train',
  'hotel',
  'restaurant',
  'centre',
  'cheap',
  'people',
  'leave',
  'arrive',
  'cambridge',
  'free',
  'wifi',
  'parking',
  'thank',
  'you',
  'reference',
  'number',
  'moderate',
  'price',
  'range',
  'star',
  '.',
  '?',
  ',',
];
function sentence(rnd: () => number, min: number, max: number): string {
  const n = min + Math.floor(rnd() * (max - min + 1));
  return Array.from({ length: n }, () => WORDS[Math.floor(rnd() * WORDS.length)]).join(' ');
}
const flat = (st: [number, string][]) => Object.fromEntries(st.map(([s, v]) => [SLOTS[s][2], v]));

interface Written {
  bytes: Uint8Array;
  opts?: Partial<LoadOptions>;
}

/** Writes dialogues in a layout until the file reaches TARGET bytes. */
function write(layout: string): Written {
  const parts: string[] = [];
  let size = 0;
  const index: string[] = [];
  const push = (s: string) => {
    parts.push(s);
    size += s.length;
  };
  const gen = dialogues();
  const crnd = mulberry32(7); // the CSV's scores
  if (layout === 'csv')
    push(
      '"id","gt_domain","turn_state","total_state","pair_verbalized","slot_confidence","value_confidence","pair_confidence","pair_minicons"\n',
    );
  const trnd = mulberry32(24); // the belief-span file's utterances
  if (layout === 'fga' || layout.startsWith('bspn')) push('{');
  if (layout === 'convlab-eval') push('[');
  let first = true;
  while (size < TARGET) {
    const d = gen.next().value as Dialogue;
    const key = d.id.toLowerCase().replace('.json', '');
    const sep = first ? '' : ',';
    first = false;
    if (layout === 'fga')
      push(
        `${sep}${JSON.stringify(d.id)}:${JSON.stringify(Object.fromEntries(d.turns.map((t, i) => [String(i), { gt: nested(t.gold), pr: nested(t.pred) }])))}`,
      );
    else if (layout === 'bspn')
      // As UBAR's DST results are (TonyNemo/UBAR-MultiWOZ train_DST.py Model.validate; our fixture
      // test/fixtures/formats/llm/belief-span/ubar-dst-BS.json): per turn the user's utterance as context, the
      // generated and gold spans, empty generated act and response, the gold response and act.
      push(
        `${sep}${JSON.stringify(key)}:${JSON.stringify(
          Object.fromEntries(
            d.turns.map((t, i) => [
              String(i),
              {
                context: `<sos_u> ${sentence(trnd, 9, 16)} <eos_u> <sos_b>`,
                bspn_gen: `<sos_b> ${damd(t.pred)} <eos_b>`,
                aspn_gen: '<sos_a> <eos_a>',
                resp_gen: '<sos_r> <eos_r>',
                resp: `<sos_r> ${sentence(trnd, 10, 20)} <eos_r>`,
                bspn: `<sos_b> ${damd(t.gold)} <eos_b>`,
                aspn: `<sos_a> [${SLOTS[t.gold[t.gold.length - 1][0]][0]}] [inform] choice [request] area <eos_a>`,
              },
            ]),
          ),
        )}`,
      );
    else if (layout === 'bspn-pptod')
      // As PPTOD's DST results are (awslabs/pptod DST/inference.py zip_result; our fixture
      // test/fixtures/formats/llm/belief-span/pptod-test_joint_accuracy.json): no special tokens, the user's
      // utterance (which the loader reads), the spans' reformatted and slot-only forms.
      push(
        `${sep}${JSON.stringify(key)}:${JSON.stringify(
          Object.fromEntries(
            d.turns.map((t, i) => {
              const bsdx = (st: [number, string][], join = ' ') =>
                damd(
                  st.map(([s]) => [s, '']),
                  ' ',
                  join,
                );
              const reform = (st: [number, string][]) => damd(st, ' = ', ' , ');
              return [
                String(i),
                {
                  dial_id: key,
                  turn_num: i,
                  user: sentence(trnd, 9, 16),
                  bspn: damd(t.gold),
                  bsdx: bsdx(t.gold),
                  bspn_reform: reform(t.gold),
                  bsdx_reform: bsdx(t.gold, ' , '),
                  bspn_gen: damd(t.pred),
                },
              ];
            }),
          ),
        )}`,
      );
    else if (layout === 'bspn-min')
      // The least a belief-span file holds (the two spans and a short response): the most span bytes per MB.
      push(
        `${sep}${JSON.stringify(key)}:${JSON.stringify(Object.fromEntries(d.turns.map((t, i) => [String(i), { bspn: `<sos_b> ${damd(t.gold)} <eos_b>`, bspn_gen: `<sos_b> ${damd(t.pred)} <eos_b>`, resp: 'i have booked it for you .' }])))}`,
      );
    else if (layout === 'convlab-eval')
      d.turns.forEach((t, i) =>
        push(
          `${i === 0 ? sep : ','}${JSON.stringify({ dialogue_id: key, turn_id: String(i), state: nested(t.gold), predictions: { state: nested(t.pred) } })}`,
        ),
      );
    else if (layout === 'jsonl')
      d.turns.forEach((t, i) =>
        push(
          JSON.stringify({
            dialogue_id: d.id,
            turn: i,
            gold: flat(t.gold),
            pred: flat(t.pred),
            raw: damd(t.pred),
            confidence: Object.fromEntries(t.pred.map(([s], k) => [SLOTS[s][2], { softmax: 0.5 + k / 40, verbalized: 0.9 }])),
          }) + '\n',
        ),
      );
    else if (layout === 'csv')
      // As Sun et al.'s result files are (jennycs0830/Confidence_Score_DST, "Confidence Results/*/*.csv", written
      // by run.py): LF line ends, every field quoted, JSON cells as Python's json.dumps writes them (", " and
      // ": "), five confidence columns over the turn's update, scores a round number now and then (0.5, 1.0),
      // else all the digits of a double (Python's repr, as JS prints it).
      d.turns.forEach((t, i) => {
        const prev = new Map(i === 0 ? [] : d.turns[i - 1].pred);
        const changed = t.pred.filter(([s, v]) => prev.get(s) !== v);
        const update = changed.map(([s, v]) => [SLOTS[s][2].split('-')[1], v] as const);
        const dict = (entries: (readonly [string, string])[]) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}: ${v}`).join(', ')}}`;
        const score = (round: number, common: string[]) =>
          crnd() < round ? common[Math.floor(crnd() * common.length)] : String(crnd() < 0.03 ? crnd() / 1e4 : crnd());
        const pairs = (round: number, common: string[]) => dict(update.map(([k, v]) => [`${k}_${v}`, score(round, common)]));
        const total = Object.entries(nested(t.pred)).map(
          ([dom, o]) => [dom, dict(Object.entries(o).map(([k, v]) => [k, JSON.stringify(v)]))] as const,
        );
        const cells = [
          `${key}-${i + 1}`,
          SLOTS[(changed[0] ?? t.pred[t.pred.length - 1])[0]][0], // gt_domain: the update's domain
          dict(update.map(([k, v]) => [k, JSON.stringify(v)])),
          dict(total),
          pairs(0.9, ['0.5', '0.0', '1.0', '0.25', '0.8', '0.9', '0.7', '0.75']),
          dict(update.map(([k]) => [k, score(0.45, ['1.0'])])),
          dict(update.map(([, v]) => [v, score(0.5, ['1.0'])])),
          pairs(0.4, ['0.5', '1.0', '0.8', '0.9']),
          pairs(0, []),
        ];
        push(cells.map((c) => `"${c.replaceAll('"', '""')}"`).join(',') + '\n');
      });
    else if (layout === 'lines')
      d.turns.forEach((t, i) => {
        const prev = i === 0 ? new Map() : new Map(d.turns[i - 1].pred);
        const update = t.pred.filter(([s, v]) => prev.get(s) !== v);
        push((update.length === 0 ? 'none' : update.map(([s, v]) => `${SLOTS[s][2]}=${v}`).join(', ') + ',') + '\n');
        index.push(
          JSON.stringify({
            dialogue: 'text of the dialogue so far',
            dialogue_id: d.id,
            turn_id: i,
            dst: t.gold.map(([s, v]) => `${SLOTS[s][2]}=${v}, `).join(''),
          }),
        );
        size += index[index.length - 1].length + 1; // both files are read: the target is their sum
      });
    else if (layout === 'ldst')
      d.turns.forEach((t, i) => {
        const p = new Map(t.pred);
        SLOTS.forEach(([dom, , canon], s) =>
          push(`data.json|||${d.id}|||${2 * i + 1}|||0|||${dom}|||${canon.split('-')[1]}|||['${p.get(s) ?? 'NONE'}</s>']\n`),
        );
      });
  }
  if (layout === 'fga' || layout.startsWith('bspn')) push('}');
  if (layout === 'convlab-eval') push(']');
  const bytes = enc.encode(parts.join(''));
  return layout === 'lines' ? { bytes, opts: { index: { file: 'index.jsonl', bytes: enc.encode(index.join('\n')) } } } : { bytes };
}

const LAYOUTS = ['fga', 'bspn', 'bspn-pptod', 'bspn-min', 'convlab-eval', 'jsonl', 'csv', 'lines', 'ldst'];
const [mode, dir, arg, layoutsArg] = process.argv.slice(2);

if (mode === 'write') {
  // `write DIR MB LAYOUT,…`: each layout's file (and the index of `lines`) into DIR; prints their sizes.
  const sizes: Record<string, number> = {};
  for (const layout of layoutsArg.split(',')) {
    const w = write(layout);
    writeFileSync(join(dir, `${layout}.bin`), w.bytes);
    if (w.opts?.index) writeFileSync(join(dir, `${layout}.index.jsonl`), w.opts.index.bytes);
    // Line-aligned generations are read with their index: both files count.
    sizes[layout] = w.bytes.length + (w.opts?.index?.bytes.length ?? 0);
  }
  process.stdout.write(JSON.stringify({ sizes }) + '\n');
} else if (mode === 'load') {
  // `load DIR LAYOUT`: one timed loader.load of the file read from DIR (the reading is not timed), in this
  // fresh process, as the app's load worker does it; prints wall and CPU time (user + system, all threads).
  const layout = arg;
  const bytes = new Uint8Array(readFileSync(join(dir, `${layout}.bin`)));
  const indexFile = join(dir, `${layout}.index.jsonl`);
  const opts: Partial<LoadOptions> = existsSync(indexFile)
    ? { index: { file: 'index.jsonl', bytes: new Uint8Array(readFileSync(indexFile)) } }
    : {};
  const loader = findLoader(layout.startsWith('bspn') ? 'bspn' : layout, `bench.${layout}`);
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const loaded = loader.load(bytes, { file: `bench.${layout}`, ...opts });
  const c = process.cpuUsage(c0);
  const ms = performance.now() - t0;
  if (loaded.corpus.turnIndex.length === 0) throw new Error(`${layout}: no turns`);
  process.stdout.write(JSON.stringify({ ms, cpuMs: (c.user + c.system) / 1000 }) + '\n');
} else {
  process.stderr.write(`usage: layouts-phases.mjs write DIR MB LAYOUT,… | load DIR LAYOUT (known: ${LAYOUTS.join(', ')})\n`);
  process.exit(2);
}
