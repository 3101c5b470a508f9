// Layer: shared (pure TS). How an agreement coefficient (Cohen's κ, Fleiss' κ,
// Krippendorff's α) and its bootstrap interval are written, in the CLI's
// `corrections agree --format table` and in the app's disagreements queue:
// 4 decimals, "undefined" where the coefficient is (no variation to agree
// on), "—" for an interval that could not be drawn. One function, so the two
// never differ.

/** Decimals of an agreement coefficient, everywhere it is written. */
export const AGREEMENT_DECIMALS = 4;

/** 0.61538 → "0.6154"; null/undefined → "undefined". */
export function agreementNumber(x: number | null | undefined): string {
  return x === null || x === undefined ? 'undefined' : x.toFixed(AGREEMENT_DECIMALS);
}

/** A bootstrap interval [lo, hi] → "[0.4211, 0.8000]"; anything else (none drawn) → "—". */
export function agreementInterval(x: unknown): string {
  return Array.isArray(x) ? `[${agreementNumber(x[0] as number | null)}, ${agreementNumber(x[1] as number | null)}]` : '—';
}
