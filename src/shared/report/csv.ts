// Layer: shared (pure TS). CSV cell quoting for every CSV the app and the CLI
// write (tables.ts: raw values, every row with the metric signature; the
// annotation diff; `suspects`), with cells that a spreadsheet would run as a
// formula neutralised (OWASP, "CSV Injection": a leading =, +, -, @, tab or
// carriage return gets a single quote in front) — but never a plain number:
// -0.5 stays the number -0.5.

/** A plain decimal number as a CSV cell holds one (-0.5, +3, 1e-4, .25): left alone. */
const PLAIN_NUMBER = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;

/** First characters a spreadsheet reads as the start of a formula (or strips before one). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** The text of a cell with a formula-like start neutralised by a leading single quote (numbers as they are). */
export function neutraliseFormula(s: string): string {
  return FORMULA_START.test(s) && !PLAIN_NUMBER.test(s) ? `'${s}` : s;
}

export function csvCell(v: string | number | null | undefined): string {
  if (v === null || v === undefined) return '';
  const s = typeof v === 'number' ? String(v) : neutraliseFormula(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
