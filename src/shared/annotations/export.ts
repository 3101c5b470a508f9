// Layer: shared (pure TS). The correction diff
// (docs/reference/annotation-file.md, "Export"): one row per turn a correction changed — dialogue, turn, slot,
// old, new, category, status, note, by, at (and the record's id) — as JSON
// Lines, CSV, or a unified-diff-like text with one hunk per turn.

import { csvCell } from '../report/csv';
import type { Change, CorrectionSummary } from './apply';

export const EXPORT_FORMATS = ['jsonl', 'csv', 'diff'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface DiffRow {
  dialogue: string;
  turn: number;
  slot: string;
  /** null: the slot is absent. */
  old: string | null;
  new: string | null;
  category: string;
  status: string;
  note: string | null;
  by: string;
  at: string;
  id: string;
}

export const DIFF_COLUMNS: readonly (keyof DiffRow)[] = [
  'dialogue',
  'turn',
  'slot',
  'old',
  'new',
  'category',
  'status',
  'note',
  'by',
  'at',
  'id',
];

export function diffRows(changes: readonly Change[]): DiffRow[] {
  return changes.map((c) => ({
    dialogue: c.dialogue,
    turn: c.turn,
    slot: c.slot,
    old: c.old,
    new: c.new,
    category: c.record.category,
    status: c.record.status,
    note: c.record.note ?? null,
    by: c.record.by,
    at: c.record.at,
    id: c.record.id,
  }));
}

export interface ExportContext {
  /** The gold the corrections were applied to, as the header names it. */
  gold: string;
  summary: CorrectionSummary;
}

/** The diff in one of the export formats. */
export function renderDiff(rows: readonly DiffRow[], format: ExportFormat, ctx: ExportContext): string {
  if (format === 'jsonl') return rows.map((r) => JSON.stringify(r) + '\n').join('');
  if (format === 'csv')
    return [DIFF_COLUMNS.join(','), ...rows.map((r) => DIFF_COLUMNS.map((k) => csvCell(r[k])).join(','))].join('\n') + '\n';
  const show = (v: string | null) => (v === null ? '(absent)' : JSON.stringify(v));
  const out = [
    `--- gold: ${ctx.gold}`,
    `+++ corrected: corrections=${ctx.summary.count}:${ctx.summary.hash}, ${rows.length} turn change${rows.length === 1 ? '' : 's'}`,
  ];
  let hunk = '';
  for (const r of rows) {
    const h = `@@ ${r.dialogue} turn ${r.turn} @@`;
    if (h !== hunk) out.push((hunk = h));
    out.push(
      `-${r.slot}: ${show(r.old)}`,
      `+${r.slot}: ${show(r.new)}`,
      `# ${r.category} · ${r.status} · ${r.by} · ${r.at}${r.note ? ` · ${r.note.replace(/\s+/g, ' ')}` : ''}`,
    );
  }
  return out.join('\n') + '\n';
}
