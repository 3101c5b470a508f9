// Benchmark tooling (Node, plain JS so `npm run bench` needs no build step):
// a seeded generator of synthetic prediction files in the FGA/GCA per-turn
// layout, {dialogue: {turn: {gt: {domain: {slot: value}}, pr: {...}}}},
// written the way Python's json.dump writes them (", " and ": " separators).
//
// Dialogues look like MultiWOZ: 1-14 turns, 1-3 of the five domains and their
// 30 slots, values from realistic vocabularies, a gold state that grows and
// sometimes changes, and predictions with every kind of error: wrong values,
// missed slots, overshot slots, dropped slots, explicit "none" values, and
// errors carried over from turn to turn until the model fixes them.
//
// As a command, it writes a large test file:
//   node bench/generate.js 500k big.json [--seed N]     (sizes: 7.5k, 750k, 1m, 75000)
// and prints what it wrote (turns, dialogues, bytes).

import { closeSync, openSync, writeSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const TIMES = [];
for (let h = 5; h < 24; h++)
  for (const m of ['00', '15', '30', '45', '01', '16', '35', '40', '54']) TIMES.push(`${String(h).padStart(2, '0')}:${m}`);
const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const AREAS = ['centre', 'north', 'south', 'east', 'west'];
const PRICES = ['cheap', 'moderate', 'expensive'];
const PEOPLE = ['1', '2', '3', '4', '5', '6', '7', '8'];
const HOTELS = [
  'acorn guest house',
  'alexander bed and breakfast',
  'allenbell',
  'alpha milton guest house',
  'arbury lodge guesthouse',
  'archway house',
  'ashley hotel',
  'autumn house',
  'avalon',
  'aylesbray lodge guest house',
  'bridge guest house',
  'cambridge belfry',
  'carolina bed and breakfast',
  'city centre north b and b',
  'cityroomz',
  'el shaddia guesthouse',
  'express by holiday inn cambridge',
  'finches bed and breakfast',
  'gonville hotel',
  'hamilton lodge',
  'hobsons house',
  'home from home',
  'huntingdon marriott hotel',
  'kirkwood house',
  'leverton house',
  'limehouse',
  'lovell lodge',
  'rosas bed and breakfast',
  'the cambridge belfry',
  'university arms hotel',
  'warkworth house',
  'worth house',
];
const RESTAURANTS = [
  'ask',
  'bangkok city',
  'bedouin',
  'bloomsbury restaurant',
  'cafe uno',
  'charlie chan',
  'chiquito restaurant bar',
  'clowns cafe',
  'cote',
  'curry garden',
  'curry prince',
  'da vinci pizzeria',
  'dojo noodle bar',
  'frankie and bennys',
  'golden wok',
  'graffiti',
  'hakka',
  'j restaurant',
  'kohinoor',
  'la margherita',
  'la mimosa',
  'la raza',
  'loch fyne',
  'meze bar',
  'midsummer house restaurant',
  'nandos',
  'nirala',
  'pizza hut city centre',
  'restaurant 17',
  'restaurant alimentum',
  'royal spice',
  'saigon city',
  'shanghai family restaurant',
  'the copper kettle',
  'the gardenia',
  'the missing sock',
  'the nirala',
  'tandoori palace',
  'yippee noodle bar',
  'zizzi cambridge',
];
const ATTRACTIONS = [
  'all saints church',
  'broughton house gallery',
  'byard art',
  'cambridge museum of technology',
  'castle galleries',
  'cherry hinton village centre',
  'christ college',
  'clare college',
  'downing college',
  'fitzwilliam museum',
  'kettles yard',
  'kings college',
  'nusha',
  'old schools',
  'parkside pools',
  'scott polar museum',
  'the junction',
  'whipple museum of the history of science',
  'williams art and antiques',
  'primavera',
];
const FOODS = [
  'african',
  'asian oriental',
  'british',
  'chinese',
  'european',
  'french',
  'gastropub',
  'indian',
  'international',
  'italian',
  'japanese',
  'korean',
  'lebanese',
  'mediterranean',
  'mexican',
  'modern european',
  'north american',
  'polynesian',
  'portuguese',
  'seafood',
  'spanish',
  'steakhouse',
  'thai',
  'turkish',
  'vietnamese',
];
const ATTRACTION_TYPES = [
  'architecture',
  'boat',
  'cinema',
  'college',
  'concert hall',
  'entertainment',
  'museum',
  'multiple sports',
  'nightclub',
  'park',
  'swimming pool',
  'theatre',
];
const STATIONS = [
  'birmingham new street',
  'bishops stortford',
  'broxbourne',
  'cambridge',
  'ely',
  'kings lynn',
  'leicester',
  'london kings cross',
  'london liverpool street',
  'norwich',
  'peterborough',
  'stansted airport',
  'stevenage',
];
const PLACES = [...HOTELS, ...RESTAURANTS, ...ATTRACTIONS];

/** The 30 MultiWOZ slots as the FGA/GCA files spell them: domain → slot → vocabulary. */
export const DOMAINS = {
  hotel: {
    area: AREAS,
    day: DAYS,
    internet: ['yes', 'no'],
    name: HOTELS,
    parking: ['yes', 'no'],
    people: PEOPLE,
    pricerange: PRICES,
    stars: ['0', '1', '2', '3', '4', '5'],
    stay: ['1', '2', '3', '4', '5', '6', '7'],
    type: ['hotel', 'guest house'],
  },
  restaurant: { area: AREAS, day: DAYS, food: FOODS, name: RESTAURANTS, people: PEOPLE, pricerange: PRICES, time: TIMES },
  attraction: { area: AREAS, name: ATTRACTIONS, type: ATTRACTION_TYPES },
  train: { arriveby: TIMES, day: DAYS, departure: STATIONS, destination: STATIONS, leaveat: TIMES, people: PEOPLE },
  taxi: { arriveby: TIMES, departure: PLACES, destination: PLACES, leaveat: TIMES },
};
const DOMAIN_NAMES = Object.keys(DOMAINS);
const DOMAIN_WEIGHTS = [0.26, 0.27, 0.18, 0.22, 0.07];
/** Turns per dialogue, 1-14, shaped like MultiWOZ's test set (mean about 7). */
const TURN_WEIGHTS = [0.01, 0.03, 0.05, 0.07, 0.09, 0.12, 0.13, 0.13, 0.11, 0.08, 0.07, 0.05, 0.04, 0.03];
const PREFIXES = ['MUL', 'PMUL', 'SNG', 'WOZ20'];

/** mulberry32: a small, fast, seeded PRNG returning floats in [0, 1). */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function weighted(r, weights) {
  let x = r();
  for (let i = 0; i < weights.length; i++) {
    x -= weights[i];
    if (x < 0) return i;
  }
  return weights.length - 1;
}

const pick = (r, list) => list[Math.floor(r() * list.length)];

/** A plausible wrong value for a slot: another value of its vocabulary, a truncation, or a typo. */
function wrongValue(r, vocab, right) {
  const u = r();
  if (u < 0.75 || right.length < 6) {
    for (let k = 0; k < 4; k++) {
      const v = pick(r, vocab);
      if (v !== right) return v;
    }
    return right === 'dontcare' ? pick(r, vocab) : 'dontcare';
  }
  if (u < 0.9) return right.slice(0, Math.max(3, Math.floor(right.length * 0.6))).trimEnd();
  const i = 1 + Math.floor(r() * (right.length - 2));
  return right.slice(0, i) + right.slice(i + 1);
}

/** Serialises a state (Map "domain\tslot" → value) as Python's json.dump would. */
function stateJson(state) {
  const byDomain = new Map();
  for (const [key, value] of state) {
    const tab = key.indexOf('\t');
    const d = key.slice(0, tab);
    let list = byDomain.get(d);
    if (!list) byDomain.set(d, (list = []));
    list.push(`${JSON.stringify(key.slice(tab + 1))}: ${JSON.stringify(value)}`);
  }
  const parts = [];
  for (const [d, list] of byDomain) parts.push(`${JSON.stringify(d)}: {${list.join(', ')}}`);
  return `{${parts.join(', ')}}`;
}

/**
 * Generates one dialogue's turns as JSON text `{"0": {...}, ...}` and returns
 * it with its turn count. `r` is the seeded PRNG.
 */
export function dialogueJson(r) {
  const turns = 1 + weighted(r, TURN_WEIGHTS);
  const nd = Math.min(1 + weighted(r, [0.35, 0.45, 0.2]), DOMAIN_NAMES.length);
  const domains = [];
  while (domains.length < nd) {
    const d = DOMAIN_NAMES[weighted(r, DOMAIN_WEIGHTS)];
    if (!domains.includes(d)) domains.push(d);
  }
  // Model quality varies per dialogue: most are easy, some are hard.
  const skill = r() < 0.45 ? 0.04 : r() < 0.7 ? 0.12 : 0.28;
  const explicitNone = r() < 0.15; // this "model" writes "none" for cleared slots
  const gold = new Map();
  const pred = new Map();
  const parts = [];
  let domainAt = 0;
  for (let t = 0; t < turns; t++) {
    if (domainAt < domains.length - 1 && t > 0 && r() < 0.25) domainAt++;
    const domain = domains[domainAt];
    const slots = DOMAINS[domain];
    const names = Object.keys(slots);
    // Gold: 0-3 new slots, sometimes a change or a removal of an old one.
    const fresh = t === 0 ? 1 + Math.floor(r() * 3) : weighted(r, [0.3, 0.4, 0.2, 0.1]);
    for (let k = 0; k < fresh; k++) {
      const s = pick(r, names);
      const key = `${domain}\t${s}`;
      const v = r() < 0.06 ? 'dontcare' : pick(r, slots[s]);
      gold.set(key, v);
      // The prediction of a new or changed gold slot.
      const u = r();
      if (u < skill)
        pred.delete(key); // missed
      else if (u < 2 * skill)
        pred.set(key, wrongValue(r, slots[s], v)); // wrong value
      else pred.set(key, v);
    }
    if (gold.size > 0 && r() < 0.06) {
      const keys = [...gold.keys()];
      const key = pick(r, keys);
      if (r() < 0.5) {
        gold.delete(key); // the user drops a constraint
        if (r() > skill) pred.delete(key);
      } else {
        const s = key.slice(key.indexOf('\t') + 1);
        const v = pick(r, DOMAINS[key.slice(0, key.indexOf('\t'))][s]);
        gold.set(key, v);
        if (r() > 2 * skill) pred.set(key, v);
      }
    }
    // Prediction-only events: overshoot, drop a correct slot, fix a carried error.
    if (r() < skill) {
      const s = pick(r, names);
      const key = `${domain}\t${s}`;
      if (!gold.has(key)) pred.set(key, pick(r, slots[s]));
    }
    if (pred.size > 0 && r() < skill / 2) {
      const keys = [...pred.keys()];
      pred.delete(pick(r, keys));
    }
    if (r() < 0.3) {
      for (const [key, v] of gold) {
        if (pred.get(key) !== v) {
          pred.set(key, v);
          break;
        }
      }
    }
    const gOut = new Map(gold);
    const pOut = new Map(pred);
    if (explicitNone) {
      for (const key of gold.keys()) if (!pred.has(key) && r() < 0.5) pOut.set(key, 'none');
      const key = `${domain}\t${pick(r, names)}`;
      if (!gold.has(key) && r() < 0.3) gOut.set(key, 'none'); // gold spells an empty slot "none"
    }
    parts.push(`"${t}": {"gt": ${stateJson(gOut)}, "pr": ${stateJson(pOut)}}`);
  }
  return { text: `{${parts.join(', ')}}`, turns };
}

/**
 * Writes a corpus of at least `turns` turns to `file` (streamed in ~1 MiB
 * writes) and returns {turns, dialogues, bytes}. Same seed, same file.
 */
export function generateFile(file, turns, seed = 1) {
  const r = rng(seed);
  const fd = openSync(file, 'w');
  let buf = '{';
  let bytes = 0;
  let made = 0;
  let dialogues = 0;
  const flush = () => {
    bytes += writeSync(fd, buf);
    buf = '';
  };
  try {
    while (made < turns) {
      const { text, turns: n } = dialogueJson(r);
      const id = `${PREFIXES[dialogues % PREFIXES.length]}${String(dialogues).padStart(5, '0')}.json`;
      buf += `${dialogues === 0 ? '' : ', '}"${id}": ${text}`;
      made += n;
      dialogues++;
      if (buf.length > 1 << 20) flush();
    }
    buf += '}';
    flush();
  } finally {
    closeSync(fd);
  }
  return { turns: made, dialogues, bytes };
}

/** The same corpus as a string (for tests of tiny sizes). */
export function generateText(turns, seed = 1) {
  const r = rng(seed);
  const out = [];
  let made = 0;
  let dialogues = 0;
  while (made < turns) {
    const { text, turns: n } = dialogueJson(r);
    out.push(`"${PREFIXES[dialogues % PREFIXES.length]}${String(dialogues).padStart(5, '0')}.json": ${text}`);
    made += n;
    dialogues++;
  }
  return { text: `{${out.join(', ')}}`, turns: made, dialogues };
}

/** A corpus size as the benchmarks take it: 75k, 750k, 1m, or a plain number of turns. */
export function turnsOf(label) {
  const m = /^(\d+(?:\.\d+)?)([km]?)$/i.exec(label);
  if (!m) throw new Error(`bench: bad size ${label} (use e.g. 10k, 750k, 1m, 75000)`);
  return Math.round(Number(m[1]) * (m[2].toLowerCase() === 'm' ? 1e6 : m[2].toLowerCase() === 'k' ? 1e3 : 1));
}

const USAGE = `usage: node bench/generate.js SIZE OUT.json [--seed N]
  SIZE   turns to write: 7.5k, 500k, 1m or a plain number (a few more may be
         written: the last dialogue is kept whole)
  --seed the generator's seed (default 1; the same seed gives the same bytes)
Writes a synthetic MultiWOZ-like prediction file in the FGA/GCA per-turn layout
(about 227 bytes a turn), e.g. for trying the app or the CLI on a large file.
`;

/** The command: parses argv (after the script), writes the file; returns the exit code. */
export function main(argv, out = process.stdout, err = process.stderr) {
  const args = [...argv];
  let seed = 1;
  const at = args.indexOf('--seed');
  if (at >= 0) {
    const v = args[at + 1];
    if (v === undefined || !/^[0-9]+$/.test(v)) {
      err.write(`generate: --seed needs a whole number\n${USAGE}`);
      return 2;
    }
    seed = Number(v);
    args.splice(at, 2);
  }
  if (args.includes('-h') || args.includes('--help')) {
    out.write(USAGE);
    return 0;
  }
  if (args.length !== 2) {
    err.write(USAGE);
    return 2;
  }
  let turns;
  try {
    turns = turnsOf(args[0]);
  } catch (e) {
    err.write(`generate: ${e.message.replace(/^bench: /, '')}\n`);
    return 2;
  }
  if (turns < 1) {
    err.write('generate: SIZE must be at least one turn\n');
    return 2;
  }
  let r;
  try {
    r = generateFile(args[1], turns, seed);
  } catch (e) {
    err.write(`generate: cannot write ${args[1]}: ${e.message}\n`);
    return 1;
  }
  const n = (x) => x.toLocaleString('en-US');
  out.write(
    `wrote ${args[1]}: ${n(r.turns)} turns, ${n(r.dialogues)} dialogues, ${n(r.bytes)} bytes (${(r.bytes / 2 ** 20).toFixed(1)} MiB), FGA/GCA per-turn layout, seed ${seed}\n`,
  );
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = main(process.argv.slice(2));
