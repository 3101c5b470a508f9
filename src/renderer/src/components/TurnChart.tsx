// Layer: renderer (React component). Draws the turn-by-turn chart laid out by
// viz/turn-chart.ts; hovering a turn reports it so the dialogue highlights it.

import { useMemo } from 'react';
import type { TurnRecord } from '../../../shared/metrics/evaluate';
import type { MetricConfig } from '../../../shared/metrics/config';
import { CLASS_STYLE } from '../model/classes';
import { turnChartLayout, turnAt, DEFAULT_SIZE } from '../viz/turn-chart';

interface Props {
  turns: TurnRecord[];
  config: MetricConfig;
  selected: number;
  hovered: number | null;
  onHover: (i: number | null) => void;
  onSelect: (i: number) => void;
}

const LANE_TITLE: Record<string, string> = {
  JGA: 'JGA 0/1',
  FGA: 'FGA',
  RSA: 'RSA',
  GCA: 'GCA',
};

export function ChartLegend() {
  return (
    <p className="chart-legend">
      Bars: the turn&apos;s score (JGA 0/1, FGA with its decay, RSA). Line in FGA: the per-turn score. GCA: counts added by the turn,{' '}
      {(['correct', 'wrong', 'missed', 'overshot'] as const).map((c) => (
        <span key={c} className="legend-swatch" style={{ color: CLASS_STYLE[c].colour }}>
          ■<span className="legend-letter">{CLASS_STYLE[c].letter}</span>{' '}
        </span>
      ))}
      ; dashed line: running GCA.
    </p>
  );
}

export function TurnChart({ turns, config, selected, hovered, onHover, onSelect }: Props) {
  const layout = useMemo(() => turnChartLayout(turns, config, DEFAULT_SIZE), [turns, config]);
  const pick = (e: React.MouseEvent<SVGSVGElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    const px = ((e.clientX - box.left) / box.width) * layout.width;
    return turnAt(layout, px);
  };
  return (
    <svg
      className="turn-chart"
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      role="img"
      aria-label="per-turn JGA, FGA, RSA and GCA"
      onMouseMove={(e) => onHover(pick(e))}
      onMouseLeave={() => onHover(null)}
      onClick={(e) => {
        const t = pick(e);
        if (t !== null) onSelect(t);
      }}
    >
      {layout.turns.map((b) => (
        <rect key={`bg${b.index}`} className={`band${b.index === selected ? ' selected' : ''}${b.index === hovered ? ' hovered' : ''}`} x={b.x - 1} y={0} width={b.w + 2} height={layout.height} />
      ))}
      {layout.lanes.map((lane) => (
        <g key={lane.metric} className={`lane lane-${lane.metric}`}>
          <text className="lane-label" x={2} y={lane.top + 10}>
            {LANE_TITLE[lane.metric]}
          </text>
          <line className="axis" x1={layout.left} x2={layout.width} y1={lane.y0} y2={lane.y0} />
          <line className="axis top" x1={layout.left} x2={layout.width} y1={lane.y1} y2={lane.y1} />
          {lane.bars.map((b) => (
            <rect key={b.turn} className="bar" x={b.x} y={b.y} width={b.w} height={Math.max(0, b.h)} />
          ))}
          {lane.stack.map((b) => (
            <rect key={`${b.turn}${b.cls}`} className={`stack cls-${b.cls}`} x={b.x} y={b.y} width={b.w} height={Math.max(0, b.h)} fill={CLASS_STYLE[b.cls].colour}>
              <title>{`turn ${b.turn}: +${b.value} ${CLASS_STYLE[b.cls].label}`}</title>
            </rect>
          ))}
          {lane.path && <path className={`line line-${lane.metric}`} d={lane.path} />}
        </g>
      ))}
      {layout.turns.length <= 30 &&
        layout.turns.map((b) => (
          <text key={`t${b.index}`} className="turn-tick" x={b.centre} y={layout.height - 2} textAnchor="middle">
            {b.index}
          </text>
        ))}
    </svg>
  );
}
