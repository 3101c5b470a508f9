// Layer: shared (pure TS). The breakdown chart: one band per group (domain
// or slot), one horizontal bar per metric in it, value labels at the bars'
// ends, and, when a second run is compared, a tick at that run's value
// (the RSA paper's Table 2 as a picture). A value label that the compared
// run's tick would cross moves past the tick, so no label is drawn over a
// tick. Pure layout: returns a Scene.

import { scaleLinear } from 'd3-scale';
import type { Scene, SceneNode } from './scene';
import { FONT, footer, GRID, INK, pctLabel, seriesRect, SMALL, text, textWidth } from './analysis-common';
import { maxBy, pushAll } from '../arrays';

export interface BarSeries {
  key: string;
  label: string;
}

export interface BarsInput {
  title: string;
  groups: string[];
  series: BarSeries[];
  /** Value in [0, 1] of a group's series, or null. */
  value: (group: string, series: string) => number | null;
  /** The compared run's value, drawn as a tick; omit when nothing is compared. */
  baseline?: (group: string, series: string) => number | null;
  baselineLabel?: string;
  signature: string;
  width?: number;
}

const BAR = 9;
const GAP = 2;
const GROUP_GAP = 10;
/** Value labels' font size, and their gap from the bar's (or the tick's) end. */
export const VALUE_FONT = 8;
const VALUE_GAP = 3;
const TICK_W = 2;

/** Where a value label starts: after the bar, or after the compared run's tick when the tick would cross the label. */
function valueLabelX(barEnd: number, label: string, tick: number | null): number {
  const at = barEnd + VALUE_GAP;
  if (tick === null) return at;
  const lo = tick - TICK_W / 2;
  const hi = tick + TICK_W / 2;
  return hi > at - 1 && lo < at + textWidth(label, VALUE_FONT) + 1 ? hi + VALUE_GAP : at;
}

export function barsScene(input: BarsInput): Scene {
  const width = input.width ?? 720;
  const labelW = Math.min(
    220,
    maxBy(input.groups, (g) => textWidth(g) + 12, 60),
  );
  const left = labelW + 8;
  const right = width - 56;
  const top = 40;
  const bandH = input.series.length * (BAR + GAP) - GAP;
  const plotH = input.groups.length * (bandH + GROUP_GAP);
  const x = scaleLinear().domain([0, 1]).range([left, right]);
  const nodes: SceneNode[] = [text(8, 16, input.title, { fontWeight: 'bold', fontSize: 13 })];
  // Legend.
  let lx = 8;
  input.series.forEach((s, k) => {
    pushAll(nodes, seriesRect(k, { x: lx, y: 24, w: 10, h: 10 }));
    nodes.push(text(lx + 14, 33, s.label, { fontSize: SMALL }));
    lx += 24 + textWidth(s.label, SMALL);
  });
  if (input.baseline) {
    nodes.push({ kind: 'line', x1: lx, y1: 23, x2: lx, y2: 35, style: { stroke: INK, strokeWidth: 2 } });
    nodes.push(text(lx + 5, 33, input.baselineLabel ?? 'compared run', { fontSize: SMALL }));
  }
  for (const t of x.ticks(5)) {
    nodes.push({ kind: 'line', x1: x(t), y1: top, x2: x(t), y2: top + plotH, style: { stroke: GRID, strokeWidth: 0.5, opacity: 0.6 } });
    nodes.push(text(x(t), top + plotH + 12, `${Math.round(t * 100)}`, { anchor: 'middle', fontSize: SMALL }, { data: { role: 'axis' } }));
  }
  input.groups.forEach((g, gi) => {
    const y0 = top + gi * (bandH + GROUP_GAP);
    nodes.push(text(labelW, y0 + bandH / 2, g, { anchor: 'end', baseline: 'middle', fontSize: FONT }, { data: { group: g } }));
    input.series.forEach((s, k) => {
      const v = input.value(g, s.key);
      const y = y0 + k * (BAR + GAP);
      const b = input.baseline?.(g, s.key);
      const bx = b !== null && b !== undefined && Number.isFinite(b) ? x(Math.max(0, Math.min(1, b))) : null;
      if (v !== null && Number.isFinite(v)) {
        const end = x(Math.max(0, Math.min(1, v)));
        pushAll(
          nodes,
          seriesRect(
            k,
            { x: left, y, w: Math.max(0, end - left), h: BAR },
            { title: `${g} · ${s.label}: ${pctLabel(v)}`, data: { group: g, metric: s.key } },
          ),
        );
        nodes.push(
          text(
            valueLabelX(end, pctLabel(v), bx),
            y + BAR / 2,
            pctLabel(v),
            { baseline: 'middle', fontSize: VALUE_FONT },
            { data: { role: 'value' } },
          ),
        );
      }
      if (bx !== null) {
        nodes.push({
          kind: 'line',
          x1: bx,
          y1: y - 1,
          x2: bx,
          y2: y + BAR + 1,
          style: { stroke: INK, strokeWidth: TICK_W },
          title: `${g} · ${s.label}, ${input.baselineLabel ?? 'compared run'}: ${pctLabel(b!)}`,
          data: { role: 'compared' },
        });
      }
    });
  });
  const height = top + plotH + 34;
  nodes.push(footer(input.signature, width, height - 6));
  return { width, height, title: input.title, desc: input.signature, nodes };
}
