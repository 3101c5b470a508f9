// Layer: shared (pure TS). The x of each run in a series (few-shot
// checkpoints, data ratios, …): given by the user (--series-x 0.01,0.05,…)
// or read from the run names. Each name is cut into its numbers and the text
// between them; the names are a series when that text is the same in every
// name and exactly one number differs across them — that number is x, and
// the text before it names it ("T5_fewshot_taxi__ratio_0.01_seed_557_prediction"
// → x = ratio; T5's 5 and seed 557 agree across the runs). When several
// numbers differ (ratio and seed) the names are no series until one is chosen
// (--series-x names:ratio, or the app's series panel); when only a seed
// differs, the runs are repeats, not a series. Some runs of a workspace may
// form a series among themselves (nameSeriesSubset): the app fills their x.

import { plural } from '../plural';

/**
 * A number written in a name (0.05, 10, 1e-3); a capturing group, so that
 * split() keeps the numbers (odd indices). A dot before the digits is not part
 * of the number ("epoch.5" is epoch 5, not 0.5).
 */
const NUMBER_PART = /(\d+(?:\.\d+)?(?:e[-+]?\d+)?)/i;

/** One number position of the names: where it is, what it is called, and its value in each name. */
export interface NamePart {
  /** 0-based position among the numbers of a name. */
  index: number;
  /** What the text around it calls it: "ratio", "checkpoint", "seed"; else "number 2". */
  label: string;
  /** The number as each name writes it. */
  written: string[];
  /** Its value in each name. */
  xs: number[];
}

export type NameSeries =
  | {
      ok: true;
      /** x of each run, in the order of the names. */
      xs: number[];
      part: NamePart;
      /** "x = ratio (0.01, 0.05, 0.1) read from the names". */
      description: string;
    }
  | {
      ok: false;
      /** Why the names give no x, in words that name the parts. */
      reason: string;
      /** When several numbers differ: each of them, one of which may be chosen. */
      candidates: NamePart[];
    };

const ORDINAL = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];

/** What the text around number `index` calls it: the word just before it ("ratio_" → ratio), else just after ("1pct" → pct). */
function partLabel(texts: readonly string[], index: number): string {
  const before = /([A-Za-z]+)[\s_.\-=:]*$/.exec(texts[index]);
  if (before) return before[1];
  const after = /^[\s_.\-=:]*([A-Za-z]+)/.exec(texts[index + 1]);
  if (after) return after[1];
  return `the ${ORDINAL[index] ?? `${index + 1}th`} number`;
}

/** "0.01, 0.05, 0.1": the distinct values as written, in the order of the runs (at most 6, then …). */
function valuesText(written: readonly string[]): string {
  const distinct = [...new Set(written)];
  return distinct.length <= 6 ? distinct.join(', ') : `${distinct.slice(0, 5).join(', ')}, …, ${distinct[distinct.length - 1]}`;
}

/** "ratio (0.01, 0.05, 0.1)". */
export function partText(p: NamePart): string {
  return `${p.label} (${valuesText(p.written)})`;
}

function isSeed(p: NamePart): boolean {
  return /^seeds?$/i.test(p.label);
}

/** The text every name agrees on is compared without its numbers: "bert-1" and "roberta-2" differ in more than a number. */
function sameText(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k += 2) if (a[k] !== b[k]) return false;
  return true;
}

/**
 * The x of each run from its name (see the file header). `choose` picks the
 * part when several differ: its label ("ratio") or its 1-based position
 * among the numbers ("2").
 */
export function readNameSeries(names: readonly string[], choose?: string): NameSeries {
  const no = (reason: string, candidates: NamePart[] = []): NameSeries => ({ ok: false, reason, candidates });
  if (names.length < 2) return no('a series needs at least two runs');
  const cut = names.map((n) => n.split(NUMBER_PART));
  const odd = cut.findIndex((p) => !sameText(p, cut[0]));
  if (odd >= 0)
    return no(
      cut[odd].length !== cut[0].length
        ? `“${names[0]}” and “${names[odd]}” do not have the same numbers in the same places`
        : `“${names[0]}” and “${names[odd]}” differ in more than a number`,
    );
  const texts = cut[0].filter((_, k) => k % 2 === 0);
  const count = (cut[0].length - 1) / 2;
  if (count === 0) return no('the names have no number');
  const parts: NamePart[] = [];
  for (let index = 0; index < count; index++) {
    const written = cut.map((p) => p[2 * index + 1]);
    if (written.every((w) => w === written[0])) continue;
    parts.push({ index, label: partLabel(texts, index), written, xs: written.map(Number) });
  }
  if (parts.length === 0) return no('no number differs across the names');
  let part: NamePart | undefined;
  if (choose !== undefined) {
    const c = choose.trim().toLowerCase();
    part = parts.find((p) => p.label.toLowerCase() === c) ?? parts.find((p) => String(p.index + 1) === c);
    if (!part)
      return no(
        `no number called “${choose}” differs across the names; the ones that differ: ${parts.map((p) => `${partText(p)}, number ${p.index + 1}`).join('; ')}`,
        parts,
      );
  } else if (parts.length > 1) {
    return no(
      `${plural(parts.length, 'number')} differ across the names: ${parts.map(partText).join(' and ')}; choose one as x (--series-x names:${parts[0].label}) or give each run's x`,
      parts,
    );
  } else {
    part = parts[0];
    if (isSeed(part))
      return no(`only the seed differs (${valuesText(part.written)}): runs that differ in their seed are repeats, not a series`, parts);
  }
  if (part.xs.some((x) => !Number.isFinite(x))) return no(`${partText(part)} is not a finite number in every name`);
  if (new Set(part.xs).size < 2) return no(`${part.label} is written differently but has the same value in every name`);
  return { ok: true, xs: part.xs, part, description: `x = ${partText(part)} read from the names` };
}

/** The x of each run from its name, when the names are a series with one number that differs; else null. */
export function seriesFromNames(names: readonly string[]): number[] | null {
  const s = readNameSeries(names);
  return s.ok ? s.xs : null;
}

/** The runs whose names have the same text around their numbers, groups of two or more, largest first (ties: first run first). */
function nameGroups(names: readonly string[]): number[][] {
  const groups = new Map<string, number[]>();
  names.forEach((n, k) => {
    const key = n
      .split(NUMBER_PART)
      .map((p, j) => (j % 2 === 0 ? p : '#'))
      .join('\u0000');
    groups.set(key, [...(groups.get(key) ?? []), k]);
  });
  return [...groups.values()].filter((g) => g.length >= 2).sort((a, b) => b.length - a.length || a[0] - b[0]);
}

/**
 * The largest group of runs whose names form a series among themselves (the
 * same text around their numbers, one number differing): every run when all
 * do; else, say, the three `ratio_…` runs beside a `trade` baseline. `choose`
 * as in readNameSeries. Ties go to the group whose first run comes first.
 */
export function nameSeriesSubset(
  names: readonly string[],
  choose?: string,
): { runs: number[]; series: Extract<NameSeries, { ok: true }> } | null {
  for (const runs of nameGroups(names)) {
    const series = readNameSeries(
      runs.map((k) => names[k]),
      choose,
    );
    if (series.ok) return { runs, series };
  }
  return null;
}

/** The largest group of runs whose names differ in several numbers (ratio and seed): the numbers one may choose as x. */
export function nameSeriesChoices(names: readonly string[]): { runs: number[]; candidates: NamePart[]; reason: string } | null {
  for (const runs of nameGroups(names)) {
    const series = readNameSeries(runs.map((k) => names[k]));
    if (!series.ok && series.candidates.length > 1) return { runs, candidates: series.candidates, reason: series.reason };
  }
  return null;
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
