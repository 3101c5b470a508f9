// Layer: shared (pure TS). The figures a dialogue can be exported as, by
// kind, from the same data the inspect view shows (a DialogueDetail or the
// engine's dialogueDetail): the dialogue figure and the per-turn chart. The
// CLI's `figure` command and the app's Export menu both build them here.

import type { MetricConfig } from '../metrics/config';
import { clampTurns, dialogueFigure, type FigureDialogue } from './dialogue-figure';
import type { Scene } from './scene';
import type { ThemeName } from './theme';
import { turnChartLayout } from './turn-chart';

export { FIGURE_KINDS, type FigureKind } from './figure-kinds';
import type { FigureKind } from './figure-kinds';

export interface FigureOptions {
  theme?: ThemeName;
  /** Positions of the first and last turn (inclusive). */
  turns?: [number, number];
  slots?: 'full' | 'changes';
  /** Width in user units (default: 980 for the dialogue, 640 for the chart). */
  width?: number;
  signature: string;
  /** Dialogue figure: lines of each utterance at most (default 3; 0: whole), and who is told of a cut. */
  utteranceLines?: number;
  onCut?: (turn: number, who: 'system' | 'user') => void;
}

/** Positions of the turns whose file indices lie in [from, to] (as `--turns 2-5` names them). */
export function positionsOfTurns(turnIndices: readonly number[], from: number, to: number): [number, number] {
  const inside = turnIndices.map((t, i) => (t >= from && t <= to ? i : -1)).filter((i) => i >= 0);
  if (inside.length === 0)
    throw new RangeError(
      `no turn of the dialogue lies in ${from}-${to} (its turns are ${turnIndices.length ? `${turnIndices[0]}-${turnIndices[turnIndices.length - 1]}` : 'none'})`,
    );
  return [inside[0], inside[inside.length - 1]];
}

export function buildFigure(kind: FigureKind, d: FigureDialogue, config: MetricConfig, opts: FigureOptions): Scene {
  if (kind === 'dialogue')
    return dialogueFigure(d, config, {
      theme: opts.theme,
      width: opts.width,
      turns: opts.turns,
      slots: opts.slots,
      signature: opts.signature,
      utteranceLines: opts.utteranceLines,
      onCut: opts.onCut,
    });
  const [a, b] = d.perTurn.length ? clampTurns(d.perTurn.length, opts.turns) : [0, -1];
  return turnChartLayout(d.perTurn.slice(a, b + 1), config, {
    width: opts.width ?? 640,
    theme: opts.theme,
    title: `${d.id}: per-turn JGA, FGA, RSA and GCA`,
    signature: opts.signature,
    fontSize: 11,
  }).scene;
}
