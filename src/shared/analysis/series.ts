// Layer: shared (pure TS). The x of each run in a series (few-shot
// checkpoints, data ratios, …): given by the user (--series-x 0.01,0.05,…)
// or read from the run names ("ratio_0.05_seed1" → 0.05: the first number in
// the name).

import { plural } from '../plural';

/** The first number written in a name ("ratio_0.05_seed1" → 0.05, "fewshot-10pct" → 10); null when it has none. */
export function numberInName(name: string): number | null {
  const m = /(?:^|[^0-9.])(\d+(?:\.\d+)?(?:e[-+]?\d+)?|\.\d+)/i.exec(name);
  if (!m) return null;
  const v = Number(m[1]);
  return Number.isFinite(v) ? v : null;
}

/** The x of each run from its name, when every run's name carries a number and they are not all equal; else null. */
export function seriesFromNames(names: readonly string[]): number[] | null {
  const xs = names.map(numberInName);
  if (xs.some((x) => x === null)) return null;
  const nums = xs as number[];
  return new Set(nums).size > 1 ? nums : null;
}

/** Parses "0.01,0.05,0.1": one finite number per run; a message when that is not what was given. */
export function parseSeriesX(text: string, runs: number): number[] | string {
  const parts = text.split(',').map((s) => s.trim());
  if (parts.length !== runs) return `${plural(parts.length, 'value')} for ${plural(runs, 'run')}; give one number per run, in the order of the runs`;
  const out: number[] = [];
  for (const p of parts) {
    const v = Number(p);
    if (p === '' || !Number.isFinite(v)) return `${JSON.stringify(p)} is not a number`;
    out.push(v);
  }
  return out;
}
