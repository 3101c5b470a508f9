// Layer: renderer (React components). The header's scores of the inspect
// list's filtered subset — every metric of the registry, computed on the
// Node side as the corpus metrics of the dialogues the filter keeps — on a
// line of their own under the corpus's, each under the same metric, with the
// filter and the number of dialogues at the line's start. The line's room is
// kept while no filter is on (an empty line of the same size), so turning a
// filter on or off never changes the header's height (no layout shift).

import type { FilteredScores } from '../../../shared/api';
import type { MetricConfig } from '../../../shared/metrics/config';
import { METRICS } from '../../../shared/metrics/registry';
import { renderSignature } from '../../../shared/metrics/signature';
import { metricValue } from '../../../shared/metrics/values';
import { count, pct } from '../model/format';
import './filtered-scores.css';

/** A filter is on: its scores (null while they are computed) and the corpus's number of dialogues. */
export interface FilteredState {
  scores: FilteredScores | null;
  total: number;
}

/** The line labels at the start of the score block: the corpus line, and the filter's (kept empty without one). */
export function ScoreLineLabels({ filtered }: { filtered: FilteredState | null }) {
  const f = filtered?.scores ?? null;
  const n = f?.scores.dialogues ?? null;
  return (
    <div className="score-lines">
      <span className="line-name" aria-hidden="true" />
      <span className="line-name corpus-line">all dialogues</span>
      {filtered ? (
        <span
          className="line-name filtered-line"
          data-testid="filtered-scores"
          aria-label="scores of the filtered dialogues"
          title={f ? `${f.label} · ${renderSignature(f.signature)}` : undefined}
        >
          {/* A long filter is cut short on screen (in full in the tooltip); the count always shows. */}
          <span className="filter-label" data-testid="filtered-label">
            <span className="what">filtered: {f ? f.label : '…'} ·</span>{' '}
            <span className="n">{n === null ? '…' : `${count(n)} of ${count(filtered.total)} dialogues`}</span>
          </span>
        </span>
      ) : (
        <span className="line-name filtered-line" aria-hidden="true" />
      )}
    </div>
  );
}

/** One metric's value for the filtered subset, under its corpus value (an empty line of the same size without a filter). */
export function FilteredValue({ metric, filtered, config }: { metric: string; filtered: FilteredState | null; config: MetricConfig }) {
  if (!filtered) return <dd className="filtered-value" aria-hidden="true" />;
  const f = filtered.scores;
  const about = METRICS.find((m) => m.id === metric)?.about.name ?? metric;
  return (
    <dd
      className="filtered-value"
      data-testid="corpus-metric"
      data-metric={metric}
      data-scope="filtered"
      title={`${about} of the filtered dialogues`}
    >
      {f && f.scores.dialogues ? pct(metricValue(f.scores.values, metric, config)) : '—'}
    </dd>
  );
}
