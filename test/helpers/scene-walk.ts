// Test helper: every node of a scene with its absolute offset, and lookups by data hook.
import type { Scene, SceneNode } from '../../src/shared/viz/scene';
import { textWidth } from '../../src/shared/viz/text';

export interface Placed {
  node: SceneNode;
  dx: number;
  dy: number;
  /** The data hooks of the node and its enclosing groups (inner wins). */
  data: Record<string, string>;
}

export function walk(scene: Scene): Placed[] {
  const out: Placed[] = [];
  const go = (nodes: SceneNode[], dx: number, dy: number, data: Record<string, string>) => {
    for (const n of nodes) {
      const d = { ...data, ...(n.data ?? {}) };
      out.push({ node: n, dx, dy, data: d });
      if (n.kind === 'group') go(n.children, dx + (n.x ?? 0), dy + (n.y ?? 0), d);
    }
  };
  go(scene.nodes, 0, 0, {});
  return out;
}

export function byTestId(scene: Scene, testid: string): Placed[] {
  return walk(scene).filter((p) => p.node.data?.testid === testid);
}

export function texts(scene: Scene): Extract<SceneNode, { kind: 'text' }>[] {
  return walk(scene)
    .map((p) => p.node)
    .filter((n): n is Extract<SceneNode, { kind: 'text' }> => n.kind === 'text');
}

/** Texts whose measured extent (bundled font metrics, anchor applied) leaves [0, scene width]. */
export function overflowingTexts(scene: Scene): string[] {
  const out: string[] = [];
  for (const p of walk(scene)) {
    const n = p.node;
    if (n.kind !== 'text') continue;
    const w = textWidth(n.text, n.style?.fontSize ?? 16, n.style?.mono ? 'mono' : n.style?.fontWeight === 'bold' ? 'bold' : 'sans');
    const x0 = p.dx + n.x - (n.style?.anchor === 'middle' ? w / 2 : n.style?.anchor === 'end' ? w : 0);
    if (x0 < -0.5 || x0 + w > scene.width + 0.5) out.push(`${n.text} at ${x0.toFixed(1)}..${(x0 + w).toFixed(1)}`);
  }
  return out;
}
