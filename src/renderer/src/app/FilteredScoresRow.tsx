// Layer: renderer (React component). The header's scores of the inspect
// list's filtered subset — every metric of the registry, computed on the
// Node side as the corpus metrics of the dialogues the filter keeps — next to
// the whole corpus's, labelled with the filter and the number of dialogues.

import type { FilteredScores } from '../../../shared/api';
import type { MetricConfig } from '../../../shared/metrics/config';
import { METRICS } from '../../../shared/metrics/registry';
import { renderSignature } from '../../../shared/metrics/signature';
import { metricValue } from '../../../shared/metrics/values';
import { count, pct } from '../model/format';
import './filtered-scores.css';

export function FilteredScoresRow({ filtered, config, total }: { filtered: FilteredScores | null; config: MetricConfig; total: number }) {
  const n = filtered?.scores.dialogues ?? null;
  return (
    <div
      className="filtered-scores"
      data-testid="filtered-scores"
      aria-label="scores of the filtered dialogues"
      title={filtered ? renderSignature(filtered.signature) : undefined}
    >
      <span className="filter-label" data-testid="filtered-label">
        filtered: {filtered ? filtered.label : '…'} · {n === null ? '…' : `${count(n)} of ${count(total)} dialogues`}
      </span>
      <dl className="corpus-scores">
        {METRICS.map((m) => (
          <div key={m.id} title={`${m.about.name} of the filtered dialogues`}>
            <dt>{m.id}</dt>
            <dd data-testid="corpus-metric" data-metric={m.id} data-scope="filtered">
              {filtered && n ? pct(metricValue(filtered.scores.values, m.id, config)) : '—'}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
