// Layer: shared (pure TS). The one contract every metric follows
// (torchmetrics-style): per-turn statistics → a mergeable state → a score,
// plus the metric's part of the signature. A metric is one file in defs/
// exporting `metric`; the registry finds it, and reports, the app, the
// comparison statistics and the breakdowns all iterate the registry, so
// adding a metric touches nothing else (docs/dev/adding-a-metric.md). What a
// metric needs per turn beyond TurnFacts it declares itself (`facts`); whether
// the per-turn displays show it, and how, it declares too (`headline`).
//
// The state of every metric is a run of numbers in one Float64Array (one
// vector per dialogue, see state.ts): `count` slots hold exact integers,
// `sum` slots a compensated (Neumaier) float sum in two numbers. States of
// dialogues (or shards) merge by adding slot by slot, in any order, and a
// bootstrap resample is scored by summing the chosen dialogues' vectors.

import type { Corpus } from '../model/corpus';
import type { MetricConfig } from './config';
import type { TurnRecord } from './evaluate';

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
  /** The facts metrics declare themselves (Metric.facts), by name. */
  extra: Record<string, number>;
}

export function emptyFacts(): TurnFacts {
  return { correct: 0, wrong: 0, missed: 0, overshot: 0, fga: 0, C: 0, W: 0, M: 0, O: 0, extra: {} };
}

/**
 * A per-turn fact a metric needs beyond TurnFacts: an integer computed from
 * turn `i` of the corpus (its gold pairs are `corpus.goldPairs[2k], [2k + 1]`
 * for k in [goldStart[i], goldStart[i] + goldLen[i]), the prediction's
 * likewise; slot and value ids name() to their text). The one pass over the
 * corpus computes it for every turn and keeps it in an Int32 column beside
 * the others (turn-stats.ts); the metric reads it as `t.extra[name]`.
 */
export type TurnFact = (corpus: Corpus, i: number) => number;

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

/** How the per-turn displays (panel, chart, table, compare lanes, figure, list rows) show a headline metric. */
export interface Headline {
  /** Position among the headline metrics (ascending; the papers' JGA, FGA, RSA, GCA are 10, 20, 30, 40). */
  rank: number;
  /** Its turn values are 0 or 1, written and scaled as such (JGA). */
  binary?: boolean;
  /** Its label under the settings ("FGA λ=0.5"); the id when absent. */
  label?(config: MetricConfig): string;
  /** Its label in LaTeX tables ("FGA$_{\\lambda=0.5}$"); the label when absent. */
  latex?(config: MetricConfig): string;
  /**
   * For a metric that is not per turn (GCA): the displays show, per turn, the
   * dialogue's value so far. `at`: as a turn record stores it; `shown`: each
   * turn's, null where still undefined.
   */
  running?: { at(rec: TurnRecord): number; shown(turns: readonly TurnRecord[]): (number | null)[] };
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
  /** Shown in the per-turn displays and the list rows, and how; absent: in the corpus and dialogue scores only. */
  readonly headline?: Headline;
  /** Per-turn facts it needs beyond TurnFacts, by name (names are shared: two metrics may declare the same fact). */
  readonly facts?: Readonly<Record<string, TurnFact>>;
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
