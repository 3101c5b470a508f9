// Layer: renderer (React component). The right pane: the dialogue's totals
// (every metric, GCA's parts VP/VR/LP/LR, its counts, TO and NU — each name
// with its definition on hover or focus; "no changes" where GCA is undefined)
// with the metric signature, the per-turn chart, and a table of each turn's
// contribution (the numbers the chart draws). The pane is one Tab stop, and
// resizable (drag or arrow keys on its left edge; the width is remembered);
// the chart grows with it.

import type { DialogueDetail } from '../../../shared/api';
import type { MetricConfig } from '../../../shared/metrics/config';
import { HEADLINE, HEADLINE_IDS, headlineLabel, METRICS, metricById } from '../../../shared/metrics/registry';
import { renderSignature } from '../../../shared/metrics/signature';
import { gcaCountsOf, hasNoChanges, metricValue } from '../../../shared/metrics/values';
import { useRef } from 'react';
import { useRovingFocus } from '../app/roving';
import { gcaDeltaText, pct, turnMetricText, TURN_METRICS } from '../model/format';
import { metricHelp, RSA_EMPTY } from '../model/metric-help';
import { MetricTerm } from './MetricTerm';
import { PanelResizer, usePanelWidth } from './PanelResizer';
import { TurnChart } from './TurnChart';

/** GCA's parts, shown beside its score. */
const GCA_PARTS = ['VP', 'VR', 'LP', 'LR'] as const;

interface Props {
  detail: DialogueDetail | null;
  config: MetricConfig;
  turn: number;
  hoverTurn: number | null;
  onHover: (i: number | null) => void;
  onTurn: (i: number) => void;
  /** False where a layout gives the panel its width (the playground's column): no resize handle, no remembered width. */
  resizable?: boolean;
}

export function MetricPanel({ detail, config, turn, hoverTurn, onHover, onTurn, resizable = true }: Props) {
  const [remembered, setWidth] = usePanelWidth();
  const width = resizable ? remembered : null;
  const totalsRef = useRef<HTMLDivElement>(null);
  useRovingFocus(totalsRef);
  const style = width ? { width } : undefined;
  const resizer = resizable ? <PanelResizer width={width} onWidth={setWidth} /> : null;
  if (!detail)
    return (
      <aside className="metric-panel empty" aria-label="metrics" style={style}>
        {resizer}
      </aside>
    );
  // The headline metrics first, then the rest of the registry.
  const order = [...HEADLINE_IDS, ...METRICS.map((m) => m.id).filter((id) => !HEADLINE_IDS.includes(id))];
  const totals: [string, number | null][] = order.map((id) => [id, metricValue(detail.values, id, config)]);
  const label = (id: string) => headlineLabel(metricById(id)!, config);
  const turns = detail.perTurn ?? [];
  // A running metric's values for display (GCA: null before the dialogue's first change).
  const running = new Map(HEADLINE.map((m) => [m.id, m.headline?.running?.shown(turns)]));
  const c = gcaCountsOf(detail.values);
  const noChanges = hasNoChanges(detail.values);
  const side = (i: number) => (i % 3 === 2 ? 'end' : 'start');
  return (
    <aside className="metric-panel" aria-label="metrics of this dialogue" style={style}>
      {resizer}
      {/* The body scrolls; the resize handle stays put on the panel's edge. */}
      <div className="metric-panel-body">
        <h2>Dialogue scores</h2>
        <div
          ref={totalsRef}
          className="totals-group"
          aria-label="scores of this dialogue (arrow keys move between them; Enter opens the metric reference)"
          role="group"
        >
          <dl className="totals">
            {totals.map(([k, v], i) => (
              <div key={k} className="total">
                <dt>
                  <MetricTerm id={k} side={side(i)}>
                    {label(k)}
                  </MetricTerm>
                </dt>
                {k === 'GCA' && noChanges ? (
                  <dd data-testid="dialogue-metric" data-metric={k} className="no-changes" title={metricHelp('no-changes')?.definition}>
                    no changes
                  </dd>
                ) : (
                  <dd data-testid="dialogue-metric" data-metric={k}>
                    {pct(v)}
                  </dd>
                )}
              </div>
            ))}
          </dl>
          <dl className="totals gca-parts" aria-label="GCA's parts">
            {GCA_PARTS.map((k, i) => (
              <div key={k} className="total part">
                <dt>
                  <MetricTerm id={k} side={i === GCA_PARTS.length - 1 ? 'end' : 'start'} />
                </dt>
                <dd data-testid="dialogue-metric" data-metric={k}>
                  {pct(metricValue(detail.values, k))}
                </dd>
              </div>
            ))}
          </dl>
          <p className="counts">
            <MetricTerm id="GCA">GCA counts</MetricTerm>: C {c.C} · W {c.W} · M {c.M} · O {c.O}
            {noChanges && <span className="muted"> (no changes: GCA undefined)</span>}
            {' · '}
            <span className="nowrap">
              <MetricTerm id="TO" />{' '}
              <span data-testid="dialogue-trait" data-trait="TO">
                {detail.TO === null ? '—' : detail.TO.toFixed(2)}
              </span>
            </span>
            {' · '}
            <span className="nowrap">
              <MetricTerm id="NU" side="end" />{' '}
              <span data-testid="dialogue-trait" data-trait="NU">
                {detail.NU === null ? '—' : detail.NU.toFixed(2)}
              </span>
            </span>
          </p>
        </div>
        <p className="signature" title="metric signature: the settings these numbers depend on">
          {renderSignature(detail.signature)}
        </p>
        <h3>Per turn</h3>
        <TurnChart
          turns={turns}
          config={config}
          selected={turn}
          hovered={hoverTurn}
          onHover={onHover}
          onSelect={onTurn}
          signature={renderSignature(detail.signature)}
        />
        <table className="turn-table">
          <thead>
            <tr>
              <th scope="col">turn</th>
              {TURN_METRICS.map((m) => (
                <th key={m} scope="col">
                  {running.get(m) ? `${m} run.` : m}
                </th>
              ))}
              <th scope="col">GCA Δ</th>
            </tr>
          </thead>
          <tbody>
            {turns.map((rec, i) => (
              <tr
                key={i}
                className={`${i === turn ? 'selected' : ''}${i === hoverTurn ? ' hovered' : ''}`}
                onMouseEnter={() => onHover(i)}
                onMouseLeave={() => onHover(null)}
                onClick={() => onTurn(i)}
              >
                <th scope="row">{rec.turn}</th>
                {TURN_METRICS.map((m) => (
                  <td
                    key={m}
                    data-testid="turn-metric"
                    data-turn={rec.turn}
                    data-position={i}
                    data-metric={m}
                    title={m === 'RSA' && rec.slots.length === 0 ? RSA_EMPTY : undefined}
                  >
                    {turnMetricText(rec, m, config, running.get(m)?.[i])}
                  </td>
                ))}
                <td className="gca-delta">{gcaDeltaText(rec)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </aside>
  );
}
