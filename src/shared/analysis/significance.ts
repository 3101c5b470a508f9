// Layer: shared (pure TS, no dependencies: the renderer imports it). When a
// comparison counts as significant, and how it is marked.

/** Significance level of the marks (two-sided approximate randomization). */
export const SIGNIFICANCE = 0.05;

/** The mark of a significant delta. */
export const SIGNIFICANT_MARK = '†';

/** Whether a comparison's p-value is below the significance level. */
export function significant(c: { p: number | null }, level = SIGNIFICANCE): boolean {
  return c.p !== null && c.p < level;
}
