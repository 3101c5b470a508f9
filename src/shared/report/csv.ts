// Layer: shared (pure TS). CSV cell quoting for the table renderer
// (tables.ts: raw values, every row with the metric signature).

export function csvCell(v: string | number | null | undefined): string {
  if (v === null || v === undefined) return '';
  const s = String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
