// Layer: shared (pure TS). The x of each run in a series (few-shot
// checkpoints, data ratios, …): given by the user (--series-x 0.01,0.05,…)
// or read from the run names when they differ only in their first number
// ("ratio_0.05_seed1", "ratio_0.1_seed1" → 0.05, 0.1; "som_dst&v1" and
// "pert_2 & co" are no series).

import { plural } from '../plural';

/**
 * A number written in a name (0.05, 10, 1e-3); a capturing group, so that
 * split() keeps the numbers (odd indices). A dot before the digits is not part
 * of the number ("epoch.5" is epoch 5, not 0.5).
 */
const NUMBER_PART = /(\d+(?:\.\d+)?(?:e[-+]?\d+)?)/i;

/**
 * The x of each run from its name: the first number in each name, when the
 * names differ in that number only (the same text before it and after it:
 * "ckpt-1000", "ckpt-2000"; "5%", "10%", "100%"; "fewshot-1pct",
 * "fewshot-5pct") and those numbers are not all equal; else null.
 */
export function seriesFromNames(names: readonly string[]): number[] | null {
  if (names.length < 2) return null;
  const parts = names.map((n) => n.split(NUMBER_PART));
  if (parts.some((p) => p.length < 3)) return null; // a name without a number
  const [before, after] = [parts[0][0], parts[0].slice(2).join('')];
  if (parts.some((p) => p[0] !== before || p.slice(2).join('') !== after)) return null;
  const xs = parts.map((p) => Number(p[1]));
  if (xs.some((x) => !Number.isFinite(x)) || new Set(xs).size < 2) return null;
  return xs;
}

/** Parses "0.01,0.05,0.1": one finite number per run; a message when that is not what was given. */
export function parseSeriesX(text: string, runs: number): number[] | string {
  const parts = text.split(',').map((s) => s.trim());
  if (parts.length !== runs)
    return `${plural(parts.length, 'value')} for ${plural(runs, 'run')}; give one number per run, in the order of the runs`;
  const out: number[] = [];
  for (const p of parts) {
    const v = Number(p);
    if (p === '' || !Number.isFinite(v)) return `${JSON.stringify(p)} is not a number`;
    out.push(v);
  }
  return out;
}
