// Layer: renderer. Export menu items for what most views export: a chart or
// figure (a scene: SVG, PDF and PNG 2× made by the Node side, or a PNG on the
// clipboard) and a table (LaTeX or Markdown on the clipboard, CSV or JSON
// saved) — each carrying the signature its scene or table holds, and each
// made under the Export menu's settings when it runs (options.ts: the metric
// columns, the longest cell, the figure's signature line).

import { renderTableAs, type Table } from '../../../shared/report/tables';
import type { Scene } from '../../../shared/viz/scene';
import type { ExportItem } from '../app/exports';
import { copyPng, copyText, renderScene, saveScene, saveText } from './files';
import { getExportOptions, sceneForExport, tableForExport } from './options';

interface Part<T> {
  /** Prefix of the items' ids (their data-export hooks). */
  id: string;
  /** Menu group: what is exported ("Per-domain chart"). */
  group: string;
  /** File name without extension. */
  stem: string;
  /** Made when the item runs (the latest data), or null while there is none. */
  make: () => T | null;
}

function need<T>(make: () => T | null, what: string): T {
  const v = make();
  if (!v) throw new Error(`no ${what} to export yet`);
  return v;
}

/** Save as SVG, PDF, PNG 2×, and Copy PNG 2×. */
export function sceneItems({ id, group, stem, make }: Part<Scene>): ExportItem[] {
  const scene = () => sceneForExport(need(make, group));
  const save = (format: 'svg' | 'pdf' | 'png') => (ctx: Parameters<ExportItem['run']>[0]) => saveScene(ctx, scene(), stem, format);
  return [
    { id: `${id}-svg`, group, label: 'Save as SVG', run: save('svg') },
    { id: `${id}-pdf`, group, label: 'Save as PDF', run: save('pdf') },
    { id: `${id}-png`, group, label: 'Save as PNG 2×', run: save('png') },
    {
      id: `${id}-copy-png`,
      group,
      label: 'Copy PNG 2×',
      run: async (ctx) => copyPng(ctx, (await renderScene(ctx, scene(), 'png')).bytes, `“${group}”`),
    },
  ];
}

/** A table in an export format under the Export menu's settings. */
export function exportTableText(table: Table, format: 'latex' | 'markdown' | 'csv' | 'json'): string {
  const opts = getExportOptions();
  return renderTableAs(format, tableForExport(table, format, opts), { maxCell: opts.maxCell });
}

/** Copy LaTeX, Copy Markdown, Save CSV, Save JSON. */
export function tableItems({ id, group, stem, make }: Part<Table>): ExportItem[] {
  const text = (format: 'latex' | 'markdown' | 'csv' | 'json') => exportTableText(need(make, group), format);
  return [
    { id: `${id}-latex`, group, label: 'Copy LaTeX', run: (ctx) => copyText(ctx, text('latex'), `“${group}” as LaTeX`) },
    { id: `${id}-markdown`, group, label: 'Copy Markdown', run: (ctx) => copyText(ctx, text('markdown'), `“${group}” as Markdown`) },
    { id: `${id}-csv`, group, label: 'Save CSV', run: (ctx) => saveText(ctx, `${stem}.csv`, text('csv'), 'text/csv') },
    { id: `${id}-json`, group, label: 'Save JSON', run: (ctx) => saveText(ctx, `${stem}.json`, text('json'), 'application/json') },
  ];
}
