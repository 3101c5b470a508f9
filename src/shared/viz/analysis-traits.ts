// Layer: shared (pure TS). The GCA paper's Figure 4: for each spurious trait
// (TO, NU), the kept dialogues' z-scored FGA (circles) and GCA (squares)
// against the z-scored trait, each metric's least-squares line, Pearson's r,
// and Zou's 95% interval for r(trait, FGA) − r(trait, GCA). Pure layout.

import { scaleLinear } from 'd3-scale';
import type { TraitsView } from '../analysis/traits-points';
import type { Scene, SceneNode } from './scene';
import { footer, GRID, seriesColour, SMALL, text, xAxis, yAxis } from './analysis-common';

const f3 = (x: number | null | undefined) => (x === null || x === undefined ? '–' : x.toFixed(3));

export function traitsScene(t: TraitsView, signature: string, width = 860): Scene {
  const title = 'Spurious traits: FGA and GCA against tail-orientedness (TO) and non-uniformity (NU)';
  const panelW = (width - 40) / 2;
  const top = 76;
  const plotH = 260;
  const nodes: SceneNode[] = [text(8, 16, title, { fontWeight: 'bold', fontSize: 13 })];
  const a = t.analysis;
  const close = a.dialogues - a.dropped - a.kept;
  nodes.push(
    text(
      8,
      32,
      `${a.kept} of ${a.dialogues} dialogues kept: ${a.dropped} dropped (FGA = GCA = 100 or no mistakes), ${close} with |FGA_z − GCA_z| < ${t.threshold}; z-scores; FGA with λ = ${t.lambda}`,
      { fontSize: SMALL },
    ),
  );
  const all = t.points.flatMap((p) => [p.TO, p.NU, p.FGA, p.GCA]);
  const ext = Math.max(1, Math.ceil(Math.max(...all.map(Math.abs), 1)));
  (['TO', 'NU'] as const).forEach((trait, pi) => {
    const ox = 20 + pi * (panelW + 10);
    const left = ox + 34;
    const right = ox + panelW - 8;
    const x = scaleLinear().domain([-ext, ext]).range([left, right]);
    const y = scaleLinear()
      .domain([-ext, ext])
      .range([top + plotH, top]);
    const c = a.correlations.find((k) => k.trait === trait);
    // Two lines above the axis's own label ("metric (z)", at top − 2), within the panel's width.
    nodes.push(text(left, top - 27, `${trait}: r(FGA) = ${f3(c?.withFGA)}, r(GCA) = ${f3(c?.withGCA)}`, { fontSize: SMALL }));
    nodes.push(
      text(
        left,
        top - 15,
        `difference ${f3(c?.difference?.difference)} [${f3(c?.difference?.lower)}, ${f3(c?.difference?.upper)}]${c?.difference ? (c.difference.significant ? ' (differ)' : ' (n.s.)') : ''}`,
        { fontSize: SMALL },
      ),
    );
    nodes.push(...yAxis(y, y.ticks(5), left, right, (v) => String(v)));
    nodes.push(...xAxis(x, x.ticks(5), top + plotH, (v) => String(v)));
    nodes.push({ kind: 'line', x1: x(0), y1: top, x2: x(0), y2: top + plotH, style: { stroke: GRID, strokeWidth: 0.5 } });
    nodes.push(text((left + right) / 2, top + plotH + 28, `${trait} (z-score)`, { anchor: 'middle', fontSize: SMALL }));
    nodes.push(text(ox + 4, top - 2, 'metric (z)', { fontSize: 9, opacity: 0.8 }));
    (['FGA', 'GCA'] as const).forEach((metric, k) => {
      const colour = seriesColour(k);
      for (const p of t.points) {
        const px = x(p[trait]);
        const py = y(p[metric]);
        const tip = `${p.id}: ${trait} ${p[trait].toFixed(2)}, ${metric} ${p[metric].toFixed(2)} (z)`;
        if (k === 0)
          nodes.push({
            kind: 'circle',
            cx: px,
            cy: py,
            r: 2.6,
            style: { fill: 'none', stroke: colour, strokeWidth: 1.2, opacity: 0.85 },
            title: tip,
            data: { dialogue: p.id, metric, trait },
          });
        else
          nodes.push({
            kind: 'rect',
            x: px - 2.2,
            y: py - 2.2,
            w: 4.4,
            h: 4.4,
            style: { fill: colour, opacity: 0.7 },
            title: tip,
            data: { dialogue: p.id, metric, trait },
          });
      }
      const line = t.lines.find((l) => l.trait === trait && l.metric === metric);
      if (line && line.slope !== null && line.intercept !== null) {
        const y1 = line.intercept + line.slope * -ext;
        const y2 = line.intercept + line.slope * ext;
        nodes.push({
          kind: 'line',
          x1: x(-ext),
          y1: y(y1),
          x2: x(ext),
          y2: y(y2),
          style: { stroke: colour, strokeWidth: 2, dash: k ? '5 3' : undefined },
          title: `${metric} = ${line.intercept.toFixed(3)} + ${line.slope.toFixed(3)} · ${trait}`,
          data: { role: 'fit', metric, trait },
        });
      }
    });
  });
  // Legend.
  const ly = top + plotH + 44;
  nodes.push({ kind: 'circle', cx: 26, cy: ly - 4, r: 3, style: { fill: 'none', stroke: seriesColour(0), strokeWidth: 1.2 } });
  nodes.push(text(34, ly, 'FGA (least squares: solid)', { fontSize: SMALL }));
  nodes.push({ kind: 'rect', x: 200, y: ly - 7, w: 5, h: 5, style: { fill: seriesColour(1) } });
  nodes.push(text(210, ly, 'GCA (least squares: dashed)', { fontSize: SMALL }));
  const height = ly + 22;
  nodes.push(footer(signature, width, height - 4));
  return { width, height, title, desc: signature, nodes };
}
