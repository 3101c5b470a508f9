// Benchmark and test tooling (Node, plain JS): seeded edits of a prediction
// file in the FGA/GCA layout {dialogue: {turn: {gt, pr}}}, to make other
// "runs" on the same gold. perturbFga fixes every turn of some dialogues and
// breaks others (used by the tests and the screenshots); seriesRun makes a
// run of a series whose predictions improve with its x (a data ratio).

import { rng } from './generate.js';

/** A perturbed copy: every 4th dialogue fixed, the next broken from its middle turn on (a slot dropped, a value changed). */
export function perturbFga(text) {
  const data = JSON.parse(text);
  Object.entries(data).forEach(([, turns], i) => {
    const keys = Object.keys(turns).sort((a, b) => Number(a) - Number(b));
    if (i % 4 === 0) {
      for (const k of keys) turns[k].pr = JSON.parse(JSON.stringify(turns[k].gt));
    } else if (i % 4 === 1 && keys.length > 1) {
      const from = Math.floor(keys.length / 2);
      for (const k of keys.slice(from)) {
        const pr = turns[k].pr;
        const slots = Object.entries(pr).flatMap(([d, s]) => Object.keys(s).map((n) => [d, n]));
        if (slots[0]) delete pr[slots[0][0]][slots[0][1]];
        if (slots[1]) pr[slots[1][0]][slots[1][1]] = 'perturbed value';
      }
    }
  });
  return JSON.stringify(data, null, 1);
}

/**
 * A run of a series: each wrong turn of the original predictions is fixed with
 * probability `fix`, and each right one broken with probability `breakage`
 * (a predicted slot dropped), seeded.
 */
export function seriesRun(text, fix, breakage, seed = 1) {
  const r = rng(seed);
  const data = JSON.parse(text);
  for (const turns of Object.values(data)) {
    for (const t of Object.values(turns)) {
      const same = JSON.stringify(t.gt) === JSON.stringify(t.pr);
      if (!same && r() < fix) t.pr = JSON.parse(JSON.stringify(t.gt));
      else if (same && r() < breakage) {
        const d = Object.keys(t.pr)[0];
        const s = d ? Object.keys(t.pr[d])[0] : undefined;
        if (d && s) delete t.pr[d][s];
      }
    }
  }
  return JSON.stringify(data);
}
