// The compare view's scene layouts: the overlaid per-turn lanes of two runs
// (one marker per run, metric and turn carrying its value, turns a run lacks
// left out, runs told apart by colour, dash and marker, long names on a
// legend row each, cut to the width) and the series chart
// (one panel per metric column, a band from the runs' intervals, a log x
// scale when the x span calls for one); both serialise to standalone SVG.
// (The series x from names or --series-x: test/unit/shared/analysis/series.test.ts.)
import { describe, expect, it } from 'vitest';
import { lanesScene, laneTurnAt, laneTurns, type LaneRun } from '../../../../src/shared/viz/compare-lanes';
import { runStyle } from '../../../../src/shared/viz/run-styles';
import type { Scene, SceneNode } from '../../../../src/shared/viz/scene';
import { sceneToSvg } from '../../../../src/shared/viz/scene-svg';
import { textWidth } from '../../../../src/shared/viz/text';
import { logScaleFits, seriesScene, type SeriesPanel } from '../../../../src/shared/viz/series-chart';

function flat(nodes: SceneNode[]): SceneNode[] {
  return nodes.flatMap((n) => (n.kind === 'group' ? [n, ...flat(n.children)] : [n]));
}
const withTestId = (s: Scene, id: string) => flat(s.nodes).filter((n) => n.data?.testid === id);

const runs: LaneRun[] = [
  { name: 'A', turns: [0, 1, 2].map((t) => ({ turn: t, values: { JGA: t % 2, FGA: 0.5, RSA: 0.8, GCA: 0.9 } })) },
  { name: 'B', turns: [0, 2, 3].map((t) => ({ turn: t, values: { JGA: 1, FGA: 1, RSA: null, GCA: 1 } })) },
];

describe('lanesScene', () => {
  const s = lanesScene(runs, { width: 340, selected: 2, lambda: '0.5', signature: 'sig' });
  it('one marker per run, metric and turn the run has, with its value; undefined values left out', () => {
    const pts = withTestId(s, 'lane-point');
    const of = (run: string, metric: string) =>
      pts.filter((p) => p.data!.run === run && p.data!.metric === metric).map((p) => [p.data!.turn, p.data!.value]);
    expect(of('A', 'JGA')).toEqual([
      ['0', '0'],
      ['1', '1'],
      ['2', '0'],
    ]);
    expect(of('B', 'JGA').map((x) => x[0])).toEqual(['0', '2', '3']);
    expect(of('B', 'RSA')).toEqual([]);
    expect(laneTurns(runs)).toEqual([0, 1, 2, 3]);
  });

  it('runs differ in colour, dash and marker shape; the selected turn is marked; the signature is the description', () => {
    const lines = withTestId(s, 'lane-line');
    const a = lines.find((l) => l.data!.run === 'A' && l.data!.metric === 'FGA')!;
    const b = lines.find((l) => l.data!.run === 'B' && l.data!.metric === 'FGA')!;
    expect(a.style!.stroke).toBe(runStyle(0).colour);
    expect(b.style!.stroke).toBe(runStyle(1).colour);
    expect(a.style!.dash).toBeUndefined();
    expect(b.style!.dash).toBe(runStyle(1).dash);
    const kinds = (run: string) =>
      new Set(
        withTestId(s, 'lane-point')
          .filter((p) => p.data!.run === run)
          .map((p) => p.kind),
      );
    expect(kinds('A')).toEqual(new Set(['circle']));
    expect(kinds('B')).toEqual(new Set(['rect']));
    expect(flat(s.nodes).some((n) => n.className === 'lane-selected')).toBe(true);
    expect(s.desc).toBe('sig');
    expect(sceneToSvg(s)).toContain('data-testid="lane-point"');
  });

  it('long run names: one legend row per run, every name inside the width (cut with an ellipsis, the full name as its title)', () => {
    const long = [
      { ...runs[0], name: 'TripPy_MultiWOZ2.1_test_full_predictions' },
      { ...runs[1], name: 'T5_fewshot_taxi__ratio_0.01_seed_557_prediction' },
    ];
    const w = 340;
    const ls = lanesScene(long, { width: w });
    const texts = flat(ls.nodes).filter((n): n is Extract<SceneNode, { kind: 'text' }> => n.kind === 'text' && n.y < 40);
    expect(texts.map((t) => t.y)).toEqual([10, 25]);
    for (const t of texts) expect(t.x + textWidth(t.text, 11)).toBeLessThanOrEqual(w - 10 + 1e-9);
    expect(texts[1].text).toMatch(/^T5_fewshot_taxi__ratio_0\.01_seed_5.*…$/);
    expect(texts[1].title).toBe(long[1].name);
    // The lanes move down by the extra row; short names keep one row.
    expect(ls.height).toBe(s.height + 15);
    expect(flat(s.nodes).filter((n) => n.kind === 'text' && n.y === 10)).toHaveLength(2);
  });

  it('a pointer x falls on the turn drawn there', () => {
    const pts = withTestId(s, 'lane-point').filter((p) => p.data!.run === 'A' && p.data!.metric === 'JGA');
    for (const p of pts) expect(laneTurnAt(runs, 340, (p as { cx: number }).cx)).toBe(Number(p.data!.turn));
    expect(laneTurnAt(runs, 340, 1)).toBeNull();
  });
});

describe('seriesScene', () => {
  const panels: SeriesPanel[] = ['JGA', 'GCA'].map((key) => ({
    key,
    header: key,
    points: [0.01, 0.05, 0.1, 1].map((x, i) => ({
      run: `ratio_${x}`,
      x,
      value: 0.2 + 0.1 * i,
      ci: [0.15 + 0.1 * i, 0.25 + 0.1 * i] as [number, number],
    })),
  }));
  it('one panel per column, one point per run with its value, and a band from the intervals', () => {
    const s = seriesScene(panels, { width: 500, xLabel: 'ratio' });
    expect(withTestId(s, 'series-panel').map((p) => p.data!.metric)).toEqual(['JGA', 'GCA']);
    const pts = withTestId(s, 'series-point').filter((p) => p.data!.metric === 'GCA');
    expect(pts.map((p) => [p.data!.run, Number(p.data!.value)])).toEqual(panels[1].points.map((p) => [p.run, p.value]));
    expect(withTestId(s, 'series-band')).toHaveLength(2);
    // x spans 100×: a log scale, so 0.01 → 0.1 is as wide as 0.1 → 1.
    const xs = pts.map((p) => (p as { cx: number }).cx);
    expect(xs[2] - xs[0]).toBeCloseTo(xs[3] - xs[2], 6);
    expect(sceneToSvg(s)).toContain('(log scale)');
  });

  it('linear when the span is small or an x is not positive', () => {
    expect(logScaleFits([1, 2, 10])).toBe(false);
    expect(logScaleFits([0, 1, 100])).toBe(false);
    expect(logScaleFits([0.01, 1])).toBe(true);
  });
});
