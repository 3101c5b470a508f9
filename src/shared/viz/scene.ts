// Layer: shared (pure TS). The one drawing every chart and figure is made
// of: a scene of plain shapes (rectangles, lines, paths, circles, text,
// groups) with their styles, laid out by pure functions (d3 math, no DOM).
// The screen draws a scene with one React component (renderer
// components/SceneSvg.tsx) and every export serialises the same scene
// (sceneToSvg here; PDF and PNG from the SVG in src/main), so what you see
// is what you export.

/** A fill pattern that keeps classes apart in greyscale (drawn over the fill colour). */
export type PatternName = 'hatch' | 'crosshatch' | 'dots' | 'vertical';

export interface Style {
  fill?: string;
  /** A pattern drawn in `patternColor` over `fill`. */
  pattern?: PatternName;
  patternColor?: string;
  stroke?: string;
  strokeWidth?: number;
  /** SVG stroke-dasharray, e.g. "4 2". */
  dash?: string;
  opacity?: number;
  fontSize?: number;
  fontWeight?: 'normal' | 'bold';
  fontStyle?: 'normal' | 'italic';
  /** Monospace text (values, ids) rather than the sans-serif default. */
  mono?: boolean;
  anchor?: 'start' | 'middle' | 'end';
  baseline?: 'alphabetic' | 'middle' | 'hanging';
}

interface Base {
  style?: Style;
  /** Tooltip on screen, <title> in SVG. */
  title?: string;
  /** data-* attributes on screen (stable test hooks: { testid: 'run-metric', metric: 'JGA' }) and in SVG. */
  data?: Readonly<Record<string, string>>;
  /** CSS class on screen (hover and selection styles); also written to SVG. */
  className?: string;
}

export type SceneNode =
  | (Base & { kind: 'rect'; x: number; y: number; w: number; h: number; rx?: number })
  | (Base & { kind: 'line'; x1: number; y1: number; x2: number; y2: number })
  | (Base & { kind: 'path'; d: string })
  | (Base & { kind: 'circle'; cx: number; cy: number; r: number })
  | (Base & { kind: 'text'; x: number; y: number; text: string })
  | (Base & { kind: 'group'; x?: number; y?: number; children: SceneNode[] });

export interface Scene {
  width: number;
  height: number;
  /** Accessible name; <title> of the SVG. */
  title: string;
  /** Longer description; <desc> of the SVG (the metric signature goes here). */
  desc: string;
  /** Page colour; none = transparent. */
  background?: string;
  nodes: SceneNode[];
}

/** Every pattern a scene uses, as (pattern, colour) pairs, in first-use order. */
export function patternsOf(scene: Scene): { id: string; name: PatternName; color: string; background?: string }[] {
  const out = new Map<string, { id: string; name: PatternName; color: string; background?: string }>();
  const walk = (nodes: SceneNode[]) => {
    for (const n of nodes) {
      const p = n.style?.pattern;
      if (p) {
        const color = n.style?.patternColor ?? '#000';
        const background = n.style?.fill;
        const id = patternId(p, color, background);
        if (!out.has(id)) out.set(id, { id, name: p, color, background });
      }
      if (n.kind === 'group') walk(n.children);
    }
  };
  walk(scene.nodes);
  return [...out.values()];
}

/** The SVG id of a pattern in a colour over a fill colour: stable, so the same scene always gives the same SVG. */
export function patternId(name: PatternName, color: string, background?: string): string {
  const bg = background && background !== 'none' ? `-${background.replace(/[^a-zA-Z0-9]/g, '')}` : '';
  return `pat-${name}-${color.replace(/[^a-zA-Z0-9]/g, '')}${bg}`;
}

/** The shapes of one pattern tile (8 × 8 user units) over its fill colour, as SVG element strings. */
export function patternTile(name: PatternName, color: string, background?: string): string {
  const bg = background && background !== 'none' ? `<rect width="8" height="8" fill="${background}"/>` : '';
  return bg + patternStrokes(name, color);
}

function patternStrokes(name: PatternName, color: string): string {
  const s = `stroke="${color}" stroke-width="1.2"`;
  switch (name) {
    case 'hatch':
      return `<path d="M-2,2 l4,-4 M0,8 l8,-8 M6,10 l4,-4" ${s}/>`;
    case 'crosshatch':
      return `<path d="M-2,2 l4,-4 M0,8 l8,-8 M6,10 l4,-4 M-2,6 l4,4 M0,0 l8,8 M6,-2 l4,4" ${s}/>`;
    case 'vertical':
      return `<path d="M2,0 v8 M6,0 v8" ${s}/>`;
    case 'dots':
      return `<circle cx="2" cy="2" r="1.2" fill="${color}"/><circle cx="6" cy="6" r="1.2" fill="${color}"/>`;
  }
}

/** The sans-serif and monospace font families scenes are drawn in (bundled fonts first). */
export const SCENE_FONTS = {
  sans: "'DST Sans', 'DejaVu Sans', 'Helvetica Neue', Arial, sans-serif",
  mono: "'DST Mono', 'DejaVu Sans Mono', Menlo, Consolas, monospace",
};
