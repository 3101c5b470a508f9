// Layer: renderer (React component). The right pane: the dialogue's totals
// with the metric signature, the per-turn chart, and a table of each turn's
// contribution (the numbers the chart draws). The pane is resizable (drag or
// arrow keys on its left edge; the width is remembered) and the chart grows
// with it.

import type { DialogueDetail } from '../../../shared/api';
import type { MetricConfig } from '../../../shared/metrics/config';
import { lambdaKey } from '../../../shared/metrics/config';
import { METRICS } from '../../../shared/metrics/registry';
import { renderSignature } from '../../../shared/metrics/signature';
import { gcaCountsOf, metricValue } from '../../../shared/metrics/values';
import { gcaDeltaText, pct, turnMetricText, TURN_METRICS } from '../model/format';
import { PanelResizer, usePanelWidth } from './PanelResizer';
import { TurnChart } from './TurnChart';

interface Props {
  detail: DialogueDetail | null;
  config: MetricConfig;
  turn: number;
  hoverTurn: number | null;
  onHover: (i: number | null) => void;
  onTurn: (i: number) => void;
}

export function MetricPanel({ detail, config, turn, hoverTurn, onHover, onTurn }: Props) {
  const [width, setWidth] = usePanelWidth();
  const style = width ? { width } : undefined;
  const resizer = <PanelResizer width={width} onWidth={setWidth} />;
  if (!detail)
    return (
      <aside className="metric-panel empty" aria-label="metrics" style={style}>
        {resizer}
      </aside>
    );
  const lk = lambdaKey(config.lambdas[0]);
  // The papers' headline metrics first, then the rest of the registry.
  const first = ['JGA', 'FGA', 'RSA', 'GCA'];
  const order = [...first, ...METRICS.map((m) => m.id).filter((id) => !first.includes(id))];
  const totals: [string, number | null][] = order.map((id) => [id, metricValue(detail.values, id, config)]);
  const turns = detail.perTurn ?? [];
  const c = gcaCountsOf(detail.values);
  return (
    <aside className="metric-panel" aria-label="metrics of this dialogue" style={style}>
      {resizer}
      <h2>Dialogue scores</h2>
      <dl className="totals">
        {totals.map(([k, v]) => (
          <div key={k} className="total">
            <dt>{k === 'FGA' ? `FGA λ=${lk}` : k}</dt>
            <dd data-testid="dialogue-metric" data-metric={k}>
              {pct(v)}
            </dd>
          </div>
        ))}
      </dl>
      <p className="counts" title="GCA's counts over the dialogue: Correct, Wrong, Missed, Overshot">
        C {c.C} · W {c.W} · M {c.M} · O {c.O}
        {detail.TO !== null && ` · TO ${detail.TO.toFixed(2)}`}
        {detail.NU !== null && ` · NU ${detail.NU.toFixed(2)}`}
      </p>
      <p className="signature" title="metric signature: the settings these numbers depend on">
        {renderSignature(detail.signature)}
      </p>
      <h3>Per turn</h3>
      <TurnChart turns={turns} config={config} selected={turn} hovered={hoverTurn} onHover={onHover} onSelect={onTurn} signature={renderSignature(detail.signature)} />
      <table className="turn-table">
        <thead>
          <tr>
            <th scope="col">turn</th>
            {TURN_METRICS.map((m) => (
              <th key={m} scope="col">
                {m === 'GCA' ? 'GCA run.' : m}
              </th>
            ))}
            <th scope="col">GCA Δ</th>
          </tr>
        </thead>
        <tbody>
          {turns.map((rec, i) => (
            <tr key={i} className={`${i === turn ? 'selected' : ''}${i === hoverTurn ? ' hovered' : ''}`} onMouseEnter={() => onHover(i)} onMouseLeave={() => onHover(null)} onClick={() => onTurn(i)}>
              <th scope="row">{rec.turn}</th>
              {TURN_METRICS.map((m) => (
                <td key={m} data-testid="turn-metric" data-turn={rec.turn} data-position={i} data-metric={m}>
                  {turnMetricText(rec, m, config)}
                </td>
              ))}
              <td className="gca-delta">{gcaDeltaText(rec)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </aside>
  );
}
