// Layer: renderer (pure module, d3 math only). Layout of the side panel's
// turn-by-turn chart: one lane per metric (JGA 0/1, FGA's per-turn score,
// RSA, GCA's C/W/M/O added per turn with the running GCA as a line), sharing
// one band scale of turns. React components only draw what this returns.

import { scaleBand, scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';
import { max } from 'd3-array';
import type { TurnRecord } from '../../../shared/metrics/evaluate';
import type { MetricConfig } from '../../../shared/metrics/config';
import { turnMetricValue, type TurnMetric } from '../model/format';
import { LETTER_CLASS } from '../model/classes';
import type { SlotClass } from '../../../shared/metrics/evaluate';

export interface Bar {
  turn: number;
  x: number;
  y: number;
  w: number;
  h: number;
  value: number;
}

export interface StackBar extends Bar {
  cls: SlotClass;
}

export interface Lane {
  metric: TurnMetric;
  top: number;
  height: number;
  bars: Bar[];
  /** GCA only: the C/W/M/O counts added per turn, stacked. */
  stack: StackBar[];
  /** FGA: the per-turn score; GCA: the running value. SVG path data. */
  path: string | null;
  /** The y of value 0 and 1 in this lane. */
  y0: number;
  y1: number;
}

export interface TurnBand {
  index: number;
  x: number;
  w: number;
  centre: number;
}

export interface ChartLayout {
  width: number;
  height: number;
  left: number;
  turns: TurnBand[];
  lanes: Lane[];
  /** Largest count of GCA changes in one turn (the stack's scale). */
  maxChanges: number;
}

export interface ChartSize {
  width: number;
  laneHeight: number;
  gap: number;
  left: number;
  right: number;
  top: number;
}

export const DEFAULT_SIZE: ChartSize = { width: 300, laneHeight: 46, gap: 14, left: 38, right: 8, top: 6 };

const LANES: TurnMetric[] = ['JGA', 'FGA', 'RSA', 'GCA'];

export function turnChartLayout(turns: readonly TurnRecord[], config: MetricConfig, size: ChartSize = DEFAULT_SIZE): ChartLayout {
  const n = turns.length;
  const x = scaleBand<number>()
    .domain(turns.map((_, i) => i))
    .range([size.left, size.width - size.right])
    .paddingInner(n > 40 ? 0.05 : 0.2)
    .paddingOuter(0.1);
  const w = x.bandwidth();
  const bands: TurnBand[] = turns.map((_, i) => ({ index: i, x: x(i) ?? 0, w, centre: (x(i) ?? 0) + w / 2 }));
  const maxChanges = max(turns, (t) => t.gca.C + t.gca.W + t.gca.M + t.gca.O) ?? 0;

  const lanes: Lane[] = LANES.map((metric, li) => {
    const top = size.top + li * (size.laneHeight + size.gap);
    const y = scaleLinear().domain([0, 1]).range([top + size.laneHeight, top]);
    const lane: Lane = { metric, top, height: size.laneHeight, bars: [], stack: [], path: null, y0: y(0), y1: y(1) };
    if (metric === 'GCA') {
      const yc = scaleLinear()
        .domain([0, Math.max(1, maxChanges)])
        .range([top + size.laneHeight, top]);
      turns.forEach((t, i) => {
        let acc = 0;
        for (const k of ['C', 'W', 'M', 'O'] as const) {
          const v = t.gca[k];
          if (v <= 0) continue;
          lane.stack.push({ turn: i, cls: LETTER_CLASS[k], x: bands[i].x + w * 0.2, w: w * 0.6, y: yc(acc + v), h: yc(acc) - yc(acc + v), value: v });
          acc += v;
        }
      });
      lane.path = linePath(turns, bands, (t) => t.gcaRunning, y);
    } else {
      turns.forEach((t, i) => {
        const v = turnMetricValue(t, metric, config);
        const safe = Number.isFinite(v) ? v : 0;
        lane.bars.push({ turn: i, x: bands[i].x, w, y: y(safe), h: y(0) - y(safe), value: v });
      });
      if (metric === 'FGA') lane.path = linePath(turns, bands, (t) => turnMetricValue(t, 'FGA', config), y);
    }
    return lane;
  });
  const height = size.top + LANES.length * (size.laneHeight + size.gap);
  return { width: size.width, height, left: size.left, turns: bands, lanes, maxChanges };
}

function linePath(turns: readonly TurnRecord[], bands: TurnBand[], value: (t: TurnRecord) => number, y: (v: number) => number): string | null {
  const gen = line<TurnRecord>()
    .defined((t) => Number.isFinite(value(t)))
    .x((_, i) => bands[i].centre)
    .y((t) => y(value(t)));
  return gen(turns as TurnRecord[]);
}

/** Which turn a pointer x falls on, or null. */
export function turnAt(layout: ChartLayout, px: number): number | null {
  for (const b of layout.turns) if (px >= b.x - 1 && px <= b.x + b.w + 1) return b.index;
  return null;
}
