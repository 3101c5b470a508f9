// Layer: shared (pure TS). One table model for every table the tool writes
// (score, compare, breakdowns, a dialogue's per-turn table) and its renderers:
// plain text, Markdown, CSV (raw values), LaTeX (booktabs, fixed decimals,
// the best value per column in bold, the signature as a comment, an optional
// caption, escaped or given as LaTeX; a longtable when it would not fit on a
// page) and JSON. Percent cells hold fractions and print as percentages with
// 2 decimals, rounded as the papers' scripts round (round.ts); p-values as
// p-value.ts prints them. LaTeX and Markdown shorten long text cells with
// "…" (and say so under the table); CSV and JSON keep every value whole.

import { csvCell } from './csv';
import { latexEscape } from './latex';
import { formatP } from './p-value';
import { fixed2, percent2 } from './round';
import { maxBy } from '../arrays';
import { pushAll } from '../arrays';

/**
 * How a column's numbers are written: `percent` a fraction as a percentage,
 * `delta` a difference of fractions in percentage points with a sign,
 * `number` with `decimals` decimals, `count` an integer, `p` a p-value
 * (p-value.ts); `label` and `text` as given.
 */
export type ColumnKind = 'label' | 'text' | 'percent' | 'delta' | 'number' | 'count' | 'p';

/**
 * What metric a column shows, so a metric subset (metric-subset.ts, the
 * CLI's --metrics and the app's column chooser) can keep or drop it: the
 * metric id ("FGA"), the column key of its variant ("FGA_0.5"), and whether
 * it is a read-out shown beside the metrics (GCA's VP, VR, LP, LR), kept only
 * when a subset names it.
 */
export interface MetricTag {
  id: string;
  key: string;
  part?: boolean;
}

export interface TableColumn {
  key: string;
  header: string;
  /** Header in LaTeX (math allowed); default: the escaped header. */
  latex?: string;
  kind: ColumnKind;
  /** Decimals of `number` columns (default 3). */
  decimals?: number;
  /** Which value of the column is best and set in bold (LaTeX, Markdown, text marks it with *). */
  best?: 'max' | 'min';
  /** The metric the column shows (none: the column is no metric's and every subset keeps it). */
  metric?: MetricTag;
}

export interface TableCell {
  value: number | string | null;
  /** A 95% interval, for `delta` cells (same unit as value). */
  ci?: [number, number];
  /** A mark after the value: "†" for a significant difference, say. */
  mark?: string;
}

export type CellInput = TableCell | number | string | null;

export interface TableRow {
  cells: Readonly<Record<string, CellInput>>;
}

export interface Table {
  columns: TableColumn[];
  rows: TableRow[];
  /** The metric signature of every number in the table. */
  signature: string;
  /** A LaTeX caption (escaped) / Markdown heading / title line; none by default. */
  caption?: string;
  /** LaTeX only: the caption as LaTeX source, written verbatim (math, \cite); wins over `caption` there. */
  captionLatex?: string;
  /** Lines printed under the table (what the marks mean, …). */
  notes?: string[];
}

export function cellOf(c: CellInput | undefined): TableCell {
  if (c === undefined || c === null) return { value: null };
  if (typeof c === 'object') return c;
  return { value: c };
}

/** The value of a cell as printed (no bold, no mark, no interval). */
export function formatValue(col: TableColumn, v: number | string | null): string {
  if (v === null) return '–';
  if (typeof v === 'string') return v;
  switch (col.kind) {
    case 'percent':
      return percent2(v);
    case 'delta': {
      const t = fixed2(v * 100);
      return v > 0 && t !== '0.00' ? `+${t}` : t === '-0.00' ? '0.00' : t;
    }
    case 'count':
      return String(Math.round(v));
    case 'number':
      return v.toFixed(col.decimals ?? 3);
    case 'p':
      return formatP(v);
    default:
      return String(v);
  }
}

function intervalText(col: TableColumn, ci: [number, number]): string {
  return `[${formatValue(col, ci[0])}, ${formatValue(col, ci[1])}]`;
}

/** Row indices holding each column's best value (ties all best); empty for columns without `best`. */
export function bestRows(t: Table): Map<string, Set<number>> {
  const out = new Map<string, Set<number>>();
  for (const col of t.columns) {
    if (!col.best) continue;
    let best: number | null = null;
    const vals = t.rows.map((r) => cellOf(r.cells[col.key]).value);
    // Compare as printed: two values that print the same are tied.
    const printed = vals.map((v) => (typeof v === 'number' ? Number(formatValue(col, v)) : null));
    for (const v of printed) if (v !== null && (best === null || (col.best === 'max' ? v > best : v < best))) best = v;
    const set = new Set<number>();
    if (best !== null && t.rows.length > 1) printed.forEach((v, i) => v === best && set.add(i));
    out.set(col.key, set);
  }
  return out;
}

export function cellText(col: TableColumn, c: TableCell, withCi: boolean): string {
  let s = formatValue(col, c.value);
  if (c.mark) s += c.mark;
  if (withCi && c.ci) s += ` ${intervalText(col, c.ci)}`;
  return s;
}

/** Plain text, columns aligned, the best value per column marked with *, the signature underneath. */
export function renderText(t: Table): string {
  const best = bestRows(t);
  const header = t.columns.map((c) => c.header);
  const body = t.rows.map((r, i) =>
    t.columns.map((col) => cellText(col, cellOf(r.cells[col.key]), true) + (best.get(col.key)?.has(i) ? '*' : '')),
  );
  const widths = header.map((h, k) => maxBy(body, (b) => b[k].length, h.length));
  const left = (k: number) => t.columns[k].kind === 'label' || t.columns[k].kind === 'text';
  const line = (cells: string[]) =>
    cells
      .map((c, k) => (left(k) ? c.padEnd(widths[k]) : c.padStart(widths[k])))
      .join('  ')
      .trimEnd();
  const out = [];
  if (t.caption) out.push(t.caption, '');
  out.push(line(header), widths.map((w) => '-'.repeat(w)).join('  '));
  for (const b of body) out.push(line(b));
  out.push('');
  if (best.size > 0 && [...best.values()].some((s) => s.size > 0)) out.push('* best in its column');
  for (const n of t.notes ?? []) out.push(n);
  out.push(`signature: ${t.signature}`);
  return out.join('\n') + '\n';
}

function mdEscape(s: string): string {
  return s.replace(/[|\\]/g, (c) => `\\${c}`);
}

/** Longest text cell LaTeX and Markdown print whole by default (characters); longer ones end in "…". */
export const DEFAULT_MAX_CELL = 40;

/** Rows above which LaTeX is a longtable (a page of an article holds about 45 table rows). */
export const LONGTABLE_ROWS = 40;

export interface RenderOptions {
  /** LaTeX: \label{KEY} under the caption. */
  label?: string;
  /** LaTeX, Markdown: longest text cell in characters (default DEFAULT_MAX_CELL; 0: no limit). */
  maxCell?: number;
  /** LaTeX: a longtable (breaks across pages): 'auto' (default) when there are more than LONGTABLE_ROWS rows. */
  longtable?: boolean | 'auto';
}

/** `s` cut to `max` characters (code points), the last one "…"; as it is when it fits or max is 0. */
export function shortenCell(s: string, max: number): string {
  if (max <= 0 || s.length <= max) return s;
  const chars = Array.from(s);
  if (chars.length <= max) return s;
  return (
    chars
      .slice(0, Math.max(1, max - 1))
      .join('')
      .trimEnd() + '…'
  );
}

/** The text cells of a table shortened to `max` characters, and a note saying how many were, if any. */
function shortened(t: Table, max: number): Table {
  if (max <= 0) return t;
  let count = 0;
  const rows = t.rows.map((r) => {
    let cells: Record<string, CellInput> | null = null;
    for (const col of t.columns) {
      if (col.kind !== 'label' && col.kind !== 'text') continue;
      const c = cellOf(r.cells[col.key]);
      if (typeof c.value !== 'string') continue;
      const cut = shortenCell(c.value, max);
      if (cut === c.value) continue;
      count++;
      cells ??= { ...r.cells };
      cells[col.key] = { ...c, value: cut };
    }
    return cells ? { cells } : r;
  });
  if (count === 0) return t;
  const note = `${count} ${count === 1 ? 'cell' : 'cells'} longer than ${max} characters shortened with “…”; the CSV and JSON exports hold every value whole.`;
  return { ...t, rows, notes: [...(t.notes ?? []), note] };
}

/** GitHub Markdown: the best value per column in bold, long text cells shortened, the signature as a final line. */
export function renderMarkdown(table: Table, opts: RenderOptions = {}): string {
  const t = shortened(table, opts.maxCell ?? DEFAULT_MAX_CELL);
  const best = bestRows(t);
  const out: string[] = [];
  if (t.caption) out.push(`**${mdEscape(t.caption)}**`, '');
  out.push(`| ${t.columns.map((c) => mdEscape(c.header)).join(' | ')} |`);
  out.push(`|${t.columns.map((c) => (c.kind === 'label' || c.kind === 'text' ? ' --- ' : ' ---: ')).join('|')}|`);
  t.rows.forEach((r, i) => {
    const cells = t.columns.map((col) => {
      const s = mdEscape(cellText(col, cellOf(r.cells[col.key]), true));
      return best.get(col.key)?.has(i) ? `**${s}**` : s;
    });
    out.push(`| ${cells.join(' | ')} |`);
  });
  out.push('');
  for (const n of t.notes ?? []) out.push(mdEscape(n), '');
  out.push(`Signature: \`${t.signature}\``);
  return out.join('\n') + '\n';
}

/** CSV with raw values (fractions, not percentages), intervals as _lo/_hi columns, every row with the signature. */
export function renderCsvTable(t: Table): string {
  const cols: { head: string; get: (r: TableRow) => string | number | null }[] = [];
  for (const col of t.columns) {
    const head = col.key;
    cols.push({ head, get: (r) => cellOf(r.cells[col.key]).value });
    if (t.rows.some((r) => cellOf(r.cells[col.key]).ci)) {
      cols.push({ head: `${head}_lo`, get: (r) => cellOf(r.cells[col.key]).ci?.[0] ?? null });
      cols.push({ head: `${head}_hi`, get: (r) => cellOf(r.cells[col.key]).ci?.[1] ?? null });
    }
    if (t.rows.some((r) => cellOf(r.cells[col.key]).mark))
      cols.push({ head: `${head}_mark`, get: (r) => cellOf(r.cells[col.key]).mark ?? null });
  }
  const lines = [[...cols.map((c) => c.head), 'signature'].map(csvCell).join(',')];
  for (const r of t.rows) lines.push([...cols.map((c) => csvCell(c.get(r))), csvCell(t.signature)].join(','));
  return lines.join('\n') + '\n';
}

const LATEX_MARKS: Record<string, string> = { '†': '$^{\\dagger}$', '‡': '$^{\\ddagger}$', '*': '$^{*}$' };

function latexCell(col: TableColumn, c: TableCell, bold: boolean): string {
  let s = formatValue(col, c.value);
  if (col.kind === 'label' || col.kind === 'text') s = latexEscape(s);
  else s = s.replace(/^-/, '$-$').replace('–', '--').replace('<', '$<$');
  if (bold) s = `\\textbf{${s}}`;
  if (c.mark) s += LATEX_MARKS[c.mark] ?? `\\textsuperscript{${latexEscape(c.mark)}}`;
  if (c.ci) s += ` {\\scriptsize [${formatValue(col, c.ci[0]).replace(/^-/, '$-$')}, ${formatValue(col, c.ci[1]).replace(/^-/, '$-$')}]}`;
  return s;
}

/**
 * A booktabs tabular (in a table float when there is a caption); needs
 * \usepackage{booktabs}. Over LONGTABLE_ROWS rows (or with longtable: true)
 * a longtable instead, which breaks across pages with its header repeated
 * (and the caption on top); it also needs \usepackage{longtable}.
 */
export function renderLatex(table: Table, opts: RenderOptions = {}): string {
  const t = shortened(table, opts.maxCell ?? DEFAULT_MAX_CELL);
  const best = bestRows(t);
  const spec = t.columns.map((c) => (c.kind === 'label' || c.kind === 'text' ? 'l' : 'r')).join('');
  const long = opts.longtable === true || ((opts.longtable ?? 'auto') === 'auto' && t.rows.length > LONGTABLE_ROWS);
  const lines = [
    `% ${t.signature}`,
    long ? '% requires \\usepackage{booktabs} and \\usepackage{longtable}' : '% requires \\usepackage{booktabs}',
  ];
  const caption = t.captionLatex ?? (t.caption !== undefined ? latexEscape(t.caption) : undefined);
  const header = `${t.columns.map((c) => c.latex ?? latexEscape(c.header)).join(' & ')} \\\\`;
  const body = t.rows.map(
    (r, i) => `${t.columns.map((col) => latexCell(col, cellOf(r.cells[col.key]), !!best.get(col.key)?.has(i))).join(' & ')} \\\\`,
  );
  if (long) {
    const n = t.columns.length;
    lines.push(`\\begin{longtable}{${spec}}`);
    if (caption !== undefined) lines.push(`\\caption{${caption}}${opts.label ? `\\label{${opts.label}}` : ''} \\\\`);
    lines.push('\\toprule', header, '\\midrule', '\\endfirsthead');
    lines.push(`\\multicolumn{${n}}{l}{\\small\\emph{(continued)}} \\\\`, '\\toprule', header, '\\midrule', '\\endhead');
    lines.push('\\midrule', `\\multicolumn{${n}}{r}{\\small\\emph{(continued on the next page)}} \\\\`, '\\endfoot');
    lines.push('\\bottomrule', '\\endlastfoot');
    pushAll(lines, body);
    lines.push('\\end{longtable}');
  } else {
    const float = caption !== undefined;
    if (float) lines.push('\\begin{table}[t]', '\\centering');
    lines.push(`\\begin{tabular}{${spec}}`, '\\toprule', header, '\\midrule');
    pushAll(lines, body);
    lines.push('\\bottomrule', '\\end{tabular}');
    if (float) {
      lines.push(`\\caption{${caption}}`);
      if (opts.label) lines.push(`\\label{${opts.label}}`);
      lines.push('\\end{table}');
    }
  }
  for (const n of t.notes ?? []) lines.push(`% ${n}`);
  return lines.join('\n') + '\n';
}

/** JSON: the signature, the columns and the rows with raw values (fractions). */
export function renderJsonTable(t: Table): string {
  return (
    JSON.stringify(
      {
        signature: t.signature,
        caption: t.caption,
        columns: t.columns.map((c) => ({ key: c.key, header: c.header, kind: c.kind })),
        rows: t.rows.map((r) => Object.fromEntries(t.columns.map((c) => [c.key, cellOf(r.cells[c.key])]))),
        notes: t.notes,
      },
      null,
      1,
    ) + '\n'
  );
}

export const TABLE_FORMATS = ['table', 'markdown', 'csv', 'latex', 'json'] as const;
export type TableFormat = (typeof TABLE_FORMATS)[number];

/** The table in a format; `opts` shape LaTeX (label, longtable) and LaTeX and Markdown (the longest cell). */
export function renderTableAs(format: TableFormat, t: Table, opts: RenderOptions = {}): string {
  switch (format) {
    case 'table':
      return renderText(t);
    case 'markdown':
      return renderMarkdown(t, opts);
    case 'csv':
      return renderCsvTable(t);
    case 'latex':
      return renderLatex(t, opts);
    case 'json':
      return renderJsonTable(t);
  }
}
