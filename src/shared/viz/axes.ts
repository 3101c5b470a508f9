// Layer: shared (pure TS). Small drawing helpers the chart layouts share:
// a vertical value axis with ticks and labels, a turn axis, a legend laid
// out in rows, and number labels.

import type { SceneNode, Style } from './scene';
import { capHeight, textWidth } from './text';
import type { FigureTheme } from './theme';
import { maxOf, minOf, pushAll } from '../arrays';

/**
 * The alphabetic baseline that centres capitals and digits on `y`. Layouts
 * place every text on its alphabetic baseline, which every renderer (browser,
 * resvg, PDF) draws the same way.
 */
export function middle(y: number, fontSize: number): number {
  return y + capHeight(fontSize) / 2;
}

/** A per-turn fraction as a short label: 1, 0, 0.39. */
export function fracLabel(v: number): string {
  if (!Number.isFinite(v)) return '–';
  if (v === 1) return '1';
  if (v === 0) return '0';
  return v.toFixed(2);
}

/** Left value axis: a line from y(lo) to y(hi) at x, ticks with labels and light grid lines across to `right`. */
export function valueAxis(
  theme: FigureTheme,
  x: number,
  right: number,
  ticks: { y: number; label: string }[],
  fontSize: number,
): SceneNode[] {
  const out: SceneNode[] = [];
  const ys = ticks.map((t) => t.y);
  out.push({ kind: 'line', x1: x, y1: minOf(ys), x2: x, y2: maxOf(ys), style: { stroke: theme.line, strokeWidth: 1 } });
  for (const t of ticks) {
    out.push({ kind: 'line', x1: x + 1, y1: t.y, x2: right, y2: t.y, style: { stroke: theme.grid, strokeWidth: 0.75 } });
    out.push({ kind: 'line', x1: x - 3, y1: t.y, x2: x, y2: t.y, style: { stroke: theme.line, strokeWidth: 1 } });
    out.push({ kind: 'text', x: x - 5, y: middle(t.y, fontSize), text: t.label, style: { fill: theme.muted, fontSize, anchor: 'end' } });
  }
  return out;
}

/** Every k-th of n labels, so that labels of width `labelWidth` keep `gap` apart on a band of `band` units. */
export function tickStep(n: number, band: number, labelWidth: number, gap = 4): number {
  if (n === 0 || band <= 0) return 1;
  const k = Math.ceil((labelWidth + gap) / band);
  const nice = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000];
  return nice.find((s) => s >= k) ?? k;
}

export interface LegendItem {
  /** A swatch: its shapes drawn in a 12 × 10 box at (0, 0). */
  swatch: (x: number, y: number) => SceneNode[];
  label: string;
}

/** Legend items in rows within `width`; returns the nodes and the height used. */
export function legendRows(
  items: LegendItem[],
  x0: number,
  y0: number,
  width: number,
  fontSize: number,
  style: Style,
): { nodes: SceneNode[]; height: number } {
  const nodes: SceneNode[] = [];
  const rowH = fontSize + 7;
  let x = x0;
  let y = y0;
  for (const it of items) {
    const w = 16 + textWidth(it.label, fontSize) + 12;
    if (x > x0 && x + w > x0 + width) {
      x = x0;
      y += rowH;
    }
    pushAll(nodes, it.swatch(x, y + (rowH - 10) / 2 - 1));
    nodes.push({ kind: 'text', x: x + 16, y: middle(y + rowH / 2, fontSize), text: it.label, style: { ...style, fontSize } });
    x += w;
  }
  return { nodes, height: items.length ? y - y0 + rowH : 0 };
}
