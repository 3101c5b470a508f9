// Layer: shared (pure TS). Measures, shortens and wraps text with the bundled
// font's advance widths (font-metrics.ts, generated from the TTF files), so a
// layout made here fits the same way on screen, in SVG, PDF and PNG on every
// machine. Kerning and ligatures are off in every renderer, so the sum of
// advances is the drawn width.

import { FONT_METRICS } from './font-metrics';

export type Face = 'sans' | 'bold' | 'mono';

/** Per face: code point → advance in font units, flattened once. */
const tables = new Map<Face, Map<number, number>>();

function table(face: Face): Map<number, number> {
  let t = tables.get(face);
  if (!t) {
    t = new Map();
    for (const [start, widths] of FONT_METRICS[face].ranges) widths.forEach((w, i) => w >= 0 && t!.set(start + i, w));
    tables.set(face, t);
  }
  return t;
}

/** Advance width of `text` at `size` (user units). */
export function textWidth(text: string, size: number, face: Face = 'sans'): number {
  const t = table(face);
  const m = FONT_METRICS[face];
  let units = 0;
  for (const ch of text) units += t.get(ch.codePointAt(0)!) ?? m.fallback;
  return (units * size) / m.unitsPerEm;
}

/** Ascent (above the baseline) and cap height at `size`. */
export function ascent(size: number, face: Face = 'sans'): number {
  return (FONT_METRICS[face].ascent * size) / FONT_METRICS[face].unitsPerEm;
}

export function capHeight(size: number, face: Face = 'sans'): number {
  return (FONT_METRICS[face].capHeight * size) / FONT_METRICS[face].unitsPerEm;
}

/** `text` cut to fit `max` with an ellipsis (whole text when it fits). */
export function fitText(text: string, max: number, size: number, face: Face = 'sans'): string {
  if (textWidth(text, size, face) <= max) return text;
  const ell = '…';
  const room = max - textWidth(ell, size, face);
  if (room <= 0) return '';
  const chars = [...text];
  let lo = 0;
  let hi = chars.length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (textWidth(chars.slice(0, mid).join(''), size, face) <= room) lo = mid;
    else hi = mid - 1;
  }
  return chars.slice(0, lo).join('').trimEnd() + ell;
}

/**
 * `text` broken into lines no wider than `max` at spaces (a word longer than a
 * line is cut), at most `maxLines` lines; the last line ends with "…" when
 * text was left out.
 */
export function wrapText(text: string, max: number, size: number, face: Face = 'sans', maxLines = Infinity): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let cur = '';
  let i = 0;
  for (; i < words.length; i++) {
    const w = words[i];
    const next = cur ? `${cur} ${w}` : w;
    if (textWidth(next, size, face) <= max) {
      cur = next;
      continue;
    }
    if (cur) {
      lines.push(cur);
      if (lines.length === maxLines) break;
    }
    cur = textWidth(w, size, face) <= max ? w : fitText(w, max, size, face);
  }
  if (lines.length < maxLines && cur) {
    lines.push(cur);
    i = words.length;
  }
  if (i < words.length && lines.length > 0) {
    const last = lines.length - 1;
    lines[last] = fitText(`${lines[last]} ${words.slice(i).join(' ')}`, max, size, face);
  }
  return lines;
}
