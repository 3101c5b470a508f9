// Layer: renderer (React component). A/B: both dialogues' scores side by side
// with the difference B − A and which side each metric prefers, and GCA's
// counts — the GCA paper's P1 vs P2 argument on one screen. Every number is
// the engine's (compare-model.ts), with the signature they share.

import type { DialogueDetail } from '../../../../shared/api';
import type { MetricConfig } from '../../../../shared/metrics/config';
import { headlineLabel, metricById } from '../../../../shared/metrics/registry';
import { renderSignature } from '../../../../shared/metrics/signature';
import { pct } from '../../model/format';
import { compareRows, countsText, deltaText, verdict } from './compare-model';

interface Props {
  a: DialogueDetail;
  b: DialogueDetail;
  staleA: boolean;
  staleB: boolean;
  config: MetricConfig;
}

export function Comparison({ a, b, staleA, staleB, config }: Props) {
  const rows = compareRows(a, b, config);
  const name = (m: string) => headlineLabel(metricById(m)!, config);
  return (
    <section className="pg-compare" aria-label="A and B compared" data-testid="playground-compare">
      <table>
        <thead>
          <tr>
            <th scope="col" />
            {rows.map((r) => (
              <th key={r.metric} scope="col">
                {name(r.metric)}
              </th>
            ))}
            <th scope="col">GCA counts</th>
          </tr>
        </thead>
        <tbody>
          {(['A', 'B'] as const).map((side) => (
            <tr key={side} className={(side === 'A' ? staleA : staleB) ? 'stale' : ''}>
              <th scope="row">
                {side}
                {(side === 'A' ? staleA : staleB) && <span className="stale-mark"> (stale)</span>}
              </th>
              {rows.map((r) => (
                <td
                  key={r.metric}
                  data-testid="compare-metric"
                  data-metric={r.metric}
                  data-side={side}
                  className={r.prefers === side ? 'better' : ''}
                >
                  {pct(side === 'A' ? r.a : r.b)}
                </td>
              ))}
              <td>{countsText(side === 'A' ? a : b)}</td>
            </tr>
          ))}
          <tr className="delta">
            <th scope="row">B − A</th>
            {rows.map((r) => (
              <td
                key={r.metric}
                data-testid="compare-metric"
                data-metric={r.metric}
                data-side="delta"
                title={r.prefers === 'tie' ? 'tie' : r.prefers ? `prefers ${r.prefers}` : ''}
              >
                {deltaText(r.delta)}
              </td>
            ))}
            <td />
          </tr>
        </tbody>
      </table>
      <p className="pg-verdict" data-testid="playground-verdict">
        {verdict(rows)}
      </p>
      <p className="signature" title="metric signature: the settings these numbers depend on">
        {renderSignature(a.signature)}
      </p>
    </section>
  );
}
