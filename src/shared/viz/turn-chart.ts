// Layer: shared (pure TS, d3 math). The per-turn metric chart as a scene: one
// lane per headline metric (registry.ts HEADLINE) sharing a band scale of
// turns — JGA (0/1), FGA (bars whose fill tells exact / carried error / fresh
// error), RSA, any other headline metric as bars, the running GCA (a line
// with its final value written at its end), and the changes GCA counts
// per turn stacked by class (colour + pattern, so W and M differ in grey) —
// with value axes, ticks and labels, a turn axis, direct labels and a legend.
// The metric panel draws it (SceneSvg) at the panel's width; exports
// serialise the same scene.

import { scaleBand, scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';
import { max } from 'd3-array';
import type { MetricConfig } from '../metrics/config';
import type { SlotClass, TurnRecord } from '../metrics/evaluate';
import { HEADLINE_IDS, headlineLabel, metricById, turnShown } from '../metrics/registry';
import { fracLabel, legendRows, tickStep, valueAxis, type LegendItem } from './axes';
import type { Scene, SceneNode, Style } from './scene';
import { textWidth } from './text';
import { CLASS_LOOK, SLOT_CLASSES, THEMES, type FigureTheme, type ThemeName } from './theme';
import { maxBy, pushAll } from '../arrays';

/** A headline metric's id, or 'GCA-changes' (the changes GCA counts per turn). */
export type ChartLaneId = string;

export interface TurnChartOptions {
  /** Width in user units (the panel's width on screen). */
  width: number;
  theme?: ThemeName;
  /** Highlighted turn positions (screen only). */
  selected?: number | null;
  hovered?: number | null;
  /** Scene title and description (the signature). */
  title?: string;
  signature?: string;
  /** Draw the legend under the chart (default true). */
  legend?: boolean;
  /** Base font size (default 10). */
  fontSize?: number;
}

export interface TurnBand {
  /** Position in the dialogue. */
  index: number;
  x: number;
  w: number;
  centre: number;
}

export interface LaneInfo {
  id: ChartLaneId;
  top: number;
  height: number;
}

export interface TurnChartLayout {
  scene: Scene;
  bands: TurnBand[];
  lanes: LaneInfo[];
  /** Plot area (x of the first and last band edges). */
  left: number;
  right: number;
  /** Largest count of GCA changes in one turn (the stack's scale). */
  maxChanges: number;
}

const CHANGES = 'GCA-changes';

/** A lane's title: "JGA (0 or 1)", "FGA λ=0.5", "RSA", "GCA, running", "changes GCA counts". */
function laneTitle(id: ChartLaneId, config: MetricConfig): string {
  if (id === CHANGES) return 'changes GCA counts';
  const m = metricById(id)!;
  return `${headlineLabel(m, config)}${m.headline?.binary ? ' (0 or 1)' : ''}${m.headline?.running ? ', running' : ''}`;
}

const LANES: ChartLaneId[] = [...HEADLINE_IDS, CHANGES];

/** The value a turn contributes to a headline metric's lane (GCA: the running value; FGA: the first λ). */
export function laneValue(t: TurnRecord, lane: string, config: MetricConfig): number {
  return turnShown(t, metricById(lane)!, config);
}

function classFill(cls: SlotClass, theme: FigureTheme): Style {
  const look = CLASS_LOOK[cls];
  return look.pattern
    ? { fill: look.colour, pattern: look.pattern, patternColor: theme.patternInk, stroke: look.colour, strokeWidth: 0.75 }
    : { fill: look.colour, stroke: look.colour, strokeWidth: 0.75 };
}

/** A swatch of a slot class: its colour and pattern. */
export function classSwatch(cls: SlotClass, theme: FigureTheme) {
  return (x: number, y: number): SceneNode[] => [{ kind: 'rect', x, y, w: 12, h: 10, style: classFill(cls, theme) }];
}

export function turnChartLayout(turns: readonly TurnRecord[], config: MetricConfig, opts: TurnChartOptions): TurnChartLayout {
  const theme = THEMES[opts.theme ?? 'light'];
  const fs = opts.fontSize ?? 10;
  const small = fs - 1;
  const n = turns.length;
  const width = Math.max(200, opts.width);
  const maxChanges = max(turns, (t) => t.gca.C + t.gca.W + t.gca.M + t.gca.O) ?? 0;
  const left = 8 + Math.max(textWidth('0.5', small), textWidth(String(Math.max(1, maxChanges)), small)) + 8;
  const right = width - 10;
  const laneH = Math.round(Math.min(90, Math.max(38, width * 0.11)));
  const titleH = fs + 6;
  const gap = 8;

  const x = scaleBand<number>()
    .domain(turns.map((_, i) => i))
    .range([left, right])
    .paddingInner(n > 40 ? 0.05 : 0.22)
    .paddingOuter(0.12);
  const bw = x.bandwidth();
  const bands: TurnBand[] = turns.map((_, i) => ({ index: i, x: x(i) ?? 0, w: bw, centre: (x(i) ?? 0) + bw / 2 }));

  const nodes: SceneNode[] = [];
  const lanes: LaneInfo[] = [];
  const top0 = 4;
  const laneTop = (k: number) => top0 + k * (titleH + laneH + gap) + titleH;
  const plotBottom = laneTop(LANES.length - 1) + laneH;

  // Turn highlights behind everything (screen only).
  const highlight = (i: number | null | undefined, fill: string, cls: string) => {
    if (i === null || i === undefined || !bands[i]) return;
    const b = bands[i];
    const pad = Math.min(3, (x.step() - bw) / 2 + 1);
    nodes.push({
      kind: 'rect',
      x: b.x - pad,
      y: top0,
      w: b.w + 2 * pad,
      h: plotBottom - top0,
      style: { fill },
      className: cls,
      data: { turn: String(i) },
    });
  };
  highlight(opts.selected, theme.selected, 'band selected');
  if (opts.hovered !== opts.selected) highlight(opts.hovered, theme.hovered, 'band hovered');

  const labelFits = (s: string) => textWidth(s, small) + 2 <= x.step();
  LANES.forEach((id, k) => {
    const top = laneTop(k);
    const bottom = top + laneH;
    lanes.push({ id, top, height: laneH });
    const g: SceneNode[] = [];
    const title = laneTitle(id, config);
    g.push({ kind: 'text', x: left, y: top - 4, text: title, style: { fill: theme.fg, fontSize: fs, fontWeight: 'bold' } });

    const running = id === CHANGES ? undefined : metricById(id)!.headline?.running;
    if (id === CHANGES) {
      const top1 = Math.max(1, maxChanges);
      // Room above the tallest stack for its count, so the count never runs into the lane's title.
      const yc = scaleLinear()
        .domain([0, top1])
        .range([bottom, top + small + 4]);
      const tickVals = top1 <= 4 ? Array.from({ length: top1 + 1 }, (_, i) => i) : [0, Math.round(top1 / 2), top1];
      pushAll(
        g,
        valueAxis(
          theme,
          left,
          right,
          tickVals.map((v) => ({ y: yc(v), label: String(v) })),
          small,
        ),
      );
      turns.forEach((t, i) => {
        let acc = 0;
        for (const cls of SLOT_CLASSES) {
          const v = t.gca[CLASS_LOOK[cls].letter];
          if (v <= 0) continue;
          const b = bands[i];
          const w = Math.min(b.w, Math.max(6, b.w * 0.7));
          g.push({
            kind: 'rect',
            x: b.centre - w / 2,
            y: yc(acc + v),
            w,
            h: yc(acc) - yc(acc + v),
            style: classFill(cls, theme),
            title: `turn ${t.turn}: +${v} ${CLASS_LOOK[cls].label}`,
            data: { testid: 'chart-stack', turn: String(i), cls },
          });
          acc += v;
        }
        if (acc > 0 && labelFits(String(acc)))
          g.push({
            kind: 'text',
            x: bands[i].centre,
            y: yc(acc) - 2,
            text: String(acc),
            style: { fill: theme.muted, fontSize: small, anchor: 'middle' },
          });
      });
    } else {
      const y = scaleLinear()
        .domain([0, 1])
        .range([bottom, top + 2]);
      const ticks = metricById(id)!.headline?.binary ? [0, 1] : [0, 0.5, 1];
      pushAll(
        g,
        valueAxis(
          theme,
          left,
          right,
          ticks.map((v) => ({ y: y(v), label: v === 0.5 ? '0.5' : String(v) })),
          small,
        ),
      );
      if (running) {
        // A running value (GCA's): undefined before the first change, no point there.
        const shown = running.shown(turns);
        const at = new Map(turns.map((t, i) => [t, shown[i] ?? Number.NaN]));
        const val = (t: TurnRecord) => at.get(t) ?? Number.NaN;
        const path = line<TurnRecord>()
          .defined((t) => Number.isFinite(val(t)))
          .x((_, i) => bands[i].centre)
          .y((t) => y(val(t)))(turns as TurnRecord[]);
        if (path)
          g.push({
            kind: 'path',
            d: path,
            style: { stroke: theme.fg, strokeWidth: 1.5, dash: '4 2.5', fill: 'none' },
            data: { testid: 'chart-line', metric: id },
          });
        turns.forEach((t, i) => {
          if (Number.isFinite(val(t)))
            g.push({
              kind: 'circle',
              cx: bands[i].centre,
              cy: y(val(t)),
              r: 2.5,
              style: { fill: theme.bg, stroke: theme.fg, strokeWidth: 1.2 },
              title: `turn ${t.turn}: running ${id} ${fracLabel(val(t))}`,
            });
        });
        const last = n - 1;
        if (last >= 0 && Number.isFinite(val(turns[last]))) {
          const v = val(turns[last]);
          const lbl = fracLabel(v);
          const lx = Math.min(bands[last].centre + 5, width - textWidth(lbl, small, 'bold') - 1);
          g.push({
            kind: 'text',
            x: lx,
            y: y(v) - 5,
            text: lbl,
            style: { fill: theme.fg, fontSize: small, fontWeight: 'bold' },
            data: { testid: 'chart-label', metric: id },
          });
        }
      } else {
        turns.forEach((t, i) => {
          const v = laneValue(t, id, config);
          const b = bands[i];
          const safe = Number.isFinite(v) ? v : 0;
          let style: Style = { fill: theme.bar };
          let note = '';
          if (id === 'FGA') {
            if (t.fgaClass === 'type2') {
              style = { fill: theme.bar, pattern: 'hatch', patternColor: theme.patternInk };
              note = ` (carried error, distance ${t.fgaDistance})`;
            } else if (t.fgaClass === 'type1') note = ' (fresh error)';
          }
          g.push({
            kind: 'rect',
            x: b.x,
            y: y(safe),
            w: b.w,
            h: y(0) - y(safe),
            style,
            title: `turn ${t.turn}: ${id} ${fracLabel(v)}${note}`,
            data: { testid: 'chart-bar', metric: id, turn: String(i) },
          });
          if (id === 'FGA' && t.fgaClass === 'type1')
            g.push({
              kind: 'text',
              x: b.centre,
              y: bottom - 2,
              text: '×',
              style: { fill: CLASS_LOOK.wrong.colour, fontSize: fs + 1, fontWeight: 'bold', anchor: 'middle' },
            });
          const lbl = fracLabel(v);
          if (labelFits(lbl) && !(id === 'FGA' && t.fgaClass === 'type1')) {
            const inside = safe > 0.78;
            const ly = inside ? y(safe) + small + 1 : y(safe) - 2;
            // Inside a hatched bar the stripes would cut the light label: it gets a solid patch of the bar's colour.
            if (inside && style.pattern) {
              const w = textWidth(lbl, small) + 4;
              g.push({ kind: 'rect', x: b.centre - w / 2, y: ly - small, w, h: small + 2, style: { fill: theme.bar } });
            }
            g.push({
              kind: 'text',
              x: b.centre,
              y: ly,
              text: lbl,
              style: { fill: inside ? theme.bg : theme.muted, fontSize: small, anchor: 'middle' },
            });
          }
        });
      }
    }
    nodes.push({ kind: 'group', children: g, className: `lane lane-${id}`, data: { lane: id } });
  });

  // Turn axis.
  const axisY = plotBottom;
  nodes.push({ kind: 'line', x1: left, y1: axisY, x2: right, y2: axisY, style: { stroke: theme.line, strokeWidth: 1 } });
  const widest = maxBy(turns, (t) => textWidth(String(t.turn), small), 0);
  const every = tickStep(n, x.step(), widest);
  turns.forEach((t, i) => {
    if (i % every !== 0 && i !== n - 1) return;
    if (i === n - 1 && i % every !== 0 && n > 1 && bands[i].centre - bands[i - (i % every)].centre < widest + 4) return;
    const c = bands[i].centre;
    nodes.push({ kind: 'line', x1: c, y1: axisY, x2: c, y2: axisY + 3, style: { stroke: theme.line, strokeWidth: 1 } });
    nodes.push({
      kind: 'text',
      x: c,
      y: axisY + 4 + small,
      text: String(t.turn),
      style: { fill: theme.muted, fontSize: small, anchor: 'middle' },
      data: { testid: 'chart-tick', turn: String(i) },
    });
  });
  const axisLabelY = axisY + 4 + small + 3 + fs;
  nodes.push({
    kind: 'text',
    x: (left + right) / 2,
    y: axisLabelY,
    text: 'turn',
    style: { fill: theme.muted, fontSize: fs, anchor: 'middle' },
  });
  let height = axisLabelY + 6;

  if (opts.legend !== false) {
    const items: LegendItem[] = SLOT_CLASSES.map((cls) => ({
      swatch: classSwatch(cls, theme),
      label: `${CLASS_LOOK[cls].letter} ${CLASS_LOOK[cls].label}`,
    }));
    items.push(
      {
        swatch: (sx, sy) => [
          { kind: 'rect', x: sx, y: sy, w: 12, h: 10, style: { fill: theme.bar, pattern: 'hatch', patternColor: theme.patternInk } },
        ],
        label: 'FGA: carried error, forgiven',
      },
      {
        swatch: (sx, sy) => [
          {
            kind: 'text',
            x: sx + 6,
            y: sy + 9,
            text: '×',
            style: { fill: CLASS_LOOK.wrong.colour, fontSize: fs + 1, fontWeight: 'bold', anchor: 'middle' },
          },
        ],
        label: 'FGA: fresh error (0)',
      },
      {
        swatch: (sx, sy) => [
          { kind: 'line', x1: sx, y1: sy + 5, x2: sx + 12, y2: sy + 5, style: { stroke: theme.fg, strokeWidth: 1.5, dash: '4 2.5' } },
        ],
        label: 'running GCA',
      },
    );
    const lg = legendRows(items, left, height, right - left, small, { fill: theme.fg });
    nodes.push({ kind: 'group', children: lg.nodes, className: 'legend', data: { testid: 'chart-legend' } });
    height += lg.height + 4;
  }

  const scene: Scene = {
    width,
    height: Math.ceil(height),
    title: opts.title ?? 'Per-turn JGA, FGA, RSA and GCA',
    desc: opts.signature ?? '',
    background: theme.bg,
    nodes,
  };
  return { scene, bands, lanes, left, right, maxChanges };
}

/** Which turn a pointer x falls on (its band widened to the step), or null. */
export function turnAt(layout: TurnChartLayout, px: number): number | null {
  const b = layout.bands;
  if (b.length === 0) return null;
  const half = b.length > 1 ? (b[1].x - b[0].x - b[0].w) / 2 : 4;
  for (const band of b) if (px >= band.x - half - 0.5 && px <= band.x + band.w + half + 0.5) return band.index;
  return null;
}
