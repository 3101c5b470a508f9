// Tests of the side panel chart's layout (viz/turn-chart.ts, viz/row-bars.ts)
// on the engine's MUL1110 records.
import { describe, expect, it } from 'vitest';
import { turnAt, turnChartLayout, DEFAULT_SIZE } from '../../src/renderer/src/viz/turn-chart';
import { barWidth } from '../../src/renderer/src/viz/row-bars';
import { defaultConfig } from '../../src/shared/metrics/config';
import { mul1110, MUL1110_EXPECTED } from './engine-fixture';

describe('turn chart layout', () => {
  const config = defaultConfig({ slotCount: 30 });
  const turns = mul1110(config);
  const layout = turnChartLayout(turns, config);

  it('has one band per turn, left to right inside the chart', () => {
    expect(layout.turns).toHaveLength(7);
    for (let i = 1; i < layout.turns.length; i++) expect(layout.turns[i].x).toBeGreaterThan(layout.turns[i - 1].x + layout.turns[i - 1].w);
    expect(layout.turns[0].x).toBeGreaterThanOrEqual(DEFAULT_SIZE.left);
    expect(layout.turns[6].x + layout.turns[6].w).toBeLessThanOrEqual(DEFAULT_SIZE.width - DEFAULT_SIZE.right);
  });

  it('draws bar heights proportional to the per-turn values', () => {
    const lane = (m: string) => layout.lanes.find((l) => l.metric === m)!;
    const fga = lane('FGA');
    MUL1110_EXPECTED.per_turn.forEach((e, i) => {
      expect(fga.bars[i].h).toBeCloseTo(e['fga_0.5'] * fga.height, 6);
      expect(lane('RSA').bars[i].h).toBeCloseTo(e.rsa * DEFAULT_SIZE.laneHeight, 6);
      expect(lane('JGA').bars[i].h).toBeCloseTo(e.jga * DEFAULT_SIZE.laneHeight, 6);
    });
    // FGA's decay is visible: turns 5 and 6 carry the same mistake and score more at the larger distance.
    expect(fga.bars[6].h).toBeGreaterThan(fga.bars[5].h);
    expect(fga.path).toMatch(/^M/);
  });

  it("stacks GCA's C/W/M/O per turn and draws the running GCA", () => {
    const gca = layout.lanes.find((l) => l.metric === 'GCA')!;
    const byTurn = (t: number) => gca.stack.filter((s) => s.turn === t).map((s) => `${s.cls}:${s.value}`);
    expect(byTurn(0)).toEqual(['correct:1']);
    expect(byTurn(1)).toEqual([]);
    expect(byTurn(4)).toEqual(['wrong:1', 'missed:1']);
    expect(layout.maxChanges).toBe(2);
    const t4 = gca.stack.filter((s) => s.turn === 4);
    expect(t4[0].h + t4[1].h).toBeCloseTo(gca.height, 6);
    expect(gca.path).toMatch(/^M/);
  });

  it('maps a pointer x back to its turn', () => {
    for (const b of layout.turns) expect(turnAt(layout, b.centre)).toBe(b.index);
    expect(turnAt(layout, 0)).toBeNull();
  });

  it('lays out an empty dialogue without failing', () => {
    const empty = turnChartLayout([], config);
    expect(empty.turns).toEqual([]);
    expect(empty.lanes.every((l) => l.bars.length === 0 && l.path === null)).toBe(true);
  });

  it('sizes list bars within their width', () => {
    expect(barWidth(0.5, 40)).toBe(20);
    expect(barWidth(1.5, 40)).toBe(40);
    expect(barWidth(null, 40)).toBe(0);
  });
});
