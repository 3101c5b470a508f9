// Layer: shared (pure TS). A correlation matrix as a heat map with the value
// in each cell, as in the RSA paper's Figure 3: a diverging scale from −1
// (blue) through 0 (white) to 1 (red), the text dark or light by the cell's
// luminance, a colour bar, and the number of cases. Pure layout.

import type { CorrelationMatrix } from '../analysis/correlations';
import type { Scene, SceneNode } from './scene';
import { footer, luminance, mix, SMALL, text, textWidth } from './analysis-common';
import { headerOfKey } from '../report/rows';
import { maxBy, maxOf, minOf } from '../arrays';

const NEG = '#2166ac';
const MID = '#f7f7f7';
const POS = '#b2182b';

export function correlationColour(r: number | null): string {
  if (r === null || !Number.isFinite(r)) return '#cccccc';
  return r < 0 ? mix(MID, NEG, -r) : mix(MID, POS, r);
}

export function heatmapScene(
  m: CorrelationMatrix,
  signature: string,
  opts: { width?: number; labels?: (key: string) => string } = {},
): Scene {
  const label = opts.labels ?? ((k: string) => headerOfKey(k).header);
  const k = m.metrics.length;
  const labelW = maxBy(m.metrics, (x) => textWidth(label(x))) + 12;
  const avail = (opts.width ?? 560) - labelW - 90;
  const cell = Math.max(30, Math.min(64, Math.floor(avail / Math.max(1, k))));
  const left = labelW;
  const top = 58;
  const title = `${m.method === 'pearson' ? "Pearson's r" : "Spearman's ρ"} of the metrics, ${m.level} level`;
  const nodes: SceneNode[] = [text(8, 16, title, { fontWeight: 'bold', fontSize: 13 })];
  const ns = m.n.flat();
  const nLo = minOf(ns);
  const nHi = maxOf(ns);
  const nText =
    nLo === nHi
      ? `n = ${ns[0]} ${m.level === 'turn' ? 'turns' : 'dialogues'}`
      : `n = ${nLo}–${nHi} ${m.level === 'turn' ? 'turns' : 'dialogues'} (pairwise)`;
  nodes.push(text(8, 32, nText, { fontSize: SMALL }));
  m.metrics.forEach((key, j) => nodes.push(text(left + j * cell + cell / 2, top - 6, label(key), { anchor: 'middle', fontSize: SMALL })));
  m.metrics.forEach((a, i) => {
    nodes.push(text(left - 6, top + i * cell + cell / 2, label(a), { anchor: 'end', baseline: 'middle', fontSize: SMALL }));
    m.metrics.forEach((b, j) => {
      const r = m.matrix[i][j];
      const fill = correlationColour(r);
      nodes.push({
        kind: 'rect',
        x: left + j * cell,
        y: top + i * cell,
        w: cell - 1,
        h: cell - 1,
        style: { fill },
        title: `${label(a)} × ${label(b)}: ${r === null ? 'undefined' : r.toFixed(3)} (n = ${m.n[i][j]})`,
        data: { row: a, col: b },
      });
      nodes.push(
        text(left + j * cell + cell / 2, top + i * cell + cell / 2, r === null ? '–' : r.toFixed(2), {
          anchor: 'middle',
          baseline: 'middle',
          fontSize: cell >= 40 ? 11 : 9,
          fill: luminance(fill) < 0.35 ? '#ffffff' : '#111111',
        }),
      );
    });
  });
  // Colour bar.
  const bx = left + k * cell + 18;
  const bh = Math.max(80, k * cell);
  const steps = 20;
  for (let s = 0; s < steps; s++) {
    const r = 1 - (2 * s) / (steps - 1);
    nodes.push({ kind: 'rect', x: bx, y: top + (s * bh) / steps, w: 12, h: bh / steps + 0.5, style: { fill: correlationColour(r) } });
  }
  for (const [r, at] of [
    [1, 0],
    [0, 0.5],
    [-1, 1],
  ] as const) {
    nodes.push(text(bx + 16, top + at * bh, r.toFixed(0), { baseline: 'middle', fontSize: SMALL }));
  }
  const height = top + Math.max(k * cell, bh) + 24;
  const width = Math.max(opts.width ?? 560, bx + 40);
  nodes.push(footer(signature, width, height - 6));
  return { width, height, title, desc: signature, nodes };
}
