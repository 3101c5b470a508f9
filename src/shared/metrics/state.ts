// Layer: shared (pure TS). Mergeable metric state (torchmetrics-style: update
// from turn stats → merge → compute). Integer counts for JGA, SA and GCA, and
// compensated sums for AGA, RSA and FGA, so that shards merge in any order.

import type { MetricConfig } from './config';
import { agaTurn } from './aga';
import type { BeliefComparison } from './compare';
import { fgaScore } from './fga';
import { gcaRates, gcaScore, zeroCounts, type GcaCounts } from './gca';
import { jgaTurn } from './jga';
import { rsaTurn } from './rsa';
import { saErrors, saFromErrors } from './sa';
import { addTo, mergeSum, sumValue, zeroSum, type Sum } from './sum';
import type { TurnStats } from './turn-stats';

export interface MetricState {
  dialogues: number;
  turns: number;
  jgaExact: number;
  saErrors: number;
  aga: Sum;
  agaTurns: number;
  rsa: Sum;
  /** One sum per λ of the config the state was built with. */
  fga: Sum[];
  gca: GcaCounts;
}

export function emptyState(config: MetricConfig): MetricState {
  return {
    dialogues: 0,
    turns: 0,
    jgaExact: 0,
    saErrors: 0,
    aga: zeroSum(),
    agaTurns: 0,
    rsa: zeroSum(),
    fga: config.lambdas.map(zeroSum),
    gca: zeroCounts(),
  };
}

export function turnComparison(stats: TurnStats, i: number): BeliefComparison {
  return { correct: stats.correct[i], wrong: stats.wrong[i], missed: stats.missed[i], overshot: stats.overshot[i] };
}

/** Adds turns [from, to) to `state`. */
export function accumulate(state: MetricState, stats: TurnStats, from: number, to: number, config: MetricConfig): MetricState {
  const cmp: BeliefComparison = { correct: 0, wrong: 0, missed: 0, overshot: 0 };
  const lambdas = config.lambdas;
  for (let i = from; i < to; i++) {
    cmp.correct = stats.correct[i];
    cmp.wrong = stats.wrong[i];
    cmp.missed = stats.missed[i];
    cmp.overshot = stats.overshot[i];
    state.turns++;
    state.jgaExact += jgaTurn(cmp);
    state.saErrors += saErrors(cmp);
    const aga = agaTurn(cmp);
    if (aga !== null) {
      addTo(state.aga, aga);
      state.agaTurns++;
    }
    addTo(state.rsa, rsaTurn(cmp));
    const code = stats.fga[i];
    for (let l = 0; l < lambdas.length; l++) addTo(state.fga[l], fgaScore(code, lambdas[l]));
    state.gca.C += stats.gcaC[i];
    state.gca.W += stats.gcaW[i];
    state.gca.M += stats.gcaM[i];
    state.gca.O += stats.gcaO[i];
  }
  return state;
}

/** Merges `b` into `a` (both built with the same config). */
export function mergeState(a: MetricState, b: MetricState): MetricState {
  a.dialogues += b.dialogues;
  a.turns += b.turns;
  a.jgaExact += b.jgaExact;
  a.saErrors += b.saErrors;
  mergeSum(a.aga, b.aga);
  a.agaTurns += b.agaTurns;
  mergeSum(a.rsa, b.rsa);
  a.fga.forEach((s, l) => mergeSum(s, b.fga[l]));
  a.gca.C += b.gca.C;
  a.gca.W += b.gca.W;
  a.gca.M += b.gca.M;
  a.gca.O += b.gca.O;
  return a;
}

export interface Scores {
  dialogues: number;
  turns: number;
  JGA: number;
  SA: number;
  /** null when no turn has a non-empty gold state. */
  AGA: number | null;
  RSA: number;
  /** Keyed by lambdaKey(λ). */
  FGA: Record<string, number>;
  GCA: number;
  VP: number | null;
  VR: number | null;
  LP: number | null;
  LR: number | null;
  counts: GcaCounts;
}

export function computeScores(state: MetricState, config: MetricConfig, lambdaKeys: string[]): Scores {
  const n = state.turns;
  const fga: Record<string, number> = {};
  lambdaKeys.forEach((k, l) => (fga[k] = n === 0 ? 0 : sumValue(state.fga[l]) / n));
  return {
    dialogues: state.dialogues,
    turns: n,
    JGA: n === 0 ? 0 : state.jgaExact / n,
    SA: saFromErrors(state.saErrors, n, config.slotCount),
    AGA: state.agaTurns === 0 ? null : sumValue(state.aga) / state.agaTurns,
    RSA: n === 0 ? 0 : sumValue(state.rsa) / n,
    FGA: fga,
    GCA: gcaScore(state.gca),
    ...gcaRates(state.gca),
    counts: { ...state.gca },
  };
}
