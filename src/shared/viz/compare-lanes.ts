// Layer: shared (pure TS, d3 math). The per-turn lanes of several runs of one
// dialogue, overlaid: one lane per headline metric (registry.ts HEADLINE: JGA
// 0/1, FGA with the first λ, RSA, and GCA's running value), each run a line with markers in its own colour,
// dash and marker shape (run-styles.ts), on one scale of the turns both runs
// have. A scene (scene.ts): drawn on screen by SceneSvg and exportable as is.
// The legend takes a row per run when the names do not fit on one (real run
// names are 40 characters and more).

import { scaleBand, scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';
import { HEADLINE_IDS, metricById } from '../metrics/registry';
import type { Scene, SceneNode } from './scene';
import { marker, runStyle } from './run-styles';
import { fitText, textWidth } from './text';

export const LANE_METRICS: readonly string[] = HEADLINE_IDS;
export type LaneMetric = string;

export interface LaneTurn {
  /** The turn index as written in the file. */
  turn: number;
  /** Per lane: the turn's value (GCA: the dialogue's running GCA); null where undefined. */
  values: Record<LaneMetric, number | null>;
}

export interface LaneRun {
  name: string;
  /** Turns in order; a turn the run lacks is simply absent. */
  turns: LaneTurn[];
}

export interface LanesOptions {
  width: number;
  laneHeight?: number;
  /** Position (in the turn scale) to highlight. */
  selected?: number | null;
  /** FGA's λ, for the lane's label. */
  lambda?: string;
  /** The metric signature (the scene's description). */
  signature?: string;
  title?: string;
}

const LEFT = 44;
const RIGHT = 10;
const TOP = 26;
const GAP = 16;
const BOTTOM = 22;
const LEGEND_FONT = 11;
const LEGEND_ROW = 15;

/** The turn indices of the lanes: every turn any run has, sorted. */
export function laneTurns(runs: readonly LaneRun[]): number[] {
  return [...new Set(runs.flatMap((r) => r.turns.map((t) => t.turn)))].sort((a, b) => a - b);
}

export function lanesScene(runs: readonly LaneRun[], opts: LanesOptions): Scene {
  const laneHeight = opts.laneHeight ?? 52;
  const turns = laneTurns(runs);
  const x = scaleBand<number>()
    .domain(turns)
    .range([LEFT, opts.width - RIGHT])
    .padding(0.2);
  const cx = (t: number) => (x(t) ?? 0) + x.bandwidth() / 2;
  // Legend: each run's line, marker and name — on one row when the names fit, else one row per run,
  // a name too long for the width cut with an ellipsis (the full name is its tooltip).
  const itemWidth = (name: string) => 27 + textWidth(name, LEGEND_FONT) + 13;
  const oneRow = runs.reduce((w, r) => w + itemWidth(r.name), 0) <= opts.width - RIGHT - LEFT;
  const legendRows = oneRow ? 1 : runs.length;
  const top0 = TOP + (legendRows - 1) * LEGEND_ROW;
  const height = top0 + LANE_METRICS.length * (laneHeight + GAP) + BOTTOM;
  const nodes: SceneNode[] = [];
  let lx = LEFT;
  runs.forEach((r, k) => {
    const st = runStyle(k);
    const ly = 10 + (oneRow ? 0 : k * LEGEND_ROW);
    if (!oneRow) lx = LEFT;
    nodes.push({
      kind: 'line',
      x1: lx,
      y1: ly,
      x2: lx + 22,
      y2: ly,
      style: { stroke: st.colour, strokeWidth: 2, dash: st.dash || undefined },
    });
    nodes.push(marker(st.marker, lx + 11, ly, 3.5, { fill: st.colour }));
    const text = fitText(r.name, opts.width - RIGHT - (lx + 27), LEGEND_FONT);
    nodes.push({
      kind: 'text',
      x: lx + 27,
      y: ly,
      text,
      style: { fontSize: LEGEND_FONT, baseline: 'middle' },
      ...(text !== r.name ? { title: r.name } : {}),
    });
    lx += itemWidth(r.name);
  });

  if (opts.selected !== undefined && opts.selected !== null && turns.includes(opts.selected)) {
    const t = opts.selected;
    nodes.push({
      kind: 'rect',
      x: (x(t) ?? 0) - 2,
      y: top0 - 4,
      w: x.bandwidth() + 4,
      h: LANE_METRICS.length * (laneHeight + GAP) - GAP + 8,
      style: { fill: '#888888', opacity: 0.14 },
      className: 'lane-selected',
    });
  }

  LANE_METRICS.forEach((metric, li) => {
    const top = top0 + li * (laneHeight + GAP);
    const y = scaleLinear()
      .domain([0, 1])
      .range([top + laneHeight, top]);
    const label =
      metric === 'FGA' && opts.lambda ? `FGA λ=${opts.lambda}` : metricById(metric)?.headline?.running ? `${metric} (run.)` : metric;
    nodes.push({
      kind: 'text',
      x: 4,
      y: top + laneHeight / 2,
      text: label,
      style: { fontSize: 10, baseline: 'middle', fontWeight: 'bold' },
    });
    for (const v of [0, 1]) {
      nodes.push({
        kind: 'line',
        x1: LEFT,
        y1: y(v),
        x2: opts.width - RIGHT,
        y2: y(v),
        style: { stroke: '#999999', strokeWidth: 0.6, dash: v === 0 ? undefined : '2 3' },
      });
      nodes.push({ kind: 'text', x: LEFT - 4, y: y(v), text: String(v), style: { fontSize: 9, anchor: 'end', baseline: 'middle' } });
    }
    runs.forEach((r, k) => {
      const st = runStyle(k);
      // Runs are nudged apart a little so that equal values stay visible.
      const dx = (k - (runs.length - 1) / 2) * Math.min(4, x.bandwidth() / (runs.length + 1));
      const pts = r.turns.filter((t) => t.values[metric] != null);
      const d = line<LaneTurn>()
        .x((t) => cx(t.turn) + dx)
        .y((t) => y(t.values[metric] as number))(pts);
      if (d)
        nodes.push({
          kind: 'path',
          d,
          style: { stroke: st.colour, strokeWidth: 1.6, dash: st.dash || undefined, fill: 'none' },
          data: { testid: 'lane-line', run: r.name, metric },
        });
      for (const t of pts) {
        const v = t.values[metric] as number;
        nodes.push(
          marker(
            st.marker,
            cx(t.turn) + dx,
            y(v),
            3,
            { fill: st.colour, stroke: '#ffffff', strokeWidth: 0.6 },
            {
              data: { testid: 'lane-point', run: r.name, metric, turn: String(t.turn), value: String(v) },
              title: `${r.name}, turn ${t.turn}: ${metric} ${(v * 100).toFixed(2)}`,
            },
          ),
        );
      }
    });
  });
  const axisY = top0 + LANE_METRICS.length * (laneHeight + GAP) - GAP + 14;
  const every = Math.max(1, Math.ceil(turns.length / Math.max(1, Math.floor((opts.width - LEFT - RIGHT) / 22))));
  turns.forEach((t, i) => {
    if (i % every === 0)
      nodes.push({ kind: 'text', x: cx(t), y: axisY, text: String(t), style: { fontSize: 9, anchor: 'middle', baseline: 'middle' } });
  });
  nodes.push({ kind: 'text', x: 4, y: axisY, text: 'turn', style: { fontSize: 9, baseline: 'middle', fontStyle: 'italic' } });
  return {
    width: opts.width,
    height,
    title: opts.title ?? `Per-turn metrics of ${runs.map((r) => r.name).join(' and ')}`,
    desc: opts.signature ?? '',
    nodes,
  };
}

/** Which turn a pointer x (scene units) falls on, or null. */
export function laneTurnAt(runs: readonly LaneRun[], width: number, px: number): number | null {
  const turns = laneTurns(runs);
  const x = scaleBand<number>()
    .domain(turns)
    .range([LEFT, width - RIGHT])
    .padding(0.2);
  const step = x.step();
  for (const t of turns) {
    const s = (x(t) ?? 0) - (step - x.bandwidth()) / 2;
    if (px >= s && px < s + step) return t;
  }
  return null;
}
