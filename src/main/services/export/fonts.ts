// Layer: main (Node). The bundled fonts (DejaVu Sans, Bold and Sans Mono from
// the dejavu-fonts-ttf package, installed by npm; no download at run time):
// their files for the PDF writer and the rasteriser, and @font-face rules
// with subsets of them for self-contained SVG files.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import subsetFont from 'subset-font';
import type { Scene, SceneNode } from '../../../shared/viz/scene';

export type FontFace = 'sans' | 'bold' | 'mono';

const FILES: Record<FontFace, string> = { sans: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf', mono: 'DejaVuSansMono.ttf' };

let dir: string | undefined;

/** The folder of the bundled TTF files. */
export function fontDir(): string {
  if (!dir) dir = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
  return dir;
}

export function fontFile(face: FontFace): string {
  return join(fontDir(), FILES[face]);
}

const bytes = new Map<FontFace, Buffer>();

export function fontBytes(face: FontFace): Buffer {
  let b = bytes.get(face);
  if (!b) {
    b = readFileSync(fontFile(face));
    bytes.set(face, b);
  }
  return b;
}

/** The face a text node is drawn in. */
export function faceOf(n: SceneNode): FontFace {
  if (n.style?.mono) return 'mono';
  return n.style?.fontWeight === 'bold' ? 'bold' : 'sans';
}

/** Every face a scene's text uses, with the characters it needs. */
export function textByFace(scene: Scene): Map<FontFace, string> {
  const out = new Map<FontFace, Set<string>>();
  const walk = (nodes: SceneNode[]) => {
    for (const n of nodes) {
      if (n.kind === 'group') walk(n.children);
      else if (n.kind === 'text') {
        const f = faceOf(n);
        let s = out.get(f);
        if (!s) out.set(f, (s = new Set()));
        for (const ch of n.text) s.add(ch);
      }
    }
  };
  walk(scene.nodes);
  return new Map([...out].map(([f, s]) => [f, [...s].sort().join('')]));
}

const subsets = new Map<string, Promise<Buffer>>();

/**
 * A TrueType subset of a bundled face with only `chars` (and the space),
 * cached (the same figure exported twice subsets once). A small font makes
 * every exporter fast: the PDF writer and the rasteriser parse and shape
 * with a few dozen glyphs instead of DejaVu's thousands.
 */
export function fontSubset(face: FontFace, chars: string): Promise<Buffer> {
  const key = `${face}:${chars}`;
  let p = subsets.get(key);
  if (!p) {
    p = subsetFont(fontBytes(face), ` ${chars}`, { targetFormat: 'truetype' });
    subsets.set(key, p);
    p.catch(() => subsets.delete(key));
    if (subsets.size > 32) subsets.delete(subsets.keys().next().value as string);
  }
  return p;
}

/** Each face the scene's text uses, as a subset with the characters it needs. */
export async function sceneFontSubsets(scene: Scene): Promise<Map<FontFace, Buffer>> {
  const out = new Map<FontFace, Buffer>();
  for (const [face, chars] of textByFace(scene)) out.set(face, await fontSubset(face, chars));
  return out;
}

/**
 * @font-face rules embedding a subset of each bundled face the scene uses
 * (only its characters), under the families the scene names first
 * ('DST Sans' regular and bold, 'DST Mono'), so the SVG draws the same glyphs
 * everywhere without any file beside it.
 */
export async function embeddedFontCss(scene: Scene): Promise<string> {
  const rules: string[] = [];
  for (const [face, sub] of await sceneFontSubsets(scene)) {
    const family = face === 'mono' ? 'DST Mono' : 'DST Sans';
    rules.push(
      `@font-face{font-family:'${family}';font-weight:${face === 'bold' ? 'bold' : 'normal'};font-style:normal;src:url(data:font/ttf;base64,${sub.toString('base64')}) format('truetype')}`,
    );
  }
  return rules.join('\n');
}
