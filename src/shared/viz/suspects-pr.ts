// Layer: shared (pure TS, d3 math). The precision–recall figure of a
// suspects ranking measured against known label errors
// (annotations/suspects-eval.ts): precision (y) against recall (x) of the
// ranking as a step line, and of a seeded random order of the same
// candidates dashed, each labelled with its average precision; the
// evaluation's signature as the scene's description and footer line.
// `suspects --against KNOWN --pr-figure FILE` writes it.

import { scaleLinear } from 'd3-scale';
import { line, curveStepAfter } from 'd3-shape';
import { footer, INK, seriesColour, text, xAxis, yAxis, FONT } from './analysis-common';
import type { Scene, SceneNode } from './scene';

export interface PrSeries {
  label: string;
  ap: number;
  /** [recall, precision] points, recall rising. */
  curve: readonly (readonly [number, number])[];
  dashed?: boolean;
}

export function prScene(series: readonly PrSeries[], opts: { width?: number; height?: number; title: string; signature: string }): Scene {
  const width = opts.width ?? 600;
  const height = opts.height ?? 360;
  const m = { left: 46, right: 16, top: 44, bottom: 62 };
  const x = scaleLinear()
    .domain([0, 1])
    .range([m.left, width - m.right]);
  const y = scaleLinear()
    .domain([0, 1])
    .range([height - m.bottom, m.top]);
  const ticks = [0, 0.2, 0.4, 0.6, 0.8, 1];
  const fmt = (v: number) => (v === 0 || v === 1 ? String(v) : v.toFixed(1));
  const nodes: SceneNode[] = [
    text(m.left, 16, opts.title, { fontWeight: 'bold' }),
    ...yAxis(y, ticks, m.left, width - m.right, fmt),
    ...xAxis(x, ticks, height - m.bottom, fmt),
    { kind: 'line', x1: m.left, y1: height - m.bottom, x2: width - m.right, y2: height - m.bottom, style: { stroke: INK, strokeWidth: 1 } },
    text((m.left + width - m.right) / 2, height - m.bottom + 30, 'recall (share of the known errors found)', { anchor: 'middle' }),
    text(8, m.top - 12, 'precision'),
  ];
  const path = line<readonly [number, number]>()
    .x((p) => x(p[0]))
    .y((p) => y(p[1]))
    .curve(curveStepAfter);
  series.forEach((s, k) => {
    const colour = seriesColour(k);
    // From recall 0 at the first point's precision, so a single point still draws a step.
    const pts: (readonly [number, number])[] = s.curve.length ? [[0, s.curve[0][1]], ...s.curve] : [];
    const d = pts.length ? path(pts) : null;
    if (d)
      nodes.push({
        kind: 'path',
        d,
        style: { fill: 'none', stroke: colour, strokeWidth: 1.75, dash: s.dashed ? '5 3' : undefined },
        data: { testid: 'pr-curve', series: s.label },
      });
    const ly = m.top + 8 + k * 16;
    const lx = width - m.right - 190;
    nodes.push({
      kind: 'line',
      x1: lx,
      y1: ly,
      x2: lx + 18,
      y2: ly,
      style: { stroke: colour, strokeWidth: 2, dash: s.dashed ? '5 3' : undefined },
    });
    nodes.push(text(lx + 24, ly + 4, `${s.label} (AP ${s.ap.toFixed(3)})`, { fontSize: FONT }));
  });
  nodes.push(footer(opts.signature, width, height - 10));
  return { width, height, title: opts.title, desc: opts.signature, background: '#ffffff', nodes };
}
