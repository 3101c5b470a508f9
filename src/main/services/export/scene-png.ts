// Layer: main (Node). A scene as a PNG: the scene's SVG (sceneToSvg, the same
// drawing as the screen) rasterised by resvg with the bundled fonts only (no
// system fonts, so every machine draws the same pixels), at 1×, 2× or 3×,
// with the scale written in the file's pHYs chunk (96 dpi × scale), so the
// picture keeps the figure's size when placed in a document.

import { Resvg } from '@resvg/resvg-js';
import { CSS_DPI, withDpi } from '../../../shared/viz/png-dpi';
import type { Scene } from '../../../shared/viz/scene';
import { sceneToSvg } from '../../../shared/viz/scene-svg';
import { fontFile } from './fonts';

export { CSS_DPI, pngDpi, pngSize, withDpi } from '../../../shared/viz/png-dpi';

/** An SVG document rasterised with the bundled fonts at `scale` (1 scene unit = `scale` pixels). */
export function svgToPng(svg: string, scale: number): Buffer {
  const r = new Resvg(svg, {
    fitTo: { mode: 'zoom', value: scale },
    font: { fontFiles: [fontFile('sans'), fontFile('bold'), fontFile('mono')], loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans', monospaceFamily: 'DejaVu Sans Mono', sansSerifFamily: 'DejaVu Sans' },
  });
  return Buffer.from(withDpi(r.render().asPng(), CSS_DPI * scale));
}

export function sceneToPng(scene: Scene, scale = 2): Buffer {
  return svgToPng(sceneToSvg(scene), scale);
}
