// Layer: shared (pure TS). The calibration statistics' public API
// (docs/reference/calibration.md): pair-level ECE, reliability bins, AUROC
// and histograms of a confidence column (summary.ts), per group; joint-goal
// ECE and two-point L2 (joint.ts); paired bootstrap of ΔECE and ΔAUROC
// between columns (bootstrap.ts). Inputs are typed-array columns (pairs.ts).

export {
  BINNINGS,
  DEFAULT_BIN_COUNT,
  DEFAULT_BINNING,
  binningOf,
  setsumbtBin,
  sunAccuracyBin,
  sunCountBin,
  type Binning,
  type BinningName,
  type ReliabilityBin,
} from './binning';
export {
  CalibrationInputError,
  PairBuilder,
  checkPairs,
  concatPairs,
  confidenceProblem,
  pairsOf,
  selectPairs,
  type CalibrationPairs,
  type OutOfRange,
  type PairIndex,
  type PairRow,
} from './pairs';
export { auroc, aurocSorted } from './auroc';
export { calibrationByGroup, pairCalibration, type CalibrationOptions, type PairCalibration } from './summary';
export { jointCalibration, jointTurns, turnColumn, type JointCalibration, type JointTurns, type TurnLabels } from './joint';
export {
  calibrationBootstrapValues,
  compareCalibration,
  prepareCalibrationBootstrap,
  type CalibrationBootstrapSettings,
  type CalibrationColumn,
  type CalibrationComparison,
  type ColumnComparison,
  type ColumnEstimate,
  type DeltaEstimate,
  type PreparedCalibration,
} from './bootstrap';
