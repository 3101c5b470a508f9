// Layer: shared (pure TS). A figure without its signature footer, for a
// paper whose caption states the settings: the footer line (a text node
// marked data-role="signature", which every figure with a footer draws last,
// at its foot) is taken off and the page shortened by its band, while the
// signature stays the scene's description — the SVG's <desc>, the PDF's
// Subject, the PNG's iTXt Description — so the file still says how its
// numbers were computed.

import type { Scene, SceneNode } from './scene';
import { minBy } from '../arrays';

/** The scene's footer lines (top-level text nodes with data-role="signature"). */
function footers(scene: Scene): Extract<SceneNode, { kind: 'text' }>[] {
  return scene.nodes.filter((n): n is Extract<SceneNode, { kind: 'text' }> => n.kind === 'text' && n.data?.role === 'signature');
}

/** Whether the scene draws a signature footer. */
export function hasSignatureFooter(scene: Scene): boolean {
  return footers(scene).length > 0;
}

/**
 * The scene with its signature footer removed and its height cut to just
 * under the content above it (the footer's line top, plus a small margin);
 * the description (the signature) is kept. A scene without one is returned as is.
 */
export function withoutSignatureFooter(scene: Scene): Scene {
  const lines = footers(scene);
  if (lines.length === 0) return scene;
  const top = minBy(lines, (n) => n.y - (n.style?.fontSize ?? 16));
  return {
    ...scene,
    height: Math.min(scene.height, Math.max(1, Math.ceil(top + 4))),
    nodes: scene.nodes.filter((n) => !lines.includes(n as Extract<SceneNode, { kind: 'text' }>)),
  };
}

/** The scene as exported: with its footer, or without it (`signature: false`). */
export function exportScene(scene: Scene, opts: { signature?: boolean } = {}): Scene {
  return opts.signature === false ? withoutSignatureFooter(scene) : scene;
}
