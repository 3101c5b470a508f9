// Layer: shared (pure TS). The mergeable state of all metrics at once: one
// vector of numbers per dialogue (or shard, or subset), laid out by the
// registry for a config. Slot 0 counts dialogues, slot 1 turns; then each
// metric's slots (contract.ts). Count slots add exactly; sum slots are
// compensated sums merged with Neumaier's rule, so shards merge in any order.

import { configKey, type MetricConfig } from './config';
import { emptyFacts, type ScoreValue, type StateRef, type TurnFacts } from './contract';
import { FACTS, METRICS } from './registry';
import { factColumn, type TurnStats } from './turn-stats';

const FACT_COLUMNS = FACTS.map(([name]) => [name, factColumn(name)] as const);

export const DIALOGUES_SLOT = 0;
export const TURNS_SLOT = 1;

const COUNT = 0;
const SUM = 1;
const COMPENSATION = 2;

export interface StateLayout {
  /** Numbers per state vector. */
  readonly width: number;
  /** First slot of each metric, in METRICS order. */
  readonly offsets: readonly number[];
  /** Per slot: 0 count, 1 sum, 2 the sum's compensation. */
  readonly kinds: Uint8Array;
  /** The λ list the layout was made for (FGA has one sum per λ). */
  readonly lambdas: readonly number[];
}

const layouts = new Map<string, StateLayout>();

/** The layout for a config (each metric's slots under it); cached by the config's key. */
export function stateLayout(config: MetricConfig): StateLayout {
  const key = configKey(config);
  let l = layouts.get(key);
  if (l) return l;
  const kinds: number[] = [COUNT, COUNT];
  const offsets: number[] = [];
  for (const m of METRICS) {
    offsets.push(kinds.length);
    for (const k of m.slots(config)) {
      if (k === 'count') kinds.push(COUNT);
      else kinds.push(SUM, COMPENSATION);
    }
  }
  l = { width: kinds.length, offsets, kinds: Uint8Array.from(kinds), lambdas: [...config.lambdas] };
  layouts.set(key, l);
  return l;
}

/** `n` empty state vectors, one after the other. */
export function emptyStates(layout: StateLayout, n = 1): Float64Array {
  return new Float64Array(layout.width * n);
}

/** Fills `f` with turn i's facts. */
export function factsAt(stats: TurnStats, i: number, f: TurnFacts = emptyFacts()): TurnFacts {
  f.correct = stats.correct[i];
  f.wrong = stats.wrong[i];
  f.missed = stats.missed[i];
  f.overshot = stats.overshot[i];
  f.fga = stats.fga[i];
  f.C = stats.gcaC[i];
  f.W = stats.gcaW[i];
  f.M = stats.gcaM[i];
  f.O = stats.gcaO[i];
  for (const [name, col] of FACT_COLUMNS) f.extra[name] = stats[col][i];
  return f;
}

/** Adds turns [from, to) of `stats` to the state vector at s[at, at + width). */
export function accumulate(
  s: Float64Array,
  at: number,
  layout: StateLayout,
  stats: TurnStats,
  from: number,
  to: number,
  config: MetricConfig,
): void {
  const f = emptyFacts();
  const refs: StateRef[] = layout.offsets.map((o) => ({ s, at: at + o }));
  for (let i = from; i < to; i++) {
    factsAt(stats, i, f);
    for (let m = 0; m < METRICS.length; m++) METRICS[m].add(refs[m], f, config);
  }
  s[at + TURNS_SLOT] += to - from;
}

/** Merges the vector src[sAt…] into dst[dAt…]. */
export function mergeInto(dst: Float64Array, dAt: number, src: ArrayLike<number>, sAt: number, layout: StateLayout): void {
  const k = layout.kinds;
  for (let j = 0; j < layout.width; j++) {
    if (k[j] === COUNT) dst[dAt + j] += src[sAt + j];
    else if (k[j] === SUM) {
      neumaier(dst, dAt + j, src[sAt + j]);
      neumaier(dst, dAt + j, src[sAt + j + 1]);
      j++;
    }
  }
}

function neumaier(s: Float64Array, i: number, x: number): void {
  const a = s[i];
  const t = a + x;
  if (Math.abs(a) >= Math.abs(x)) s[i + 1] += a - t + x;
  else s[i + 1] += x - t + a;
  s[i] = t;
}

/** Sums the state vectors of the given rows of `states` (a subset of dialogues) into one vector. */
export function sumRows(states: Float64Array, rows: Iterable<number>, layout: StateLayout): Float64Array {
  const out = emptyStates(layout);
  for (const r of rows) mergeInto(out, 0, states, r * layout.width, layout);
  return out;
}

export interface Scores {
  dialogues: number;
  turns: number;
  /** Each metric's score by id, in registry order, then the metrics' details (GCA: VP, VR, LP, LR, counts). */
  values: Record<string, ScoreValue>;
}

/** The scores of the state vector at s[at…]. */
export function scoresOf(s: Float64Array, at: number, layout: StateLayout, config: MetricConfig): Scores {
  const turns = s[at + TURNS_SLOT];
  const ctx = { turns, config };
  const values: Record<string, ScoreValue> = {};
  const details: Record<string, ScoreValue> = {};
  METRICS.forEach((m, k) => {
    const ref = { s, at: at + layout.offsets[k] };
    const variants = m.variants(config);
    if (variants) {
      const rec: Record<string, number> = {};
      variants.forEach((v, i) => (rec[v] = m.score(ref, ctx, i) ?? Number.NaN));
      values[m.id] = rec;
    } else values[m.id] = m.score(ref, ctx, 0);
    if (m.details) Object.assign(details, m.details(ref, ctx));
  });
  return { dialogues: s[at + DIALOGUES_SLOT], turns, values: { ...values, ...details } };
}
