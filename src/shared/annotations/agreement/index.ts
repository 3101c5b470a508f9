// Layer: shared (pure TS). Inter-annotator agreement's public API
// (docs/reference/agreement.md): rating tables (table.ts), Cohen's κ,
// Fleiss' κ and Krippendorff's α (coefficients.ts), and the report with
// counts and bootstrap intervals (agreement.ts).

export {
  AgreementInputError,
  disagreements,
  plurality,
  ratingCounts,
  ratingTable,
  ratingTableOf,
  type Rating,
  type RatingCounts,
  type RatingRow,
  type RatingTable,
} from './table';
export {
  cohenKappa,
  cohenKappaFromMatrix,
  fleissKappa,
  fleissKappaFromCounts,
  krippendorffAlpha,
  krippendorffAlphaFromCounts,
  type CohenKappa,
  type FleissKappa,
  type KrippendorffAlpha,
} from './coefficients';
export { agreement, type AgreementReport, type AgreementSettings } from './agreement';
