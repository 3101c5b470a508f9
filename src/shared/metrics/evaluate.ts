// Layer: shared (pure TS). Turns a corpus and its turn stats into the results
// the CLI prints and the app shows: per-dialogue state vectors (kept, so any
// subset, shard or resample is scored by summing rows), corpus scores, per-
// dialogue scores (with TO/NU), and per-turn records with each slot's class
// (spec section 8). Every evaluation carries its signature.

import type { Corpus } from '../model/corpus';
import { NONE_ID } from '../model/corpus';
import type { MetricConfig } from './config';
import type { ScoreValue } from './contract';
import { fgaClass, FGA_EXACT, FGA_TYPE1, type FgaClass } from './defs/fga';
import { gcaScore, zeroCounts, type GcaCounts } from './defs/gca';

/** Each turn's running GCA for display (defined in defs/gca.ts, GCA's headline). */
export { runningGca } from './defs/gca';
import { METRICS } from './registry';
import { makeSignature, type Signature, type SignatureSettings } from './signature';
import { accumulate, DIALOGUES_SLOT, emptyStates, factsAt, mergeInto, scoresOf, stateLayout, type Scores, type StateLayout } from './state';
import { nonUniformity, tailOrientedness } from './traits';
import { allocTurnStats, analyseCorpus, TurnAnalyser, type TurnStats } from './turn-stats';

export type SlotClass = 'correct' | 'wrong' | 'missed' | 'overshot';

export interface SlotRecord {
  slot: string;
  gold: string | null;
  pred: string | null;
  class: SlotClass;
  /** In GCA's Δg ∪ Δp: the slot changed this turn on either side. */
  changed: boolean;
}

export interface TurnRecord {
  turn: number;
  /** The turn's value of every per-turn metric, by id (FGA: per λ; AGA and IAGA null on empty gold). */
  values: Record<string, ScoreValue>;
  fgaClass: FgaClass;
  /** t - t_err for a type-2 error, else null. */
  fgaDistance: number | null;
  gca: GcaCounts;
  gcaRunning: number;
  slots: SlotRecord[];
}

export interface DialogueResult {
  id: string;
  turns: number;
  values: Record<string, ScoreValue>;
  TO: number | null;
  NU: number | null;
  perTurn?: TurnRecord[];
}

/** Mistakes (GCA's M + W + O) per turn of a dialogue, by position. */
export function dialogueMistakes(corpus: Corpus, stats: TurnStats, d: number, base = 0): number[] {
  const out: number[] = [];
  for (let i = corpus.dialogueStart[d] - base; i < corpus.dialogueStart[d + 1] - base; i++) {
    out.push(stats.gcaM[i] + stats.gcaW[i] + stats.gcaO[i]);
  }
  return out;
}

export interface Evaluation {
  /** Corpus scores: the merge of every dialogue's state. */
  corpus: Scores;
  layout: StateLayout;
  /** One state vector per dialogue (dialogue d at d * layout.width). */
  states: Float64Array;
  /** The corpus state: the merge of all rows of `states`, in order. */
  total: Float64Array;
  stats: TurnStats;
  source: Corpus;
  config: MetricConfig;
  signature: Signature;
}

export interface EvaluateOptions {
  onProgress?: (fraction: number) => void;
  /** What else the signature records (value options, corrections, …). */
  settings?: SignatureSettings;
}

/** Scores a whole corpus in one pass; the corpus result is the merge of per-dialogue states. */
export function evaluate(corpus: Corpus, config: MetricConfig, opts: EvaluateOptions = {}): Evaluation {
  return evaluateStats(corpus, analyseCorpus(corpus, opts.onProgress), config, opts.settings);
}

/** The per-dialogue state vectors of a corpus whose turns [base…] are in `stats`. */
export function dialogueStates(
  corpus: Corpus,
  stats: TurnStats,
  config: MetricConfig,
  base = 0,
): { layout: StateLayout; states: Float64Array } {
  const layout = stateLayout(config);
  const n = corpus.dialogueIds.length;
  const states = emptyStates(layout, n);
  for (let d = 0; d < n; d++) {
    const at = d * layout.width;
    states[at + DIALOGUES_SLOT] = 1;
    accumulate(states, at, layout, stats, corpus.dialogueStart[d] - base, corpus.dialogueStart[d + 1] - base, config);
  }
  return { layout, states };
}

export function evaluateStats(corpus: Corpus, stats: TurnStats, config: MetricConfig, settings: SignatureSettings = {}): Evaluation {
  const { layout, states } = dialogueStates(corpus, stats, config);
  const total = emptyStates(layout);
  for (let d = 0; d < corpus.dialogueIds.length; d++) mergeInto(total, 0, states, d * layout.width, layout);
  return {
    corpus: scoresOf(total, 0, layout, config),
    layout,
    states,
    total,
    stats,
    source: corpus,
    config,
    signature: makeSignature(config, settings),
  };
}

/** Dialogue d's scores from its state row, with TO and NU. */
export function dialogueResult(ev: Evaluation, d: number): DialogueResult {
  const s = scoresOf(ev.states, d * ev.layout.width, ev.layout, ev.config);
  const mistakes = dialogueMistakes(ev.source, ev.stats, d);
  return {
    id: ev.source.dialogueIds[d],
    turns: s.turns,
    values: s.values,
    TO: tailOrientedness(mistakes, ev.config.traits),
    NU: nonUniformity(mistakes, ev.config.traits),
  };
}

/** Full detail of one dialogue, computed on its own: scores plus per-turn records with slot classes. */
export function dialogueDetail(corpus: Corpus, d: number, config: MetricConfig): DialogueResult {
  const from = corpus.dialogueStart[d];
  const to = corpus.dialogueStart[d + 1];
  const stats = allocTurnStats(to - from);
  const changed: number[][] = [];
  new TurnAnalyser(corpus).dialogue(d, stats, changed, from);
  const layout = stateLayout(config);
  const state = emptyStates(layout);
  state[DIALOGUES_SLOT] = 1;
  accumulate(state, 0, layout, stats, 0, to - from, config);
  const s = scoresOf(state, 0, layout, config);
  const mistakes = dialogueMistakes(corpus, stats, d, from);
  return {
    id: corpus.dialogueIds[d],
    turns: s.turns,
    values: s.values,
    TO: tailOrientedness(mistakes, config.traits),
    NU: nonUniformity(mistakes, config.traits),
    perTurn: turnRecords(corpus, stats, d, config, changed, from),
  };
}

/** The per-turn values of every per-turn metric for the facts of turn o. */
export function turnValues(stats: TurnStats, o: number, config: MetricConfig): Record<string, ScoreValue> {
  const f = factsAt(stats, o);
  const out: Record<string, ScoreValue> = {};
  for (const m of METRICS) {
    if (!m.perTurn) continue;
    const variants = m.variants(config);
    if (variants) {
      const rec: Record<string, number> = {};
      variants.forEach((v, i) => (rec[v] = m.turn(f, config, i) ?? Number.NaN));
      out[m.id] = rec;
    } else out[m.id] = m.turn(f, config, 0);
  }
  return out;
}

function turnRecords(corpus: Corpus, stats: TurnStats, d: number, config: MetricConfig, changed: number[][], base: number): TurnRecord[] {
  const records: TurnRecord[] = [];
  const running = zeroCounts();
  for (let i = corpus.dialogueStart[d]; i < corpus.dialogueStart[d + 1]; i++) {
    const o = i - base;
    const code = stats.fga[o];
    const delta = { C: stats.gcaC[o], W: stats.gcaW[o], M: stats.gcaM[o], O: stats.gcaO[o] };
    running.C += delta.C;
    running.W += delta.W;
    running.M += delta.M;
    running.O += delta.O;
    records.push({
      turn: corpus.turnIndex[i],
      values: turnValues(stats, o, config),
      fgaClass: fgaClass(code),
      fgaDistance: code === FGA_EXACT || code === FGA_TYPE1 ? null : code,
      gca: delta,
      gcaRunning: gcaScore(running),
      slots: slotRecords(corpus, i, new Set(changed[o])),
    });
  }
  return records;
}

/** Slot classes of one turn over gold ∪ prediction belief sets, sorted by slot name. */
export function slotRecords(corpus: Corpus, i: number, changed: Set<number>): SlotRecord[] {
  const { goldPairs, predPairs, slots, values } = corpus;
  const bySlot = new Map<number, { gold: number; pred: number }>();
  const gs = corpus.goldStart[i];
  const ps = corpus.predStart[i];
  for (let k = gs; k < gs + corpus.goldLen[i]; k++) {
    if (goldPairs[2 * k + 1] !== NONE_ID) bySlot.set(goldPairs[2 * k], { gold: goldPairs[2 * k + 1], pred: -1 });
  }
  for (let k = ps; k < ps + corpus.predLen[i]; k++) {
    const v = predPairs[2 * k + 1];
    if (v === NONE_ID) continue;
    const e = bySlot.get(predPairs[2 * k]);
    if (e) e.pred = v;
    else bySlot.set(predPairs[2 * k], { gold: -1, pred: v });
  }
  const out: SlotRecord[] = [];
  for (const [s, { gold, pred }] of bySlot) {
    const cls: SlotClass = gold < 0 ? 'overshot' : pred < 0 ? 'missed' : gold === pred ? 'correct' : 'wrong';
    out.push({
      slot: slots.name(s),
      gold: gold < 0 ? null : values.name(gold),
      pred: pred < 0 ? null : values.name(pred),
      class: cls,
      changed: changed.has(s),
    });
  }
  return out.sort((a, b) => (a.slot < b.slot ? -1 : a.slot > b.slot ? 1 : 0));
}

/** Per-dialogue results, made one at a time (with per-turn records when asked), in file order or in `order` (dialogue indices). */
export function* dialogueResults(ev: Evaluation, perTurn = false, order?: Iterable<number>): Generator<DialogueResult> {
  const all = function* () {
    for (let d = 0; d < ev.source.dialogueIds.length; d++) yield d;
  };
  for (const d of order ?? all()) {
    yield perTurn ? dialogueDetail(ev.source, d, ev.config) : dialogueResult(ev, d);
  }
}
