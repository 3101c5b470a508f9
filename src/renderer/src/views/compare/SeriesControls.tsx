// Layer: renderer (React component). The series figure's own settings, as
// `compare --series-figure` takes them: the x axis label (--x-label) and the
// metrics drawn, one panel each (--metrics; GCA's parts have no interval and
// are not drawn). Remembered for the session, so a figure made for a paper
// keeps its look while the runs change.

import { useId } from 'react';
import type { StatColumn } from '../../../../shared/analysis/columns';
import { MAX_X_LABEL } from '../../../../shared/viz/series-chart';

export interface SeriesChoice {
  /** The x axis label ("" : the default "x"). */
  label: string;
  /** Column keys drawn (null: every column). */
  metrics: string[] | null;
}

const KEY = 'dst-inspector.series-figure';

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The session's last choice (or the default: "x", every metric). */
export function rememberedSeriesChoice(): SeriesChoice {
  try {
    const o = JSON.parse(sessionStore()?.getItem(KEY) ?? 'null') as Partial<SeriesChoice> | null;
    const label = typeof o?.label === 'string' ? o.label.slice(0, MAX_X_LABEL) : '';
    const metrics = Array.isArray(o?.metrics) && o.metrics.every((m) => typeof m === 'string') ? o.metrics : null;
    return { label, metrics };
  } catch {
    return { label: '', metrics: null };
  }
}

export function rememberSeriesChoice(c: SeriesChoice): SeriesChoice {
  try {
    sessionStore()?.setItem(KEY, JSON.stringify(c));
  } catch {
    // Kept for this page only.
  }
  return c;
}

/** The columns a choice draws: the chosen ones present here, else (none of them present) every column. */
export function chosenColumns(columns: readonly StatColumn[], choice: SeriesChoice): StatColumn[] {
  if (!choice.metrics) return [...columns];
  const kept = columns.filter((c) => choice.metrics!.includes(c.key));
  return kept.length ? kept : [...columns];
}

export function SeriesControls({
  columns,
  value,
  onChange,
}: {
  columns: readonly StatColumn[];
  value: SeriesChoice;
  onChange: (c: SeriesChoice) => void;
}) {
  const id = useId();
  const shown = new Set(chosenColumns(columns, value).map((c) => c.key));
  const toggle = (key: string, on: boolean) => {
    const next = columns.filter((c) => (c.key === key ? on : shown.has(c.key))).map((c) => c.key);
    // At least one panel; all of them is "every metric".
    if (next.length === 0) return;
    onChange(rememberSeriesChoice({ ...value, metrics: next.length === columns.length ? null : next }));
  };
  return (
    <div className="series-controls" data-testid="series-controls">
      <label htmlFor={`${id}-label`}>
        x axis label{' '}
        <input
          id={`${id}-label`}
          data-testid="series-x-label-input"
          value={value.label}
          placeholder="x"
          maxLength={MAX_X_LABEL}
          size={22}
          onChange={(e) => onChange(rememberSeriesChoice({ ...value, label: e.target.value }))}
        />
      </label>
      <fieldset aria-label="metrics in the series figure">
        <span className="legend" aria-hidden="true">
          metrics
        </span>
        {columns.map((c) => (
          <label key={c.key} className="check">
            <input
              type="checkbox"
              data-testid="series-metric"
              data-metric={c.key}
              checked={shown.has(c.key)}
              disabled={shown.size === 1 && shown.has(c.key)}
              onChange={(e) => toggle(c.key, e.target.checked)}
            />
            {c.header}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
