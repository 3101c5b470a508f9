// Layer: renderer (React component). The series of the compared runs: each
// run's x (from `serve --series-x`, else the number that differs across the
// run names, with the part read said, and a choice when several differ;
// editable here), and every metric plotted against x with each run's 95% bootstrap
// interval as a band (a scene of shared/viz/series-chart.ts, drawn by SceneSvg),
// with the axis label and metrics of SeriesControls.

import { useMemo, useState } from 'react';
import type { CompareRunsResult } from '../../../../shared/api';
import { renderSignature } from '../../../../shared/metrics/signature';
import { seriesPanels, seriesScene } from '../../../../shared/viz/series-chart';
import { outputOfRuns, seriesTable } from '../../../../shared/analysis/compare-report';
import { partText, type nameSeriesChoices, type nameSeriesSubset, type NameSeries } from '../../../../shared/analysis/series';
import { useExportPart } from '../../app/exports';
import { sceneItems, tableItems } from '../../export/items';
import { SceneSvg } from '../../components/SceneSvg';
import { chosenColumns, rememberedSeriesChoice, SeriesControls, type SeriesChoice } from './SeriesControls';

/** What the run names say about x (shared/analysis/series.ts), and the choice of number when several differ. */
export interface NamesX {
  /** The runs (indices into the compared runs) whose names form a series, and their x. */
  subset: ReturnType<typeof nameSeriesSubset>;
  /** The whole set of names read as one series (its reason, when it is none). */
  whole: NameSeries;
  /** When names differ in several numbers: the numbers to choose from. */
  choices: ReturnType<typeof nameSeriesChoices>;
  total: number;
  /** x was given on the command line (serve --series-x): the names are not read. */
  fromCommandLine: boolean;
  choice: string | undefined;
  onChoose: (label: string | undefined) => void;
}

interface Props {
  result: CompareRunsResult;
  /** Run id → x (null: not in the series). */
  xs: Record<string, number | null>;
  onX: (run: string, x: number | null) => void;
  width: number;
  names: NamesX;
}

/** The line that says where x comes from: the part of the names read ("x = ratio (0.01, 0.05, 0.1) read from the names"), or why none was. */
function namesNote(n: NamesX): string {
  if (n.fromCommandLine) return 'x as given with serve --series-x.';
  if (n.subset) {
    const some = n.subset.runs.length < n.total ? ` for ${n.subset.runs.length} of the ${n.total} runs` : '';
    return `${n.subset.series.description}${some}.`;
  }
  if (n.choices) return `The run names give no x yet: ${n.choices.reason}.`;
  return n.whole.ok ? '' : `The run names give no x: ${n.whole.reason}.`;
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

export function SeriesPanel({ result, xs, onX, width, names }: Props) {
  // The axis is called what the names call x (ratio, checkpoint), when x was read from them,
  // unless the axis label is set (SeriesControls).
  const namesLabel = !names.fromCommandLine && names.subset ? names.subset.series.part.label : 'x';
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
    return seriesScene(panels, { width, xLabel: choice.label || namesLabel, signature: renderSignature(result.signature) });
  }, [result, xs, width, choice, namesLabel]);
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
        Each run&apos;s x (a data ratio, a checkpoint, …): from <code>serve --series-x</code> or the number that differs across the run
        names. Give at least two runs an x to plot every metric against it, with 95% bootstrap bands.
      </p>
      {namesNote(names) && (
        <p className="series-source" data-testid="series-from-names">
          {namesNote(names)}
        </p>
      )}
      {!names.fromCommandLine && names.choices && (
        <div className="series-parts" role="group" aria-label="the number of the names to take as x">
          x from the names:{' '}
          {names.choices.candidates.map((p) => (
            <button
              key={p.index}
              data-testid="series-part"
              data-part={p.label}
              aria-pressed={names.choice === p.label}
              title={`x = ${partText(p)}`}
              onClick={() => names.onChoose(names.choice === p.label ? undefined : p.label)}
            >
              {p.label}
            </button>
          ))}
        </div>
      )}
      <div className="x-list">
        {result.runs.map((r) => (
          <label key={r.run} title={r.name}>
            <span className="run-name">{r.name}</span>{' '}
            <XInput value={xs[r.run] ?? null} label={`x of ${r.name}`} onChange={(x) => onX(r.run, x)} />
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
