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

/** The kinds of gold change plantGoldChanges can plant, by number. */
export const GOLD_CHANGE_KINDS = ['delayed', 'persistent change', 'one-turn change', 'removal', 'addition', 'value with |', 'early'];

/**
 * Plants changes in one dialogue's gold, for `gold diff` (a gold "before and
 * after" hand fixes): `states` is the gold state per turn (Map slot → value,
 * canonical slot names), edited in place; `kinds` are numbers into
 * GOLD_CHANGE_KINDS, each planted where the dialogue allows:
 * 0 a value set at turn p (p ≥ 1) and kept at p + 1 appears one turn late; 1 a value changed over its whole run (persists); 2 a value changed at
 * one turn of a longer run (does not persist); 3 a slot removed over its run;
 * 4 a slot with a space in its name (hotel-book stay, else restaurant-book
 * time) added from the middle turn on, with the value "2|3"; 5 a value
 * replaced by "one|two" at one turn; 6 a value set at turn p (p ≥ 2) where the
 * one before held two turns appears one turn early. Returns the names of the kinds planted.
 */
export function plantGoldChanges(states, kinds) {
  const n = states.length;
  const planted = [];
  const pick = (ok) => {
    for (let p = 0; p < n; p++) for (const s of [...states[p].keys()].sort()) if (ok(s, p)) return [s, p];
    return null;
  };
  const runEnd = (s, p) => {
    let q = p + 1;
    while (q < n && states[q].get(s) === states[p].get(s)) q++;
    return q;
  };
  for (const kind of kinds) {
    let at = null;
    if (kind === 0) {
      at = pick((s, p) => p >= 1 && p + 1 < n && states[p - 1].get(s) !== states[p].get(s) && states[p + 1].get(s) === states[p].get(s));
      if (at) {
        const before = states[at[1] - 1].get(at[0]);
        if (before === undefined) states[at[1]].delete(at[0]);
        else states[at[1]].set(at[0], before);
      }
    } else if (kind === 1) {
      at = pick(() => true);
      if (at) {
        const v = `${states[at[1]].get(at[0])} (fixed)`;
        for (let q = at[1], end = runEnd(at[0], at[1]); q < end; q++) states[q].set(at[0], v);
      }
    } else if (kind === 2) {
      at = pick((s, p) => runEnd(s, p) > p + 1);
      if (at) states[at[1]].set(at[0], 'only here');
    } else if (kind === 3) {
      at = pick(() => true);
      if (at) for (let q = at[1], end = runEnd(at[0], at[1]); q < end; q++) states[q].delete(at[0]);
    } else if (kind === 4) {
      const slot = states.some((m) => m.has('hotel-book stay')) ? 'restaurant-book time' : 'hotel-book stay';
      for (let q = Math.floor(n / 2); q < n; q++) states[q].set(slot, '2|3');
      at = [slot, Math.floor(n / 2)];
    } else if (kind === 5) {
      at = pick(() => true);
      if (at) states[at[1]].set(at[0], 'one|two');
    } else if (kind === 6) {
      at = pick(
        (s, p) => p >= 2 && states[p - 1].get(s) !== states[p].get(s) && states[p - 2].get(s) === states[p - 1].get(s) && states[p].has(s),
      );
      if (at) states[at[1] - 1].set(at[0], states[at[1]].get(at[0]));
    }
    if (at) planted.push(GOLD_CHANGE_KINDS[kind]);
  }
  return planted;
}
