// Layer: renderer (React component). The Export menu's table settings, as
// the CLI's --metrics and --max-cell take them: every metric (each table as
// it is) or only chosen metric columns — metric ids, FGA per λ, GCA's parts
// beside at least one metric (the rule of shared/report/metric-subset.ts) —
// and the longest text cell of LaTeX and Markdown. Kept for the session
// (export/options.ts); they apply to Copy LaTeX, Copy Markdown and Save CSV.

import { useState } from 'react';
import type { MetricConfig } from '../../../shared/metrics/config';
import { defaultConfig } from '../../../shared/metrics/config';
import { checkMetricSubset, metricTags } from '../../../shared/report/metric-subset';
import { headerOfKey } from '../../../shared/report/rows';
import { DEFAULT_MAX_CELL } from '../../../shared/report/tables';
import { MAX_CELL_LIMIT, setExportOptions, type ExportOptions } from '../export/options';
import { Modal } from './Modal';

export function ExportOptionsDialog({
  config,
  options,
  onClose,
}: {
  config: MetricConfig | null;
  options: ExportOptions;
  onClose: () => void;
}) {
  const tags = metricTags(config ?? defaultConfig());
  const [only, setOnly] = useState(options.metrics !== null);
  const [picked, setPicked] = useState<string[]>(() =>
    options.metrics ? tags.filter((t) => options.metrics!.includes(t.key) || options.metrics!.includes(t.id)).map((t) => t.key) : [],
  );
  const [cell, setCell] = useState(String(options.maxCell));
  const cellValue = /^\d+$/.test(cell.trim()) && Number(cell) <= MAX_CELL_LIMIT ? Number(cell) : null;
  let problem: string | null = null;
  if (only)
    try {
      checkMetricSubset(tags, picked);
    } catch (e) {
      problem = e instanceof Error ? e.message : String(e);
    }
  if (cellValue === null) problem ??= `the cell width is a whole number of characters from 0 (no limit) to ${MAX_CELL_LIMIT}`;

  const save = () => {
    if (problem || cellValue === null) return;
    // Keys in the order tables show them.
    setExportOptions({ metrics: only ? tags.filter((t) => picked.includes(t.key)).map((t) => t.key) : null, maxCell: cellValue });
    onClose();
  };
  const toggle = (key: string, on: boolean) => {
    setOnly(true);
    setPicked((p) => (on ? [...p, key] : p.filter((k) => k !== key)));
  };

  return (
    <Modal title="Table exports" onClose={onClose} testId="export-options-dialog">
      <form
        className="export-options"
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <fieldset>
          <legend>Metric columns of Copy LaTeX, Copy Markdown and Save CSV (as --metrics)</legend>
          <label className="check">
            <input type="radio" name="which" data-testid="export-all-metrics" checked={!only} onChange={() => setOnly(false)} />
            every metric, as each table has it
          </label>
          <label className="check">
            <input type="radio" name="which" data-testid="export-only-metrics" checked={only} onChange={() => setOnly(true)} />
            only these:
          </label>
          <div className="metric-picks">
            {tags.map((t) => (
              <label key={t.key} className="check" title={t.part ? 'GCA’s part: shown beside the metrics' : undefined}>
                <input
                  type="checkbox"
                  data-testid="export-metric"
                  data-metric={t.key}
                  checked={only && picked.includes(t.key)}
                  onChange={(e) => toggle(t.key, e.target.checked)}
                />
                {headerOfKey(t.key).header}
              </label>
            ))}
          </div>
          <p className="hint">
            Save JSON keeps every metric, as the command line’s JSON does. A table that has none of the chosen metrics is not exported (the
            status line says why).
          </p>
        </fieldset>
        <label>
          Longest text cell in LaTeX and Markdown (characters; 0: no limit; default {DEFAULT_MAX_CELL})
          <input
            data-testid="export-max-cell"
            inputMode="numeric"
            value={cell}
            size={6}
            aria-invalid={cellValue === null}
            onChange={(e) => setCell(e.target.value)}
          />
        </label>
        <p className="hint">Longer cells end in “…” and the table’s note says so; CSV and JSON hold them whole.</p>
        {problem && (
          <p className="error" role="alert" data-testid="export-options-problem">
            {problem}
          </p>
        )}
        <div className="actions">
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" data-testid="export-options-done" disabled={problem !== null}>
            Done
          </button>
        </div>
      </form>
    </Modal>
  );
}
