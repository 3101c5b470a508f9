// Layer: shared (pure TS). Every metric by turn position: by turn index (the
// integer index written in the file; a bucket's score is the corpus metric of
// the turns at that index, so GCA sums their counts and AGA skips empty gold
// there too) or by dialogue length (the corpus metrics of the dialogues with
// that many turns). Each bucket has its counts and, for the metrics asked
// for, a seeded percentile bootstrap band: the unit resampled is the
// dialogue (at one turn index each dialogue has at most one turn, so
// resampling those turns resamples dialogues). Positions holding fewer than
// a minimum of turns (default 30) are hidden from the chart and the table,
// which say how many were (withMinTurns).

import type { MetricConfig } from '../metrics/config';
import type { ScoreValue, StateRef } from '../metrics/contract';
import type { Evaluation } from '../metrics/evaluate';
import { METRICS } from '../metrics/registry';
import { extendSignature, type Signature } from '../metrics/signature';
import { DIALOGUES_SLOT, emptyStates, factsAt, mergeInto, scoresOf, TURNS_SLOT, type StateLayout } from '../metrics/state';
import { metricColumns } from '../report/rows';
import { resampleUnits, Rng } from './bootstrap';
import { percentileInterval } from './percentile';
import { DEFAULT_SEED } from './seed';

export type PositionBy = 'index' | 'length';
export const POSITION_BY: readonly PositionBy[] = ['index', 'length'];

export const DEFAULT_REPLICATES = 1000;
/** Fewest turns a position needs to be shown (its value and interval rest on them). */
export const DEFAULT_MIN_TURNS = 30;
export const BAND_LEVEL = 0.95;

export interface PositionOptions {
  by: PositionBy;
  /** Column keys (JGA, SA, …, FGA_<λ>) whose bands to compute. */
  bands: readonly string[];
  replicates?: number;
  seed?: number;
  /** Draw units one by one even where they could be grouped (tests compare the two ways). */
  direct?: boolean;
}

export interface PositionBucket {
  /** The turn index, or the dialogue length. */
  key: number;
  dialogues: number;
  turns: number;
  /** Every metric's value over the bucket (as in Scores.values). */
  values: Record<string, ScoreValue>;
  /** Per banded column key: the 95% bootstrap interval, or null where undefined. */
  bands: Record<string, [number, number] | null>;
}

export interface TurnPosition {
  by: PositionBy;
  buckets: PositionBucket[];
  /** The banded column keys. */
  banded: string[];
  replicates: number;
  seed: number;
  level: number;
  signature: Signature;
  /** Set by withMinTurns: the minimum of turns a shown position holds, and the positions hidden for holding fewer. */
  minTurns?: number;
  hidden?: { key: number; turns: number }[];
}

/** The positions holding at least `minTurns` turns; the others listed in `hidden` (0 or 1: every position). */
export function withMinTurns(p: TurnPosition, minTurns: number): TurnPosition {
  const hidden = p.buckets.filter((b) => b.turns < minTurns).map((b) => ({ key: b.key, turns: b.turns }));
  return { ...p, buckets: p.buckets.filter((b) => b.turns >= minTurns), minTurns, hidden };
}

/** Keys as short ranges: [1, 2, 3, 5, 7, 8] → "1–3, 5, 7–8"; after `most` ranges, "…". */
export function keyRanges(keys: readonly number[], most = 6): string {
  const out: string[] = [];
  for (let i = 0; i < keys.length;) {
    let j = i;
    while (j + 1 < keys.length && keys[j + 1] === keys[j] + 1) j++;
    if (out.length === most) {
      out.push('…');
      break;
    }
    out.push(j === i ? String(keys[i]) : `${keys[i]}–${keys[j]}`);
    i = j + 1;
  }
  return out.join(', ');
}

/** What withMinTurns hid, in a sentence (null when nothing was): for the table's note, the chart and the screen. */
export function hiddenNote(p: TurnPosition): string | null {
  const hidden = p.hidden ?? [];
  if (hidden.length === 0 || p.minTurns === undefined) return null;
  const n = hidden.length;
  const name = p.by === 'index' ? (n === 1 ? 'turn index' : 'turn indices') : n === 1 ? 'dialogue length' : 'dialogue lengths';
  const turns = hidden.reduce((a, h) => a + h.turns, 0);
  return `${n} ${name} with fewer than ${p.minTurns} turns hidden (${keyRanges(hidden.map((h) => h.key))}; ${turns} turns in all).`;
}

/** A metric's slots in a state vector: first slot and count of numbers. */
export function metricSlice(layout: StateLayout, m: number): { at: number; width: number } {
  const at = layout.offsets[m];
  return { at, width: (m + 1 < layout.offsets.length ? layout.offsets[m + 1] : layout.width) - at };
}

/** Column key → metric index and variant index (FGA_0.5 → FGA, its λ's position). */
export function resolveColumn(config: MetricConfig, key: string): { m: number; variant: number } | null {
  const col = metricColumns(config).find((c) => c.key === key);
  return col ? { m: col.index, variant: col.variantIndex } : null;
}

export function positionSignatureParts(by: PositionBy, replicates: number, seed: number) {
  return [
    { key: 'turns', text: by === 'index' ? 'by=turn index' : 'by=dialogue length' },
    { key: 'bootstrap', text: `bootstrap=${replicates} dialogue resamples, ${Math.round(BAND_LEVEL * 100)}% percentile` },
    { key: 'seed', text: `seed=${seed}` },
  ];
}

export function turnPosition(ev: Evaluation, opts: PositionOptions): TurnPosition {
  const { source: c, stats, layout, config } = ev;
  const replicates = opts.replicates ?? DEFAULT_REPLICATES;
  const seed = opts.seed ?? DEFAULT_SEED;
  const byIndex = opts.by === 'index';
  const N = byIndex ? c.turnIndex.length : c.dialogueIds.length;
  const unitKey = new Int32Array(N);
  if (byIndex) unitKey.set(c.turnIndex);
  else for (let d = 0; d < N; d++) unitKey[d] = c.dialogueStart[d + 1] - c.dialogueStart[d];

  // Buckets: distinct keys ascending; units grouped by bucket (a counting sort).
  const keys = [...new Set(unitKey)].sort((a, b) => a - b);
  const bucketOf = new Map(keys.map((k, b) => [k, b]));
  const B = keys.length;
  const unitBucket = new Int32Array(N);
  const start = new Int32Array(B + 1);
  for (let u = 0; u < N; u++) start[(unitBucket[u] = bucketOf.get(unitKey[u])!) + 1]++;
  for (let b = 0; b < B; b++) start[b + 1] += start[b];
  const fill = start.slice(0, B);
  const order = new Int32Array(N);
  for (let u = 0; u < N; u++) order[fill[unitBucket[u]]++] = u;

  // Every metric per bucket.
  const w = layout.width;
  const states = emptyStates(layout, B);
  if (byIndex) {
    const refs: StateRef[][] = Array.from({ length: B }, (_, b) => layout.offsets.map((o) => ({ s: states, at: b * w + o })));
    for (let i = 0; i < N; i++) {
      const b = unitBucket[i];
      const f = factsAt(stats, i);
      for (let m = 0; m < METRICS.length; m++) METRICS[m].add(refs[b][m], f, config);
      states[b * w + TURNS_SLOT]++;
      states[b * w + DIALOGUES_SLOT]++;
    }
  } else {
    for (let d = 0; d < N; d++) mergeInto(states, unitBucket[d] * w, ev.states, d * w, layout);
  }
  const buckets: PositionBucket[] = keys.map((key, b) => {
    const s = scoresOf(states, b * w, layout, config);
    return { key, dialogues: s.dialogues, turns: s.turns, values: s.values, bands: {} };
  });

  const banded: string[] = [];
  for (const colKey of opts.bands) {
    const col = resolveColumn(config, colKey);
    if (!col || banded.includes(colKey)) continue;
    banded.push(colKey);
    const metric = METRICS[col.m];
    const { at, width: wm } = metricSlice(layout, col.m);
    // Units are resampled in compact form: one number per state slot (a compensated sum's two numbers added).
    const kinds = metric.slots(config);
    const cw = kinds.length;
    const offsets: number[] = [];
    for (let k = 0, p = 0; k < cw; p += kinds[k] === 'sum' ? 2 : 1, k++) offsets.push(p);
    const unit = new Float64Array(N * cw);
    const unitTurns = new Float64Array(N);
    const compact = (src: Float64Array, from: number, to: number) => {
      for (let k = 0; k < cw; k++) unit[to + k] = src[from + offsets[k]] + (kinds[k] === 'sum' ? src[from + offsets[k] + 1] : 0);
    };
    if (byIndex) {
      const scratch = new Float64Array(wm);
      const ref = { s: scratch, at: 0 };
      for (let i = 0; i < N; i++) {
        scratch.fill(0);
        metric.add(ref, factsAt(stats, i), config);
        compact(scratch, 0, i * cw);
        unitTurns[i] = 1;
      }
    } else {
      for (let d = 0; d < N; d++) {
        compact(ev.states, d * w + at, d * cw);
        unitTurns[d] = ev.states[d * w + TURNS_SLOT];
      }
    }
    // Every metric restarts the generator at the same seed, so metrics drawn the same way (unit by
    // unit, or grouped by multinomial draws) share their resamples; a metric on the other path does not.
    const rng = new Rng(seed);
    const full = new Float64Array(wm);
    const score = (sum: Float64Array, turns: number) => {
      for (let k = 0; k < cw; k++) full[offsets[k]] = sum[k];
      return metric.score({ s: full, at: 0 }, { turns, config }, col.variant) ?? Number.NaN;
    };
    const vec = new Float64Array(N * cw);
    const vt = new Float64Array(N);
    for (let b = 0; b < B; b++) {
      const from = start[b];
      const n = start[b + 1] - from;
      for (let j = 0; j < n; j++) {
        const u = order[from + j];
        vec.set(unit.subarray(u * cw, u * cw + cw), j * cw);
        vt[j] = unitTurns[u];
      }
      const reps = resampleUnits(vec.subarray(0, n * cw), vt.subarray(0, n), cw, replicates, rng, score, opts.direct);
      buckets[b].bands[colKey] = percentileInterval(reps, BAND_LEVEL);
    }
  }
  return {
    by: opts.by,
    buckets,
    banded,
    replicates,
    seed,
    level: BAND_LEVEL,
    signature: extendSignature(ev.signature, positionSignatureParts(opts.by, replicates, seed)),
  };
}
