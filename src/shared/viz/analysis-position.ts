// Layer: shared (pure TS). Every metric by turn position: one line per
// metric over the turn index (or dialogue length), its bootstrap band shaded
// where there is one, and below, the number of turns (or dialogues) in each
// position, which says how far the curve can be trusted. Pure layout.

import { scaleLinear } from 'd3-scale';
import { hiddenNote, type TurnPosition } from '../analysis/turn-position';
import type { Scene, SceneNode } from './scene';
import { footer, INK, pctLabel, seriesColour, SMALL, text, textWidth, xAxis, yAxis } from './analysis-common';
import { maxBy, maxOf, minOf, pushAll } from '../arrays';

export interface PositionSeries {
  /** Column key (JGA, FGA_0.5, …) and its label. */
  key: string;
  label: string;
  /** The value of a bucket. */
  value: (bucket: TurnPosition['buckets'][number]) => number | null;
}

export interface PositionInput {
  position: TurnPosition;
  series: PositionSeries[];
  signature: string;
  width?: number;
}

export function positionScene({ position, series, signature, width = 720 }: PositionInput): Scene {
  const buckets = position.buckets;
  const byIndex = position.by === 'index';
  const title = byIndex ? 'Metrics by turn index' : 'Metrics by dialogue length';
  const left = 44;
  const right = width - 16;
  const top = 44;
  const plotH = 240;
  const countTop = top + plotH + 52;
  const countH = 60;
  const keys = buckets.map((b) => b.key);
  const lo = minOf(keys, 0);
  const hi = maxOf(keys, 1);
  const x = scaleLinear()
    .domain([lo - 0.5, hi + 0.5])
    .range([left, right]);
  const y = scaleLinear()
    .domain([0, 1])
    .range([top + plotH, top]);
  const nodes: SceneNode[] = [text(8, 16, title, { fontWeight: 'bold', fontSize: 13 })];
  let lx = 8;
  series.forEach((s, k) => {
    nodes.push({
      kind: 'line',
      x1: lx,
      y1: 29,
      x2: lx + 16,
      y2: 29,
      style: { stroke: seriesColour(k), strokeWidth: 2, dash: k % 2 ? '4 2' : undefined },
    });
    nodes.push(text(lx + 20, 32, s.label, { fontSize: SMALL }));
    lx += 30 + textWidth(s.label, SMALL);
  });
  // The band note is set apart from the last series' label (a gap and a separator), not read as part of it.
  if (position.banded.length)
    nodes.push(
      text(lx + 6, 32, `· shaded: ${Math.round(position.level * 100)}% bootstrap band (${position.replicates} resamples)`, {
        fontSize: SMALL,
        opacity: 0.8,
      }),
    );
  pushAll(
    nodes,
    yAxis(y, y.ticks(5), left, right, (v) => `${Math.round(v * 100)}`),
  );
  const step = Math.max(1, Math.ceil(keys.length / 16));
  const xticks = keys.filter((_, i) => i % step === 0);
  pushAll(nodes, xAxis(x, xticks, top + plotH, String));
  nodes.push(
    text((left + right) / 2, top + plotH + 28, byIndex ? 'turn index' : 'dialogue length (turns)', { anchor: 'middle', fontSize: SMALL }),
  );

  series.forEach((s, k) => {
    const colour = seriesColour(k);
    const band = position.banded.includes(s.key);
    if (band) {
      const pts = buckets.map((b) => ({ key: b.key, band: b.bands[s.key] })).filter((p) => p.band);
      if (pts.length > 0) {
        const upper = pts.map((p) => `${x(p.key)},${y(p.band![1])}`);
        const lower = pts.map((p) => `${x(p.key)},${y(p.band![0])}`).reverse();
        nodes.push({
          kind: 'path',
          d: `M${upper.join('L')}L${lower.join('L')}Z`,
          style: { fill: colour, opacity: 0.18 },
          data: { role: 'band', metric: s.key },
        });
      }
    }
    const pts = buckets.map((b) => ({ b, v: s.value(b) })).filter((p) => p.v !== null && Number.isFinite(p.v));
    if (pts.length > 1) {
      nodes.push({
        kind: 'path',
        d: 'M' + pts.map((p) => `${x(p.b.key)},${y(p.v!)}`).join('L'),
        style: { stroke: colour, strokeWidth: 2, fill: 'none', dash: k % 2 ? '4 2' : undefined },
        data: { role: 'line', metric: s.key },
      });
    }
    for (const p of pts) {
      const bnd = p.b.bands[s.key];
      nodes.push({
        kind: 'circle',
        cx: x(p.b.key),
        cy: y(p.v!),
        r: 2.5,
        style: { fill: colour },
        title: `${byIndex ? 'turn' : 'length'} ${p.b.key} · ${s.label} ${pctLabel(p.v)}${bnd ? ` [${pctLabel(bnd[0])}, ${pctLabel(bnd[1])}]` : ''} · ${p.b.turns} turns`,
        data: { metric: s.key, key: String(p.b.key) },
      });
    }
  });

  // Counts panel.
  const maxCount = maxBy(buckets, (b) => (byIndex ? b.turns : b.dialogues), 1);
  const cy = scaleLinear()
    .domain([0, maxCount])
    .range([countTop + countH, countTop]);
  const countTitle = byIndex ? 'turns at this index' : 'dialogues of this length';
  nodes.push(text(8, countTop - 6, countTitle, { fontSize: SMALL }));
  // What the minimum of turns per position hid, beside the counts it is about.
  const hidden = hiddenNote(position);
  if (hidden)
    nodes.push(
      text(right, countTop - 6, hidden, { fontSize: SMALL, anchor: 'end', opacity: 0.85 }, { data: { testid: 'position-hidden-note' } }),
    );
  const bw = Math.max(1, Math.min(24, (x(1) - x(0)) * 0.7));
  for (const b of buckets) {
    const c = byIndex ? b.turns : b.dialogues;
    nodes.push({
      kind: 'rect',
      x: x(b.key) - bw / 2,
      y: cy(c),
      w: bw,
      h: countTop + countH - cy(c),
      style: { fill: '#9aa0a6' },
      title: `${byIndex ? 'turn' : 'length'} ${b.key}: ${c} ${byIndex ? 'turns' : 'dialogues'}`,
    });
  }
  nodes.push({ kind: 'line', x1: left, y1: countTop + countH, x2: right, y2: countTop + countH, style: { stroke: INK, strokeWidth: 0.5 } });
  nodes.push(text(left - 4, countTop + 4, String(maxCount), { anchor: 'end', fontSize: SMALL }));
  const height = countTop + countH + 26;
  nodes.push(footer(signature, width, height - 6));
  return { width, height, title, desc: signature, nodes };
}
