// The series figure (src/shared/viz/series-chart.ts): the x axis carries the
// caller's label; a metric subset (restrictMetrics, as --metrics) draws only
// those panels; the first and last x are always labelled and no tick label
// leaves its panel or crowds another, whatever the x values and the width
// (property test); and the signature is a footer line that
// withoutSignatureFooter takes off, keeping it in the description.
import fc from 'fast-check';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareRuns } from '../../../../src/shared/analysis/run-comparison';
import { restrictMetrics } from '../../../../src/shared/analysis/compare-report';
import { defaultConfig } from '../../../../src/shared/metrics/config';
import { renderSignature } from '../../../../src/shared/metrics/signature';
import { metricValue } from '../../../../src/shared/metrics/values';
import { MAX_X_LABEL, seriesPanels, seriesScene, tickLabels, type SeriesPanel } from '../../../../src/shared/viz/series-chart';
import { hasSignatureFooter, withoutSignatureFooter } from '../../../../src/shared/viz/signature-footer';
import { sceneToSvg } from '../../../../src/shared/viz/scene-svg';
import { textWidth } from '../../../../src/shared/viz/text';
import { scaleLinear, scaleLog } from 'd3-scale';
import { FIXTURES, loadFile } from '../../../helpers/fixtures';
import { source } from '../../../helpers/runs';
import { byTestId, overflowingTexts, walk } from '../../../helpers/scene-walk';

const panels = (xs: number[]): SeriesPanel[] =>
  ['JGA', 'GCA'].map((key) => ({
    key,
    header: key,
    points: xs.map((x, i) => ({ run: `r${i}`, x, value: 0.3 + 0.02 * i, ci: [0.25 + 0.02 * i, 0.35 + 0.02 * i] as [number, number] })),
  }));

describe('series figure', () => {
  it('the x axis carries the given label (default "x"), with "(log scale)" on a log axis; an over-long label ends in "…"', () => {
    const s = seriesScene(panels([0.01, 0.1, 1]), { width: 600, xLabel: 'training data ratio' });
    expect(byTestId(s, 'series-x-label').map((p) => (p.node as { text: string }).text)).toEqual([
      'training data ratio (log scale)',
      'training data ratio (log scale)',
    ]);
    expect(s.title).toBe('Metrics against training data ratio, with 95% bootstrap intervals');
    const d = seriesScene(panels([1, 2, 3]), { width: 600 });
    expect((byTestId(d, 'series-x-label')[0].node as { text: string }).text).toBe('x');
    const long = seriesScene(panels([1, 2]), { width: 600, xLabel: 'a'.repeat(200) });
    const t = (byTestId(long, 'series-x-label')[0].node as { text: string }).text;
    expect(Array.from(t)).toHaveLength(MAX_X_LABEL);
    expect(t.endsWith('…')).toBe(true);
  });

  it('the last tick is labelled and inside the frame (it used to stick out of the last panel)', () => {
    // 1000 at the right end of a 300-wide figure: its label, centred, would pass the edge.
    const s = seriesScene(panels([10, 100, 1000]), { width: 300, columns: 1 });
    const ticks = byTestId(s, 'series-tick').filter((p) => p.data.metric === 'JGA');
    expect(ticks.map((p) => p.data.x)).toContain('1000');
    expect(overflowingTexts(s)).toEqual([]);
    const last = ticks.find((p) => p.data.x === '1000')!.node as { style: { anchor: string } };
    expect(last.style.anchor).toBe('end');
  });

  it('property: for any x values and width, first and last x labelled, labels apart and inside their panel', () => {
    const xsArb = fc
      .uniqueArray(fc.oneof(fc.integer({ min: 0, max: 100000 }), fc.double({ min: 0.0001, max: 10, noNaN: true })), {
        minLength: 2,
        maxLength: 25,
      })
      .map((xs) => [...xs].sort((a, b) => a - b));
    fc.assert(
      fc.property(xsArb, fc.integer({ min: 120, max: 900 }), fc.boolean(), (xs, pw, log) => {
        const useLog = log && xs[0] > 0 && xs[xs.length - 1] > xs[0];
        const x = (useLog ? scaleLog() : scaleLinear())
          .domain([xs[0], xs[xs.length - 1] === xs[0] ? xs[0] + 1 : xs[xs.length - 1]])
          .range([40, pw - 10]);
        const ticks = tickLabels(xs, x, pw);
        expect(ticks[0].value).toBe(xs[0]);
        expect(ticks[ticks.length - 1].value).toBe(xs[xs.length - 1]);
        let prevHi = -Infinity;
        for (const t of ticks) {
          const w = textWidth(t.text, 9);
          const lo = t.anchor === 'middle' ? t.x - w / 2 : t.anchor === 'end' ? t.x - w : t.x;
          expect(lo).toBeGreaterThanOrEqual(0);
          expect(lo + w).toBeLessThanOrEqual(pw);
          expect(lo).toBeGreaterThanOrEqual(prevHi);
          prevHi = lo + w;
        }
      }),
      { numRuns: 300, seed: 15 },
    );
  });

  it('a metric subset draws only its panels, from the comparison the tables use', () => {
    const config = defaultConfig();
    const som = loadFile(join(FIXTURES, 'multiwoz-somdst-100', 'predictions.json'));
    const out = compareRuns([source('ratio_0.1', som), source('ratio_1', som)], config, { bootstrap: 20, trials: 0, seed: 1 });
    const xs = [0.1, 1];
    expect(seriesPanels(out, xs).map((p) => p.key)).toEqual(out.columns.map((c) => c.key));
    const some = seriesPanels(restrictMetrics(out, ['JGA', 'GCA']), xs);
    expect(some.map((p) => p.key)).toEqual(['JGA', 'GCA']);
    expect(some[1].points.map((p) => [p.run, p.x, p.value])).toEqual([
      ['ratio_0.1', 0.1, metricValue(out.runs[0].corpus.values, 'GCA')],
      ['ratio_1', 1, metricValue(out.runs[1].corpus.values, 'GCA')],
    ]);
    expect(some[0].points[0].ci).toEqual(out.runs[0].ci.JGA);
    // A run without an x is left out.
    expect(seriesPanels(out, [null, 1])[0].points.map((p) => p.run)).toEqual(['ratio_1']);
    const s = seriesScene(some, { width: 500, signature: renderSignature(out.signature) });
    expect(byTestId(s, 'series-panel').map((p) => p.data.metric)).toEqual(['JGA', 'GCA']);
  });

  it('the signature is a footer line; without it the figure is shorter and the signature stays its description', () => {
    const sig = 'GCA alpha=10/11 | FGA lambda=0.5 | bootstrap=1000';
    const s = seriesScene(panels([1, 2, 3]), { width: 500, signature: sig });
    expect(hasSignatureFooter(s)).toBe(true);
    expect(walk(s).some((p) => p.node.kind === 'text' && p.node.text === sig)).toBe(true);
    const bare = withoutSignatureFooter(s);
    expect(hasSignatureFooter(bare)).toBe(false);
    expect(walk(bare).some((p) => p.node.kind === 'text' && p.node.text === sig)).toBe(false);
    expect(bare.height).toBeLessThan(s.height);
    expect(bare.desc).toBe(sig);
    expect(sceneToSvg(bare)).toContain(`<desc>${sig}</desc>`);
    // No content below the new foot.
    for (const p of walk(bare)) {
      const n = p.node;
      const bottom =
        n.kind === 'text' ? p.dy + n.y : n.kind === 'line' ? p.dy + Math.max(n.y1, n.y2) : n.kind === 'rect' ? p.dy + n.y + n.h : -Infinity;
      expect(bottom).toBeLessThanOrEqual(bare.height);
    }
    // Without a signature there is no footer to take off.
    expect(withoutSignatureFooter(seriesScene(panels([1, 2]), { width: 500 }))).toEqual(seriesScene(panels([1, 2]), { width: 500 }));
  });
});
