// Layer: shared (pure TS, no dependencies: the renderer imports it). The one
// way p-values are printed, by the CLI's tables and by the app: APA style
// (Publication Manual, 7th ed., 6.36) with the leading zero NLP papers keep —
// three decimals ("p = 0.012"), and "p < 0.001" below a thousandth, where
// the digits of an approximate-randomization p-value (at least 1/(R + 1))
// say more about the number of trials than about the data. Raw p-values stay
// in CSV and JSON.

/** Below this a p-value prints as "< 0.001". */
export const P_FLOOR = 0.001;

/** A p-value as a table cell prints it: "0.012", "< 0.001", "–" when there is none. */
export function formatP(p: number | null | undefined): string {
  if (p === null || p === undefined || Number.isNaN(p)) return '–';
  if (p < P_FLOOR) return `< ${P_FLOOR}`;
  return p.toFixed(3);
}

/** A p-value in running text: "p = 0.012", "p < 0.001", "p = –". */
export function pText(p: number | null | undefined): string {
  const s = formatP(p);
  return s.startsWith('<') ? `p ${s}` : `p = ${s}`;
}
