// Layer: shared (pure TS, d3 math). A series of runs (few-shot checkpoints,
// data ratios, …) as small multiples: one panel per metric column, the metric
// against the runs' x with each run's 95% paired-bootstrap interval as a band
// (the GCA paper's few-shot figure). The x axis is logarithmic when every x is
// positive and they span at least a factor of 20; it carries the caller's
// label, its first and last x always labelled and every tick label inside
// its panel. The metric signature is the scene's description and a footer
// line (signature-footer.ts can take the line off). A scene (scene.ts); the
// app's series panel and `compare --series-figure` draw the same one.

import { extent } from 'd3-array';
import { scaleLinear, scaleLog } from 'd3-scale';
import { area, line } from 'd3-shape';
import { metricValue } from '../metrics/values';
import type { CompareOutput } from '../analysis/run-comparison';
import { footer } from './analysis-common';
import type { Scene, SceneNode } from './scene';
import { textWidth } from './text';
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
  /** The x axis's label under the last row of panels (default "x"). */
  xLabel?: string;
  signature?: string;
  title?: string;
}

/** Longest x axis label drawn (characters); a longer one ends in "…". */
export const MAX_X_LABEL = 80;

const PAD = { left: 40, right: 10, top: 20, bottom: 30 };
/** Room for the signature line under the panels. */
const FOOTER = 16;
const TICK_FONT = 9;
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
  if (a >= 100000 || a < 0.001) return x.toExponential(0);
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
  const xLabel = shortLabel(opts.xLabel?.trim() || 'x');

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
        text: percentTick(t),
        style: { fontSize: TICK_FONT, anchor: 'end', baseline: 'middle' },
      });
    }
    children.push({ kind: 'line', x1: x0, y1: y0, x2: x1, y2: y0, style: { stroke: '#555555', strokeWidth: 0.8 } });
    for (const t of tickLabels(xs, x, pw)) {
      children.push({ kind: 'line', x1: t.at, y1: y0, x2: t.at, y2: y0 + 3, style: { stroke: '#555555', strokeWidth: 0.8 } });
      children.push({
        kind: 'text',
        x: t.x,
        y: y0 + 12,
        text: t.text,
        style: { fontSize: TICK_FONT, anchor: t.anchor, baseline: 'middle' },
        data: { testid: 'series-tick', x: String(t.value) },
      });
    }
    if (Math.floor(i / cols) === rows - 1) {
      const label = xLabel + (log ? ' (log scale)' : '');
      children.push({
        kind: 'text',
        x: (x0 + x1) / 2,
        y: y0 + 25,
        text: label,
        style: { fontSize: TICK_FONT, anchor: 'middle', fontStyle: 'italic' },
        data: { testid: 'series-x-label' },
      });
    }
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
  const height = rows * ph + (opts.signature ? FOOTER : 0);
  if (opts.signature) nodes.push(footer(opts.signature, opts.width, height - 5));
  return {
    width: opts.width,
    height,
    title: opts.title ?? `Metrics against ${xLabel}, with 95% bootstrap intervals`,
    desc: opts.signature ?? '',
    nodes,
  };
}

/** A y tick (a fraction) as a percentage: 55, 57.5 — never 55.0 from 0.55 × 100 = 55.00000000000001. */
function percentTick(t: number): string {
  const v = Number((t * 100).toFixed(6));
  return v.toFixed(Number.isInteger(v) ? 0 : 1);
}

function shortLabel(s: string): string {
  const chars = Array.from(s);
  return chars.length > MAX_X_LABEL ? chars.slice(0, MAX_X_LABEL - 1).join('') + '…' : s;
}

interface TickLabel {
  value: number;
  /** Where the tick is, and where its label is anchored and how. */
  at: number;
  x: number;
  anchor: 'start' | 'middle' | 'end';
  text: string;
}

/**
 * The x ticks that get a label: the first and the last x always, others
 * from left to right where they do not crowd the one before or the last;
 * each label centred on its tick unless that would leave the panel
 * [0, panelWidth], then it ends at the panel's edge instead.
 */
export function tickLabels(xs: readonly number[], x: (v: number) => number, panelWidth: number): TickLabel[] {
  const gap = 6;
  const placed = xs.map((v): TickLabel & { lo: number; hi: number } => {
    const text = fmt(v);
    const w = textWidth(text, TICK_FONT);
    const at = x(v);
    let lo = at - w / 2;
    let anchor: TickLabel['anchor'] = 'middle';
    let lx = at;
    if (lo < 1) {
      lo = 1;
      anchor = 'start';
      lx = 1;
    } else if (at + w / 2 > panelWidth - 1) {
      lo = panelWidth - 1 - w;
      anchor = 'end';
      lx = panelWidth - 1;
    }
    return { value: v, at, x: lx, anchor, text, lo, hi: lo + w };
  });
  if (placed.length <= 1) return placed;
  const last = placed[placed.length - 1];
  const out = [placed[0]];
  // An inner label clear of the one before it and of the last: the last is always shown.
  for (const t of placed.slice(1, -1)) if (t.lo >= out[out.length - 1].hi + gap && t.hi + gap <= last.lo) out.push(t);
  out.push(last);
  return out.map(({ lo: _lo, hi: _hi, ...t }) => t);
}

/**
 * The panels of a comparison's series: one per metric column of `out`
 * (restrictMetrics narrows them, as --metrics does), each run with an x a
 * point with its own 95% bootstrap interval.
 */
export function seriesPanels(out: CompareOutput, xs: readonly (number | null)[]): SeriesPanel[] {
  const runs = out.runs
    .map((r, k) => ({ r, x: xs[k] }))
    .filter((p): p is { r: (typeof out.runs)[number]; x: number } => p.x !== null && p.x !== undefined);
  return out.columns.map((c) => ({
    key: c.key,
    header: c.header,
    points: runs.map(({ r, x }) => ({ run: r.name, x, value: metricValue(r.corpus.values, c.metric, c.variant), ci: r.ci[c.key] ?? null })),
  }));
}
