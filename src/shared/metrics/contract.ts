// Layer: shared (pure TS). The one contract every metric follows
// (torchmetrics-style): per-turn statistics → a mergeable state → a score,
// plus the metric's part of the signature. A metric is one file in defs/
// exporting `metric`; the registry finds it, and reports, the app, the
// comparison statistics and the breakdowns all iterate the registry, so
// adding a metric touches nothing else.
//
// The state of every metric is a run of numbers in one Float64Array (one
// vector per dialogue, see state.ts): `count` slots hold exact integers,
// `sum` slots a compensated (Neumaier) float sum in two numbers. States of
// dialogues (or shards) merge by adding slot by slot, in any order, and a
// bootstrap resample is scored by summing the chosen dialogues' vectors.

import type { MetricConfig } from './config';

/** What the one pass over a corpus (turn-stats.ts) knows about a turn; every metric is a function of it. */
export interface TurnFacts {
  /** Belief-level comparison (value "none" = absent): slots in both with the same value. */
  correct: number;
  /** Slots in both with different values. */
  wrong: number;
  /** Slots in gold only. */
  missed: number;
  /** Slots in the prediction only. */
  overshot: number;
  /** FGA's class: 0 exact, -1 type-1 error, d > 0 type-2 error at distance d. */
  fga: number;
  /** GCA's counts added by the turn. */
  C: number;
  W: number;
  M: number;
  O: number;
}

export function emptyFacts(): TurnFacts {
  return { correct: 0, wrong: 0, missed: 0, overshot: 0, fga: 0, C: 0, W: 0, M: 0, O: 0 };
}

/** A number that may be undefined (AGA of a dialogue whose gold is always empty). */
export type MetricValue = number | null;
/** A metric's value: one number, or one per variant (FGA: one per λ, keyed by lambdaKey). */
export type ScoreValue = MetricValue | Readonly<Record<string, number>>;

export type SlotKind = 'count' | 'sum';

/** The metric's slots of a state vector: `at` is the first, `s` the vector. */
export interface StateRef {
  readonly s: Float64Array;
  readonly at: number;
}

/** Context of a score: the state's turn count (every metric but GCA averages over turns). */
export interface ScoreContext {
  turns: number;
  config: MetricConfig;
}

export interface MetricAbout {
  /** Full name: "Joint goal accuracy". */
  name: string;
  /** One line for tooltips and help: what a turn scores and how turns combine. */
  definition: string;
  /** The section that explains it (an anchor in docs/reference/metrics.md, which the app bundles). */
  readme: string;
  /** The section of the metrics contract (docs/reference/metrics-spec.md). */
  spec: string;
}

export interface Metric {
  /** Column name and JSON key, e.g. "IAGA". */
  readonly id: string;
  /** Position in tables and JSON objects (ascending). */
  readonly order: number;
  readonly about: MetricAbout;
  /**
   * Whether it is shown per turn and per dialogue as a plain mean (false for
   * GCA, whose dialogue value is not a mean of turn values).
   */
  readonly perTurn: boolean;
  /** Variant keys when the metric has one value per setting (FGA: lambdaKey of each λ); null for one value. */
  variants(config: MetricConfig): string[] | null;
  /** The kinds of its state slots, in order. */
  slots(config: MetricConfig): readonly SlotKind[];
  /** Adds one turn to its slots. */
  add(ref: StateRef, t: TurnFacts, config: MetricConfig): void;
  /** The turn's own value (null: the turn is skipped, as AGA skips empty gold); per variant when variants() is not null. */
  turn(t: TurnFacts, config: MetricConfig, variant: number): MetricValue;
  /** The score of a (merged) state; per variant when variants() is not null. */
  score(ref: StateRef, ctx: ScoreContext, variant: number): MetricValue;
  /** Further read-outs reported beside the score (GCA: VP, VR, LP, LR and counts). */
  details?(ref: StateRef, ctx: ScoreContext): Record<string, ScoreValue>;
  /** Its part of the metric signature ("SA K=30"), or null when it depends on no setting. */
  signature?(config: MetricConfig): string | null;
}

/** Adds x to the compensated sum at s[i] (value), s[i + 1] (compensation). */
export function addSum(s: Float64Array, i: number, x: number): void {
  const a = s[i];
  const t = a + x;
  if (Math.abs(a) >= Math.abs(x)) s[i + 1] += a - t + x;
  else s[i + 1] += x - t + a;
  s[i] = t;
}

/** The value of the compensated sum at s[i]. */
export function sumAt(s: ArrayLike<number>, i: number): number {
  return s[i] + s[i + 1];
}

/** A mean over turns of a per-turn value (JGA, RSA, F1): one compensated sum. */
export function meanOverTurns(turnValue: (t: TurnFacts) => number): Pick<Metric, 'variants' | 'slots' | 'add' | 'turn' | 'score'> {
  return {
    variants: () => null,
    slots: () => ['sum'],
    add: (r, t) => addSum(r.s, r.at, turnValue(t)),
    turn: (t) => turnValue(t),
    score: (r, ctx) => (ctx.turns === 0 ? 0 : sumAt(r.s, r.at) / ctx.turns),
  };
}

/** A mean over the turns where the value is defined (AGA, IAGA): a compensated sum and a count. */
export function meanOverDefinedTurns(
  turnValue: (t: TurnFacts) => number | null,
): Pick<Metric, 'variants' | 'slots' | 'add' | 'turn' | 'score'> {
  return {
    variants: () => null,
    slots: () => ['sum', 'count'],
    add: (r, t) => {
      const v = turnValue(t);
      if (v === null) return;
      addSum(r.s, r.at, v);
      r.s[r.at + 2]++;
    },
    turn: (t) => turnValue(t),
    score: (r) => (r.s[r.at + 2] === 0 ? null : sumAt(r.s, r.at) / r.s[r.at + 2]),
  };
}
