// Layer: main (Node). One entry for every export of a figure: a scene to SVG
// (self-contained, the fonts embedded as subsets), PDF (vector) or PNG (1×,
// 2×, 3×). The CLI's `figure` command and the app's renderFigure call both
// come here, so a figure is the same file whichever way it was made.

import type { Scene } from '../../../shared/viz/scene';
import { sceneToSvg } from '../../../shared/viz/scene-svg';
import { embeddedFontCss } from './fonts';
import { sceneToPdf } from './scene-pdf';
import { sceneToPng } from './scene-png';

export type FigureFormat = 'svg' | 'pdf' | 'png';
export const FIGURE_FORMATS: readonly FigureFormat[] = ['svg', 'pdf', 'png'];

export const MIME: Record<FigureFormat, string> = { svg: 'image/svg+xml', pdf: 'application/pdf', png: 'image/png' };

export interface RenderedFigure {
  bytes: Buffer;
  mime: string;
  /** Size of the file's picture: scene units for SVG and PDF (points), pixels for PNG. */
  width: number;
  height: number;
}

/** A self-contained SVG file: the scene with its fonts embedded. */
export async function sceneToSvgFile(scene: Scene): Promise<string> {
  return sceneToSvg(scene, { css: await embeddedFontCss(scene) });
}

export async function renderScene(scene: Scene, format: FigureFormat, scale = 2): Promise<RenderedFigure> {
  switch (format) {
    case 'svg':
      return { bytes: Buffer.from(await sceneToSvgFile(scene), 'utf8'), mime: MIME.svg, width: scene.width, height: scene.height };
    case 'pdf':
      return { bytes: await sceneToPdf(scene), mime: MIME.pdf, width: scene.width, height: scene.height };
    case 'png':
      return {
        bytes: await sceneToPng(scene, scale),
        mime: MIME.png,
        width: Math.round(scene.width * scale),
        height: Math.round(scene.height * scale),
      };
  }
}
