// Layer: renderer (React component). The series of the compared runs: each
// run's x (from `serve --series-x`, else the number in its name; editable
// here), and every metric plotted against x with each run's 95% bootstrap
// interval as a band (a scene of shared/viz/series-chart.ts, drawn by SceneSvg),
// with the axis label and metrics of SeriesControls.

import { useMemo, useState } from 'react';
import type { CompareRunsResult } from '../../../../shared/api';
import { renderSignature } from '../../../../shared/metrics/signature';
import { seriesPanels, seriesScene } from '../../../../shared/viz/series-chart';
import { outputOfRuns, seriesTable } from '../../../../shared/analysis/compare-report';
import { useExportPart } from '../../app/exports';
import { sceneItems, tableItems } from '../../export/items';
import { SceneSvg } from '../../components/SceneSvg';
import { chosenColumns, rememberedSeriesChoice, SeriesControls, type SeriesChoice } from './SeriesControls';

interface Props {
  result: CompareRunsResult;
  /** Run id → x (null: not in the series). */
  xs: Record<string, number | null>;
  onX: (run: string, x: number | null) => void;
  width: number;
}

function XInput({ value, onChange, label }: { value: number | null; onChange: (x: number | null) => void; label: string }) {
  const [text, setText] = useState<string | null>(null);
  const shown = text ?? (value === null ? '' : String(value));
  const commit = () => {
    if (text === null) return;
    const v = text.trim() === '' ? null : Number(text);
    setText(null);
    if (v === null || Number.isFinite(v)) onChange(v);
  };
  return (
    <input
      className="x-input"
      data-testid="series-x"
      aria-label={label}
      value={shown}
      size={6}
      aria-invalid={text !== null && text.trim() !== '' && !Number.isFinite(Number(text))}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => e.key === 'Enter' && commit()}
    />
  );
}

export function SeriesPanel({ result, xs, onX, width }: Props) {
  // The figure's axis label and metrics (SeriesControls), as compare --series-figure --x-label --metrics.
  const [choice, setChoice] = useState<SeriesChoice>(rememberedSeriesChoice);
  const scene = useMemo(() => {
    const points = result.runs.filter((r) => xs[r.run] !== null && xs[r.run] !== undefined);
    if (points.length < 2) return null;
    const out = { ...outputOfRuns(result), columns: chosenColumns(result.columns, choice) };
    const panels = seriesPanels(
      out,
      result.runs.map((r) => xs[r.run] ?? null),
    );
    return seriesScene(panels, { width, xLabel: choice.label, signature: renderSignature(result.signature) });
  }, [result, xs, width, choice]);
  const items = useMemo(() => {
    if (!scene) return [];
    const out = outputOfRuns(result);
    const xsOf = result.runs.map((r) => xs[r.run] ?? null);
    return [
      ...sceneItems({ id: 'series-chart', group: 'Series chart', stem: 'series', make: () => scene }),
      ...tableItems({ id: 'series-table', group: 'Series table', stem: 'series', make: () => seriesTable(out, xsOf) }),
    ];
  }, [scene, result, xs]);
  useExportPart('compare-series', items);
  return (
    <section className="series" aria-label="series" data-testid="series-section">
      <h2>Series</h2>
      <p className="hint">
        Each run&apos;s x (a data ratio, a checkpoint, …): from <code>serve --series-x</code> or the number in its name. Give at least two
        runs an x to plot every metric against it, with 95% bootstrap bands.
      </p>
      <div className="x-list">
        {result.runs.map((r) => (
          <label key={r.run}>
            {r.name} <XInput value={xs[r.run] ?? null} label={`x of ${r.name}`} onChange={(x) => onX(r.run, x)} />
          </label>
        ))}
      </div>
      {scene && <SeriesControls columns={result.columns} value={choice} onChange={setChoice} />}
      {scene ? (
        <SceneSvg scene={scene} testId="series-chart" fit="width" />
      ) : (
        <p className="hint">No series: fewer than two runs have an x.</p>
      )}
    </section>
  );
}
