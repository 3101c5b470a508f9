// The breakdown chart (src/shared/viz/analysis-breakdown.ts), the one drawing
// of the analysis view's breakdown tab and `analyze --kind breakdown
// --figure`: per domain a bar per group and chosen metric column with the
// breakdown's value (FGA per λ too), the compared run as ticks, the title
// naming the turns and both runs; per slot the precision, recall and F1 bars.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { domainBreakdown } from '../../../../src/shared/analysis/domain-breakdown';
import { slotBreakdown } from '../../../../src/shared/analysis/slot-breakdown';
import { defaultConfig } from '../../../../src/shared/metrics/config';
import { evaluate } from '../../../../src/shared/metrics/evaluate';
import { metricValue } from '../../../../src/shared/metrics/values';
import { breakdownScene, DEFAULT_DOMAIN_SERIES, SLOT_SERIES } from '../../../../src/shared/viz/analysis-breakdown';
import type { Scene, SceneNode } from '../../../../src/shared/viz/scene';
import { FIXTURES, loadFile } from '../../../helpers/fixtures';

const config = defaultConfig({ lambdas: [0.5, 1] });
const som = loadFile(join(FIXTURES, 'multiwoz-somdst-100', 'predictions.json'));
const rnd = loadFile(join(FIXTURES, 'random', 'random-7.json'));

function nodes(scene: Scene): SceneNode[] {
  const out: SceneNode[] = [];
  const walk = (ns: SceneNode[]) => ns.forEach((n) => (out.push(n), n.kind === 'group' && walk(n.children)));
  walk(scene.nodes);
  return out;
}

describe('breakdownScene', () => {
  it('per domain: each chosen column drawn with the breakdown’s value; the compared run as ticks; both runs named', () => {
    const b = domainBreakdown(som, config, { turns: 'dialogue' });
    const other = domainBreakdown(rnd, config, { turns: 'dialogue' });
    const series = [
      { key: 'JGA', label: 'JGA' },
      { key: 'FGA_1', label: 'FGA λ=1' },
    ];
    const scene = breakdownScene({ name: 'A', b, baseline: { name: 'B', b: other }, config, series, signature: 'sig', width: 760 });
    const bars = nodes(scene).filter((n) => n.kind === 'rect' && n.data?.metric);
    expect(bars).toHaveLength(b.groups.length * 2);
    for (const g of b.groups) {
      const fga = bars.find((n) => n.data!.group === g.group && n.data!.metric === 'FGA_1')!;
      expect(fga.title).toContain((metricValue(g.scores.values, 'FGA', '1')! * 100).toFixed(2));
    }
    expect(nodes(scene).filter((n) => n.data?.role === 'compared').length).toBeGreaterThan(0);
    expect(JSON.stringify(scene)).toContain('every turn of the dialogues that mention it');
    expect(JSON.stringify(scene)).toContain('A (bars) vs B (ticks)');
    expect(scene.desc).toBe('sig');
  });

  it('per slot: precision, recall and F1 whatever series are given', () => {
    const b = slotBreakdown(som, evaluate(som, config).signature);
    const scene = breakdownScene({ name: 'A', b, config, series: [{ key: 'JGA', label: 'JGA' }], signature: 'sig', width: 760 });
    const metrics = new Set(nodes(scene).flatMap((n) => (n.kind === 'rect' && n.data?.metric ? [n.data.metric] : [])));
    expect([...metrics].sort()).toEqual(SLOT_SERIES.map((s) => s.key).sort());
    const g = b.groups[0];
    const bar = nodes(scene).find((n) => n.kind === 'rect' && n.data?.group === g.group && n.data?.metric === 'recall')!;
    expect(bar.title).toContain((g.recall! * 100).toFixed(2));
    expect(JSON.stringify(scene)).toContain('Per slot — A');
    expect(DEFAULT_DOMAIN_SERIES).toEqual(['JGA', 'SA', 'RSA']);
  });
});
