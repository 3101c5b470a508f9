// Layer: shared (pure TS). The GCA paper's Figure 4 as data: the dialogues
// its spurious-trait analysis keeps (spec section 9: drop dialogues where FGA
// and GCA are both 100 or a trait is undefined, z-score TO, NU, FGA and GCA
// over the rest, keep |FGA_z − GCA_z| ≥ 0.1), their z-scores, the
// least-squares line of each metric on each trait, and the analysis itself
// (Pearson's r, Zou's 95% interval for r(trait, FGA) − r(trait, GCA)).

import type { MetricConfig } from '../metrics/config';
import { lambdaKey } from '../metrics/config';
import type { Evaluation } from '../metrics/evaluate';
import { METRICS } from '../metrics/registry';
import { TURNS_SLOT } from '../metrics/state';
import { nonUniformity, tailOrientedness } from '../metrics/traits';
import { extendSignature, type Signature } from '../metrics/signature';
import { analyseTraits, DISAGREEMENT_THRESHOLD, traitZScores, type TraitAnalysis, type TraitInput } from '../metrics/traits-analysis';
import { noChangesAt } from '../metrics/values';

export interface TraitPoint {
  id: string;
  /** z-scores over the dialogues that were not dropped. */
  TO: number;
  NU: number;
  FGA: number;
  GCA: number;
}

export interface TraitLine {
  trait: 'TO' | 'NU';
  metric: 'FGA' | 'GCA';
  /** metric_z = intercept + slope · trait_z over the kept dialogues; null when the trait is constant. */
  slope: number | null;
  intercept: number | null;
}

export interface TraitsView {
  analysis: TraitAnalysis;
  points: TraitPoint[];
  lines: TraitLine[];
  /** The λ FGA was computed with (the config's first). */
  lambda: string;
  threshold: number;
  signature: Signature;
}

function leastSquares(x: number[], y: number[]): { slope: number | null; intercept: number | null } {
  const n = x.length;
  if (n < 2) return { slope: null, intercept: null };
  const mx = x.reduce((a, b) => a + b, 0) / n;
  const my = y.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < n; i++) {
    sxy += (x[i] - mx) * (y[i] - my);
    sxx += (x[i] - mx) ** 2;
  }
  if (sxx === 0) return { slope: null, intercept: null };
  const slope = sxy / sxx;
  return { slope, intercept: my - slope * mx };
}

/** Each dialogue's FGA (first λ), GCA, TO and NU, read from its state row and the per-turn mistakes (GCA's M + W + O). */
export function traitInputs(ev: Evaluation, config: MetricConfig): (TraitInput & { id: string })[] {
  const { source: c, stats, layout, states } = ev;
  const mistakes = new Int32Array(c.turnIndex.length);
  for (let i = 0; i < mistakes.length; i++) mistakes[i] = stats.gcaM[i] + stats.gcaW[i] + stats.gcaO[i];
  const fi = METRICS.findIndex((m) => m.id === 'FGA');
  const gi = METRICS.findIndex((m) => m.id === 'GCA');
  const ref = { s: states, at: 0 };
  const ctx = { turns: 0, config };
  const out: (TraitInput & { id: string })[] = [];
  for (let d = 0; d < c.dialogueIds.length; d++) {
    const row = d * layout.width;
    ctx.turns = states[row + TURNS_SLOT];
    ref.at = row + layout.offsets[fi];
    const FGA = METRICS[fi].score(ref, ctx, 0) as number;
    ref.at = row + layout.offsets[gi];
    const GCA = METRICS[gi].score(ref, ctx, 0) as number;
    const m = mistakes.subarray(c.dialogueStart[d], c.dialogueStart[d + 1]);
    // GCA's four counts all 0: no state ever changed, so GCA is undefined there (the analysis leaves such dialogues out).
    const noChanges = noChangesAt(states, row + layout.offsets[gi]);
    out.push({ id: c.dialogueIds[d], FGA, GCA, TO: tailOrientedness(m, config.traits), NU: nonUniformity(m, config.traits), noChanges });
  }
  return out;
}

export function traitsView(ev: Evaluation): TraitsView {
  const config = ev.config;
  const rows = traitInputs(ev, config);
  const analysis = analyseTraits(rows);
  // The same filtering and z-scores as analyseTraits, keeping the dialogues' ids.
  const { usable, z } = traitZScores(rows);
  const points: TraitPoint[] = [];
  usable.forEach((r, i) => {
    if (Math.abs(z.FGA[i] - z.GCA[i]) >= DISAGREEMENT_THRESHOLD)
      points.push({ id: r.id, TO: z.TO[i], NU: z.NU[i], FGA: z.FGA[i], GCA: z.GCA[i] });
  });
  const lines: TraitLine[] = [];
  for (const trait of ['TO', 'NU'] as const) {
    for (const metric of ['FGA', 'GCA'] as const) {
      lines.push({
        trait,
        metric,
        ...leastSquares(
          points.map((p) => p[trait]),
          points.map((p) => p[metric]),
        ),
      });
    }
  }
  const lambda = lambdaKey(config.lambdas[0]);
  const signature = extendSignature(ev.signature, [
    { key: 'FGA', text: `FGA lambda=${lambda}` },
    { key: 'turns', text: `traits: drop FGA=GCA=100, z-scores, keep |FGA_z−GCA_z|≥${DISAGREEMENT_THRESHOLD}, Zou 95%` },
  ]);
  return { analysis, points, lines, lambda, threshold: DISAGREEMENT_THRESHOLD, signature };
}
