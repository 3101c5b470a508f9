// The PDF renderer (src/main/services/export/scene-pdf.ts) draws every node
// with exactly its own style, as the SVG does: a node's colour, opacity,
// pattern or line width never carries over to the next one; `currentColor`
// (the analysis charts' ink) is black, as in the exported SVG; a pattern
// without a fill is drawn over what lies beneath (not over black); a group's
// style passes to its children. Checked on the rendered page's pixels
// (pdftoppm) and its text (pdftotext): first on a small scene with every
// node kind and text placement the figures use, then on every analysis
// figure, built as the analysis view builds it.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sceneToPdf } from '../../../../../src/main/services/export/scene-pdf';
import { correlationMatrix } from '../../../../../src/shared/analysis/correlations';
import { domainBreakdown } from '../../../../../src/shared/analysis/domain-breakdown';
import { errorOrigin } from '../../../../../src/shared/analysis/error-origin';
import { traitsView } from '../../../../../src/shared/analysis/traits-points';
import { turnPosition } from '../../../../../src/shared/analysis/turn-position';
import { defaultConfig } from '../../../../../src/shared/metrics/config';
import { evaluate } from '../../../../../src/shared/metrics/evaluate';
import { renderSignature } from '../../../../../src/shared/metrics/signature';
import { metricValue } from '../../../../../src/shared/metrics/values';
import { barsScene } from '../../../../../src/shared/viz/analysis-bars';
import { INK, seriesRect } from '../../../../../src/shared/viz/analysis-common';
import { heatmapScene } from '../../../../../src/shared/viz/analysis-heatmap';
import { originScene } from '../../../../../src/shared/viz/analysis-origin';
import { positionScene } from '../../../../../src/shared/viz/analysis-position';
import { traitsScene } from '../../../../../src/shared/viz/analysis-traits';
import type { Scene, SceneNode, Style } from '../../../../../src/shared/viz/scene';
import { textWidth } from '../../../../../src/shared/viz/text';
import { FIXTURES, loadFile } from '../../../../helpers/fixtures';
import { pdfRaster, pdfText, pixel, toolAvailable, type Raster } from '../../../../helpers/tools';
import { walk } from '../../../../helpers/scene-walk';

type RGB = [number, number, number];
type TextNode = Extract<SceneNode, { kind: 'text' }>;

const canRender = toolAvailable('pdftoppm') && toolAvailable('pdftotext');
const dir = mkdtempSync(join(tmpdir(), 'scene-pdf-'));

async function writePdf(scene: Scene, name: string): Promise<string> {
  const f = join(dir, `${name}.pdf`);
  writeFileSync(f, await sceneToPdf(scene));
  return f;
}

function rgbOf(c: string): RGB {
  if (c === INK) return [0, 0, 0];
  const h = c.length === 4 ? c.replace(/#(.)(.)(.)/, '#$1$1$2$2$3$3') : c;
  return [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16)) as RGB;
}

/** A colour at an opacity over the white page. */
function over(c: string, opacity = 1): RGB {
  return rgbOf(c).map((v) => Math.round(v * opacity + 255 * (1 - opacity))) as RGB;
}

const dist = (a: RGB, b: RGB) => Math.max(...a.map((v, i) => Math.abs(v - b[i])));

/** Distance of a colour from the segment between two colours (a pattern's strokes anti-aliased over its background). */
function distFromSegment(p: RGB, a: RGB, b: RGB): number {
  const ab = b.map((v, i) => v - a[i]);
  const len2 = ab.reduce((s, v) => s + v * v, 0);
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ab.reduce((s, v, i) => s + v * (p[i] - a[i]), 0) / len2));
  return dist(p, a.map((v, i) => v + t * ab[i]) as RGB);
}

/** Pixels of the box (scene units) on a raster at `k` pixels per unit. */
function* boxPixels(r: Raster, k: number, x0: number, y0: number, x1: number, y1: number): Generator<RGB> {
  for (let y = Math.max(0, Math.ceil(y0 * k)); y <= Math.min(r.height - 1, Math.floor(y1 * k)); y++) {
    for (let x = Math.max(0, Math.ceil(x0 * k)); x <= Math.min(r.width - 1, Math.floor(x1 * k)); x++) yield pixel(r, x, y);
  }
}

/** Where a text node's glyphs lie (scene units), from the font's metrics, its anchor and baseline, and the groups' offsets. */
function textBox(n: TextNode, dx: number, dy: number): [number, number, number, number] {
  const size = n.style?.fontSize ?? 16;
  const w = textWidth(n.text, size, n.style?.mono ? 'mono' : n.style?.fontWeight === 'bold' ? 'bold' : 'sans');
  const x0 = dx + n.x - (n.style?.anchor === 'middle' ? w / 2 : n.style?.anchor === 'end' ? w : 0);
  const y0 = dy + n.y - (n.style?.baseline === 'middle' ? size / 2 : n.style?.baseline === 'hanging' ? 0 : size * 0.8);
  return [x0, y0, x0 + w, y0 + size];
}

/** How close the pixel of a text's box nearest to its expected colour comes (0: exactly that colour somewhere in its glyphs). */
function textInk(r: Raster, k: number, n: TextNode, dx: number, dy: number, colour: RGB): number {
  let best = 255;
  for (const p of boxPixels(r, k, ...textBox(n, dx, dy))) best = Math.min(best, dist(p, colour));
  return best;
}

/** Every text of a scene, whitespace removed, is in the PDF's text (pdftotext) — in the order drawn is not required. */
function missingTexts(scene: Scene, pdf: string): string[] {
  const found = pdfText(pdf).replace(/\s+/g, '');
  return walk(scene)
    .map((p) => p.node)
    .filter((n): n is TextNode => n.kind === 'text' && n.text.trim() !== '')
    .map((n) => n.text)
    .filter((t) => !found.includes(t.replace(/\s+/g, '')));
}

// Every node kind and text placement the figures use, each after a node of
// another colour, so a colour, opacity or width that carried over shows.
const BLUE = '#0072B2';
const ORANGE = '#D55E00';
const GREEN = '#009E73';
const PINK = '#CC79A7';
const texts = {
  blue: { kind: 'text', x: 80, y: 40, text: 'Blue text', style: { fill: BLUE, fontSize: 20 } },
  ink: { kind: 'text', x: 10, y: 92, text: 'INK', style: { fill: INK, fontSize: 36, fontWeight: 'bold' } },
  end: { kind: 'text', x: 390, y: 85, text: 'End label', style: { fill: INK, fontSize: 20, anchor: 'end', baseline: 'middle' } },
  middle: { kind: 'text', x: 330, y: 40, text: 'Centred', style: { fill: GREEN, fontSize: 16, anchor: 'middle' } },
  white: { kind: 'text', x: 150, y: 140, text: 'on white', style: { fill: '#ffffff', fontSize: 20 } },
  row: { kind: 'text', x: 390, y: 130, text: 'Row label', style: { fill: INK, fontSize: 20, anchor: 'end', baseline: 'middle' } },
  grouped: { kind: 'text', x: 70, y: 30, text: 'Grouped', style: { fill: INK, fontSize: 20 } },
  mono: { kind: 'text', x: 200, y: 30, text: 'mono 42', style: { mono: true, fontSize: 20 } },
  faded: { kind: 'text', x: 10, y: 292, text: 'signature at 0.75', style: { fill: INK, fontSize: 12, opacity: 0.75 } },
} satisfies Record<string, TextNode>;
const GROUP = { x: 10, y: 170 };
const small: Scene = {
  width: 400,
  height: 300,
  title: 'styles',
  desc: 'every node with its own style',
  background: '#ffffff',
  nodes: [
    { kind: 'rect', x: 10, y: 10, w: 60, h: 40, style: { fill: BLUE } },
    texts.blue,
    texts.ink,
    // A bar as the analysis charts draw it: the colour, then its pattern in white over it.
    ...seriesRect(1, { x: 150, y: 10, w: 80, h: 40 }),
    { kind: 'line', x1: 250, y1: 5, x2: 250, y2: 60, style: { stroke: INK, strokeWidth: 6 } },
    texts.middle,
    texts.end,
    { kind: 'rect', x: 10, y: 110, w: 60, h: 40, style: { fill: GREEN, opacity: 0.5 } },
    { kind: 'rect', x: 80, y: 110, w: 60, h: 40, style: { fill: INK } },
    texts.white,
    texts.row,
    {
      kind: 'group',
      ...GROUP,
      style: { fill: PINK },
      children: [{ kind: 'rect', x: 0, y: 0, w: 60, h: 40 }, texts.grouped, texts.mono],
    },
    { kind: 'circle', cx: 350, cy: 200, r: 20, style: { fill: 'none', stroke: INK, strokeWidth: 4 } },
    { kind: 'line', x1: 10, y1: 240, x2: 390, y2: 240, style: { stroke: ORANGE, strokeWidth: 4, dash: '6 6' } },
    { kind: 'line', x1: 10, y1: 260, x2: 390, y2: 260, style: { stroke: INK, strokeWidth: 4 } },
    { kind: 'path', d: 'M300,270 L340,270 L320,285 Z', style: { fill: '#E69F00', stroke: 'none' } },
    texts.faded,
  ],
};

describe.runIf(canRender)('PDF: every node with its own style', () => {
  let pdf = '';
  let r: Raster;
  const K = 2; // pixels per point at 144 dpi
  const at = (x: number, y: number) => pixel(r, x * K, y * K);
  beforeAll(async () => {
    pdf = await writePdf(small, 'small');
    r = pdfRaster(pdf, 72 * K);
  });

  it('every text is in the PDF as text, the end-anchored and middle-baseline ones and those in a translated group included', () => {
    expect(missingTexts(small, pdf)).toEqual([]);
  });

  it("shapes are painted in their own colours: currentColor is black, not the previous node's colour; opacity ends with its node", () => {
    expect(dist(at(40, 30), over(BLUE))).toBeLessThan(8);
    expect(dist(at(250, 30), [0, 0, 0]), 'a currentColor line after an orange bar').toBeLessThan(8);
    expect(dist(at(40, 130), over(GREEN, 0.5))).toBeLessThan(8);
    expect(dist(at(110, 130), [0, 0, 0]), 'a currentColor rect after a half-transparent green one').toBeLessThan(8);
    expect(dist(at(350, 200), [255, 255, 255]), 'a circle without fill').toBeLessThan(8);
    expect(dist(at(370, 200), [0, 0, 0])).toBeLessThan(40);
    expect(dist(at(320, 274), over('#E69F00'))).toBeLessThan(8);
  });

  it('a pattern without a fill is drawn over the bar beneath it, not over black', () => {
    let off = 0;
    let n = 0;
    for (const p of boxPixels(r, K, 152, 12, 228, 48)) {
      n++;
      if (distFromSegment(p, over(ORANGE), [255, 255, 255]) > 30) off++;
    }
    expect(off / n).toBeLessThan(0.01);
    // Both the bar's colour and the pattern's white show.
    const seen = [...boxPixels(r, K, 152, 12, 228, 48)];
    expect(seen.some((p) => dist(p, over(ORANGE)) < 10)).toBe(true);
    expect(seen.some((p) => dist(p, [255, 255, 255]) < 10)).toBe(true);
  });

  it('a dash and a colour end with their line: the next line is solid and black', () => {
    for (let x = 12; x <= 388; x += 1) expect(dist(at(x, 260), [0, 0, 0]), `x=${x}`).toBeLessThan(40);
  });

  it("a colour pdfkit would not understand is an error, not the previous node's colour", async () => {
    await expect(
      sceneToPdf({ ...small, nodes: [{ kind: 'rect', x: 0, y: 0, w: 10, h: 10, style: { fill: 'var(--accent)' } }] }),
    ).rejects.toThrow(/var\(--accent\)/);
  });

  it("a group's fill passes to a child without one (as in SVG), and its translation to every child", () => {
    expect(dist(at(GROUP.x + 30, GROUP.y + 20), over(PINK))).toBeLessThan(8);
    expect(textInk(r, K, texts.grouped, GROUP.x, GROUP.y, [0, 0, 0])).toBeLessThan(40);
    expect(textInk(r, K, texts.mono, GROUP.x, GROUP.y, over(PINK))).toBeLessThan(40);
  });

  it('each text is drawn where its anchor and baseline put it, in its own colour', () => {
    for (const [name, t] of Object.entries(texts)) {
      if (name === 'grouped' || name === 'mono') continue;
      const st: Style = t.style;
      const colour = over(st.fill ?? INK, st.opacity ?? 1);
      // The white text lies on the white page: it is there, in white, and no darker pixel is (no colour of another node).
      if (name === 'white') {
        expect(Math.max(...[...boxPixels(r, K, ...textBox(t, 0, 0))].map((p) => dist(p, colour))), name).toBeLessThan(8);
        continue;
      }
      expect(textInk(r, K, t, 0, 0, colour), name).toBeLessThan(40);
    }
    // Not the previous node's colour: no blue in the black text after the blue one.
    expect([...boxPixels(r, K, ...textBox(texts.ink, 0, 0))].some((p) => dist(p, over(BLUE)) < 40)).toBe(false);
  });
});

describe.runIf(canRender)('PDF of every analysis figure: all its texts, each visible in its own colour, patterns over their bars', () => {
  const config = defaultConfig();
  const som = loadFile(join(FIXTURES, 'multiwoz-somdst-100', 'predictions.json'));
  const rnd = loadFile(join(FIXTURES, 'random', 'random-7.json'));
  const ev = evaluate(som, config);
  // As the analysis view builds them (src/renderer/src/views/analysis/*Section.tsx).
  const figures: Record<string, () => Scene> = {
    'breakdown, compared with another run': () => {
      const b = domainBreakdown(som, config, { turns: 'active' });
      const other = domainBreakdown(rnd, config, { turns: 'active' });
      const value = (bd: typeof b) => (g: string, k: string) => {
        const x = bd.groups.find((y) => y.group === g);
        return x ? metricValue(x.scores.values, k) : null;
      };
      const series = ['JGA', 'SA', 'RSA'].map((k) => ({ key: k, label: k }));
      return barsScene({
        title: 'Per domain — SOM-DST (bars) vs random-7 (ticks)',
        groups: b.groups.map((g) => g.group),
        series,
        value: value(b),
        baseline: value(other),
        baselineLabel: 'random-7',
        signature: renderSignature(b.signature),
        width: 760,
      });
    },
    'turn position': () => {
      const p = turnPosition(ev, { by: 'index', bands: ['JGA'], replicates: 50 });
      return positionScene({
        position: p,
        series: ['JGA', 'RSA', 'GCA'].map((k) => ({ key: k, label: k, value: (b) => metricValue(b.values, k) })),
        signature: renderSignature(p.signature),
        width: 760,
      });
    },
    'error origin': () => {
      const o = errorOrigin(ev);
      return originScene(o, renderSignature(o.signature), 760);
    },
    'correlation heat map': () => {
      const m = correlationMatrix(ev, 'turn', 'pearson');
      return heatmapScene(m, renderSignature(m.signature), { width: 620 });
    },
    'spurious traits': () => {
      const t = traitsView(ev);
      return traitsScene(t, renderSignature(t.signature), 860);
    },
  };

  for (const [name, build] of Object.entries(figures)) {
    it(name, async () => {
      const scene = build();
      const pdf = await writePdf(scene, name.replace(/\W+/g, '-'));
      expect(missingTexts(scene, pdf)).toEqual([]);
      const K = 2;
      const r = pdfRaster(pdf, 72 * K);
      const placed = walk(scene);
      // Every text shows in its colour (currentColor: black), at its opacity.
      const unseen: string[] = [];
      for (const p of placed) {
        const n = p.node;
        if (n.kind !== 'text' || n.text.trim() === '') continue;
        const st: Style = n.style ?? {};
        if (textInk(r, K, n, p.dx, p.dy, over(st.fill ?? INK, st.opacity ?? 1)) > 60) unseen.push(n.text);
      }
      expect(unseen).toEqual([]);
      // A pattern drawn over a bar shows the bar's colour and the pattern's, nothing else (ticks over a bar aside).
      for (let i = 1; i < placed.length; i++) {
        const n = placed[i].node;
        const below = placed[i - 1].node;
        if (n.kind !== 'rect' || !n.style?.pattern || n.style.fill || below.kind !== 'rect' || n.w < 6 || n.h < 6) continue;
        let off = 0;
        let all = 0;
        for (const px of boxPixels(r, K, n.x + 1, n.y + 1, n.x + n.w - 1, n.y + n.h - 1)) {
          all++;
          if (distFromSegment(px, over(below.style!.fill!), rgbOf(n.style.patternColor ?? '#000')) > 40) off++;
        }
        expect(off / all, `${name}: pattern over ${below.title ?? 'a bar'}`).toBeLessThan(0.1);
      }
    });
  }
});
