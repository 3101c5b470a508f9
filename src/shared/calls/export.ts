// Layer: shared (pure TS). API calls of the Export menu: a scene (any view's
// figure or chart, src/shared/viz) turned into an SVG, PDF or PNG file on the
// Node side, validated shape by shape and size-limited; and, in Electron
// only, a save dialog that remembers its folder and a capture of the view's
// rectangle (browser mode answers "unsupported": the page downloads files
// and takes its screenshot itself).

import { z } from 'zod';
import { FIGURE_KINDS } from '../viz/figure-kinds';
import type { SceneNode } from '../viz/scene';
import { dialogueId, metricConfigSchema, runRef } from './common';
import { listFilterSchema, listSortSchema } from './inspect';

/** Limits of a scene sent to be rendered. */
export const SCENE_LIMITS = { nodes: 100_000, depth: 32, size: 20_000, pixels: 120_000_000, text: 4000 };
/** Largest file the save call takes (base64 characters). */
export const MAX_SAVE_BASE64 = 96 * 1024 * 1024;

const coord = z.number().finite().min(-1e6).max(1e6);
const colour = z.string().regex(/^(#[0-9a-fA-F]{3,8}|none|transparent|[a-zA-Z]{3,20})$/, 'a colour (#rgb, #rrggbb, a name or none)');
const style = z
  .object({
    fill: colour.optional(),
    pattern: z.enum(['hatch', 'crosshatch', 'dots', 'vertical']).optional(),
    patternColor: colour.optional(),
    stroke: colour.optional(),
    strokeWidth: z.number().finite().min(0).max(100).optional(),
    dash: z
      .string()
      .regex(/^[0-9., ]{0,40}$/, 'numbers separated by spaces')
      .optional(),
    opacity: z.number().min(0).max(1).optional(),
    fontSize: z.number().min(1).max(400).optional(),
    fontWeight: z.enum(['normal', 'bold']).optional(),
    fontStyle: z.enum(['normal', 'italic']).optional(),
    mono: z.boolean().optional(),
    anchor: z.enum(['start', 'middle', 'end']).optional(),
    baseline: z.enum(['alphabetic', 'middle', 'hanging']).optional(),
  })
  .strict();
const base = {
  style: style.optional(),
  title: z.string().max(SCENE_LIMITS.text).optional(),
  data: z.record(z.string().regex(/^[a-zA-Z][a-zA-Z0-9-]{0,40}$/), z.string().max(1000)).optional(),
  className: z.string().max(200).optional(),
};

export const sceneNodeSchema: z.ZodType<SceneNode> = z.lazy(() =>
  z.discriminatedUnion('kind', [
    z
      .object({ ...base, kind: z.literal('rect'), x: coord, y: coord, w: coord, h: coord, rx: z.number().min(0).max(1000).optional() })
      .strict(),
    z.object({ ...base, kind: z.literal('line'), x1: coord, y1: coord, x2: coord, y2: coord }).strict(),
    z
      .object({
        ...base,
        kind: z.literal('path'),
        d: z
          .string()
          .max(1_000_000)
          .regex(/^[MLHVCSQTAZmlhvcsqtaz0-9eE.,\s+-]*$/, 'SVG path data'),
      })
      .strict(),
    z.object({ ...base, kind: z.literal('circle'), cx: coord, cy: coord, r: z.number().min(0).max(1e6) }).strict(),
    z.object({ ...base, kind: z.literal('text'), x: coord, y: coord, text: z.string().max(SCENE_LIMITS.text) }).strict(),
    z
      .object({
        ...base,
        kind: z.literal('group'),
        x: coord.optional(),
        y: coord.optional(),
        children: z.array(sceneNodeSchema).max(SCENE_LIMITS.nodes),
      })
      .strict(),
  ]),
);

function countNodes(nodes: readonly SceneNode[], depth: number): { count: number; depth: number } {
  let count = 0;
  let deepest = depth;
  for (const n of nodes) {
    count++;
    if (n.kind === 'group') {
      const c = countNodes(n.children, depth + 1);
      count += c.count;
      deepest = Math.max(deepest, c.depth);
    }
  }
  return { count, depth: deepest };
}

export const sceneSchema = z
  .object({
    width: z.number().finite().min(1).max(SCENE_LIMITS.size),
    height: z.number().finite().min(1).max(SCENE_LIMITS.size),
    title: z.string().max(SCENE_LIMITS.text),
    desc: z.string().max(SCENE_LIMITS.text),
    background: colour.optional(),
    nodes: z.array(sceneNodeSchema).max(SCENE_LIMITS.nodes),
  })
  .strict()
  .superRefine((s, ctx) => {
    const c = countNodes(s.nodes, 1);
    if (c.count > SCENE_LIMITS.nodes)
      ctx.addIssue({ code: 'custom', path: ['nodes'], message: `${c.count} shapes; at most ${SCENE_LIMITS.nodes}` });
    if (c.depth > SCENE_LIMITS.depth)
      ctx.addIssue({ code: 'custom', path: ['nodes'], message: `groups nested ${c.depth} deep; at most ${SCENE_LIMITS.depth}` });
  });

export const FIGURE_FILE_FORMATS = ['svg', 'pdf', 'png'] as const;

const scaleSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);

export const EXPORT_CALLS = {
  /**
   * The self-contained HTML report (as `dst-inspector report`) of a run: its
   * scores, the analyses' figures and the read-only dialogue view of the
   * first `limit` dialogues of the list as sorted and filtered on screen.
   */
  htmlReport: z
    .object({
      ...runRef,
      config: metricConfigSchema,
      sort: listSortSchema,
      filter: listFilterSchema,
      limit: z.number().int().min(1).max(1000),
      title: z.string().min(1).max(300).optional(),
    })
    .strict(),
  /**
   * A dialogue of a run as a figure file (the dialogue figure or the per-turn
   * chart), laid out on the Node side from the run's own data: no scene to
   * upload, whatever the dialogue's length.
   */
  dialogueFigure: z
    .object({
      ...runRef,
      config: metricConfigSchema,
      id: dialogueId,
      kind: z.enum(FIGURE_KINDS),
      format: z.enum(['svg', 'pdf', 'png']),
      scale: scaleSchema.optional(),
      theme: z.enum(['light', 'dark']).optional(),
      slots: z.enum(['full', 'changes']).optional(),
      /** Positions of the first and last turn shown. */
      turns: z.tuple([z.number().int().min(0), z.number().int().min(0)]).optional(),
      width: z.number().int().min(300).max(4000).optional(),
      /** Draw the dialogue with the annotation file's corrections applied to its gold (the what-if, as whatIfDialogue gives it). */
      whatIf: z.object({ includeSuspected: z.boolean() }).strict().optional(),
      /** false: no signature line at the figure's foot (the signature stays in the file's metadata: SVG <desc>, PDF Subject). */
      signatureFooter: z.boolean().optional(),
    })
    .strict(),
  /** A scene as an SVG (fonts embedded), PDF (vector) or PNG (1×, 2×, 3×, DPI in pHYs) file. */
  renderFigure: z
    .object({ scene: sceneSchema, format: z.enum(FIGURE_FILE_FORMATS), scale: scaleSchema.optional() })
    .strict()
    .refine((a) => a.format !== 'png' || a.scene.width * a.scene.height * (a.scale ?? 2) ** 2 <= SCENE_LIMITS.pixels, {
      message: `the PNG would exceed ${SCENE_LIMITS.pixels / 1e6} million pixels`,
      path: ['scale'],
    }),
  /** Electron: a save dialog (starting in the last folder used) and the file written there. */
  saveFile: z
    .object({
      name: z
        .string()
        .min(1)
        .max(200)
        .regex(/^[^/\\\0]+$/, 'a file name without folders'),
      base64: z.string().max(MAX_SAVE_BASE64),
    })
    .strict(),
  /** Electron: text or a PNG on the system clipboard (the page's own clipboard API is not allowed there). */
  writeClipboard: z
    .object({
      text: z
        .string()
        .max(16 * 1024 * 1024)
        .optional(),
      pngBase64: z.string().max(MAX_SAVE_BASE64).optional(),
    })
    .strict()
    .refine((a) => (a.text === undefined) !== (a.pngBase64 === undefined), { message: 'give either text or pngBase64' }),
  /** Electron: the window's pixels in a rectangle (CSS pixels) at a scale, as a PNG. */
  captureView: z
    .object({
      rect: z
        .object({
          x: z.number().int().min(0).max(100_000),
          y: z.number().int().min(0).max(100_000),
          width: z.number().int().min(1).max(20_000),
          height: z.number().int().min(1).max(20_000),
        })
        .strict(),
      scale: scaleSchema,
    })
    .strict(),
} as const;

export interface RenderedFile {
  base64: string;
  mime: string;
  /** Picture size: points for SVG and PDF, pixels for PNG. */
  width: number;
  height: number;
  /** dialogueFigure: the turns (indices in the file) whose utterances were cut to three lines. */
  cut?: number[];
}

export interface ExportResults {
  htmlReport: { html: string; bytes: number; dialogues: number };
  dialogueFigure: RenderedFile;
  renderFigure: RenderedFile;
  /** path null: cancelled, or not supported (browser mode: the page downloads the file). */
  saveFile: { path: string | null; supported: boolean };
  captureView: { base64: string | null; supported: boolean };
  writeClipboard: { supported: boolean };
}
