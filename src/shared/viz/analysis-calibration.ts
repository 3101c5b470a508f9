// Layer: shared (pure TS). The calibration figure: a reliability diagram
// (per confidence bin a bar at the bin's accuracy, the bin's confidence as a
// marker, the diagonal of perfect calibration, the gap shaded) beside the
// histograms of confidence for correct and wrong pairs (stacked per bin), the
// pair-level ECE and AUROC and the joint ECE in the title line, and the
// signature (rule, bins, column) at the foot. Pure layout: returns a Scene,
// drawn by the app's tab and exported by `analyze --kind calibration
// --figure FILE` and the app's figure export alike.

import { scaleLinear } from 'd3-scale';
import type { CalibrationResult } from '../analysis/calibration/analysis';
import { maxOf, pushAll } from '../arrays';
import { footer, GRID, INK, seriesColour, SMALL, text, xAxis, yAxis } from './analysis-common';
import type { Scene, SceneNode } from './scene';

const num = (x: number | null, d = 3) => (x === null || !Number.isFinite(x) ? '–' : x.toFixed(d));

/** The reliability diagram and confidence histograms of a calibration result. */
export function calibrationScene(r: CalibrationResult, signature: string, width = 760): Scene {
  const gap = 48;
  const panelW = Math.max(180, (width - 2 * 48 - gap - 16) / 2);
  const top = 58;
  const plotH = Math.min(260, panelW);
  const title = `Calibration of ${r.column} (${r.rule} rule, ${r.binning} bins)`;
  const nodes: SceneNode[] = [text(8, 16, title, { fontWeight: 'bold', fontSize: 13 })];
  const p = r.pairs;
  nodes.push(
    text(
      8,
      34,
      `pairs ${p.count} · accuracy ${num(p.accuracy)} · ECE ${num(p.ece)} · AUROC ${num(p.auroc)} · joint ECE ${num(r.joint.ece)} · joint L2 ${num(r.joint.l2)}`,
      { fontSize: SMALL },
      { data: { role: 'summary' } },
    ),
  );
  // Left: reliability diagram.
  const l0 = 48;
  const l1 = l0 + panelW;
  const x = scaleLinear().domain([0, 1]).range([l0, l1]);
  const y = scaleLinear()
    .domain([0, 1])
    .range([top + plotH, top]);
  const ticks = [0, 0.2, 0.4, 0.6, 0.8, 1];
  pushAll(
    nodes,
    yAxis(y, ticks, l0, l1, (v) => v.toFixed(1)),
  );
  pushAll(
    nodes,
    xAxis(x, ticks, top + plotH, (v) => v.toFixed(1)),
  );
  nodes.push(text((l0 + l1) / 2, top + plotH + 30, 'confidence', { anchor: 'middle', fontSize: SMALL }));
  nodes.push(text(l0, top - 8, 'accuracy', { anchor: 'start', fontSize: SMALL }));
  nodes.push({ kind: 'line', x1: x(0), y1: y(0), x2: x(1), y2: y(1), style: { stroke: GRID, strokeWidth: 1, dash: '4 3' } });
  const colour = seriesColour(0);
  const gapColour = seriesColour(1);
  for (const b of p.bins) {
    if (b.count === 0 && !(b.accuracyMembers && b.accuracyMembers > 0)) continue;
    const acc = b.accuracy ?? 0;
    const x0 = x(b.lo) + 1;
    const w = Math.max(0, x(b.hi) - x(b.lo) - 2);
    const tip = `(${b.lo.toFixed(1)}, ${b.hi.toFixed(1)}]: ${b.count} pairs, accuracy ${num(b.accuracy)}, confidence ${num(b.confidence)}`;
    nodes.push({
      kind: 'rect',
      x: x0,
      y: y(acc),
      w,
      h: y(0) - y(acc),
      style: { fill: colour, stroke: colour, strokeWidth: 0.5, opacity: 0.85 },
      title: tip,
      data: { role: 'bin', lo: String(b.lo), count: String(b.count) },
    });
    if (b.confidence !== null) {
      const yc = y(b.confidence);
      const ya = y(acc);
      nodes.push({
        kind: 'rect',
        x: x0,
        y: Math.min(yc, ya),
        w,
        h: Math.abs(yc - ya),
        // Hatched, no fill: over a bar (under-confident bin) or over the page (over-confident) it reads the same.
        style: { pattern: 'hatch', patternColor: gapColour, stroke: gapColour, strokeWidth: 1 },
        title: `gap ${num(b.confidence - acc)}`,
        data: { role: 'gap' },
      });
      nodes.push({
        kind: 'line',
        x1: x0,
        y1: yc,
        x2: x0 + w,
        y2: yc,
        style: { stroke: INK, strokeWidth: 1.5 },
        data: { role: 'confidence' },
      });
    }
  }
  // Right: stacked histograms of confidence, correct and wrong.
  const r0 = l1 + gap;
  const r1 = r0 + panelW;
  const hx = scaleLinear().domain([0, 1]).range([r0, r1]);
  const counts = p.histogram.correct.map((c, k) => c + p.histogram.wrong[k]);
  const max = Math.max(1, maxOf(counts, 0));
  const hy = scaleLinear()
    .domain([0, max])
    .range([top + plotH, top])
    .nice();
  const hticks = hy.ticks(5).filter((t) => Number.isInteger(t));
  pushAll(
    nodes,
    yAxis(hy, hticks, r0, r1, (v) => String(v)),
  );
  pushAll(
    nodes,
    xAxis(hx, ticks, top + plotH, (v) => v.toFixed(1)),
  );
  nodes.push(text((r0 + r1) / 2, top + plotH + 30, 'confidence', { anchor: 'middle', fontSize: SMALL }));
  nodes.push(text(r0, top - 8, 'pairs', { anchor: 'start', fontSize: SMALL }));
  p.bins.forEach((b, k) => {
    const c = p.histogram.correct[k];
    const wr = p.histogram.wrong[k];
    const x0 = hx(b.lo) + 1;
    const w = Math.max(0, hx(b.hi) - hx(b.lo) - 2);
    if (c > 0)
      nodes.push({
        kind: 'rect',
        x: x0,
        y: hy(c),
        w,
        h: hy(0) - hy(c),
        style: { fill: seriesColour(2), stroke: seriesColour(2), strokeWidth: 0.5 },
        title: `${c} correct pairs in [${b.lo.toFixed(1)}, ${b.hi.toFixed(1)}]`,
        data: { role: 'correct' },
      });
    if (wr > 0)
      nodes.push({
        kind: 'rect',
        x: x0,
        y: hy(c + wr),
        w,
        h: hy(c) - hy(c + wr),
        style: { fill: seriesColour(1), stroke: seriesColour(1), strokeWidth: 0.5, pattern: 'crosshatch', patternColor: '#ffffff' },
        title: `${wr} wrong pairs in [${b.lo.toFixed(1)}, ${b.hi.toFixed(1)}]`,
        data: { role: 'wrong' },
      });
  });
  // Legend.
  const ly = top + plotH + 46;
  const legend: [string, string][] = [
    [colour, 'accuracy per bin'],
    [gapColour, 'gap to the bin’s confidence'],
    [seriesColour(2), 'correct pairs'],
    [seriesColour(1), 'wrong pairs'],
  ];
  let lx = 8;
  for (const [c, label] of legend) {
    const style = label.startsWith('gap')
      ? { pattern: 'hatch' as const, patternColor: c, stroke: c, strokeWidth: 1 }
      : { fill: c, stroke: c, strokeWidth: 0.5 };
    nodes.push({ kind: 'rect', x: lx, y: ly - 9, w: 10, h: 10, style });
    nodes.push(text(lx + 14, ly, label, { fontSize: SMALL }));
    lx += 28 + label.length * SMALL * 0.6;
  }
  // The signature, wrapped at its " | " separators to the figure's width (every line a footer line).
  const lines = wrapSignature(signature, width - 16);
  const height = ly + 14 + lines.length * 11;
  lines.forEach((line, k) => nodes.push(footer(line, width, ly + 20 + k * 11)));
  return { width, height, title, desc: signature, nodes };
}

/** The signature's parts packed into lines no wider than `width` at the footer's 8 px. */
export function wrapSignature(signature: string, width: number): string[] {
  const parts = signature.split(' | ');
  const lines: string[] = [];
  let cur = '';
  for (const p of parts) {
    const next = cur ? `${cur} | ${p}` : p;
    if (cur && next.length * 8 * 0.6 > width) {
      lines.push(cur);
      cur = p;
    } else cur = next;
  }
  if (cur) lines.push(cur);
  return lines;
}
