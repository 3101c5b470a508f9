// Layer: shared (pure TS). The GCA paper's Figure 4: for each spurious trait
// (TO, NU), the kept dialogues' z-scored FGA (circles) and GCA (squares)
// against the z-scored trait, each metric's least-squares line, Pearson's r,
// and Zou's 95% interval for r(trait, FGA) − r(trait, GCA). Pure layout.
// Up to TRAITS_POINT_LIMIT kept dialogues each get their own marks; more
// (a 66k-dialogue corpus keeps tens of thousands) are drawn as a density
// grid that still counts every dialogue in exactly one cell per metric, and
// the figure says so. The lines, r and the interval are always over all of them.

import { scaleLinear } from 'd3-scale';
import type { TraitPoint, TraitsView } from '../analysis/traits-points';
import { pushAll } from '../arrays';
import type { Scene, SceneNode } from './scene';
import { footer, GRID, seriesColour, SMALL, text, xAxis, yAxis } from './analysis-common';

/** Up to this many kept dialogues are drawn one mark each (4 marks per dialogue); more are drawn as a density grid. */
export const TRAITS_POINT_LIMIT = 2000;
/** The density grid's cell size, in scene units (about screen pixels at the view's width). */
const CELL = 7;
/** GCA's square inside a cell, as a share of the cell (FGA fills the cell), so both show where both fall. */
const INNER = 0.56;

export interface TraitsSceneOptions {
  /** Kept dialogues above which the scene draws the density grid (default TRAITS_POINT_LIMIT). */
  pointLimit?: number;
}

/** One metric's counts over a panel's grid: the kept dialogues whose (trait, metric) falls in each cell. */
export interface DensityGrid {
  cols: number;
  rows: number;
  /** Row-major counts, row 0 at the top (highest metric z). */
  counts: Int32Array;
}

/** The cell of a value on an axis of `n` cells over [−ext, ext]; the top edge belongs to the last cell. */
function cellOf(v: number, ext: number, n: number): number {
  const k = Math.floor(((v + ext) / (2 * ext)) * n);
  return k < 0 ? 0 : k >= n ? n - 1 : k;
}

/** Counts every point in one cell of a cols × rows grid over [−ext, ext]² of (trait, metric). */
export function densityGrid(
  points: readonly TraitPoint[],
  trait: 'TO' | 'NU',
  metric: 'FGA' | 'GCA',
  ext: number,
  cols: number,
  rows: number,
): DensityGrid {
  const counts = new Int32Array(cols * rows);
  for (const p of points) {
    const c = cellOf(p[trait], ext, cols);
    const r = rows - 1 - cellOf(p[metric], ext, rows);
    counts[r * cols + c]++;
  }
  return { cols, rows, counts };
}

/** The axes' half-range: the largest |z| of any point, rounded up, at least 1 (a loop: any number of points). */
function extentOf(points: readonly TraitPoint[]): number {
  let m = 1;
  for (const p of points) m = Math.max(m, Math.abs(p.TO), Math.abs(p.NU), Math.abs(p.FGA), Math.abs(p.GCA));
  return Math.max(1, Math.ceil(m));
}

const f3 = (x: number | null | undefined) => (x === null || x === undefined ? '–' : x.toFixed(3));

/** Opacity of a cell with `n` of at most `max` dialogues: a log scale, so a cell of one dialogue stays visible beside the densest. */
function shade(n: number, max: number): number {
  return 0.15 + (0.8 * Math.log1p(n)) / Math.log1p(Math.max(1, max));
}

export function traitsScene(t: TraitsView, signature: string, width = 860, opts: TraitsSceneOptions = {}): Scene {
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
  const ext = extentOf(t.points);
  const dense = t.points.length > (opts.pointLimit ?? TRAITS_POINT_LIMIT);
  // The density grids (dense only): every kept dialogue in one cell per panel and metric, shaded on one scale.
  const panelLeft = (pi: number) => 20 + pi * (panelW + 10) + 34;
  const cols = Math.max(8, Math.round((panelW - 42) / CELL));
  const rows = Math.max(8, Math.round(plotH / CELL));
  const grids = new Map<string, DensityGrid>();
  let densest = 0;
  if (dense)
    for (const trait of ['TO', 'NU'] as const)
      for (const metric of ['FGA', 'GCA'] as const) {
        const g = densityGrid(t.points, trait, metric, ext, cols, rows);
        grids.set(`${trait}/${metric}`, g);
        for (const n of g.counts) densest = Math.max(densest, n);
      }
  (['TO', 'NU'] as const).forEach((trait, pi) => {
    const ox = 20 + pi * (panelW + 10);
    const left = panelLeft(pi);
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
    pushAll(
      nodes,
      yAxis(y, y.ticks(5), left, right, (v) => String(v)),
    );
    pushAll(
      nodes,
      xAxis(x, x.ticks(5), top + plotH, (v) => String(v)),
    );
    nodes.push({ kind: 'line', x1: x(0), y1: top, x2: x(0), y2: top + plotH, style: { stroke: GRID, strokeWidth: 0.5 } });
    nodes.push(text((left + right) / 2, top + plotH + 28, `${trait} (z-score)`, { anchor: 'middle', fontSize: SMALL }));
    nodes.push(text(ox + 4, top - 2, 'metric (z)', { fontSize: 9, opacity: 0.8 }));
    (['FGA', 'GCA'] as const).forEach((metric, k) => {
      const colour = seriesColour(k);
      const grid = grids.get(`${trait}/${metric}`);
      if (grid) {
        // FGA fills its cells, GCA a smaller square inside them: where both fall, both show.
        const cw = (right - left) / cols;
        const ch = plotH / rows;
        const zw = (2 * ext) / cols;
        const zh = (2 * ext) / rows;
        const inset = k === 0 ? 0 : (1 - INNER) / 2;
        for (let r = 0; r < rows; r++)
          for (let col = 0; col < cols; col++) {
            const n = grid.counts[r * cols + col];
            if (n === 0) continue;
            const tx = -ext + col * zw;
            const my = ext - (r + 1) * zh;
            nodes.push({
              kind: 'rect',
              x: left + (col + inset) * cw,
              y: top + (r + inset) * ch,
              w: cw * (1 - 2 * inset),
              h: ch * (1 - 2 * inset),
              style: { fill: colour, opacity: shade(n, densest) },
              title: `${n} ${n === 1 ? 'dialogue' : 'dialogues'}: ${trait} ${tx.toFixed(2)} to ${(tx + zw).toFixed(2)}, ${metric} ${my.toFixed(2)} to ${(my + zh).toFixed(2)} (z)`,
              data: { role: 'density', metric, trait, count: String(n) },
            });
          }
      } else
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
  let ly = top + plotH + 44;
  if (dense) {
    nodes.push({ kind: 'rect', x: 22, y: ly - 9, w: 9, h: 9, style: { fill: seriesColour(0), opacity: 0.6 } });
    nodes.push(text(36, ly, 'FGA: shaded cells (least squares: solid)', { fontSize: SMALL }));
    nodes.push({ kind: 'rect', x: 292, y: ly - 7, w: 5, h: 5, style: { fill: seriesColour(1), opacity: 0.8 } });
    nodes.push(text(304, ly, 'GCA: inner squares (least squares: dashed)', { fontSize: SMALL }));
    ly += 16;
    nodes.push(
      text(
        8,
        ly,
        `${a.kept} kept dialogues, more than ${opts.pointLimit ?? TRAITS_POINT_LIMIT} to draw one by one: each is counted in one cell of ${((2 * ext) / cols).toFixed(2)} × ${((2 * ext) / rows).toFixed(2)} z per panel and metric;`,
        { fontSize: SMALL },
        { data: { role: 'density-note' } },
      ),
    );
    ly += 13;
    nodes.push(
      text(8, ly, `shade: dialogues per cell, 1 to ${densest} (log scale); the lines, r and the intervals use every kept dialogue.`, {
        fontSize: SMALL,
      }),
    );
  } else {
    nodes.push({ kind: 'circle', cx: 26, cy: ly - 4, r: 3, style: { fill: 'none', stroke: seriesColour(0), strokeWidth: 1.2 } });
    nodes.push(text(34, ly, 'FGA (least squares: solid)', { fontSize: SMALL }));
    nodes.push({ kind: 'rect', x: 200, y: ly - 7, w: 5, h: 5, style: { fill: seriesColour(1) } });
    nodes.push(text(210, ly, 'GCA (least squares: dashed)', { fontSize: SMALL }));
  }
  const height = ly + 22;
  nodes.push(footer(signature, width, height - 4));
  return { width, height, title, desc: signature, nodes };
}
