// The per-turn chart as a scene (src/shared/viz/turn-chart.ts) on the engine's
// MUL1110 records: bars proportional to the fixture's per-turn values, FGA
// drawn once (bars whose fill tells the FGA class, no second line), GCA's
// changes stacked with W and M told apart by pattern as well as colour, value
// axes with ticks on every lane, a turn axis, a legend, hover mapping, and a
// chart that grows with the width it is given.
import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../../../src/shared/metrics/config';
import { turnAt, turnChartLayout } from '../../../../src/shared/viz/turn-chart';
import { CLASS_LOOK } from '../../../../src/shared/viz/theme';
import { mul1110, MUL1110_EXPECTED } from '../../../helpers/engine-fixture';
import { byTestId, overflowingTexts, walk } from '../../../helpers/scene-walk';

const config = defaultConfig({ slotCount: 30 });
const turns = mul1110(config);
const layout = turnChartLayout(turns, config, { width: 360 });
const rect = (p: { node: unknown }) => p.node as { x: number; y: number; w: number; h: number; style?: Record<string, unknown> };

describe('turn chart scene', () => {
  it('has one band per turn, left to right inside the plot, and maps a pointer back to its turn', () => {
    expect(layout.bands).toHaveLength(7);
    for (let i = 1; i < 7; i++) expect(layout.bands[i].x).toBeGreaterThan(layout.bands[i - 1].x + layout.bands[i - 1].w);
    expect(layout.bands[0].x).toBeGreaterThanOrEqual(layout.left);
    expect(layout.bands[6].x + layout.bands[6].w).toBeLessThanOrEqual(layout.right);
    for (const b of layout.bands) expect(turnAt(layout, b.centre)).toBe(b.index);
    expect(turnAt(layout, 0)).toBeNull();
  });

  it('draws bar heights proportional to the fixture’s per-turn JGA, FGA and RSA', () => {
    const lane = (id: string) => layout.lanes.find((l) => l.id === id)!;
    for (const m of ['JGA', 'FGA', 'RSA'] as const) {
      const bars = byTestId(layout.scene, 'chart-bar').filter((p) => p.data.metric === m);
      expect(bars).toHaveLength(7);
      const key = m === 'FGA' ? 'fga_0.5' : m.toLowerCase();
      MUL1110_EXPECTED.per_turn.forEach((e, i) => {
        const usable = lane(m).height - 2; // the top 2 units are headroom
        expect(rect(bars[i]).h).toBeCloseTo((e as unknown as Record<string, number>)[key] * usable, 6);
      });
    }
  });

  it('draws FGA once: no line in its lane, hatched bars for carried errors, a cross for fresh ones', () => {
    const fga = walk(layout.scene).find((p) => p.node.kind === 'group' && p.node.data?.lane === 'FGA')!;
    const kids = (fga.node as { children: { kind: string; style?: { pattern?: string }; text?: string }[] }).children;
    expect(kids.filter((k) => k.kind === 'path')).toHaveLength(0);
    const bars = byTestId(layout.scene, 'chart-bar').filter((p) => p.data.metric === 'FGA');
    expect(bars.map((b) => rect(b).style?.pattern ?? 'solid')).toEqual(turns.map((t) => (t.fgaClass === 'type2' ? 'hatch' : 'solid')));
    expect(kids.filter((k) => k.kind === 'text' && k.text === '×')).toHaveLength(turns.filter((t) => t.fgaClass === 'type1').length);
    // The decay is visible: turns 5 and 6 carry the same mistake; the later one scores more.
    expect(rect(bars[6]).h).toBeGreaterThan(rect(bars[5]).h);
  });

  it("stacks GCA's counts per turn in class colours, W and M with different patterns", () => {
    const stack = byTestId(layout.scene, 'chart-stack');
    const at = (t: number) => stack.filter((s) => s.data.turn === String(t)).map((s) => s.data.cls);
    expect(at(0)).toEqual(['correct']);
    expect(at(1)).toEqual([]);
    expect(at(4)).toEqual(['wrong', 'missed']);
    expect(layout.maxChanges).toBe(2);
    const w = rect(stack.find((s) => s.data.cls === 'wrong')!).style!;
    const m = rect(stack.find((s) => s.data.cls === 'missed')!).style!;
    expect(w.fill).toBe(CLASS_LOOK.wrong.colour);
    expect(w.pattern).toBeDefined();
    expect(m.pattern).toBeDefined();
    expect(w.pattern).not.toBe(m.pattern);
    const gca = layout.lanes.find((l) => l.id === 'GCA-changes')!;
    const t4 = stack.filter((s) => s.data.turn === '4');
    // The tallest stack leaves room above it for its count, which stays below the lane's title.
    const tallest = rect(t4[0]).h + rect(t4[1]).h;
    expect(tallest).toBeLessThan(gca.height - 8);
    expect(rect(t4[0]).h / rect(t4[1]).h).toBeCloseTo(1, 6); // one W, one M
    const group = walk(layout.scene).find((p) => p.node.kind === 'group' && p.node.data?.lane === 'GCA-changes')!;
    const texts = (
      group.node as {
        children: { kind: string; text?: string; y?: number; style?: { anchor?: string; fontSize?: number; fontWeight?: string } }[];
      }
    ).children.filter((k) => k.kind === 'text');
    const title = texts.find((k) => k.style?.fontWeight === 'bold')!;
    const counts = texts.filter((k) => k.style?.anchor === 'middle' && /^\d+$/.test(k.text ?? ''));
    expect(counts.map((k) => k.text)).toContain('2');
    for (const c of counts) expect(c.y! - c.style!.fontSize!, `count ${c.text} under the title`).toBeGreaterThan(title.y!);
  });

  it('has a value axis with labelled ticks on every lane, a turn axis with every turn, a legend and a direct label for GCA', () => {
    const lanes = walk(layout.scene).filter((p) => p.node.kind === 'group' && p.node.data?.lane);
    expect(lanes.map((l) => l.node.data!.lane)).toEqual(['JGA', 'FGA', 'RSA', 'GCA', 'GCA-changes']);
    for (const l of lanes) {
      const labels = (l.node as { children: { kind: string; text?: string; style?: { anchor?: string } }[] }).children
        .filter((k) => k.kind === 'text' && k.style?.anchor === 'end')
        .map((k) => k.text);
      expect(labels.length, String(l.node.data!.lane)).toBeGreaterThanOrEqual(2);
      expect(labels).toContain('0');
    }
    expect(byTestId(layout.scene, 'chart-tick').map((p) => (p.node as { text: string }).text)).toEqual(turns.map((t) => String(t.turn)));
    expect(byTestId(layout.scene, 'chart-legend')).toHaveLength(1);
    const label = byTestId(layout.scene, 'chart-label')[0].node as { text: string };
    expect(label.text).toBe(MUL1110_EXPECTED.per_turn[6].gca_running.toFixed(2));
  });

  it('grows with the width it is given, and keeps every text inside the scene', () => {
    const wide = turnChartLayout(turns, config, { width: 720 });
    expect(wide.scene.width).toBe(720);
    expect(wide.bands[0].w).toBeGreaterThan(layout.bands[0].w * 1.8);
    expect(wide.lanes[0].height).toBeGreaterThan(layout.lanes[0].height);
    expect(wide.scene.height).toBeGreaterThan(layout.scene.height);
    for (const w of [220, 360, 720]) expect(overflowingTexts(turnChartLayout(turns, config, { width: w }).scene), `width ${w}`).toEqual([]);
  });

  it('highlights the selected and hovered turns only when asked (screen), never in an export', () => {
    const screen = turnChartLayout(turns, config, { width: 360, selected: 2, hovered: 4 });
    const bands = walk(screen.scene).filter((p) => p.node.className?.startsWith('band'));
    expect(bands.map((b) => [b.node.className, b.node.data?.turn])).toEqual([
      ['band selected', '2'],
      ['band hovered', '4'],
    ]);
    expect(walk(layout.scene).filter((p) => p.node.className?.startsWith('band'))).toEqual([]);
  });

  it('lays out an empty dialogue and a long one (tick labels thinned) without failing', () => {
    const empty = turnChartLayout([], config, { width: 300 });
    expect(empty.bands).toEqual([]);
    expect(byTestId(empty.scene, 'chart-bar')).toEqual([]);
    const many = Array.from({ length: 60 }, (_, i) => ({ ...turns[i % 7], turn: i }));
    const long = turnChartLayout(many, config, { width: 300 });
    const ticks = byTestId(long.scene, 'chart-tick');
    expect(ticks.length).toBeLessThan(30);
    expect(ticks[0].data.turn).toBe('0');
  });
});

describe('labels inside hatched bars', () => {
  it('sit on a solid patch of the bar colour, so the stripes never cut them', () => {
    // λ = 2 forgives fast: carried errors score high enough for their label to sit inside the bar.
    const cfg = defaultConfig({ slotCount: 30, lambdas: [2] });
    const l = turnChartLayout(mul1110(cfg), cfg, { width: 360 });
    const fga = walk(l.scene).find((p) => p.node.kind === 'group' && p.node.data?.lane === 'FGA')!;
    const kids = (
      fga.node as {
        children: {
          kind: string;
          x?: number;
          y?: number;
          w?: number;
          h?: number;
          text?: string;
          style?: { pattern?: string; fill?: string; fontSize?: number };
          data?: Record<string, string>;
        }[];
      }
    ).children;
    const hatched = kids.filter((k) => k.kind === 'rect' && k.data?.testid === 'chart-bar' && k.style?.pattern);
    expect(hatched.length).toBeGreaterThan(0);
    const patches = kids.filter((k) => k.kind === 'rect' && !k.data?.testid && !k.style?.pattern);
    const labels = kids.filter((k) => k.kind === 'text' && /^\d/.test(k.text ?? ''));
    for (const bar of hatched) {
      const label = labels.find((t) => t.x! >= bar.x! && t.x! <= bar.x! + bar.w! && t.y! > bar.y! && t.y! <= bar.y! + bar.h!);
      if (!label) continue; // its label sits above the bar
      const patch = patches.find(
        (p) => p.x! <= label.x! && label.x! <= p.x! + p.w! && p.y! <= label.y! - label.style!.fontSize! + 1 && label.y! <= p.y! + p.h!,
      );
      expect(patch, `a patch behind ${label.text}`).toBeDefined();
      expect(patch!.style!.fill).toBe(bar.style!.fill);
    }
    expect(labels.some((t) => hatched.some((b) => t.x! >= b.x! && t.x! <= b.x! + b.w! && t.y! > b.y!))).toBe(true);
  });
});
