// Layer: renderer (React component). Draws a scene (src/shared/viz/scene.ts)
// as inline SVG: the same shapes, styles, patterns and data-* hooks that the
// exported SVG/PDF/PNG get, so the screen and the export are one drawing.
// Pointer positions are reported in the scene's own coordinates.

import { useId } from 'react';
import { patternsOf, patternId, SCENE_FONTS, type Scene, type SceneNode, type Style, type PatternName } from '../../../shared/viz/scene';
import { loadSceneFonts } from '../viz/fonts';

loadSceneFonts();

interface Props {
  scene: Scene;
  className?: string;
  /** Pointer moved over the scene, at (x, y) in scene units; null when it left. */
  onPointer?: (p: { x: number; y: number } | null) => void;
  onPick?: (p: { x: number; y: number }) => void;
  /** Width on screen: the scene's width (default), or 100% of the container. */
  fit?: 'natural' | 'width';
  testId?: string;
}

/** Kerning and ligatures off, as in every export (text widths are the bundled font's advances). */
const TEXT_STYLE = { fontKerning: 'none', fontVariantLigatures: 'none' } as const;

function tile(name: PatternName, color: string) {
  const s = { stroke: color, strokeWidth: 1.2 };
  switch (name) {
    case 'hatch':
      return <path d="M-2,2 l4,-4 M0,8 l8,-8 M6,10 l4,-4" {...s} />;
    case 'crosshatch':
      return <path d="M-2,2 l4,-4 M0,8 l8,-8 M6,10 l4,-4 M-2,6 l4,4 M0,0 l8,8 M6,-2 l4,4" {...s} />;
    case 'vertical':
      return <path d="M2,0 v8 M6,0 v8" {...s} />;
    case 'dots':
      return (
        <>
          <circle cx={2} cy={2} r={1.2} fill={color} />
          <circle cx={6} cy={6} r={1.2} fill={color} />
        </>
      );
  }
}

function props(st: Style | undefined, isText: boolean, prefix: string): Record<string, unknown> {
  const p: Record<string, unknown> = {};
  if (!st) {
    if (isText) p.fontFamily = SCENE_FONTS.sans;
    return p;
  }
  const fill = st.pattern ? `url(#${prefix}${patternId(st.pattern, st.patternColor ?? '#000', st.fill)})` : st.fill;
  if (fill !== undefined) p.fill = fill;
  if (st.stroke !== undefined) p.stroke = st.stroke;
  if (st.strokeWidth !== undefined) p.strokeWidth = st.strokeWidth;
  if (st.dash) p.strokeDasharray = st.dash;
  if (st.opacity !== undefined) p.opacity = st.opacity;
  if (isText) {
    p.fontFamily = st.mono ? SCENE_FONTS.mono : SCENE_FONTS.sans;
    if (st.fontSize !== undefined) p.fontSize = st.fontSize;
    if (st.fontWeight === 'bold') p.fontWeight = 'bold';
    if (st.fontStyle === 'italic') p.fontStyle = 'italic';
    if (st.anchor && st.anchor !== 'start') p.textAnchor = st.anchor;
    if (st.baseline && st.baseline !== 'alphabetic') p.dominantBaseline = st.baseline === 'hanging' ? 'hanging' : 'central';
  }
  return p;
}

function dataAttrs(n: SceneNode): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(n.data ?? {})) out[`data-${k.replace(/[^a-z0-9-]/gi, '').toLowerCase()}`] = v;
  return out;
}

function Node({ n, prefix }: { n: SceneNode; prefix: string }) {
  const extra = { className: n.className, ...dataAttrs(n) };
  const title = n.title ? <title>{n.title}</title> : null;
  switch (n.kind) {
    case 'rect':
      return (
        <rect x={n.x} y={n.y} width={Math.max(0, n.w)} height={Math.max(0, n.h)} rx={n.rx} {...props(n.style, false, prefix)} {...extra}>
          {title}
        </rect>
      );
    case 'line':
      return (
        <line x1={n.x1} y1={n.y1} x2={n.x2} y2={n.y2} {...props(n.style, false, prefix)} {...extra}>
          {title}
        </line>
      );
    case 'path':
      return (
        <path d={n.d} {...props(n.style, false, prefix)} {...extra}>
          {title}
        </path>
      );
    case 'circle':
      return (
        <circle cx={n.cx} cy={n.cy} r={n.r} {...props(n.style, false, prefix)} {...extra}>
          {title}
        </circle>
      );
    case 'text':
      return (
        <text x={n.x} y={n.y} {...props(n.style, true, prefix)} {...extra}>
          {title}
          {n.text}
        </text>
      );
    case 'group':
      return (
        <g transform={n.x || n.y ? `translate(${n.x ?? 0},${n.y ?? 0})` : undefined} {...props(n.style, false, prefix)} {...extra}>
          {title}
          {n.children.map((k, i) => (
            <Node key={i} n={k} prefix={prefix} />
          ))}
        </g>
      );
  }
}

export function SceneSvg({ scene, className, onPointer, onPick, fit = 'natural', testId }: Props) {
  // Pattern ids are made unique per instance: two scenes on one page must not share <defs>.
  const prefix = `s${useId().replace(/[^a-zA-Z0-9]/g, '')}-`;
  const at = (e: React.MouseEvent<SVGSVGElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    return { x: ((e.clientX - box.left) / box.width) * scene.width, y: ((e.clientY - box.top) / box.height) * scene.height };
  };
  return (
    <svg
      className={className}
      data-testid={testId}
      viewBox={`0 0 ${scene.width} ${scene.height}`}
      width={fit === 'width' ? '100%' : scene.width}
      height={fit === 'width' ? undefined : scene.height}
      role="img"
      aria-label={scene.title}
      style={TEXT_STYLE}
      onMouseMove={onPointer ? (e) => onPointer(at(e)) : undefined}
      onMouseLeave={onPointer ? () => onPointer(null) : undefined}
      onClick={onPick ? (e) => onPick(at(e)) : undefined}
    >
      <title>{scene.title}</title>
      <desc>{scene.desc}</desc>
      <defs>
        {patternsOf(scene).map((p) => (
          <pattern key={p.id} id={prefix + p.id} patternUnits="userSpaceOnUse" width={8} height={8}>
            {p.background && p.background !== 'none' && <rect width={8} height={8} fill={p.background} />}
            {tile(p.name, p.color)}
          </pattern>
        ))}
      </defs>
      {scene.background && <rect x={0} y={0} width={scene.width} height={scene.height} fill={scene.background} />}
      {scene.nodes.map((n, i) => (
        <Node key={i} n={n} prefix={prefix} />
      ))}
    </svg>
  );
}
