// Layer: shared (pure TS). How runs are told apart in figures: a colour
// (Okabe–Ito, beside the slot classes' colours), a dash pattern and a marker
// shape, so that two runs stay apart in greyscale print.

import type { SceneNode, Style } from './scene';

export type MarkerShape = 'circle' | 'square' | 'triangle' | 'diamond';

export interface RunStyle {
  colour: string;
  /** SVG dash array ('' = solid). */
  dash: string;
  marker: MarkerShape;
}

export const RUN_STYLES: readonly RunStyle[] = [
  { colour: '#000000', dash: '', marker: 'circle' },
  { colour: '#CC79A7', dash: '6 3', marker: 'square' },
  { colour: '#56B4E9', dash: '2 2', marker: 'triangle' },
  { colour: '#E69F00', dash: '8 2 2 2', marker: 'diamond' },
  { colour: '#009E73', dash: '4 4', marker: 'circle' },
  { colour: '#0072B2', dash: '1 3', marker: 'square' },
];

export function runStyle(k: number): RunStyle {
  return RUN_STYLES[k % RUN_STYLES.length];
}

/** A marker of `shape` centred on (x, y) with radius r. */
export function marker(
  shape: MarkerShape,
  x: number,
  y: number,
  r: number,
  style: Style,
  extra: Partial<Pick<SceneNode, 'data' | 'title' | 'className'>> = {},
): SceneNode {
  const f = (n: number) => Math.round(n * 100) / 100;
  switch (shape) {
    case 'circle':
      return { kind: 'circle', cx: f(x), cy: f(y), r, style, ...extra };
    case 'square':
      return { kind: 'rect', x: f(x - r), y: f(y - r), w: 2 * r, h: 2 * r, style, ...extra };
    case 'triangle':
      return {
        kind: 'path',
        d: `M${f(x)},${f(y - r * 1.2)}L${f(x + r * 1.1)},${f(y + r * 0.8)}L${f(x - r * 1.1)},${f(y + r * 0.8)}Z`,
        style,
        ...extra,
      };
    case 'diamond':
      return {
        kind: 'path',
        d: `M${f(x)},${f(y - r * 1.3)}L${f(x + r * 1.1)},${f(y)}L${f(x)},${f(y + r * 1.3)}L${f(x - r * 1.1)},${f(y)}Z`,
        style,
        ...extra,
      };
  }
}
