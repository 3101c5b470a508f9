// Layer: renderer (React component). Every metric by turn index or by
// dialogue length: the chosen metrics as lines with their seeded bootstrap
// bands, the counts under them, and the table of every metric per position;
// positions with fewer turns than a minimum (default 30, as `analyze
// --min-turns`) are hidden, and the view, the chart and the table say so.

import { useState } from 'react';
import { positionTable } from '../../../../shared/analysis/analysis-tables';
import { DEFAULT_MIN_TURNS, hiddenNote, withMinTurns } from '../../../../shared/analysis/turn-position';
import { HEADLINE } from '../../../../shared/metrics/registry';
import { positionScene } from '../../../../shared/viz/analysis-position';
import { SceneSvg } from '../../components/SceneSvg';
import { errorText, useApiQuery } from '../../app/queries';
import { ExportLinks } from './ExportLinks';
import { columnValue, metricChoices, remember, remembered, type SectionProps } from './shared';
import { TableView } from './TableView';

export function PositionSection({ api, run, config }: SectionProps) {
  const [by, setBy] = useState<'index' | 'length'>(() => remembered('pos.by', 'index'));
  const choices = metricChoices(config);
  const [picked, setPicked] = useState<string[]>(() =>
    // The headline metrics by default (JGA, FGA with the first λ, RSA, GCA).
    remembered(
      'pos.series',
      HEADLINE.map((m) => (m.variants(config) ? `${m.id}_${m.variants(config)![0]}` : m.id)),
    ),
  );
  const series = choices.filter((c) => picked.includes(c.key));
  const [minText, setMinText] = useState(() => String(remembered('pos.minTurns', DEFAULT_MIN_TURNS)));
  const minTurns = /^\d+$/.test(minText.trim()) ? Number(minText) : null;
  // While the box holds no number, the last one it held.
  const shownMin = minTurns ?? remembered('pos.minTurns', DEFAULT_MIN_TURNS);
  const q = useApiQuery(api, 'turnPosition', { run: run.id, rev: run.revision, config, by, bands: series.map((s) => s.key) });
  const p = q.data && q.data.by === by ? withMinTurns(q.data, shownMin) : null;
  const hidden = p ? hiddenNote(p) : null;
  const table = p ? positionTable(p, config) : null;
  const scene =
    p && table
      ? positionScene({
          position: p,
          series: series.map((s) => ({ key: s.key, label: s.label, value: (b) => columnValue(config, s.key, b.values) })),
          signature: table.signature,
          width: 760,
        })
      : null;
  return (
    <section className="analysis-section" aria-label="turn position">
      <div className="analysis-controls">
        <label>
          By{' '}
          <select data-testid="position-by" value={by} onChange={(e) => setBy(remember('pos.by', e.target.value as 'index' | 'length'))}>
            <option value="index">turn index</option>
            <option value="length">dialogue length</option>
          </select>
        </label>
        <label>
          At least{' '}
          <input
            data-testid="position-min-turns"
            inputMode="numeric"
            size={4}
            value={minText}
            aria-invalid={minTurns === null}
            title="Positions holding fewer turns are hidden (0: show every position), as analyze --min-turns"
            onChange={(e) => {
              setMinText(e.target.value);
              if (/^\d+$/.test(e.target.value.trim())) remember('pos.minTurns', Number(e.target.value));
            }}
          />{' '}
          turns per point
        </label>
        <fieldset className="series" aria-label="metrics in the chart">
          {choices.map((c) => (
            <label key={c.key} className="check">
              <input
                type="checkbox"
                checked={picked.includes(c.key)}
                onChange={(e) =>
                  setPicked(remember('pos.series', e.target.checked ? [...picked, c.key] : picked.filter((x) => x !== c.key)))
                }
              />
              {c.label}
            </label>
          ))}
        </fieldset>
      </div>
      <p className="explain">
        {by === 'index'
          ? 'Each point: the corpus metric of the turns with that index (GCA from their summed counts).'
          : 'Each point: the corpus metric of the dialogues with that many turns.'}{' '}
        Bands: 95% percentile bootstrap intervals over resampled dialogues (seeded, so they are the same every time).
      </p>
      {hidden && (
        <p className="explain" data-testid="position-hidden" data-hidden={p?.hidden?.length ?? 0}>
          {hidden} Set the minimum to 0 to show every position.
        </p>
      )}
      {q.error && <p className="error">{errorText(q.error)}</p>}
      {!p && !q.error && <p className="computing">Computing…</p>}
      {scene && <SceneSvg scene={scene} fit="width" className="analysis-chart" testId="position-chart" />}
      {table && (
        <>
          <TableView table={table} rowTestId="position-row" groupKey="key" />
          <ExportLinks name={`turn-position-${by}`} title={`Turn position (by ${by})`} scene={scene} tables={[{ table }]} />
        </>
      )}
    </section>
  );
}
