// Layer: shared (pure TS). Where wrong turns come from: a bar split into
// fresh (type-1) and carried (type-2) wrong turns, and the histogram of how
// many later turns each fresh error poisons. Pure layout.

import { scaleLinear } from 'd3-scale';
import type { ErrorOrigin } from '../analysis/error-origin';
import type { Scene, SceneNode } from './scene';
import { footer, INK, pctLabel, seriesRect, SMALL, text, xAxis, yAxis } from './analysis-common';
import { maxBy, pushAll } from '../arrays';

export function originScene(o: ErrorOrigin, signature: string, width = 720): Scene {
  const title = 'Wrong turns: fresh (type-1) or carried (type-2)';
  const left = 44;
  const right = width - 16;
  const nodes: SceneNode[] = [text(8, 16, title, { fontWeight: 'bold', fontSize: 13 })];
  nodes.push(
    text(
      8,
      32,
      `${o.wrong} of ${o.turns} turns are wrong (JGA ${pctLabel(o.turns ? 1 - o.wrong / o.turns : null)}); a fresh error poisons ${o.meanPoisoned === null ? '–' : o.meanPoisoned.toFixed(2)} later turns on average`,
      { fontSize: SMALL },
    ),
  );
  // The split bar.
  const barY = 44;
  const x = scaleLinear()
    .domain([0, Math.max(1, o.wrong)])
    .range([left, right]);
  const parts = [
    { label: 'fresh (type-1)', n: o.fresh, share: o.freshShare, k: 1 },
    { label: 'carried (type-2)', n: o.carried, share: o.carriedShare, k: 0 },
  ];
  let at = 0;
  for (const p of parts) {
    const x0 = x(at);
    const x1 = x(at + p.n);
    pushAll(
      nodes,
      seriesRect(
        p.k,
        { x: x0, y: barY, w: x1 - x0, h: 22 },
        { title: `${p.label}: ${p.n} turns, ${pctLabel(p.share)}% of wrong turns`, data: { part: p.k === 1 ? 'fresh' : 'carried' } },
      ),
    );
    nodes.push(text(x0 + 2, barY + 36, `${p.label}: ${p.n} (${pctLabel(p.share, 1)}%)`, { fontSize: SMALL, fontWeight: 'bold' }));
    at += p.n;
  }
  // Histogram of poisoned turns per fresh error.
  const top = barY + 70;
  const plotH = 150;
  const hist = o.poison;
  const maxErr = maxBy(hist, (h) => h.errors, 1);
  const hx = scaleLinear()
    .domain([-0.5, Math.max(1, hist.length) - 0.5])
    .range([left, right]);
  const hy = scaleLinear()
    .domain([0, maxErr])
    .range([top + plotH, top]);
  nodes.push(text(8, top - 8, 'Fresh errors by the number of later turns they poison', { fontSize: SMALL, fontWeight: 'bold' }));
  pushAll(
    nodes,
    yAxis(
      hy,
      hy.ticks(4).filter((v) => Number.isInteger(v)),
      left,
      right,
      String,
    ),
  );
  const step = Math.max(1, Math.ceil(hist.length / 20));
  pushAll(
    nodes,
    xAxis(
      hx,
      hist.map((h) => h.poisoned).filter((v) => v % step === 0),
      top + plotH,
      String,
    ),
  );
  const bw = Math.max(2, (hx(1) - hx(0)) * 0.7);
  for (const h of hist) {
    pushAll(
      nodes,
      seriesRect(
        1,
        { x: hx(h.poisoned) - bw / 2, y: hy(h.errors), w: bw, h: top + plotH - hy(h.errors) },
        { title: `${h.errors} fresh errors poison ${h.poisoned} later turns`, data: { poisoned: String(h.poisoned) } },
      ),
    );
  }
  nodes.push({ kind: 'line', x1: left, y1: top + plotH, x2: right, y2: top + plotH, style: { stroke: INK, strokeWidth: 0.5 } });
  nodes.push(
    text((left + right) / 2, top + plotH + 28, 'later turns poisoned (type-2 turns carrying the error)', {
      anchor: 'middle',
      fontSize: SMALL,
    }),
  );
  const height = top + plotH + 48;
  nodes.push(footer(signature, width, height - 6));
  return { width, height, title, desc: signature, nodes };
}
