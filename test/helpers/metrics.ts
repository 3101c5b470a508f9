// Test helper: lists of metrics derived from the registry, as the code derives
// them, so that a metric added as one file in defs/ breaks no test
// (docs/dev/adding-a-metric.md).
import type { MetricConfig } from '../../src/shared/metrics/config';
import { METRIC_IDS, METRICS } from '../../src/shared/metrics/registry';

/** Every metric's column keys ("JGA", "FGA_0.5", …) in table order; with `perTurn`, only the per-turn metrics'. */
export function metricKeys(config: MetricConfig, opts: { perTurn?: boolean } = {}): string[] {
  return METRICS.filter((m) => !opts.perTurn || m.perTurn).flatMap((m) => m.variants(config)?.map((v) => `${m.id}_${v}`) ?? [m.id]);
}

/** The items of `xs` that are in `among`, in the order of `xs`: the shipped metrics' order, wherever an added one sits. */
export function only<T>(xs: readonly T[], among: readonly T[]): T[] {
  return xs.filter((x) => among.includes(x));
}

/** The shipped metrics' ids in table order: what the fixed expectations and recorded outputs of the tests were written for. */
export const SHIPPED_IDS: readonly string[] = ['JGA', 'SA', 'AGA', 'IAGA', 'F1', 'RSA', 'FGA', 'GCA'];

/** The registry's metrics beyond the shipped ones (a metric added as one file in defs/); none as shipped. */
export const ADDED_IDS: readonly string[] = METRIC_IDS.filter((id) => !SHIPPED_IDS.includes(id));

/** The cells of `row` under the headers `names` of `head`; throws on a header `head` lacks. */
export function cellsUnder(head: readonly string[], row: readonly string[], names: readonly string[]): string[] {
  return names.map((n) => {
    const i = head.indexOf(n);
    if (i < 0) throw new Error(`no column "${n}" in ${head.join(' | ')}`);
    return row[i];
  });
}

/** Whether a table header names one of the metrics `ids` ("DCR", "DCR λ=0.5", "$\Delta$DCR", "DCR$_{…}$"). */
function namesMetric(header: string, ids: readonly string[]): boolean {
  const h = header.trim().replace(/^\$\\Delta\$/, '');
  return ids.some((id) => h === id || h.startsWith(`${id} `) || h.startsWith(`${id}$`) || h.startsWith(`${id}_`));
}

/**
 * The output of a command without the columns and keys of the metrics `ids`: what it was before they were added (for
 * outputs recorded byte for byte). Text tables (a header over a line of dashes) lose the characters of those columns,
 * LaTeX tabulars their cells and column letters, JSON their keys (and, in a correlation matrix, their rows and columns).
 */
export function withoutMetrics(out: string, ids: readonly string[]): string {
  if (ids.length === 0) return out;
  if (/^[[{]/.test(out)) return JSON.stringify(jsonWithout(JSON.parse(out), ids), null, 1) + '\n';
  const lines = out.split('\n');
  for (let i = 1; i < lines.length; i++) {
    // A text table: header, dashes, rows up to a blank line.
    if (/^-+(?: {2}-+)+$/.test(lines[i])) {
      const spans = [...lines[i].matchAll(/-+/g)].map((m) => [m.index!, m.index! + m[0].length]);
      const gone = spans.filter(([a, b]) => namesMetric(lines[i - 1].slice(a, b), ids)).reverse();
      for (let j = i - 1; j < lines.length && lines[j] !== ''; j++)
        for (const [a, b] of gone) lines[j] = lines[j].slice(0, a - 2) + lines[j].slice(b);
    }
    // A LaTeX tabular: its column letters and the cells of each row up to \end{tabular}.
    const spec = /^(\\begin\{tabular\}\{)([a-z]+)(\})$/.exec(lines[i]);
    if (spec) {
      const head = lines.findIndex((l, k) => k > i && l.endsWith(' \\\\'));
      const cells = (l: string) => l.slice(0, -' \\\\'.length).split(' & ');
      const gone = new Set(cells(lines[head]).flatMap((c, k) => (namesMetric(c, ids) ? [k] : [])));
      lines[i] = spec[1] + [...spec[2]].filter((_, k) => !gone.has(k)).join('') + spec[3];
      for (let j = head; j < lines.length && lines[j] !== '\\end{tabular}'; j++)
        if (lines[j].endsWith(' \\\\'))
          lines[j] =
            cells(lines[j])
              .filter((_, k) => !gone.has(k))
              .join(' & ') + ' \\\\';
    }
  }
  return lines.join('\n');
}

function jsonWithout(x: unknown, ids: readonly string[]): unknown {
  if (Array.isArray(x)) return x.map((v) => jsonWithout(v, ids));
  if (x === null || typeof x !== 'object') return x;
  const o = x as Record<string, unknown>;
  // A correlation matrix: metrics (keys, "FGA_0.5") with square matrices beside them.
  if (Array.isArray(o.metrics) && Array.isArray(o.matrix)) {
    const keep = (o.metrics as string[]).map((k) => !ids.some((id) => k === id || k.startsWith(`${id}_`)));
    const square = (m: unknown) => (m as unknown[][]).filter((_, i) => keep[i]).map((r) => r.filter((_, j) => keep[j]));
    return Object.fromEntries(
      Object.entries(o).map(([k, v]) => [
        k,
        k === 'metrics' ? (v as string[]).filter((_, i) => keep[i]) : Array.isArray(v) && v.length === keep.length ? square(v) : v,
      ]),
    );
  }
  return Object.fromEntries(Object.entries(o).flatMap(([k, v]) => (ids.includes(k) ? [] : [[k, jsonWithout(v, ids)]])));
}

/** Column keys ("JGA", "FGA_0.5", …) without those of the metrics `ids`. */
export function withoutMetricKeys(keys: readonly string[], ids: readonly string[]): string[] {
  return keys.filter((k) => !ids.some((id) => k === id || k.startsWith(`${id}_`)));
}
