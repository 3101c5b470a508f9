// Layer: shared (pure TS, d3 math). A series of runs (few-shot checkpoints,
// data ratios, …) as small multiples: one panel per metric column, the metric
// against the runs' x with each run's 95% paired-bootstrap interval as a band
// (the GCA paper's few-shot figure). The x axis is logarithmic when every x is
// positive and they span at least a factor of 20. A scene (scene.ts).

import { extent } from 'd3-array';
import { scaleLinear, scaleLog } from 'd3-scale';
import { area, line } from 'd3-shape';
import type { Scene, SceneNode } from './scene';
import { maxBy, maxOf, minBy, minOf } from '../arrays';

export interface SeriesPoint {
  run: string;
  x: number;
  value: number | null;
  ci: [number, number] | null;
}

export interface SeriesPanel {
  /** Column key ("JGA", "FGA_0.5"). */
  key: string;
  header: string;
  points: SeriesPoint[];
}

export interface SeriesOptions {
  width: number;
  /** Panels per row (default: as many as fit 220 units each). */
  columns?: number;
  panelHeight?: number;
  /** x scale; 'auto' (default) is logarithmic for positive x spanning ≥ 20×. */
  scale?: 'auto' | 'linear' | 'log';
  xLabel?: string;
  signature?: string;
  title?: string;
}

const PAD = { left: 40, right: 10, top: 20, bottom: 30 };
const LINE = '#0072B2';

/** Whether the x values call for a log scale. */
export function logScaleFits(xs: readonly number[]): boolean {
  if (xs.length < 2 || xs.some((x) => x <= 0)) return false;
  const [lo, hi] = extent(xs) as [number, number];
  return hi / lo >= 20;
}

function fmt(x: number): string {
  if (x === 0) return '0';
  const a = Math.abs(x);
  if (a >= 1000 || a < 0.001) return x.toExponential(0);
  return String(Number(x.toPrecision(3)));
}

export function seriesScene(panels: readonly SeriesPanel[], opts: SeriesOptions): Scene {
  const cols = Math.max(1, opts.columns ?? Math.floor(opts.width / 220));
  const pw = opts.width / cols;
  const ph = opts.panelHeight ?? 170;
  const rows = Math.ceil(panels.length / cols);
  const xs = [...new Set(panels.flatMap((p) => p.points.map((q) => q.x)))].sort((a, b) => a - b);
  const log = opts.scale === 'log' ? xs.every((x) => x > 0) : opts.scale === 'linear' ? false : logScaleFits(xs);
  const nodes: SceneNode[] = [];

  panels.forEach((p, i) => {
    const ox = (i % cols) * pw;
    const oy = Math.floor(i / cols) * ph;
    const x0 = PAD.left;
    const x1 = pw - PAD.right;
    const y0 = ph - PAD.bottom;
    const y1 = PAD.top;
    const [xlo, xhi] = xs.length ? [xs[0], xs[xs.length - 1]] : [0, 1];
    const x = log
      ? scaleLog()
          .domain([xlo, xhi === xlo ? xlo * 10 : xhi])
          .range([x0, x1])
      : scaleLinear()
          .domain([xlo, xhi === xlo ? xlo + 1 : xhi])
          .range([x0, x1]);
    const pts = p.points.filter((q) => q.value !== null).sort((a, b) => a.x - b.x);
    const lows = pts.map((q) => q.ci?.[0] ?? (q.value as number));
    const highs = pts.map((q) => q.ci?.[1] ?? (q.value as number));
    const lo = minBy(pts, (q) => q.value as number, minOf(lows));
    const hi = maxBy(pts, (q) => q.value as number, maxOf(highs));
    const y = scaleLinear()
      .domain(pts.length ? [Math.max(0, lo - 0.02), Math.min(1, hi + 0.02)] : [0, 1])
      .nice(4)
      .range([y0, y1]);
    const children: SceneNode[] = [];
    children.push({ kind: 'text', x: x0, y: 12, text: p.header, style: { fontSize: 11, fontWeight: 'bold' } });
    for (const t of y.ticks(4)) {
      children.push({ kind: 'line', x1: x0, y1: y(t), x2: x1, y2: y(t), style: { stroke: '#bbbbbb', strokeWidth: 0.5 } });
      children.push({
        kind: 'text',
        x: x0 - 4,
        y: y(t),
        text: (t * 100).toFixed(t * 100 === Math.round(t * 100) ? 0 : 1),
        style: { fontSize: 9, anchor: 'end', baseline: 'middle' },
      });
    }
    children.push({ kind: 'line', x1: x0, y1: y0, x2: x1, y2: y0, style: { stroke: '#555555', strokeWidth: 0.8 } });
    const every = Math.max(1, Math.ceil(xs.length / Math.max(1, Math.floor((x1 - x0) / 34))));
    xs.forEach((v, k) => {
      if (k % every !== 0) return;
      children.push({ kind: 'line', x1: x(v), y1: y0, x2: x(v), y2: y0 + 3, style: { stroke: '#555555', strokeWidth: 0.8 } });
      children.push({ kind: 'text', x: x(v), y: y0 + 12, text: fmt(v), style: { fontSize: 9, anchor: 'middle', baseline: 'middle' } });
    });
    if (opts.xLabel && Math.floor(i / cols) === rows - 1)
      children.push({
        kind: 'text',
        x: (x0 + x1) / 2,
        y: y0 + 25,
        text: opts.xLabel + (log ? ' (log scale)' : ''),
        style: { fontSize: 9, anchor: 'middle', fontStyle: 'italic' },
      });
    const banded = pts.filter((q) => q.ci);
    if (banded.length > 1) {
      const band = area<SeriesPoint>()
        .x((q) => x(q.x))
        .y0((q) => y(q.ci![0]))
        .y1((q) => y(q.ci![1]))(banded);
      if (band)
        children.push({
          kind: 'path',
          d: band,
          style: { fill: LINE, opacity: 0.18, stroke: LINE, strokeWidth: 0.5, dash: '2 2' },
          data: { testid: 'series-band', metric: p.key },
        });
    }
    for (const q of banded)
      children.push({ kind: 'line', x1: x(q.x), y1: y(q.ci![0]), x2: x(q.x), y2: y(q.ci![1]), style: { stroke: LINE, strokeWidth: 1 } });
    const path = line<SeriesPoint>()
      .x((q) => x(q.x))
      .y((q) => y(q.value as number))(pts);
    if (path) children.push({ kind: 'path', d: path, style: { stroke: LINE, strokeWidth: 1.6, fill: 'none' } });
    for (const q of pts) {
      const v = q.value as number;
      const ci = q.ci ? ` [${(q.ci[0] * 100).toFixed(2)}, ${(q.ci[1] * 100).toFixed(2)}]` : '';
      children.push({
        kind: 'circle',
        cx: x(q.x),
        cy: y(v),
        r: 3,
        style: { fill: LINE, stroke: '#ffffff', strokeWidth: 0.8 },
        title: `${q.run} (x = ${fmt(q.x)}): ${p.header} ${(v * 100).toFixed(2)}${ci}`,
        data: { testid: 'series-point', run: q.run, metric: p.key, x: String(q.x), value: String(v) },
      });
    }
    nodes.push({ kind: 'group', x: ox, y: oy, children, data: { testid: 'series-panel', metric: p.key } });
  });
  return {
    width: opts.width,
    height: rows * ph,
    title: opts.title ?? 'Metrics against the series x, with 95% bootstrap intervals',
    desc: opts.signature ?? '',
    nodes,
  };
}
