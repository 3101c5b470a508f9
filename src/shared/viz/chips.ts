// Layer: shared (pure TS). A slot chip as scene shapes — the figure's version
// of the screen's SlotChip: the class told four ways (Okabe–Ito colour, icon,
// border pattern: solid / double / dashed / dotted, and a tinted fill), the
// slot name, the value (gold vs predicted for a wrong one) and a mark for a
// change in this turn (Δ) versus a slot carried over (↻, faded). Chips are
// laid out in rows that wrap within a width.

import type { SlotRecord } from '../metrics/evaluate';
import type { SceneNode } from './scene';
import { capHeight, fitText, textWidth, type Face } from './text';
import { CLASS_LOOK, tint, type FigureTheme } from './theme';
import { maxBy, pushAll } from '../arrays';

export interface ChipMetrics {
  fontSize: number;
  height: number;
  padX: number;
  gap: number;
}

export const CHIP: ChipMetrics = { fontSize: 10, height: 19, padX: 5, gap: 4 };

interface Piece {
  /** No leading or trailing spaces (renderers collapse them); `gap` spaces come before. */
  text: string;
  gap: number;
  face: Face;
  fill: (theme: FigureTheme) => string;
}

/** "hotel-book day" → domain "hotel", name "book day". */
export function splitSlotName(slot: string): { domain: string; name: string } {
  const i = slot.indexOf('-');
  return i < 0 ? { domain: '', name: slot } : { domain: slot.slice(0, i), name: slot.slice(i + 1) };
}

function pieces(s: SlotRecord, maxValue: number, fs: number): Piece[] {
  const look = CLASS_LOOK[s.class];
  const { domain, name } = splitSlotName(s.slot);
  const out: Piece[] = [
    { text: look.icon, gap: 0, face: 'bold', fill: () => look.colour },
    { text: `${domain ? `${domain}·` : ''}${name}`, gap: 1, face: 'sans', fill: (t) => t.muted },
  ];
  const v = (x: string | null) => fitText(x ?? '', maxValue, fs, 'sans');
  if (s.class === 'wrong') {
    out.push(
      { text: v(s.gold), gap: 1.5, face: 'sans', fill: (t) => t.fg },
      { text: 'vs', gap: 1, face: 'sans', fill: (t) => t.muted },
      { text: v(s.pred), gap: 1, face: 'bold', fill: () => look.colour },
    );
  } else
    out.push({
      text: v(s.class === 'overshot' ? s.pred : s.gold),
      gap: 1.5,
      face: s.class === 'correct' ? 'sans' : 'bold',
      fill: (t) => (s.class === 'correct' ? t.fg : look.colour),
    });
  out.push({ text: s.changed ? 'Δ' : '↻', gap: 1, face: 'bold', fill: (t) => (s.changed ? t.fg : t.muted) });
  return out;
}

function pieceWidth(p: Piece, fs: number): number {
  return p.gap * textWidth(' ', fs) + textWidth(p.text, fs, p.face);
}

function piecesWidth(ps: Piece[], fs: number): number {
  return ps.reduce((w, p) => w + pieceWidth(p, fs), 0);
}

/** One chip at (x, y); returns its nodes and width. Values are shortened so the chip fits `maxWidth`. */
export function chip(
  s: SlotRecord,
  x: number,
  y: number,
  maxWidth: number,
  theme: FigureTheme,
  m: ChipMetrics = CHIP,
): { nodes: SceneNode[]; width: number } {
  const fs = m.fontSize;
  let maxValue = maxWidth;
  let ps = pieces(s, maxValue, fs);
  // Shorten the values until the chip fits (a few rounds at most).
  for (let k = 0; k < 6 && piecesWidth(ps, fs) + 2 * m.padX > maxWidth; k++) {
    const over = piecesWidth(ps, fs) + 2 * m.padX - maxWidth;
    maxValue = Math.max(12, (s.class === 'wrong' ? maxValue - over / 2 : maxValue - over) - 2);
    const longest = maxBy(ps.slice(2, -1), (p) => textWidth(p.text, fs, p.face));
    maxValue = Math.min(maxValue, longest);
    ps = pieces(s, maxValue, fs);
  }
  const width = Math.min(maxWidth, piecesWidth(ps, fs) + 2 * m.padX);
  const look = CLASS_LOOK[s.class];
  const carried = !s.changed;
  const fill = tint(look.colour, theme.bg, carried ? 0.07 : 0.16);
  const nodes: SceneNode[] = [];
  const border = { stroke: look.colour, strokeWidth: look.border === 'double' ? 0.8 : 1.3, fill };
  nodes.push({ kind: 'rect', x, y, w: width, h: m.height, rx: 4, style: look.dash ? { ...border, dash: look.dash } : border });
  if (look.border === 'double')
    nodes.push({
      kind: 'rect',
      x: x + 2,
      y: y + 2,
      w: width - 4,
      h: m.height - 4,
      rx: 2.5,
      style: { stroke: look.colour, strokeWidth: 0.8, fill: 'none' },
    });
  let cx = x + m.padX;
  const base = y + m.height / 2 + capHeight(fs) / 2;
  for (const p of ps) {
    cx += p.gap * textWidth(' ', fs);
    if (p.text)
      nodes.push({
        kind: 'text',
        x: cx,
        y: base,
        text: p.text,
        style: { fill: p.fill(theme), fontSize: fs, fontWeight: p.face === 'bold' ? 'bold' : undefined },
      });
    cx += textWidth(p.text, fs, p.face);
  }
  const label = `${s.slot}: ${look.label}${s.class === 'wrong' ? ` (gold ${s.gold}, predicted ${s.pred})` : ''}, ${s.changed ? 'changed this turn' : 'carried over'}`;
  return {
    nodes: [
      {
        kind: 'group',
        children: nodes,
        title: label,
        style: carried ? { opacity: 0.62 } : undefined,
        data: { testid: 'figure-slot', slot: s.slot, class: s.class, changed: String(s.changed) },
      },
    ],
    width,
  };
}

/** Chips in rows within `width` starting at (x, y); returns nodes and the height used. */
export function chipRows(
  slots: readonly SlotRecord[],
  x: number,
  y: number,
  width: number,
  theme: FigureTheme,
  m: ChipMetrics = CHIP,
): { nodes: SceneNode[]; height: number } {
  const nodes: SceneNode[] = [];
  let cx = x;
  let cy = y;
  for (const s of slots) {
    let c = chip(s, cx, cy, width, theme, m);
    if (cx > x && cx + c.width > x + width) {
      cx = x;
      cy += m.height + m.gap;
      c = chip(s, cx, cy, width, theme, m);
    }
    pushAll(nodes, c.nodes);
    cx += c.width + m.gap;
  }
  return { nodes, height: slots.length ? cy - y + m.height : 0 };
}
