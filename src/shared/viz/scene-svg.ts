// Layer: shared (pure TS). A scene as a self-contained SVG document: no
// external references, a <title> and <desc> (the signature), patterns as
// <defs>, fonts named by family (exporters that need glyphs embed them).

import { patternsOf, patternId, patternTile, SCENE_FONTS, type Scene, type SceneNode, type Style } from './scene';

export function escapeXml(s: string): string {
  return s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** Numbers as SVG writes them: at most 2 decimals, no trailing zeros. */
export function num(x: number): string {
  if (!Number.isFinite(x)) return '0';
  const r = Math.round(x * 100) / 100;
  return Object.is(r, -0) ? '0' : String(r);
}

function styleAttrs(st: Style | undefined, isText: boolean): string {
  if (!st) return isText ? ` font-family="${escapeXml(SCENE_FONTS.sans)}"` : '';
  const a: string[] = [];
  const fill = st.pattern ? `url(#${patternId(st.pattern, st.patternColor ?? '#000', st.fill)})` : st.fill;
  if (fill !== undefined) a.push(`fill="${escapeXml(fill)}"`);
  if (st.stroke !== undefined) a.push(`stroke="${escapeXml(st.stroke)}"`);
  if (st.strokeWidth !== undefined) a.push(`stroke-width="${num(st.strokeWidth)}"`);
  if (st.dash) a.push(`stroke-dasharray="${escapeXml(st.dash)}"`);
  if (st.opacity !== undefined) a.push(`opacity="${num(st.opacity)}"`);
  if (isText) {
    a.push(`font-family="${escapeXml(st.mono ? SCENE_FONTS.mono : SCENE_FONTS.sans)}"`);
    if (st.fontSize !== undefined) a.push(`font-size="${num(st.fontSize)}"`);
    if (st.fontWeight === 'bold') a.push('font-weight="bold"');
    if (st.fontStyle === 'italic') a.push('font-style="italic"');
    if (st.anchor && st.anchor !== 'start') a.push(`text-anchor="${st.anchor}"`);
    if (st.baseline && st.baseline !== 'alphabetic') a.push(`dominant-baseline="${st.baseline === 'hanging' ? 'hanging' : 'central'}"`);
  }
  return a.length ? ' ' + a.join(' ') : '';
}

function common(n: SceneNode): string {
  let s = '';
  if (n.className) s += ` class="${escapeXml(n.className)}"`;
  for (const [k, v] of Object.entries(n.data ?? {})) s += ` data-${k.replace(/[^a-z0-9-]/gi, '').toLowerCase()}="${escapeXml(v)}"`;
  return s;
}

function titled(open: string, n: SceneNode, close: string): string {
  return n.title ? `${open}><title>${escapeXml(n.title)}</title>${close}` : `${open}/>`;
}

function nodeSvg(n: SceneNode, indent: string): string {
  const c = common(n);
  switch (n.kind) {
    case 'rect':
      return (
        indent +
        titled(
          `<rect x="${num(n.x)}" y="${num(n.y)}" width="${num(Math.max(0, n.w))}" height="${num(Math.max(0, n.h))}"${n.rx ? ` rx="${num(n.rx)}"` : ''}${styleAttrs(n.style, false)}${c}`,
          n,
          '</rect>',
        )
      );
    case 'line':
      return (
        indent +
        titled(
          `<line x1="${num(n.x1)}" y1="${num(n.y1)}" x2="${num(n.x2)}" y2="${num(n.y2)}"${styleAttrs(n.style, false)}${c}`,
          n,
          '</line>',
        )
      );
    case 'path':
      return indent + titled(`<path d="${escapeXml(n.d)}"${styleAttrs(n.style, false)}${c}`, n, '</path>');
    case 'circle':
      return (
        indent + titled(`<circle cx="${num(n.cx)}" cy="${num(n.cy)}" r="${num(n.r)}"${styleAttrs(n.style, false)}${c}`, n, '</circle>')
      );
    case 'text':
      return `${indent}<text x="${num(n.x)}" y="${num(n.y)}"${styleAttrs(n.style, true)}${c}>${n.title ? `<title>${escapeXml(n.title)}</title>` : ''}${escapeXml(n.text)}</text>`;
    case 'group': {
      const t = n.x || n.y ? ` transform="translate(${num(n.x ?? 0)},${num(n.y ?? 0)})"` : '';
      const kids = n.children.map((k) => nodeSvg(k, indent + ' ')).join('\n');
      return `${indent}<g${t}${styleAttrs(n.style, false)}${c}>${n.title ? `<title>${escapeXml(n.title)}</title>` : ''}\n${kids}\n${indent}</g>`;
    }
  }
}

/** Kerning and ligatures off: text is as wide as the sum of its advances (viz/text.ts) in every renderer. */
export const TEXT_RENDERING_CSS = 'font-kerning:none;font-variant-ligatures:none';

export interface SvgOptions {
  /** Width and height multiplied by this (the drawing keeps its viewBox). */
  scale?: number;
  /** CSS put in a <style> element (the exporter's @font-face rules with the embedded fonts). */
  css?: string;
}

/** The scene as a standalone SVG document (UTF-8 text). */
export function sceneToSvg(scene: Scene, opts: SvgOptions = {}): string {
  const k = opts.scale ?? 1;
  const pats = patternsOf(scene)
    .map(
      (p) =>
        ` <pattern id="${p.id}" patternUnits="userSpaceOnUse" width="8" height="8">${patternTile(p.name, p.color, p.background)}</pattern>`,
    )
    .join('\n');
  const parts = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="${num(scene.width * k)}" height="${num(scene.height * k)}" viewBox="0 0 ${num(scene.width)} ${num(scene.height)}" role="img" style="${TEXT_RENDERING_CSS}">`,
    `<title>${escapeXml(scene.title)}</title>`,
    `<desc>${escapeXml(scene.desc)}</desc>`,
  ];
  if (pats || opts.css) parts.push(`<defs>\n${opts.css ? `<style>${escapeXml(opts.css)}</style>\n` : ''}${pats}\n</defs>`);
  if (scene.background)
    parts.push(`<rect x="0" y="0" width="${num(scene.width)}" height="${num(scene.height)}" fill="${escapeXml(scene.background)}"/>`);
  for (const n of scene.nodes) parts.push(nodeSvg(n, ''));
  parts.push('</svg>');
  return parts.join('\n') + '\n';
}
