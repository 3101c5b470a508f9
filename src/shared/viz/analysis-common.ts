// Layer: shared (pure TS). What the analysis view's charts share: the
// Okabe–Ito palette with a greyscale-safe pattern per series, the ink colour
// (currentColor: the page's text colour on screen, black in an exported
// SVG), a text-width estimate for laying out labels, and axis pieces (ticks,
// tick labels, grid lines) as scene nodes.

import type { PatternName, SceneNode, Style } from './scene';

export const INK = 'currentColor';
export const GRID = '#9aa0a6';
export const FONT = 11;
export const SMALL = 10;

/** Okabe–Ito colours, in the order series take them. */
export const SERIES_COLOURS = ['#0072B2', '#D55E00', '#009E73', '#E69F00', '#CC79A7', '#56B4E9', '#F0E442', '#000000'];
const PATTERNS: (PatternName | undefined)[] = [undefined, 'hatch', 'dots', 'vertical', 'crosshatch', undefined, 'hatch', 'dots'];

/** A bar of series k: a rectangle in its colour, with its pattern drawn over it in white so series stay apart in greyscale. */
export function seriesRect(k: number, r: { x: number; y: number; w: number; h: number }, extra: Partial<SceneNode> = {}): SceneNode[] {
  const fill = seriesColour(k);
  const pattern = PATTERNS[k % PATTERNS.length];
  const base = { kind: 'rect', ...r, style: { fill, stroke: fill, strokeWidth: 0.5 }, ...extra } as SceneNode;
  return pattern ? [base, { kind: 'rect', ...r, style: { pattern, patternColor: '#ffffff' } }] : [base];
}

export function seriesColour(k: number): string {
  return SERIES_COLOURS[k % SERIES_COLOURS.length];
}

/** Approximate width of a text in the scenes' sans-serif font (0.6 em per character). */
export function textWidth(text: string, size = FONT): number {
  return text.length * size * 0.6;
}

export function text(x: number, y: number, t: string, style: Style = {}, extra: Partial<SceneNode> = {}): SceneNode {
  return { kind: 'text', x, y, text: t, style: { fill: INK, fontSize: FONT, ...style }, ...extra } as SceneNode;
}

/** A percentage label of a fraction: 2 decimals, as tables print it. */
export function pctLabel(x: number | null, digits = 2): string {
  return x === null || !Number.isFinite(x) ? '–' : (x * 100).toFixed(digits);
}

/** Horizontal grid lines and left tick labels of a 0–1 (percent) or plain y scale. */
export function yAxis(y: (v: number) => number, ticks: number[], left: number, right: number, format: (v: number) => string): SceneNode[] {
  const out: SceneNode[] = [];
  for (const t of ticks) {
    const yy = y(t);
    out.push({ kind: 'line', x1: left, y1: yy, x2: right, y2: yy, style: { stroke: GRID, strokeWidth: 0.5, opacity: 0.6 } });
    out.push(text(left - 4, yy, format(t), { anchor: 'end', baseline: 'middle', fontSize: SMALL }));
  }
  return out;
}

/** Bottom tick marks and labels. */
export function xAxis(x: (v: number) => number, ticks: number[], y0: number, format: (v: number) => string): SceneNode[] {
  const out: SceneNode[] = [];
  for (const t of ticks) {
    const xx = x(t);
    out.push({ kind: 'line', x1: xx, y1: y0, x2: xx, y2: y0 + 4, style: { stroke: INK, strokeWidth: 1 } });
    out.push(text(xx, y0 + 14, format(t), { anchor: 'middle', fontSize: SMALL }));
  }
  return out;
}

/** The signature line written at the foot of every analysis chart. */
export function footer(signature: string, width: number, y: number): SceneNode {
  return text(8, y, signature, { fontSize: 8, opacity: 0.75 }, { title: 'metric signature', data: { role: 'signature' } });
}

/** Interpolates two #rrggbb colours. */
export function mix(a: string, b: string, t: number): string {
  const p = (c: string, i: number) => parseInt(c.slice(1 + 2 * i, 3 + 2 * i), 16);
  const ch = (i: number) =>
    Math.round(p(a, i) + (p(b, i) - p(a, i)) * Math.max(0, Math.min(1, t)))
      .toString(16)
      .padStart(2, '0');
  return `#${ch(0)}${ch(1)}${ch(2)}`;
}

/** Relative luminance of #rrggbb (0 dark – 1 light), to choose a readable text colour on a fill. */
export function luminance(c: string): number {
  const v = [0, 1, 2].map((i) => {
    const x = parseInt(c.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2];
}
