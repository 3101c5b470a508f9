// Layer: main (Node). A scene as a PNG: the scene's SVG (sceneToSvg, the same
// drawing as the screen) rasterised by resvg with the bundled fonts only (no
// system fonts, so every machine draws the same pixels), at 1×, 2× or 3×,
// with the scale written in the file's pHYs chunk (96 dpi × scale), so the
// picture keeps the figure's size when placed in a document, and the scene's
// title and description (the metric signature) as iTXt Title/Description.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { CSS_DPI, withDpi } from '../../../shared/viz/png-dpi';
import { withTexts } from '../../../shared/viz/png-text';
import type { Scene } from '../../../shared/viz/scene';
import { sceneToSvg } from '../../../shared/viz/scene-svg';
import { sceneFontSubsets } from './fonts';

export { CSS_DPI, pngDpi, pngSize, withDpi } from '../../../shared/viz/png-dpi';

/** An SVG document rasterised with the given font files only at `scale` (1 scene unit = `scale` pixels). */
export function svgToPng(svg: string, scale: number, fontFiles: string[]): Buffer {
  const r = new Resvg(svg, {
    fitTo: { mode: 'zoom', value: scale },
    font: {
      fontFiles,
      loadSystemFonts: false,
      defaultFontFamily: 'DejaVu Sans',
      monospaceFamily: 'DejaVu Sans Mono',
      sansSerifFamily: 'DejaVu Sans',
    },
  });
  return Buffer.from(withDpi(r.render().asPng(), CSS_DPI * scale));
}

/**
 * The scene as a PNG. The rasteriser reads fonts from files: subsets of the
 * faces the scene uses (its characters only, which makes text layout ten
 * times faster than with the whole fonts) go to a private temporary folder,
 * removed afterwards.
 */
export async function sceneToPng(scene: Scene, scale = 2): Promise<Buffer> {
  const fonts = await sceneFontSubsets(scene);
  const dir = mkdtempSync(join(tmpdir(), 'dst-fonts-'));
  try {
    const files = [...fonts].map(([face, bytes]) => {
      const f = join(dir, `${face}.ttf`);
      writeFileSync(f, bytes, { mode: 0o600 });
      return f;
    });
    return Buffer.from(withTexts(svgToPng(sceneToSvg(scene), scale, files), { Title: scene.title, Description: scene.desc }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
