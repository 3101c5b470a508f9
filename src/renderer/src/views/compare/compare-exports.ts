// Layer: renderer (plain module). The compare view's Export menu: the
// benchmark as the CLI's `compare` writes it — the scores and deltas tables,
// one row per run and metric, and the JSON shape — narrowed, when an item
// runs, to the Export menu's metric columns as `compare --metrics` narrows them.

import type { CompareRunsResult } from '../../../../shared/api';
import { compareJson, deltaTable, longTable, outputOfRuns, scoresTable } from '../../../../shared/analysis/compare-report';
import type { ExportItem } from '../../app/exports';
import { saveText } from '../../export/files';
import { tableItems } from '../../export/items';
import { compareForExport } from '../../export/options';

/** The items for a comparison's result (none without one); `xs` are the runs' series x (null: none). */
export function compareExports(result: CompareRunsResult | null, xs: Record<string, number | null>): ExportItem[] {
  if (!result) return [];
  const out = outputOfRuns(result);
  const xsOf = result.runs.map((r) => xs[r.run] ?? null);
  const series = xsOf.filter((x) => x !== null).length >= 2 ? xsOf : undefined;
  // Made when an item runs, narrowed to the Export menu's metric columns as compare --metrics narrows them.
  const chosen = () => compareForExport(out);
  return [
    // The columns the table on screen shows (GCA's parts are not among them, unless chosen).
    ...tableItems({
      id: 'compare-scores',
      group: 'Benchmark: scores',
      stem: 'compare-scores',
      make: () => {
        const o = chosen();
        return scoresTable(o === out ? { ...out, parts: [] } : o);
      },
    }),
    ...tableItems({
      id: 'compare-deltas',
      group: 'Benchmark: deltas against the baseline',
      stem: 'compare-deltas',
      make: () => deltaTable(chosen()),
    }),
    ...tableItems({
      id: 'compare-long',
      group: 'Benchmark: one row per run and metric',
      stem: 'compare',
      make: () => longTable(chosen(), series),
    }),
    {
      id: 'compare-json',
      group: 'Benchmark: one row per run and metric',
      label: 'Save as compare --format json',
      run: (ctx) => saveText(ctx, 'compare.json', compareJson(chosen(), series), 'application/json'),
    },
  ];
}
