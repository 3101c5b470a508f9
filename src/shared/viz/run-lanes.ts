// Layer: shared (pure TS, d3 math). One turn of several runs side by side as
// lanes: a lane per run (and a gold lane first), each holding the run's chip
// for every slot any run or the gold has in that turn, in the same order and
// on the same grid in every lane, so one slot sits at the same place in each
// lane. Lane labels are the run names, cut with an ellipsis to the label
// column (the full name is the title). runLanesLayout is the geometry the
// app's compare view draws its HTML chips at; runLanesScene draws the same
// geometry as a scene (scene.ts) for export.

import { scaleBand } from 'd3-scale';
import { maxBy } from '../arrays';
import type { SlotClass } from '../metrics/evaluate';
import type { Scene, SceneNode } from './scene';
import { fitText, textWidth } from './text';
import { CLASS_LOOK, tint } from './theme';

export const LANE_LABEL_FONT = 11;
/** The label column never takes more than this (long run names are cut). */
export const MAX_LABEL_WIDTH = 150;
const MIN_LABEL_WIDTH = 48;
/** Chips are at least this wide (a row holds as many as fit) and at most MAX_CHIP_WIDTH. */
export const MIN_CHIP_WIDTH = 170;
const MAX_CHIP_WIDTH = 280;
const LABEL_PAD = 10;
/** Bold text is up to this much wider than the regular text textWidth measures. */
const BOLD_WIDTH = 1.1;
const GAP = 4;
const LANE_GAP = 6;
const LANE_PAD = 3;

export interface RunLanesOptions {
  width: number;
  /** The least width of a chip (default MIN_CHIP_WIDTH). */
  chipWidth?: number;
  chipHeight?: number;
}

/** A run lane's letter (A for the first run), written before its name on screen and in the export. */
export function laneLetter(k: number): string {
  return String.fromCharCode(65 + k);
}

export interface LaneBox {
  /** The run's name ("gold" for the gold lane). */
  key: string;
  gold: boolean;
  /** The lane's letter ("" for gold), the label as shown after it, and the full name when it was cut. */
  letter: string;
  label: string;
  title: string | null;
  y: number;
  h: number;
}

export interface RunLanesLayout {
  width: number;
  height: number;
  labelWidth: number;
  chipWidth: number;
  chipHeight: number;
  /** Chips per row of a lane. */
  perRow: number;
  lanes: LaneBox[];
}

/** The lanes' geometry for `runs` (names, in lane order) and `slots` chips per lane. */
export function runLanesLayout(runs: readonly string[], slots: number, opts: RunLanesOptions): RunLanesLayout {
  const minChip = opts.chipWidth ?? MIN_CHIP_WIDTH;
  const chipHeight = opts.chipHeight ?? 22;
  // A run's label is its letter (bold) and its name: measured together, so a short name is never cut.
  const letterWidth = (k: number) => textWidth(`${laneLetter(k)} `, LANE_LABEL_FONT) * BOLD_WIDTH;
  const widest = maxBy(runs.keys(), (k) => letterWidth(k) + textWidth(runs[k], LANE_LABEL_FONT), textWidth('gold', LANE_LABEL_FONT));
  const labelWidth = Math.round(Math.min(MAX_LABEL_WIDTH, Math.max(MIN_LABEL_WIDTH, widest + LABEL_PAD)));
  const room = opts.width - labelWidth - 2 * LANE_PAD;
  const perRow = Math.max(1, Math.min(Math.max(1, slots), Math.floor((room + GAP) / (minChip + GAP))));
  // The chips share the row's room (up to MAX_CHIP_WIDTH each), so that long values show.
  const chipWidth = Math.floor(Math.max(minChip, Math.min(MAX_CHIP_WIDTH, (room - (perRow - 1) * GAP) / perRow)));
  const rows = Math.max(1, Math.ceil(slots / perRow));
  const laneHeight = rows * chipHeight + (rows - 1) * GAP + 2 * LANE_PAD;
  const keys = ['\u0000gold', ...runs];
  const step = laneHeight + LANE_GAP;
  const y = scaleBand<string>()
    .domain(keys)
    .range([0, keys.length * step - LANE_GAP])
    .paddingInner(LANE_GAP / step)
    .paddingOuter(0);
  const lanes = keys.map((k, i): LaneBox => {
    const name = i === 0 ? 'gold' : k;
    const letter = i === 0 ? '' : laneLetter(i - 1);
    const label = fitText(name, labelWidth - LABEL_PAD - (i === 0 ? 0 : letterWidth(i - 1)), LANE_LABEL_FONT);
    return { key: name, gold: i === 0, letter, label, title: label !== name ? name : null, y: y(k) ?? 0, h: y.bandwidth() };
  });
  return { width: opts.width, height: keys.length * step - LANE_GAP, labelWidth, chipWidth, chipHeight, perRow, lanes };
}

/** Where chip k of a lane sits, relative to the lane's top left corner. */
export function chipAt(l: RunLanesLayout, k: number): { x: number; y: number } {
  const row = Math.floor(k / l.perRow);
  const col = k % l.perRow;
  return { x: l.labelWidth + LANE_PAD + col * (l.chipWidth + GAP), y: LANE_PAD + row * (l.chipHeight + GAP) };
}

/** One slot of the turn: its gold value and, per run (lane order), its class and predicted value (null: neither gold nor predicted). */
export interface LaneSlot {
  slot: string;
  gold: string | null;
  runs: ({ class: SlotClass; pred: string | null } | null)[];
}

/** The lanes as a scene, for export: the same geometry as the screen's chips. */
export function runLanesScene(
  runs: readonly string[],
  slots: readonly LaneSlot[],
  opts: RunLanesOptions & { title?: string; signature?: string },
): Scene {
  const l = runLanesLayout(runs, slots.length, opts);
  const nodes: SceneNode[] = [];
  const fs = 10;
  l.lanes.forEach((lane, li) => {
    nodes.push({
      kind: 'rect',
      x: 0,
      y: lane.y,
      w: l.width,
      h: lane.h,
      rx: 4,
      style: { fill: '#f6f6f6', stroke: '#cccccc', strokeWidth: 0.6 },
    });
    nodes.push({
      kind: 'text',
      x: 4,
      y: lane.y + Math.min(lane.h, l.chipHeight + 6) / 2,
      text: lane.letter ? `${lane.letter} ${lane.label}` : lane.label,
      style: { fontSize: LANE_LABEL_FONT, baseline: 'middle', fontWeight: lane.gold ? 'bold' : 'normal' },
      ...(lane.title ? { title: lane.title } : {}),
      data: { testid: lane.gold ? 'gold-lane' : 'run-lane', run: lane.key },
    });
    slots.forEach((s, k) => {
      const at = chipAt(l, k);
      const x = at.x;
      const y = lane.y + at.y;
      const r = lane.gold ? null : s.runs[li - 1];
      const look = r ? CLASS_LOOK[r.class] : null;
      nodes.push({
        kind: 'rect',
        x,
        y,
        w: l.chipWidth,
        h: l.chipHeight,
        rx: 3,
        style: {
          fill: look ? tint(look.colour, '#ffffff', 0.18) : '#ffffff',
          stroke: look?.colour ?? '#bbbbbb',
          strokeWidth: 1.2,
          dash: look?.dash,
        },
      });
      const name = s.slot;
      const text = lane.gold
        ? `${name} ${s.gold ?? '·'}`
        : r
          ? `${look!.icon} ${name}${r.class === 'wrong' || r.class === 'overshot' ? ` ${r.pred ?? ''}` : ''}`
          : `· ${name}`;
      const shown = fitText(text, l.chipWidth - 8, fs);
      nodes.push({
        kind: 'text',
        x: x + 4,
        y: y + l.chipHeight / 2,
        text: shown,
        style: { fontSize: fs, baseline: 'middle' },
        ...(shown !== text ? { title: text } : {}),
      });
    });
  });
  return {
    width: l.width,
    height: l.height,
    title: opts.title ?? `One turn of ${runs.join(', ')}`,
    desc: opts.signature ?? '',
    nodes,
  };
}
