// Layer: shared (pure TS). Turn-level ("joint goal") calibration as ConvLab-3
// SetSUMBT defines it (convlab/dst/setsumbt/datasets/metrics.py,
// BeliefStateUncertainty._jg_ece and _l2_err), read for files that carry one
// confidence per predicted pair (docs/reference/calibration.md):
//
// - turn confidence = the minimum confidence of the turn's predicted pairs;
//   turn correct = the turn's JGA (given by the caller: the full predicted
//   state equals the gold, so a missed gold slot makes the turn wrong without
//   lowering its confidence); then the pair-level binning (setsumbt default).
// - joint L2, "two-point" reading: a pair with confidence c puts mass c on
//   its value and 1 − c on one other value (the gold one when wrong), so its
//   squared error is 2(1 − c)² when right and 2c² when wrong; a turn's L2 is
//   the square root of the sum over its pairs; the joint L2 is the mean over
//   turns. One-hot L2 (SetSUMBT's remove_belief) = √(2 · wrong pairs); the
//   ratio = (one-hot − L2) / one-hot. Not comparable to SetSUMBT's published
//   L2, which sums over every slot and value of the ontology.
//
// A turn without any confidence (no predicted pair) has no turn confidence:
// it is left out of both and counted.

import { checkPairs, CalibrationInputError, type CalibrationPairs } from './pairs';
import { pairCalibration, resolveOptions, type CalibrationOptions, type PairCalibration } from './summary';

/** What is known of each turn besides its pairs: turn t's JGA (1 correct) and, for resampling, its dialogue. */
export interface TurnLabels {
  jgaCorrect: Uint8Array;
  dialogue?: Int32Array;
}

/** Per turn: its confidence (NaN without pairs), its two-point L2 and one-hot L2 (NaN without pairs), its pairs. */
export interface JointTurns {
  confidence: Float64Array;
  l2: Float64Array;
  l2OneHot: Float64Array;
  pairs: Int32Array;
}

export interface JointCalibration extends PairCalibration {
  /** Turns given. */
  turns: number;
  /** Turns without any pair confidence, left out (count = turns − this). */
  turnsWithoutConfidence: number;
  /** Mean two-point L2 over the turns with confidence; null when there is none. */
  l2: number | null;
  /** Mean one-hot L2 (predictions only, no belief). */
  l2OneHot: number | null;
  /** (l2OneHot − l2) / l2OneHot as a fraction (SetSUMBT reports ×100); null when l2OneHot is 0 or undefined. */
  l2Ratio: number | null;
}

/** Per-turn confidence and L2 from pairs carrying `turn` indices (0 … turns − 1). */
export function jointTurns(p: CalibrationPairs, turns: number): JointTurns {
  if (!p.turn) throw new RangeError('joint calibration needs the pairs’ turn indices');
  const confidence = new Float64Array(turns).fill(Number.NaN);
  const sq = new Float64Array(turns);
  const wrong = new Float64Array(turns);
  const pairs = new Int32Array(turns);
  for (let i = 0; i < p.confidence.length; i++) {
    const t = p.turn[i];
    if (t >= turns) throw new CalibrationInputError(`pair ${i}: turn ${t} is not below the number of turns, ${turns}`, i);
    const c = p.confidence[i];
    if (!(confidence[t] <= c)) confidence[t] = c;
    if (p.correct[i]) sq[t] += 2 * (1 - c) ** 2;
    else {
      sq[t] += 2 * c ** 2;
      wrong[t]++;
    }
    pairs[t]++;
  }
  const l2 = new Float64Array(turns);
  const l2OneHot = new Float64Array(turns);
  for (let t = 0; t < turns; t++) {
    l2[t] = pairs[t] ? Math.sqrt(sq[t]) : Number.NaN;
    l2OneHot[t] = pairs[t] ? Math.sqrt(2 * wrong[t]) : Number.NaN;
  }
  return { confidence, l2, l2OneHot, pairs };
}

/** Mean of the non-NaN values (Neumaier sum), null when there is none. */
function meanDefined(x: Float64Array): number | null {
  let sum = 0;
  let comp = 0;
  let n = 0;
  for (let i = 0; i < x.length; i++) {
    const v = x[i];
    if (Number.isNaN(v)) continue;
    const t = sum + v;
    comp += Math.abs(sum) >= Math.abs(v) ? sum - t + v : v - t + sum;
    sum = t;
    n++;
  }
  return n === 0 ? null : (sum + comp) / n;
}

/** Joint-goal calibration: turn confidence = min pair confidence, turn correct = JGA, and the two-point L2. */
export function jointCalibration(p: CalibrationPairs, labels: TurnLabels, opts: CalibrationOptions = {}): JointCalibration {
  const { outOfRange } = resolveOptions(opts);
  checkPairs(p, outOfRange);
  const T = labels.jgaCorrect.length;
  if (labels.dialogue && labels.dialogue.length !== T)
    throw new CalibrationInputError(`${T} turn labels but ${labels.dialogue.length} turn dialogues`, -1);
  const jt = jointTurns(p, T);
  let used = 0;
  for (let t = 0; t < T; t++) if (jt.pairs[t]) used++;
  const turnPairs: CalibrationPairs = { confidence: new Float64Array(used), correct: new Uint8Array(used) };
  for (let t = 0, j = 0; t < T; t++) {
    if (!jt.pairs[t]) continue;
    turnPairs.confidence[j] = jt.confidence[t];
    turnPairs.correct[j++] = labels.jgaCorrect[t] ? 1 : 0;
  }
  const cal = pairCalibration(turnPairs, opts);
  const l2 = meanDefined(jt.l2);
  const l2OneHot = meanDefined(jt.l2OneHot);
  return {
    ...cal,
    turns: T,
    turnsWithoutConfidence: T - used,
    l2,
    l2OneHot,
    l2Ratio: l2 === null || l2OneHot === null || l2OneHot === 0 ? null : (l2OneHot - l2) / l2OneHot,
  };
}

/** The turns as a confidence column of their own (confidence = min, correct = JGA, dialogue = the turn's), turns without confidence left out. */
export function turnColumn(p: CalibrationPairs, labels: TurnLabels): CalibrationPairs {
  const T = labels.jgaCorrect.length;
  const jt = jointTurns(p, T);
  const keep: number[] = [];
  for (let t = 0; t < T; t++) if (jt.pairs[t]) keep.push(t);
  const out: CalibrationPairs = {
    confidence: Float64Array.from(keep, (t) => jt.confidence[t]),
    correct: Uint8Array.from(keep, (t) => (labels.jgaCorrect[t] ? 1 : 0)),
    turn: Int32Array.from(keep),
  };
  if (labels.dialogue) out.dialogue = Int32Array.from(keep, (t) => (labels.dialogue as Int32Array)[t]);
  return out;
}
