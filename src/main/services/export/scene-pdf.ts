// Layer: main (Node). A scene (src/shared/viz/scene.ts) as a vector PDF with
// pdfkit: one page exactly the figure's size, every shape as a path, every
// text as real text in the bundled TrueType fonts, embedded as subsets
// (CIDFontType2 — never Type 3, never an unembedded standard font), patterns
// drawn as clipped vector strokes, and the title and signature in the
// document's metadata. Kerning and ligatures are off, as in the SVG. Each
// node is drawn in its own graphics state with every colour resolved
// (currentColor is black, as in the exported SVG), so it draws with exactly
// its own style — and its group's, inherited as SVG inherits it.

import PDFDocument from 'pdfkit';
import { APP_VERSION } from '../../../shared/version';
import type { PatternName, Scene, SceneNode, Style } from '../../../shared/viz/scene';
import { faceOf, fontBytes, sceneFontSubsets } from './fonts';

type Doc = PDFKit.PDFDocument;

interface FontkitGlyph {
  id: number;
  advanceWidth: number;
  codePoints: number[];
}
interface FontkitFont {
  glyphsForString(s: string): FontkitGlyph[];
  layout: (s: string, features?: unknown) => unknown;
}

/**
 * Text without shaping: each character's glyph at its advance — kerning and
 * ligatures off, exactly as the SVG draws it and viz/text.ts measures it —
 * and much faster than shaping every string. pdfkit lays text out through the
 * fontkit font it opened; its layout is replaced on that one object.
 */
function unshaped(font: FontkitFont): void {
  font.layout = (s: string) => {
    const glyphs = font.glyphsForString(s);
    const positions = glyphs.map((g) => ({ xAdvance: g.advanceWidth, yAdvance: 0, xOffset: 0, yOffset: 0 }));
    return {
      glyphs,
      positions,
      get advanceWidth() {
        return positions.reduce((w, p) => w + p.xAdvance, 0);
      },
    };
  };
}

function dashOf(d: string | undefined): [number, number] | null {
  if (!d) return null;
  const parts = d
    .split(/[\s,]+/)
    .map(Number)
    .filter((x) => Number.isFinite(x) && x >= 0);
  if (parts.length === 0 || parts.every((x) => x === 0)) return null;
  return [parts[0], parts[1] ?? parts[0]];
}

function isPaint(c: string | undefined): c is string {
  return c !== undefined && c !== 'none' && c !== 'transparent';
}

/**
 * The colour pdfkit is given for a scene colour. `currentColor` (the analysis
 * charts' ink, INK in viz/analysis-common.ts) is black, as in an exported SVG
 * (no CSS colour is set there) and so in its PNG. pdfkit silently ignores a
 * colour it cannot parse, leaving the previous node's colour and opacity in
 * force; so a colour it would not understand is an error here, never a
 * colour carried over from another node.
 */
const INK_COLOUR = '#000000';
function pdfColour(doc: Doc, c: string): string {
  const v = c.trim();
  if (/^currentcolor$/i.test(v)) return INK_COLOUR;
  if (/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(v)) return v;
  // A CSS colour name pdfkit knows (its table is private; its parser says).
  if (/^[a-z]+$/i.test(v) && (doc as unknown as { _normalizeColor(c: string): unknown })._normalizeColor(v.toLowerCase()))
    return v.toLowerCase();
  throw new Error(
    `PDF export: colour ${JSON.stringify(c)} is not understood (a scene colour is #rgb, #rrggbb, a CSS colour name or currentColor)`,
  );
}

/** Strokes of one pattern tile (8 × 8) repeated over a box, as in patternTile (scene.ts). */
function drawPattern(
  doc: Doc,
  name: PatternName,
  color: string,
  box: { x: number; y: number; w: number; h: number },
  opacity: number,
): void {
  const x0 = Math.floor(box.x / 8) * 8 - 8;
  const y0 = Math.floor(box.y / 8) * 8 - 8;
  const x1 = box.x + box.w + 8;
  const y1 = box.y + box.h + 8;
  doc.save();
  doc.lineWidth(1.2).strokeColor(color, opacity).fillColor(color, opacity);
  // All tiles as one path, painted once.
  for (let ty = y0; ty < y1; ty += 8) {
    for (let tx = x0; tx < x1; tx += 8) {
      if (name === 'dots') doc.circle(tx + 2, ty + 2, 1.2).circle(tx + 6, ty + 6, 1.2);
      else if (name === 'vertical')
        doc
          .moveTo(tx + 2, ty)
          .lineTo(tx + 2, ty + 8)
          .moveTo(tx + 6, ty)
          .lineTo(tx + 6, ty + 8);
      else {
        doc
          .moveTo(tx - 2, ty + 2)
          .lineTo(tx + 2, ty - 2)
          .moveTo(tx, ty + 8)
          .lineTo(tx + 8, ty)
          .moveTo(tx + 6, ty + 10)
          .lineTo(tx + 10, ty + 6);
        if (name === 'crosshatch')
          doc
            .moveTo(tx - 2, ty + 6)
            .lineTo(tx + 2, ty + 10)
            .moveTo(tx, ty)
            .lineTo(tx + 8, ty + 8)
            .moveTo(tx + 6, ty - 2)
            .lineTo(tx + 10, ty + 2);
      }
    }
  }
  if (name === 'dots') doc.fill();
  else doc.stroke();
  doc.restore();
}

/** Builds the node's outline as the current path; returns its bounding box (for patterns) or null. */
function outline(doc: Doc, n: SceneNode): { x: number; y: number; w: number; h: number } | null {
  switch (n.kind) {
    case 'rect': {
      const w = Math.max(0, n.w);
      const h = Math.max(0, n.h);
      if (n.rx) doc.roundedRect(n.x, n.y, w, h, Math.min(n.rx, w / 2, h / 2));
      else doc.rect(n.x, n.y, w, h);
      return { x: n.x, y: n.y, w, h };
    }
    case 'circle':
      doc.circle(n.cx, n.cy, n.r);
      return { x: n.cx - n.r, y: n.cy - n.r, w: 2 * n.r, h: 2 * n.r };
    case 'path':
      doc.path(n.d);
      return null;
    case 'line':
      doc.moveTo(n.x1, n.y1).lineTo(n.x2, n.y2);
      return null;
    default:
      return null;
  }
}

/**
 * Paints a shape with exactly its own (resolved) style: every colour, opacity,
 * line width and dash it uses is set here, inside the caller's save/restore,
 * so nothing of an earlier node carries over. As in SVG, a shape without a
 * fill is filled black, except one with a pattern, whose background is its
 * fill (none: the pattern alone, over what lies beneath); a line is never
 * filled.
 */
function paintShape(doc: Doc, n: SceneNode, st: Style, opacity: number): void {
  const fill = n.kind === 'line' ? undefined : st.pattern ? st.fill : (st.fill ?? '#000');
  const stroke = st.stroke;
  const dash = dashOf(st.dash);
  if (isPaint(fill)) {
    outline(doc, n);
    doc.fillColor(pdfColour(doc, fill), opacity).fill();
  }
  if (st.pattern && n.kind !== 'line') {
    doc.save();
    const box = outline(doc, n);
    if (box) {
      doc.clip();
      drawPattern(doc, st.pattern, pdfColour(doc, st.patternColor ?? '#000'), box, opacity);
    }
    doc.restore();
  }
  if (isPaint(stroke) && (st.strokeWidth ?? 1) > 0) {
    outline(doc, n);
    doc.lineWidth(st.strokeWidth ?? 1).strokeColor(pdfColour(doc, stroke), opacity);
    if (dash) doc.dash(dash[0], { space: dash[1] });
    else doc.undash();
    doc.stroke();
  }
}

function drawText(doc: Doc, n: Extract<SceneNode, { kind: 'text' }>, st: Style, opacity: number): void {
  if (n.text === '') return;
  const fill = st.fill ?? '#000';
  if (!isPaint(fill)) return;
  const size = st.fontSize ?? 16;
  doc.font(faceOf(n)).fontSize(size);
  const w = st.anchor === 'middle' || st.anchor === 'end' ? doc.widthOfString(n.text) : 0;
  const x = st.anchor === 'middle' ? n.x - w / 2 : st.anchor === 'end' ? n.x - w : n.x;
  const baseline = st.baseline === 'middle' ? 'middle' : st.baseline === 'hanging' ? 'hanging' : 'alphabetic';
  doc.fillColor(pdfColour(doc, fill), opacity).text(n.text, x, n.y, { lineBreak: false, baseline });
}

/**
 * What a group's style passes to its children, as SVG inherits it from a <g>:
 * the paint (fill with its pattern, taken together: a child's own fill or
 * pattern replaces both), stroke, stroke width, dash, font size, anchor and
 * baseline. Opacity is not inherited but multiplied (drawNode). The font face
 * (mono, bold) is the text node's own, as the font subsets are chosen by it.
 */
function inherit(parent: Style, own: Style | undefined): Style {
  if (!own) return parent;
  const st: Style = { ...parent, ...own };
  if (own.fill !== undefined || own.pattern !== undefined) {
    st.fill = own.fill;
    st.pattern = own.pattern;
    st.patternColor = own.patternColor;
  }
  return st;
}

function drawNode(doc: Doc, n: SceneNode, inherited: Style, parentOpacity: number): void {
  const st = inherit(inherited, n.style);
  const opacity = parentOpacity * (n.style?.opacity ?? 1);
  // Every node in its own graphics state: what one node sets (colour,
  // opacity, line width, dash, a group's translation) ends with it.
  doc.save();
  if (n.kind === 'group') {
    if (n.x || n.y) doc.translate(n.x ?? 0, n.y ?? 0);
    const passed: Style = { ...st, opacity: undefined };
    for (const k of n.children) drawNode(doc, k, passed, opacity);
  } else if (n.kind === 'text') drawText(doc, n, st, opacity);
  else paintShape(doc, n, n.kind === 'line' ? { ...st, stroke: st.stroke ?? '#000' } : st, opacity);
  doc.restore();
}

/** The scene as a one-page PDF file. */
export async function sceneToPdf(scene: Scene): Promise<Buffer> {
  const fonts = await sceneFontSubsets(scene);
  const doc = new PDFDocument({
    size: [scene.width, scene.height],
    margin: 0,
    font: fonts.get('sans') ?? fontBytes('sans'),
    compress: true,
    info: {
      Title: scene.title,
      Subject: scene.desc,
      Keywords: scene.desc,
      Creator: `DST Inspector ${APP_VERSION}`,
      Producer: 'DST Inspector (pdfkit)',
    },
    displayTitle: true,
  } as unknown as PDFKit.PDFDocumentOptions);
  // Only the faces the scene uses, each a subset with its characters (pdfkit subsets again and embeds it as CIDFontType2).
  for (const [face, bytes] of fonts) {
    doc.registerFont(face, bytes);
    unshaped((doc.font(face) as unknown as { _font: { font: FontkitFont } })._font.font);
  }
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  if (isPaint(scene.background)) doc.rect(0, 0, scene.width, scene.height).fillColor(pdfColour(doc, scene.background), 1).fill();
  for (const n of scene.nodes) drawNode(doc, n, {}, 1);
  doc.end();
  return done;
}
