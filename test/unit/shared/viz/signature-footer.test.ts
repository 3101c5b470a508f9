// A figure without its signature footer (src/shared/viz/signature-footer.ts),
// for every figure that draws one — the dialogue figure, the analysis charts
// and the series figure: the footer line goes, the page ends just under what
// is left (nothing drawn below it), and the signature stays the scene's
// description (SVG <desc>; the PDF's Subject is tested with the exporters).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { correlationMatrix } from '../../../../src/shared/analysis/correlations';
import { domainBreakdown } from '../../../../src/shared/analysis/domain-breakdown';
import { errorOrigin } from '../../../../src/shared/analysis/error-origin';
import { traitsView } from '../../../../src/shared/analysis/traits-points';
import { turnPosition } from '../../../../src/shared/analysis/turn-position';
import { defaultConfig } from '../../../../src/shared/metrics/config';
import { dialogueDetail, evaluate } from '../../../../src/shared/metrics/evaluate';
import { metricValue } from '../../../../src/shared/metrics/values';
import { barsScene } from '../../../../src/shared/viz/analysis-bars';
import { heatmapScene } from '../../../../src/shared/viz/analysis-heatmap';
import { originScene } from '../../../../src/shared/viz/analysis-origin';
import { positionScene } from '../../../../src/shared/viz/analysis-position';
import { traitsScene } from '../../../../src/shared/viz/analysis-traits';
import { buildFigure } from '../../../../src/shared/viz/figures';
import type { Scene } from '../../../../src/shared/viz/scene';
import { sceneToSvg } from '../../../../src/shared/viz/scene-svg';
import { seriesScene } from '../../../../src/shared/viz/series-chart';
import { exportScene, hasSignatureFooter, withoutSignatureFooter } from '../../../../src/shared/viz/signature-footer';
import { ascent } from '../../../../src/shared/viz/text';
import { FIXTURES, loadFile } from '../../../helpers/fixtures';
import { walk } from '../../../helpers/scene-walk';

const SIG = 'GCA alpha=10/11 | FGA lambda=0.5 | SA K=30 | values=exact | none=inactive | app 0.2.0';
const config = defaultConfig();
const som = loadFile(join(FIXTURES, 'multiwoz-somdst-100', 'predictions.json'));
const ev = evaluate(som, config);
const mul = loadFile(join(FIXTURES, 'paper', 'mul1110.json'));

function figures(): [string, Scene][] {
  const d = dialogueDetail(mul, 0, config);
  const fd = { id: d.id, values: d.values, perTurn: d.perTurn ?? [] };
  const b = domainBreakdown(som, config, { turns: 'active' });
  return [
    ['dialogue figure', buildFigure('dialogue', fd, config, { signature: SIG })],
    [
      'breakdown bars',
      barsScene({
        title: 't',
        groups: b.groups.map((g) => g.group),
        series: [{ key: 'JGA', label: 'JGA' }],
        value: (g, k) => metricValue(b.groups.find((x) => x.group === g)!.scores.values, k),
        signature: SIG,
      }),
    ],
    ['turn position', positionScene({ position: turnPosition(ev, { by: 'index', bands: [], replicates: 1 }), series: [], signature: SIG })],
    ['error origin', originScene(errorOrigin(ev), SIG)],
    ['correlations', heatmapScene(correlationMatrix(ev, 'turn', 'pearson'), SIG)],
    ['spurious traits', traitsScene(traitsView(ev), SIG)],
    [
      'series',
      seriesScene([{ key: 'JGA', header: 'JGA', points: [1, 2].map((x) => ({ run: `r${x}`, x, value: 0.5, ci: null })) }], {
        width: 400,
        signature: SIG,
      }),
    ],
  ];
}

/** The lowest point anything is drawn at (text: its baseline plus a descent allowance). */
function bottom(scene: Scene): number {
  let y = 0;
  for (const p of walk(scene)) {
    const n = p.node;
    if (n.kind === 'text') y = Math.max(y, p.dy + n.y + 0.25 * (n.style?.fontSize ?? 16));
    else if (n.kind === 'line') y = Math.max(y, p.dy + n.y1, p.dy + n.y2);
    else if (n.kind === 'rect') y = Math.max(y, p.dy + n.y + n.h);
    else if (n.kind === 'circle') y = Math.max(y, p.dy + n.cy + n.r);
  }
  return y;
}

describe('signature footer', () => {
  it.each(figures())('%s: drawn by default; off, the line goes, the page ends under the rest, the description keeps it', (_name, scene) => {
    expect(hasSignatureFooter(scene)).toBe(true);
    expect(exportScene(scene)).toBe(scene);
    const bare = exportScene(scene, { signature: false });
    expect(hasSignatureFooter(bare)).toBe(false);
    expect(walk(bare).some((p) => p.node.kind === 'text' && p.node.text === SIG)).toBe(false);
    expect(bare.height).toBeLessThan(scene.height);
    expect(bottom(bare)).toBeLessThanOrEqual(bare.height);
    // The footer's band is what went: at most its line and a margin.
    const line = scene.nodes.find((n) => n.data?.role === 'signature') as { y: number; style?: { fontSize?: number } };
    expect(scene.height - bare.height).toBeLessThanOrEqual(scene.height - line.y + ascent(line.style?.fontSize ?? 16) + 4);
    expect(bare.desc).toBe(SIG);
    expect(sceneToSvg(bare)).toContain(`<desc>${SIG}</desc>`);
    expect(withoutSignatureFooter(bare)).toBe(bare);
  });
});
