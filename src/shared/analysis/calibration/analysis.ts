// Layer: shared (pure TS). The calibration analysis of one run (issue 18
// item 3; docs/guide/analyses.md#calibration, docs/reference/calibration.md):
// the chosen confidence column's pairs (corpus.ts, rule domain|sun2024) →
// pair-level ECE, AUROC, reliability bins and histograms (summary.ts);
// joint-goal ECE and two-point L2 over turns (joint.ts); the same per slot
// and per domain; and every confidence column side by side with paired
// dialogue-bootstrap intervals of ΔECE and ΔAUROC against the chosen column
// (bootstrap.ts). The result is plain data (it crosses a worker) carrying
// the signature with the rule, the binning and the column.

import type { Evaluation } from '../../metrics/evaluate';
import { extendSignature, type Signature, type SignaturePart } from '../../metrics/signature';
import { domainOf } from '../../model/corpus';
import type { BinningName, ReliabilityBin } from './binning';
import { compareCalibration, type CalibrationComparison } from './bootstrap';
import { chooseColumn, confidenceColumns, corpusPairs, jgaLabels, type CalibrationRule } from './corpus';
import { jointCalibration } from './joint';
import { calibrationSharedSort, type PairCalibration } from './summary';

export interface CalibrationArgs {
  column?: string;
  rule: CalibrationRule;
  binning: BinningName;
  /** Dialogue-bootstrap resamples for the column comparison (0: none). */
  bootstrap: number;
  seed: number;
}

/** One group's (or the whole column's) pair statistics, as the JSON gives them. */
export interface PairStats {
  count: number;
  correct: number;
  accuracy: number | null;
  meanConfidence: number | null;
  ece: number | null;
  auroc: number | null;
  bins: ReliabilityBin[];
  /** Per bin: correct and wrong pairs among the bin's count. */
  histogram: { correct: number[]; wrong: number[] };
}

export interface JointStats extends PairStats {
  turns: number;
  turnsWithoutConfidence: number;
  l2: number | null;
  l2OneHot: number | null;
  l2Ratio: number | null;
}

export interface CalibrationResult {
  column: string;
  columns: string[];
  rule: CalibrationRule;
  binning: BinningName;
  pairs: PairStats;
  joint: JointStats;
  bySlot: Record<string, PairStats>;
  byDomain: Record<string, PairStats>;
  /** Every column against the chosen one (null with one column). */
  comparison: CalibrationComparison | null;
  signature: Signature;
}

function stats(c: PairCalibration): PairStats {
  return {
    count: c.count,
    correct: c.correct,
    accuracy: c.accuracy,
    meanConfidence: c.meanConfidence,
    ece: c.ece,
    auroc: c.auroc,
    bins: c.bins,
    histogram: c.histogram,
  };
}

/** The signature parts of the calibration options (bins and column: every exported number names them). */
export function calibrationSignatureParts(column: string, rule: CalibrationRule, binning: BinningName): SignaturePart[] {
  return [{ key: 'calibration', text: `calibration column=${column} rule=${rule} bins=${binning}/10` }];
}

export function calibrationAnalysis(ev: Evaluation, a: CalibrationArgs): CalibrationResult {
  const corpus = ev.source;
  const column = chooseColumn(corpus, a.column);
  const columns = confidenceColumns(corpus);
  const opts = { binning: a.binning };
  const pairs = corpusPairs(corpus, column, a.rule);
  const labels = jgaLabels(ev.stats, corpus.dialogueStart);
  const joint = jointCalibration(pairs, labels, opts);
  // Domains: the slot groups re-indexed by domain.
  const domainNames: string[] = [];
  const group = pairs.group as Int32Array;
  let maxSlot = -1;
  for (let i = 0; i < group.length; i++) if (group[i] > maxSlot) maxSlot = group[i];
  const domainOfSlot = new Int32Array(maxSlot + 1).fill(-1);
  const dgroup = new Int32Array(group.length);
  for (let i = 0; i < group.length; i++) {
    let g = domainOfSlot[group[i]];
    if (g < 0) {
      const d = domainOf(corpus.slots.name(group[i]));
      g = domainNames.indexOf(d);
      if (g < 0) g = domainNames.push(d) - 1;
      domainOfSlot[group[i]] = g;
    }
    dgroup[i] = g;
  }
  // One sort of the column serves the pair, per-slot and per-domain statistics.
  const shared = calibrationSharedSort(pairs, [group, dgroup], opts);
  const bySlot: Record<string, PairStats> = {};
  for (const [s, c] of shared.groups[0]) bySlot[corpus.slots.name(s)] = stats(c);
  const byDomain: Record<string, PairStats> = {};
  const perDomain = shared.groups[1];
  for (const g of [...perDomain.keys()].sort((x, y) => (domainNames[x] < domainNames[y] ? -1 : 1)))
    byDomain[domainNames[g]] = stats(perDomain.get(g)!);
  const comparison =
    columns.length > 1
      ? compareCalibration(
          [column, ...columns.filter((c) => c !== column)].map((name) => ({ name, pairs: corpusPairs(corpus, name, a.rule) })),
          corpus.dialogueIds.length,
          { bootstrap: a.bootstrap, seed: a.seed },
          opts,
        )
      : null;
  const extra = calibrationSignatureParts(column, a.rule, a.binning);
  if (comparison && a.bootstrap > 0)
    extra.push({ key: 'bootstrap', text: `bootstrap B=${a.bootstrap} dialogues` }, { key: 'seed', text: `seed=${a.seed}` });
  return {
    column,
    columns,
    rule: a.rule,
    binning: a.binning,
    pairs: stats(shared.all),
    joint: {
      ...stats(joint),
      turns: joint.turns,
      turnsWithoutConfidence: joint.turnsWithoutConfidence,
      l2: joint.l2,
      l2OneHot: joint.l2OneHot,
      l2Ratio: joint.l2Ratio,
    },
    bySlot,
    byDomain,
    comparison,
    signature: extendSignature(ev.signature, extra),
  };
}
