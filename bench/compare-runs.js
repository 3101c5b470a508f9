// Benchmark tooling (Node, plain JS): the seeded "model" runs the compare
// benchmarks (bench/compare.js, bench/differ.js) share — one synthetic gold
// (bench/generate.js, seed 1), the baseline's predictions as generated, each
// other run a seeded edit of them (some turns fixed, some broken) — and the
// case labels ("20x7.5k": 20 runs of 7,500 turns) that name them.
import { closeSync, existsSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { dialogueJson, rng } from './generate.js';

const VERSION = 1;
const PREFIXES = ['MUL', 'PMUL', 'SNG', 'WOZ20'];

/** A case label: RUNS x TURNS (k, m suffixes). */
export function parseCase(label) {
  const m = /^(\d+)x(\d+(?:\.\d+)?)([km]?)$/i.exec(label);
  if (!m) throw new Error(`bench: bad case ${label} (use e.g. 20x7.5k)`);
  const unit = m[3].toLowerCase() === 'm' ? 1e6 : m[3].toLowerCase() === 'k' ? 1e3 : 1;
  return { runs: Number(m[1]), turns: Math.round(Number(m[2]) * unit) };
}

/** Model k's edit of one turn's prediction (k = 0: the generator's own predictions). */
function editTurn(turn, k, r) {
  if (k === 0) return;
  const u = r();
  const quality = 0.02 * k; // later runs fix more turns and break fewer
  if (u < quality) turn.pr = JSON.parse(JSON.stringify(turn.gt));
  else if (u < quality + 0.08) {
    const domains = Object.keys(turn.pr);
    if (domains.length === 0) return;
    const d = domains[Math.floor(r() * domains.length)];
    const slots = Object.keys(turn.pr[d]);
    if (slots.length === 0) return;
    const s = slots[Math.floor(r() * slots.length)];
    if (r() < 0.5) delete turn.pr[d][s];
    else turn.pr[d][s] = `${turn.pr[d][s]} x`;
  }
}

/** Writes run k of a case: the same gold (seed 1) for every k, predictions edited by model k. */
function writeRun(file, turns, k) {
  const gen = rng(1);
  const edit = rng(1000 + k);
  const fd = openSync(file, 'w');
  let buf = '{';
  let made = 0;
  let n = 0;
  try {
    while (made < turns) {
      const { text, turns: t } = dialogueJson(gen);
      const dialogue = JSON.parse(text);
      for (const key of Object.keys(dialogue)) editTurn(dialogue[key], k, edit);
      const id = `${PREFIXES[n % PREFIXES.length]}${String(n).padStart(5, '0')}.json`;
      buf += `${n === 0 ? '' : ', '}"${id}": ${JSON.stringify(dialogue)}`;
      made += t;
      n++;
      if (buf.length > 1 << 20) {
        writeSync(fd, buf);
        buf = '';
      }
    }
    writeSync(fd, buf + '}');
  } finally {
    closeSync(fd);
  }
}

/** The files of case `c` in `dir` (written when missing or when `regen`), the baseline first. */
export function caseFiles(dir, c, regen = false) {
  mkdirSync(dir, { recursive: true });
  const out = [];
  for (let k = 0; k < c.runs; k++) {
    const f = join(dir, `v${VERSION}-${c.turns}-run${String(k).padStart(2, '0')}.json`);
    if (regen || !existsSync(f)) writeRun(f, c.turns, k);
    out.push(f);
  }
  return out;
}
