// Layer: shared (pure TS). The figures' visual vocabulary: light and dark
// page colours, and for each slot class its Okabe–Ito colour, icon, border
// dash and fill pattern — three cues besides colour, so a greyscale print
// keeps every class apart. The screen's chips (renderer model/classes.ts)
// use the same colours and icons.

import type { SlotClass } from '../metrics/evaluate';
import type { PatternName } from './scene';

export type ThemeName = 'light' | 'dark';

export interface FigureTheme {
  name: ThemeName;
  bg: string;
  fg: string;
  muted: string;
  line: string;
  grid: string;
  pane: string;
  accent: string;
  /** Turn highlight on screen (selected / hovered). */
  selected: string;
  hovered: string;
  /** Bars of per-turn scores. */
  bar: string;
  /** Colour of patterns drawn over a class colour. */
  patternInk: string;
}

export const THEMES: Record<ThemeName, FigureTheme> = {
  light: {
    name: 'light',
    bg: '#ffffff',
    fg: '#1b1f24',
    muted: '#5b6470',
    line: '#8a939e',
    grid: '#e3e6ea',
    pane: '#f6f7f9',
    accent: '#0b5cad',
    selected: '#e3eefb',
    hovered: '#fff4d6',
    bar: '#5b7fa6',
    patternInk: '#ffffff',
  },
  dark: {
    name: 'dark',
    bg: '#16191d',
    fg: '#e6e9ec',
    muted: '#a0a8b3',
    line: '#6b7480',
    grid: '#2c3138',
    pane: '#1e2227',
    accent: '#6cb4ff',
    selected: '#1f3550',
    hovered: '#3a3320',
    bar: '#7fa3cc',
    patternInk: '#16191d',
  },
};

export interface ClassLook {
  label: string;
  /** Okabe–Ito colour (safe for colour-blind readers). */
  colour: string;
  /** Glyph on the chip. */
  icon: string;
  /** Border: solid, double, dashed or dotted. */
  border: 'solid' | 'double' | 'dashed' | 'dotted';
  /** SVG dash array of the border (none for solid and double). */
  dash?: string;
  /** Fill pattern in charts (none: solid fill). */
  pattern?: PatternName;
  /** GCA's letter for the class. */
  letter: 'C' | 'W' | 'M' | 'O';
  help: string;
}

export const SLOT_CLASSES: readonly SlotClass[] = ['correct', 'wrong', 'missed', 'overshot'];

export const CLASS_LOOK: Record<SlotClass, ClassLook> = {
  correct: { label: 'correct', colour: '#009E73', icon: '✓', border: 'solid', letter: 'C', help: 'gold and prediction agree' },
  wrong: {
    label: 'wrong value',
    colour: '#D55E00',
    icon: '≠',
    border: 'double',
    pattern: 'crosshatch',
    letter: 'W',
    help: 'the slot is predicted with another value',
  },
  missed: {
    label: 'missed',
    colour: '#E69F00',
    icon: '∅',
    border: 'dashed',
    dash: '4 2.5',
    pattern: 'hatch',
    letter: 'M',
    help: 'in the gold state, not predicted',
  },
  overshot: {
    label: 'overshot',
    colour: '#0072B2',
    icon: '+',
    border: 'dotted',
    dash: '1.2 1.8',
    pattern: 'dots',
    letter: 'O',
    help: 'predicted, not in the gold state',
  },
};

/** GCA letter → slot class. */
export const LETTER_CLASS: Record<'C' | 'W' | 'M' | 'O', SlotClass> = { C: 'correct', W: 'wrong', M: 'missed', O: 'overshot' };

/** `colour` mixed with the page colour: `amount` of the colour (0..1), as #rrggbb. */
export function tint(colour: string, page: string, amount: number): string {
  const p = (h: string) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
  const a = p(colour);
  const b = p(page);
  return (
    '#' +
    a
      .map((x, i) =>
        Math.round(x * amount + b[i] * (1 - amount))
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')
  );
}
