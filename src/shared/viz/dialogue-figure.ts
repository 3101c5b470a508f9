// Layer: shared (pure TS). The dialogue figure as a scene — the GCA paper's
// figures 6 and 7 (a dialogue with each turn's gold and predicted slots and
// each metric's value) made by the tool: the dialogue's totals on top, then
// one row per turn with its FGA class and the changes GCA counts, the
// utterances when loaded, the slot chips (class by colour, icon, border and
// fill; Δ changed vs ↻ carried), and the turn's headline metrics (JGA, FGA,
// RSA and running GCA); a legend and the metric signature underneath.

import type { MetricConfig } from '../metrics/config';
import type { ScoreValue } from '../metrics/contract';
import type { TurnRecord } from '../metrics/evaluate';
import { HEADLINE, HEADLINE_IDS, headlineLabel, metricById, METRICS } from '../metrics/registry';
import { gcaCountsOf, hasNoChanges, metricValue } from '../metrics/values';
import { percent2 } from '../report/round';
import { fracLabel, legendRows, middle } from './axes';
import { chip, chipRows, CHIP } from './chips';
import type { Scene, SceneNode } from './scene';
import { textWidth, wrapText } from './text';
import { CLASS_LOOK, SLOT_CLASSES, THEMES, type ThemeName } from './theme';
import { laneValue } from './turn-chart';
import { pushAll } from '../arrays';

export interface FigureDialogue {
  id: string;
  values: Readonly<Record<string, ScoreValue>>;
  perTurn: readonly TurnRecord[];
  utterances?: readonly { system?: string; user?: string }[];
}

export interface DialogueFigureOptions {
  theme?: ThemeName;
  /** Width in user units (default 980). */
  width?: number;
  /** Positions of the first and last turn shown (inclusive); default all. */
  turns?: [number, number];
  /** All slots of each turn (gold ∪ prediction), or only the turn's changes (GCA's view). */
  slots?: 'full' | 'changes';
  /** The metric signature (written under the figure and as the SVG's description). */
  signature: string;
  /** Lines of each utterance at most (default 3; 0: whole utterances). */
  utteranceLines?: number;
  /** Told the turn (its index in the file) of each utterance cut to utteranceLines. */
  onCut?: (turn: number, who: 'system' | 'user') => void;
}

/** The headline metrics (the papers' JGA, FGA, RSA, GCA) first, then every other metric of the registry. */
const TOTALS = [...HEADLINE_IDS, ...METRICS.map((m) => m.id).filter((id) => !HEADLINE_IDS.includes(id))];
/** The per-turn columns: the headline metrics. */
const TURN_COLS = HEADLINE;

function pctText(v: number | null): string {
  return v === null || !Number.isFinite(v) ? '–' : percent2(v);
}

/** "exact", "type-1 error", "type-2 (d = 2)". */
export function fgaClassText(t: TurnRecord): string {
  if (t.fgaClass === 'exact') return 'exact';
  if (t.fgaClass === 'type1') return 'type-1 error';
  return `type-2 error, d=${t.fgaDistance ?? '?'}`;
}

/** GCA's counts added by a turn as "+1W +1M", or "no change". */
export function gcaDelta(t: TurnRecord): string {
  const parts: string[] = [];
  for (const k of ['C', 'W', 'M', 'O'] as const) if (t.gca[k] > 0) parts.push(`+${t.gca[k]}${k}`);
  return parts.length ? parts.join(' ') : 'no change';
}

/** The turn range [from, to] clamped to the dialogue; throws on an empty or reversed range. */
export function clampTurns(n: number, range?: [number, number]): [number, number] {
  if (!range) return [0, n - 1];
  const [a, b] = range;
  if (a > b) throw new RangeError(`turns ${a}-${b}: the first turn is after the last`);
  if (a > n - 1) throw new RangeError(`turns ${a}-${b}: the dialogue has ${n} turn${n === 1 ? '' : 's'} (0-${n - 1})`);
  return [Math.max(0, a), Math.min(n - 1, b)];
}

export function dialogueFigure(d: FigureDialogue, config: MetricConfig, opts: DialogueFigureOptions): Scene {
  const theme = THEMES[opts.theme ?? 'light'];
  const W = Math.max(560, opts.width ?? 980);
  const fs = 10.5;
  const n = d.perTurn.length;
  const [from, to] = n ? clampTurns(n, opts.turns) : [0, -1];
  const margin = 16;
  const nodes: SceneNode[] = [];
  const text = (
    x: number,
    y: number,
    s: string,
    style: Partial<NonNullable<SceneNode['style']>> = {},
    extra: Partial<SceneNode> = {},
  ): SceneNode => ({ kind: 'text', x, y, text: s, style: { fill: theme.fg, fontSize: fs, ...style }, ...extra }) as SceneNode;

  // Title and the dialogue's totals.
  let y = margin + 14;
  nodes.push(text(margin, y, d.id, { fontSize: 15, fontWeight: 'bold' }, { data: { testid: 'figure-title' } }));
  let tx = margin + textWidth(d.id, 15, 'bold') + 18;
  for (const id of TOTALS) {
    const v = metricValue(d.values, id, config);
    const label = headlineLabel(metricById(id)!, config);
    // A dialogue in which no state ever changes has no GCA (the reference reports 0): say so, as the app does.
    const val = id === 'GCA' && hasNoChanges(d.values) ? 'no changes' : pctText(v);
    const w = textWidth(label, fs) + 4 + textWidth(val, 14, 'bold') + 16;
    if (tx + w > W - margin) {
      tx = margin;
      y += 20;
    }
    nodes.push(text(tx, y, label, { fill: theme.muted }));
    nodes.push(
      text(tx + textWidth(label, fs) + 4, y, val, { fontSize: 14, fontWeight: 'bold' }, { data: { testid: 'figure-total', metric: id } }),
    );
    tx += w;
  }
  const c = gcaCountsOf(d.values);
  y += 18;
  const shown =
    n === 0
      ? 'no turns'
      : from === 0 && to === n - 1
        ? `${n} turn${n === 1 ? '' : 's'}`
        : `turns ${d.perTurn[from].turn}–${d.perTurn[to].turn} of ${n}`;
  nodes.push(
    text(margin, y, `GCA counts C ${c.C} · W ${c.W} · M ${c.M} · O ${c.O} · ${shown} · scores in %, per-turn values as fractions`, {
      fill: theme.muted,
      fontSize: fs - 0.5,
    }),
  );
  y += 12;

  // Columns.
  const hasText =
    !!d.utterances && d.perTurn.slice(from, to + 1).some((_, i) => d.utterances?.[from + i]?.user || d.utterances?.[from + i]?.system);
  const turnW = 118;
  const metricW = 42;
  const metricsW = metricW * TURN_COLS.length;
  const textW = hasText ? Math.round((W - 2 * margin - turnW - metricsW) * 0.38) : 0;
  const chipsX = margin + turnW + textW + (hasText ? 12 : 0);
  const chipsW = W - margin - metricsW - 10 - chipsX;
  const metricsX = W - margin - metricsW;

  const headY = y + 14;
  const head = (x: number, s: string, anchor: 'start' | 'end' = 'start') =>
    nodes.push(text(x, headY, s, { fontWeight: 'bold', fill: theme.muted, fontSize: fs - 0.5, anchor }));
  head(margin, 'Turn');
  if (hasText) head(margin + turnW, 'Utterances');
  head(chipsX, opts.slots === 'changes' ? "Changes in this turn (GCA's view)" : 'Slots: gold ∪ prediction');
  TURN_COLS.forEach((m, k) => head(metricsX + (k + 1) * metricW - 4, m.headline?.running ? `${m.id}*` : m.id, 'end'));
  y = headY + 6;
  nodes.push({ kind: 'line', x1: margin, y1: y, x2: W - margin, y2: y, style: { stroke: theme.line, strokeWidth: 1 } });

  const lineH = fs + 3.5;
  // Running GCA is undefined before the dialogue's first change: "–" there.
  const running = new Map(TURN_COLS.map((m) => [m.id, m.headline?.running?.shown(d.perTurn)]));
  for (let i = from; i <= to; i++) {
    const t = d.perTurn[i];
    const top = y + 7;
    const row: SceneNode[] = [];
    // Turn column: number, FGA class, GCA's counts.
    row.push(text(margin, top + fs, `Turn ${t.turn}`, { fontWeight: 'bold' }));
    const clsColour =
      t.fgaClass === 'exact' ? CLASS_LOOK.correct.colour : t.fgaClass === 'type1' ? CLASS_LOOK.wrong.colour : CLASS_LOOK.missed.colour;
    row.push(text(margin, top + fs + lineH, `FGA: ${fgaClassText(t)}`, { fill: clsColour, fontSize: fs - 1 }));
    row.push(text(margin, top + fs + 2 * lineH, `GCA: ${gcaDelta(t)}`, { fill: theme.muted, fontSize: fs - 1 }));
    let h = fs + 2 * lineH + 3;
    // Utterances.
    if (hasText) {
      let uy = top + fs;
      const u = d.utterances?.[i] ?? {};
      for (const [who, s] of [
        ['S', u.system],
        ['U', u.user],
      ] as const) {
        if (!s) continue;
        const most = opts.utteranceLines === 0 ? Infinity : (opts.utteranceLines ?? 3);
        const lines = wrapText(s, textW - 16, fs - 0.5, 'sans', most);
        if (opts.onCut && Number.isFinite(most) && wrapText(s, textW - 16, fs - 0.5, 'sans').length > most)
          opts.onCut(t.turn, who === 'S' ? 'system' : 'user');
        row.push(text(margin + turnW, uy, who, { fontWeight: 'bold', fill: theme.muted, fontSize: fs - 0.5 }));
        for (const l of lines) {
          row.push(text(margin + turnW + 14, uy, l, { fontSize: fs - 0.5, fill: who === 'S' ? theme.muted : theme.fg }));
          uy += lineH;
        }
      }
      h = Math.max(h, uy - top - lineH + 4);
    }
    // Slot chips.
    const slots = opts.slots === 'changes' ? t.slots.filter((s) => s.changed) : t.slots;
    if (slots.length) {
      const cr = chipRows(slots, chipsX, top, chipsW, theme);
      pushAll(row, cr.nodes);
      h = Math.max(h, cr.height + 1);
    } else {
      row.push(
        text(chipsX, top + fs, opts.slots === 'changes' ? 'no change in this turn' : 'empty state', {
          fill: theme.muted,
          fontSize: fs - 1,
        }),
      );
    }
    // Per-turn metrics.
    TURN_COLS.forEach((mt, k) => {
      const m = mt.id;
      const shown = running.get(m);
      const v = shown ? (shown[i] ?? Number.NaN) : laneValue(t, m, config);
      const s = mt.headline?.binary ? String(v) : fracLabel(v);
      row.push(
        text(
          metricsX + (k + 1) * metricW - 4,
          top + fs,
          s,
          { anchor: 'end', fontWeight: m === 'FGA' && t.fgaClass !== 'exact' ? 'bold' : undefined },
          { data: { testid: 'figure-turn-metric', turn: String(t.turn), metric: m } },
        ),
      );
    });
    nodes.push({ kind: 'group', children: row, data: { testid: 'figure-turn', turn: String(t.turn) } });
    y = top + h + 7;
    nodes.push({ kind: 'line', x1: margin, y1: y, x2: W - margin, y2: y, style: { stroke: theme.grid, strokeWidth: 1 } });
  }

  // Legend: one chip per class, the change marks, what the columns mean.
  y += 10;
  let lx = margin;
  for (const cls of SLOT_CLASSES) {
    const look = CLASS_LOOK[cls];
    const s = chip(
      {
        slot: look.label,
        gold: cls === 'overshot' ? null : cls === 'wrong' ? 'gold' : 'value',
        pred: cls === 'wrong' ? 'pred' : cls === 'missed' ? null : 'value',
        class: cls,
        changed: true,
      },
      lx,
      y,
      200,
      theme,
    );
    pushAll(nodes, s.nodes);
    lx += s.width + 10;
  }
  const notes = 'Δ changed in this turn · ↻ carried over from an earlier turn (faded) · * GCA: running value after the turn';
  const ly = middle(y + CHIP.height / 2, fs - 1);
  if (lx + textWidth(notes, fs - 1) <= W - margin) nodes.push(text(lx + 4, ly, notes, { fill: theme.muted, fontSize: fs - 1 }));
  else {
    y += CHIP.height + 6;
    const lg = legendRows([{ swatch: () => [], label: notes }], margin - 16, y, W - 2 * margin, fs - 1, { fill: theme.muted });
    pushAll(nodes, lg.nodes);
    y += lg.height - CHIP.height;
  }
  y += CHIP.height + 16;
  nodes.push(
    text(margin, y, opts.signature, { fill: theme.muted, fontSize: fs - 2 }, { data: { testid: 'figure-signature', role: 'signature' } }),
  );
  y += 10;

  return {
    width: W,
    height: Math.ceil(y),
    title: `${d.id}: gold and predicted states turn by turn, GCA ${pctText(metricValue(d.values, 'GCA'))}, FGA ${pctText(metricValue(d.values, 'FGA', config))}`,
    desc: opts.signature,
    background: theme.bg,
    nodes,
  };
}
