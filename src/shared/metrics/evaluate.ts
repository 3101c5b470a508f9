// Layer: shared (pure TS). Turns a corpus and its turn stats into the results
// the CLI prints and the app shows: corpus scores, per-dialogue scores (with
// TO/NU), and per-turn records with each slot's class (spec section 8).

import type { Corpus } from '../model/corpus';
import { NONE_ID } from '../model/corpus';
import { lambdaKey, type MetricConfig } from './config';
import { agaTurn } from './aga';
import { fgaClass, fgaScore, FGA_EXACT, FGA_TYPE1, type FgaClass } from './fga';
import { gcaScore, zeroCounts, type GcaCounts } from './gca';
import { jgaTurn } from './jga';
import { rsaTurn } from './rsa';
import { saTurn } from './sa';
import { accumulate, computeScores, emptyState, mergeState, turnComparison, type MetricState, type Scores } from './state';
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
  JGA: number;
  SA: number;
  AGA: number | null;
  RSA: number;
  FGA: Record<string, number>;
  fgaClass: FgaClass;
  /** t - t_err for a type-2 error, else null. */
  fgaDistance: number | null;
  gca: GcaCounts;
  gcaRunning: number;
  slots: SlotRecord[];
}

export interface DialogueResult extends Omit<Scores, 'dialogues'> {
  id: string;
  TO: number | null;
  NU: number | null;
  perTurn?: TurnRecord[];
}

export function dialogueState(corpus: Corpus, stats: TurnStats, d: number, config: MetricConfig, base = 0): MetricState {
  const s = emptyState(config);
  s.dialogues = 1;
  return accumulate(s, stats, corpus.dialogueStart[d] - base, corpus.dialogueStart[d + 1] - base, config);
}

/** Mistakes (GCA's M + W + O) per turn of a dialogue, by position. */
export function dialogueMistakes(corpus: Corpus, stats: TurnStats, d: number, base = 0): number[] {
  const out: number[] = [];
  for (let i = corpus.dialogueStart[d] - base; i < corpus.dialogueStart[d + 1] - base; i++) {
    out.push(stats.gcaM[i] + stats.gcaW[i] + stats.gcaO[i]);
  }
  return out;
}

export function dialogueResult(corpus: Corpus, stats: TurnStats, d: number, config: MetricConfig, base = 0): DialogueResult {
  const keys = config.lambdas.map(lambdaKey);
  const { dialogues: _, ...scores } = computeScores(dialogueState(corpus, stats, d, config, base), config, keys);
  const mistakes = dialogueMistakes(corpus, stats, d, base);
  return {
    id: corpus.dialogueIds[d],
    ...scores,
    TO: tailOrientedness(mistakes, config.traits),
    NU: nonUniformity(mistakes, config.traits),
  };
}

/** Full detail of one dialogue: scores plus per-turn records with slot classes. */
export function dialogueDetail(corpus: Corpus, d: number, config: MetricConfig): DialogueResult {
  const from = corpus.dialogueStart[d];
  const to = corpus.dialogueStart[d + 1];
  const stats = allocTurnStats(to - from);
  const changed: number[][] = [];
  new TurnAnalyser(corpus).dialogue(d, stats, changed, from);
  const result = dialogueResult(corpus, stats, d, config, from);
  result.perTurn = turnRecords(corpus, stats, d, config, changed, from);
  return result;
}

function turnRecords(corpus: Corpus, stats: TurnStats, d: number, config: MetricConfig, changed: number[][], base: number): TurnRecord[] {
  const records: TurnRecord[] = [];
  const running = zeroCounts();
  for (let i = corpus.dialogueStart[d]; i < corpus.dialogueStart[d + 1]; i++) {
    const o = i - base;
    const cmp = turnComparison(stats, o);
    const code = stats.fga[o];
    const delta = { C: stats.gcaC[o], W: stats.gcaW[o], M: stats.gcaM[o], O: stats.gcaO[o] };
    running.C += delta.C;
    running.W += delta.W;
    running.M += delta.M;
    running.O += delta.O;
    const fga: Record<string, number> = {};
    for (const l of config.lambdas) fga[lambdaKey(l)] = fgaScore(code, l);
    records.push({
      turn: corpus.turnIndex[i],
      JGA: jgaTurn(cmp),
      SA: saTurn(cmp, config.slotCount),
      AGA: agaTurn(cmp),
      RSA: rsaTurn(cmp),
      FGA: fga,
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
  const { pairs, slots, values } = corpus;
  const bySlot = new Map<number, { gold: number; pred: number }>();
  const gs = corpus.goldStart[i];
  const ps = corpus.predStart[i];
  for (let k = gs; k < gs + corpus.goldLen[i]; k++) {
    if (pairs[2 * k + 1] !== NONE_ID) bySlot.set(pairs[2 * k], { gold: pairs[2 * k + 1], pred: -1 });
  }
  for (let k = ps; k < ps + corpus.predLen[i]; k++) {
    const v = pairs[2 * k + 1];
    if (v === NONE_ID) continue;
    const e = bySlot.get(pairs[2 * k]);
    if (e) e.pred = v;
    else bySlot.set(pairs[2 * k], { gold: -1, pred: v });
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

export interface EvaluateOptions {
  onProgress?: (fraction: number) => void;
}

export interface Evaluation {
  /** Corpus scores: the merge of every dialogue's state. */
  corpus: Scores;
  state: MetricState;
  stats: TurnStats;
  source: Corpus;
  config: MetricConfig;
}

/** Scores a whole corpus in one pass; the corpus result is the merge of per-dialogue states. */
export function evaluate(corpus: Corpus, config: MetricConfig, opts: EvaluateOptions = {}): Evaluation {
  const stats = analyseCorpus(corpus, opts.onProgress);
  return evaluateStats(corpus, stats, config);
}

export function evaluateStats(corpus: Corpus, stats: TurnStats, config: MetricConfig): Evaluation {
  const keys = config.lambdas.map(lambdaKey);
  const total = emptyState(config);
  for (let d = 0; d < corpus.dialogueIds.length; d++) mergeState(total, dialogueState(corpus, stats, d, config));
  return { corpus: computeScores(total, config, keys), state: total, stats, source: corpus, config };
}

/** Per-dialogue results, made one at a time (with per-turn records when asked). */
export function* dialogueResults(ev: Evaluation, perTurn = false): Generator<DialogueResult> {
  for (let d = 0; d < ev.source.dialogueIds.length; d++) {
    yield perTurn ? dialogueDetail(ev.source, d, ev.config) : dialogueResult(ev.source, ev.stats, d, ev.config);
  }
}
