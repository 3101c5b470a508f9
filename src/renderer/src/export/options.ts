// Layer: renderer (pure module + a hook). The Export menu's settings,
// remembered for the session (sessionStorage: a reload keeps them, a new
// window starts afresh): which metric columns tables keep (the rule of
// shared/report/metric-subset.ts, as the CLI's --metrics; applied to Copy
// LaTeX, Copy Markdown and Save CSV — Save JSON keeps every metric, as the
// CLI's JSON does), the longest text cell of LaTeX and Markdown (--max-cell),
// and whether figures carry their signature line (figure --no-signature).

import { useSyncExternalStore } from 'react';
import { restrictMetrics } from '../../../shared/analysis/compare-report';
import type { CompareOutput } from '../../../shared/analysis/run-comparison';
import { subsetTable } from '../../../shared/report/metric-subset';
import { DEFAULT_MAX_CELL, type Table } from '../../../shared/report/tables';
import type { Scene } from '../../../shared/viz/scene';
import { exportScene } from '../../../shared/viz/signature-footer';

export interface ExportOptions {
  /** Metric ids and column keys tables keep (null: every metric). */
  metrics: string[] | null;
  /** Longest text cell in LaTeX and Markdown (0: no limit). */
  maxCell: number;
  /** Figures carry their signature line. */
  signature: boolean;
}

export const DEFAULT_EXPORT_OPTIONS: ExportOptions = { metrics: null, maxCell: DEFAULT_MAX_CELL, signature: true };
const KEY = 'dst-inspector.export-options';
/** The largest cell width the settings take. */
export const MAX_CELL_LIMIT = 10_000;

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Stored settings read back, anything malformed replaced by its default. */
export function parseOptions(text: string | null): ExportOptions {
  if (!text) return DEFAULT_EXPORT_OPTIONS;
  try {
    const o = JSON.parse(text) as Partial<Record<keyof ExportOptions, unknown>>;
    const metrics =
      Array.isArray(o.metrics) && o.metrics.length > 0 && o.metrics.every((m) => typeof m === 'string' && m.length <= 40)
        ? (o.metrics as string[])
        : null;
    const maxCell =
      typeof o.maxCell === 'number' && Number.isInteger(o.maxCell) && o.maxCell >= 0 && o.maxCell <= MAX_CELL_LIMIT
        ? o.maxCell
        : DEFAULT_MAX_CELL;
    return { metrics, maxCell, signature: o.signature !== false };
  } catch {
    return DEFAULT_EXPORT_OPTIONS;
  }
}

let current: ExportOptions | null = null;
const listeners = new Set<() => void>();

export function getExportOptions(): ExportOptions {
  current ??= parseOptions(sessionStore()?.getItem(KEY) ?? null);
  return current;
}

export function setExportOptions(patch: Partial<ExportOptions>): void {
  current = { ...getExportOptions(), ...patch };
  try {
    sessionStore()?.setItem(KEY, JSON.stringify(current));
  } catch {
    // A refused storage keeps the settings for this page only.
  }
  for (const l of listeners) l();
}

export function useExportOptions(): ExportOptions {
  return useSyncExternalStore((l) => {
    listeners.add(l);
    return () => listeners.delete(l);
  }, getExportOptions);
}

/** An Error a user can read when the chosen metrics leave a table without numbers. */
function userError(e: unknown): never {
  if (e instanceof RangeError) throw new Error(`${e.message} (Export › Table columns chooses them)`);
  throw e;
}

/** A table as exported under the settings: the chosen metric columns (JSON: every one). */
export function tableForExport(t: Table, format: 'latex' | 'markdown' | 'csv' | 'json', opts = getExportOptions()): Table {
  if (format === 'json') return t;
  try {
    return subsetTable(t, opts.metrics);
  } catch (e) {
    return userError(e);
  }
}

/**
 * A comparison narrowed to the chosen metrics, as `compare --metrics` narrows
 * it (its tables and comparisons); ids this comparison has no column for
 * (an FGA λ of another configuration) are passed over.
 */
export function compareForExport(out: CompareOutput, opts = getExportOptions()): CompareOutput {
  if (!opts.metrics) return out;
  const known = new Set(out.columns.flatMap((c) => [c.metric, c.key]));
  const wanted = opts.metrics.filter((m) => known.has(m) || ['VP', 'VR', 'LP', 'LR'].includes(m));
  if (!wanted.some((m) => known.has(m)))
    return userError(
      new RangeError(
        `none of the chosen metrics (${opts.metrics.join(', ')}) is in this comparison; it has ${out.columns.map((c) => c.key).join(', ')}`,
      ),
    );
  try {
    return restrictMetrics(out, wanted);
  } catch (e) {
    return userError(e);
  }
}

/** A figure as exported under the settings: with or without its signature line. */
export function sceneForExport(scene: Scene, opts = getExportOptions()): Scene {
  return exportScene(scene, { signature: opts.signature });
}
