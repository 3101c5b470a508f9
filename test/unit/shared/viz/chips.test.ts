// Figure chips (src/shared/viz/chips.ts) draw values as the screen does: the
// invisible characters of model/visible-text.ts as muted markers (their own
// text nodes, hook figure-mark), a wrong value's characters that differ from
// the gold with a tint and an underline, the chip title with the values
// JSON-quoted; long values are cut with an ellipsis without splitting a
// marker; the bundled font's metrics cover every marker glyph in every face
// (so the layout measures what is drawn); the exported SVG carries the
// marker text.
import { describe, expect, it } from 'vitest';
import type { SlotRecord } from '../../../../src/shared/metrics/evaluate';
import { visibleSegments } from '../../../../src/shared/model/visible-text';
import { chip, valueRuns } from '../../../../src/shared/viz/chips';
import { FONT_METRICS } from '../../../../src/shared/viz/font-metrics';
import { sceneToSvg } from '../../../../src/shared/viz/scene-svg';
import type { Scene, SceneNode } from '../../../../src/shared/viz/scene';
import { textWidth } from '../../../../src/shared/viz/text';
import { THEMES } from '../../../../src/shared/viz/theme';

const theme = THEMES.light;
const wrong = (gold: string, pred: string): SlotRecord => ({ slot: 'hotel-area', gold, pred, class: 'wrong', changed: true });

function nodesOf(s: SlotRecord, max = 400): SceneNode[] {
  const out: SceneNode[] = [];
  const go = (ns: SceneNode[]) => ns.forEach((n) => (n.kind === 'group' ? go(n.children) : out.push(n)));
  go(chip(s, 0, 0, max, theme).nodes);
  return out;
}
const textsOf = (ns: SceneNode[]) => ns.filter((n): n is Extract<SceneNode, { kind: 'text' }> => n.kind === 'text');

describe('figure chips with invisible characters', () => {
  it('draws a leading space as a muted ␣ marker of its own, highlighted by the diff', () => {
    const ns = nodesOf(wrong('centre', ' centre'));
    const ts = textsOf(ns);
    const marks = ts.filter((t) => t.data?.testid === 'figure-mark');
    expect(marks.map((t) => t.text)).toEqual(['␣']);
    expect(marks[0].style?.fill).toBe(theme.muted);
    expect(marks[0].style?.fontWeight).toBeUndefined();
    // Gold "centre" and the prediction's "centre" after the marker, each plain.
    expect(ts.map((t) => t.text)).toEqual(['≠', 'hotel·area', 'centre', 'vs', '␣', 'centre', 'Δ']);
    // One diff mark: a tint behind the ␣ and a line under it, exactly its width.
    const tints = ns.filter((n) => n.kind === 'rect' && n.w === textWidth('␣', 10));
    expect(tints).toHaveLength(1);
    const under = ns.filter((n) => n.kind === 'line');
    expect(under).toHaveLength(1);
    expect(under[0].kind === 'line' && under[0].x1).toBe(marks[0].x);
  });

  it('marks tabs, newlines, no-break and zero-width spaces, and the empty string', () => {
    const ts = textsOf(nodesOf({ slot: 'taxi-destination', gold: 'a\tb\n\u00a0c\u200b', pred: null, class: 'missed', changed: true }));
    expect(ts.filter((t) => t.data?.testid === 'figure-mark').map((t) => t.text)).toEqual(['→', '⏎', '⍽', '⟨U+200B⟩']);
    const empty = textsOf(nodesOf({ slot: 'taxi-destination', gold: '', pred: null, class: 'missed', changed: true }));
    expect(empty.filter((t) => t.data?.testid === 'figure-mark').map((t) => t.text)).toEqual(['⟨empty⟩']);
  });

  it('draws a value without invisible characters as one text node and no diff for unlike values', () => {
    const ns = nodesOf(wrong('north', 'expensive'));
    expect(textsOf(ns).map((t) => t.text)).toEqual(['≠', 'hotel·area', 'north', 'vs', 'expensive', 'Δ']);
    expect(ns.filter((n) => n.kind === 'line')).toEqual([]);
  });

  it('puts the values JSON-quoted in the chip title', () => {
    const g = chip(wrong('centre', ' centre'), 0, 0, 400, theme).nodes[0];
    expect(g.title).toBe('hotel-area: wrong value (gold centre, predicted " centre"), changed this turn');
  });

  it('cuts a long value with an ellipsis, never inside a marker, within the room', () => {
    const segs = visibleSegments(`${'x'.repeat(40)}\u200b${'y'.repeat(40)}`);
    for (const max of [20, 60, 100, 140, 200, 260, 400]) {
      const runs = valueRuns(segs, 'sans', max, 10);
      const w = runs.reduce((s, r) => s + textWidth(r.text, 10, r.face), 0);
      expect(w, `max ${max}`).toBeLessThanOrEqual(max + 1e-9);
      for (const r of runs) if (r.marker) expect(r.text).toBe('⟨U+200B⟩');
      expect(runs.length === 0 || runs[runs.length - 1].text === '…' || w === textWidth(segs.map((s) => s.text).join(''), 10)).toBe(true);
    }
  });

  it('measures every marker glyph from the font tables, in every face (no fallback width)', () => {
    for (const face of ['sans', 'bold', 'mono'] as const) {
      const have = new Set<number>();
      for (const [start, ws] of FONT_METRICS[face].ranges) ws.forEach((w, i) => w >= 0 && have.add(start + i));
      for (const ch of '␣⍽→⏎⟨⟩…U+0123456789ABCDEF') expect(have.has(ch.codePointAt(0)!), `${face} ${ch}`).toBe(true);
    }
  });

  it('exports the markers as text in the SVG', () => {
    const c = chip(wrong('centre', ' centre'), 0, 0, 400, theme);
    const scene: Scene = { width: 400, height: 30, title: 't', desc: 'd', nodes: c.nodes };
    const svg = sceneToSvg(scene);
    expect(svg).toMatch(/data-testid="figure-mark">␣<\/text>/);
    expect(svg).toContain('<title>hotel-area: wrong value (gold centre, predicted &quot; centre&quot;), changed this turn</title>');
  });
});
