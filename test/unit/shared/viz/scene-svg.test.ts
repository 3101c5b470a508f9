// The scene → SVG serialiser (src/shared/viz/scene-svg.ts): self-contained
// documents with a title and a description, escaped text, patterns as defs,
// data-* hooks kept, numbers rounded the same way every time.
import { describe, expect, it } from 'vitest';
import { sceneToSvg } from '../../../../src/shared/viz/scene-svg';
import type { Scene } from '../../../../src/shared/viz/scene';

const scene: Scene = {
  width: 100,
  height: 40.005,
  title: 'A <chart> & "its" title',
  desc: 'GCA alpha=10/11 | FGA lambda=0.5',
  background: '#fff',
  nodes: [
    {
      kind: 'rect',
      x: 1.234,
      y: 2,
      w: 10,
      h: -3,
      style: { fill: '#d55e00', pattern: 'hatch', patternColor: '#fff' },
      data: { testid: 'bar', turn: '3' },
      title: 'turn 3 & more',
    },
    {
      kind: 'group',
      x: 5,
      y: 6,
      children: [{ kind: 'text', x: 0, y: 0, text: 'W < M', style: { fontSize: 9, anchor: 'middle', mono: true } }],
    },
    { kind: 'path', d: 'M0,0 L10,10', style: { stroke: '#000', dash: '4 2' } },
  ],
};

describe('sceneToSvg', () => {
  const svg = sceneToSvg(scene);
  it('is one standalone SVG with the title and the signature as its description', () => {
    expect(svg.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain('<title>A &lt;chart&gt; &amp; &quot;its&quot; title</title>');
    expect(svg).toContain('<desc>GCA alpha=10/11 | FGA lambda=0.5</desc>');
    expect(svg).not.toMatch(/xlink:href|href="http|@import|url\(http/);
    expect(svg.match(/<svg/g)).toHaveLength(1);
    expect(svg.trim().endsWith('</svg>')).toBe(true);
  });
  it('escapes text, rounds numbers, clamps negative sizes, keeps data hooks', () => {
    expect(svg).toContain('>W &lt; M</text>');
    expect(svg).toContain('x="1.23"');
    expect(svg).toContain('height="0"');
    expect(svg).toContain('data-testid="bar" data-turn="3"');
    expect(svg).toContain('<title>turn 3 &amp; more</title>');
    expect(svg).toContain('transform="translate(5,6)"');
  });
  it('defines each pattern once and fills with it', () => {
    expect(svg).toContain('<pattern id="pat-hatch-fff-d55e00"');
    expect(svg).toContain('<rect width="8" height="8" fill="#d55e00"/>'); // the fill colour under the strokes
    expect(svg).toContain('fill="url(#pat-hatch-fff-d55e00)"');
  });
  it('scales the document size, not the drawing', () => {
    const big = sceneToSvg(scene, { scale: 2 });
    expect(big).toContain('width="200" height="80.01" viewBox="0 0 100 40.01"');
  });
});
