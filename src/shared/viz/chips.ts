// Layer: shared (pure TS). A slot chip as scene shapes — the figure's version
// of the screen's SlotChip: the class told four ways (Okabe–Ito colour, icon,
// border pattern: solid / double / dashed / dotted, and a tinted fill), the
// slot name, the value (gold vs predicted for a wrong one) and a mark for a
// change in this turn (Δ) versus a slot carried over (↻, faded). Values
// show their invisible characters as the screen does (model/visible-text.ts:
// muted markers such as ␣ ⏎ ⟨U+200B⟩), and a wrong value's characters that
// differ from the gold (model/char-diff.ts) are tinted and underlined. Chips
// are laid out in rows that wrap within a width.

import type { SlotRecord } from '../metrics/evaluate';
import { diffMarks } from '../model/char-diff';
import { valueLabel, visibleSegments, type Segment } from '../model/visible-text';
import type { SceneNode } from './scene';
import { capHeight, textWidth, type Face } from './text';
import { CLASS_LOOK, tint, type FigureTheme } from './theme';
import { maxBy, pushAll } from '../arrays';

export interface ChipMetrics {
  fontSize: number;
  height: number;
  padX: number;
  gap: number;
}

export const CHIP: ChipMetrics = { fontSize: 10, height: 19, padX: 5, gap: 4 };

/** A stretch of a value drawn in one style: plain characters, or a marker (muted, regular weight). */
interface Run {
  text: string;
  face: Face;
  marker: boolean;
  /** Marked by the character diff. */
  changed: boolean;
}

interface Piece {
  /** No leading or trailing spaces (renderers collapse them); `gap` spaces come before. */
  text: string;
  gap: number;
  face: Face;
  fill: (theme: FigureTheme) => string;
  /** A value's runs (markers and diff marks); `text` is then their texts joined. */
  runs?: Run[];
}

/** "hotel-book day" → domain "hotel", name "book day". */
export function splitSlotName(slot: string): { domain: string; name: string } {
  const i = slot.indexOf('-');
  return i < 0 ? { domain: '', name: slot } : { domain: slot.slice(0, i), name: slot.slice(i + 1) };
}

function runWidth(r: Run, fs: number): number {
  return textWidth(r.text, fs, r.face);
}

/**
 * A value's segments as runs no wider than `max`: whole when they fit, else
 * cut with an ellipsis — a plain run character by character, a marker never
 * in half.
 */
export function valueRuns(segs: readonly Segment[], face: Face, max: number, fs: number): Run[] {
  const runs = segs.map(
    (s) => ({ text: s.text, face: s.kind === 'plain' ? face : 'sans', marker: s.kind !== 'plain', changed: !!s.changed }) as Run,
  );
  if (runs.reduce((w, r) => w + runWidth(r, fs), 0) <= max) return runs;
  const ell: Run = { text: '…', face, marker: false, changed: false };
  let room = max - runWidth(ell, fs);
  const out: Run[] = [];
  for (const r of runs) {
    const w = runWidth(r, fs);
    if (w <= room) {
      out.push(r);
      room -= w;
      continue;
    }
    if (!r.marker) {
      // The longest start of the run that fits the room left.
      const chars = [...r.text];
      let lo = 0;
      let hi = chars.length;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (textWidth(chars.slice(0, mid).join(''), fs, r.face) <= room) lo = mid;
        else hi = mid - 1;
      }
      const kept = chars.slice(0, lo).join('').trimEnd();
      if (kept) out.push({ ...r, text: kept });
    }
    break;
  }
  if (room < 0) return [];
  out.push(ell);
  return out;
}

function pieces(s: SlotRecord, maxValue: number, fs: number): Piece[] {
  const look = CLASS_LOOK[s.class];
  const { domain, name } = splitSlotName(s.slot);
  const out: Piece[] = [
    { text: look.icon, gap: 0, face: 'bold', fill: () => look.colour },
    { text: `${domain ? `${domain}·` : ''}${name}`, gap: 1, face: 'sans', fill: (t) => t.muted },
  ];
  const marks = s.class === 'wrong' && s.gold !== null && s.pred !== null ? diffMarks(s.gold, s.pred) : null;
  const value = (x: string | null, changed: boolean[] | undefined, gap: number, face: Face, fill: Piece['fill']): Piece => {
    const runs = x === null ? [] : valueRuns(visibleSegments(x, changed), face, maxValue, fs);
    return { text: runs.map((r) => r.text).join(''), gap, face, fill, runs };
  };
  if (s.class === 'wrong') {
    out.push(
      value(s.gold, marks?.gold, 1.5, 'sans', (t) => t.fg),
      { text: 'vs', gap: 1, face: 'sans', fill: (t) => t.muted },
      value(s.pred, marks?.pred, 1, 'bold', () => look.colour),
    );
  } else
    out.push(
      value(s.class === 'overshot' ? s.pred : s.gold, undefined, 1.5, s.class === 'correct' ? 'sans' : 'bold', (t) =>
        s.class === 'correct' ? t.fg : look.colour,
      ),
    );
  out.push({ text: s.changed ? 'Δ' : '↻', gap: 1, face: 'bold', fill: (t) => (s.changed ? t.fg : t.muted) });
  return out;
}

function textOf(p: Piece, fs: number): number {
  return p.runs ? p.runs.reduce((w, r) => w + runWidth(r, fs), 0) : textWidth(p.text, fs, p.face);
}

function pieceWidth(p: Piece, fs: number): number {
  return p.gap * textWidth(' ', fs) + textOf(p, fs);
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
    const longest = maxBy(ps.slice(2, -1), (p) => textOf(p, fs));
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
    if (p.runs) {
      for (const r of p.runs) {
        const w = runWidth(r, fs);
        if (r.changed) {
          // A diff mark: a tint behind the characters and a line under them (not colour alone).
          nodes.push({
            kind: 'rect',
            x: cx,
            y: y + 3,
            w,
            h: m.height - 6,
            rx: 1.5,
            style: { fill: tint(CLASS_LOOK.wrong.colour, theme.bg, 0.3) },
          });
          nodes.push({
            kind: 'line',
            x1: cx,
            y1: base + 2.8,
            x2: cx + w,
            y2: base + 2.8,
            style: { stroke: CLASS_LOOK.wrong.colour, strokeWidth: 1 },
          });
        }
        nodes.push({
          kind: 'text',
          x: cx,
          y: base,
          text: r.text,
          style: { fill: r.marker ? theme.muted : p.fill(theme), fontSize: fs, fontWeight: r.face === 'bold' ? 'bold' : undefined },
          ...(r.marker ? { data: { testid: 'figure-mark' } } : {}),
        });
        cx += w;
      }
      continue;
    }
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
  const label = `${s.slot}: ${look.label}${s.class === 'wrong' ? ` (gold ${valueLabel(s.gold ?? '')}, predicted ${valueLabel(s.pred ?? '')})` : ''}, ${s.changed ? 'changed this turn' : 'carried over'}`;
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
