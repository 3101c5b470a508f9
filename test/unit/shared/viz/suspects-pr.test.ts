// The precision–recall figure of `suspects --against` (src/shared/viz/suspects-pr.ts):
// one step path per series starting at recall 0, the random series dashed,
// AP in the legend, the signature as the description and footer line.
import { describe, expect, it } from 'vitest';
import { prScene } from '../../../../src/shared/viz/suspects-pr';
import { sceneToSvg } from '../../../../src/shared/viz/scene-svg';

describe('suspects precision–recall figure', () => {
  it('draws each series as a step path with its AP and carries the signature', () => {
    const scene = prScene(
      [
        {
          label: 'ranking',
          ap: 0.5,
          curve: [
            [0.5, 1],
            [1, 0.5],
          ],
        },
        { label: 'random order', ap: 0.25, curve: [[1, 0.25]], dashed: true },
      ],
      { title: 'Suspects', signature: 'suspects-eval|known:2' },
    );
    const paths = scene.nodes.filter((n) => n.kind === 'path' && n.data?.testid === 'pr-curve');
    expect(paths.map((p) => p.data?.series)).toEqual(['ranking', 'random order']);
    expect(paths[1].style?.dash).toBe('5 3');
    expect(paths[0].style?.dash).toBeUndefined();
    // x(0) = 46 (the left margin): each path starts at recall 0.
    for (const p of paths) expect((p as { d: string }).d).toMatch(/^M46,/);
    const texts = scene.nodes.flatMap((n) => (n.kind === 'text' ? [n.text] : []));
    expect(texts).toEqual(expect.arrayContaining(['ranking (AP 0.500)', 'random order (AP 0.250)', 'suspects-eval|known:2']));
    expect(scene.desc).toBe('suspects-eval|known:2');
    expect(sceneToSvg(scene)).toContain('<desc>suspects-eval|known:2</desc>');
  });
});
