// The Export API group (src/shared/calls/export.ts, handlers in
// api-handlers.ts) through the dispatcher both transports use: a dialogue of
// a run as a figure file laid out on the Node side, a scene sent by a view
// (validated shape by shape: bad colours, path data, sizes and node counts
// refused with their place), and the Electron-only calls answering
// "unsupported" in browser mode.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApiHandlers, dispatch, type ApiHandlers } from '../../../../../src/main/services/api-handlers';
import { AppError } from '../../../../../src/shared/app-error';
import { Workspace } from '../../../../../src/main/services/workspace';
import { defaultConfig } from '../../../../../src/shared/metrics/config';
import { pngDpi, pngSize } from '../../../../../src/shared/viz/png-dpi';
import type { Scene } from '../../../../../src/shared/viz/scene';
import { fileSource } from '../../../../../src/shared/source';
import { FIXTURES } from '../../../../helpers/fixtures';
import { requireBuild, ROOT } from '../../../../helpers/cli';
import { exportRenderer } from '../../../../../src/main/services/export/export-thread';

const config = defaultConfig();
let h: ApiHandlers;
let ref: { run: string; rev: number };

beforeAll(async () => {
  const ws = new Workspace({ inline: true });
  const { id } = ws.open(fileSource([join(FIXTURES, 'paper', 'mul1110.json')]));
  const s = await ws.whenSettled(id);
  ref = { run: id, rev: s.revision };
  h = createApiHandlers(ws, { mode: 'browser' });
});

const scene: Scene = {
  width: 120,
  height: 40,
  title: 't',
  desc: 'GCA alpha=10/11',
  background: '#ffffff',
  nodes: [{ kind: 'text', x: 4, y: 20, text: '31.43', style: { fontSize: 12 } }],
};

async function refused(call: string, args: unknown): Promise<string> {
  try {
    await dispatch(h, call, args);
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).code).toBe('bad-args');
    return (e as AppError).message;
  }
  throw new Error(`${call} was not refused`);
}

describe('dialogueFigure', () => {
  it('renders a run’s dialogue as SVG with the totals, and as PNG 2× with its DPI', async () => {
    const svg = (await dispatch(h, 'dialogueFigure', { ...ref, config, id: 'MUL1110.json', kind: 'dialogue', format: 'svg' })) as {
      base64: string;
      width: number;
    };
    const text = Buffer.from(svg.base64, 'base64').toString();
    expect(text).toMatch(/>31\.43<\/text>/);
    expect(text).toMatch(/>48\.84<\/text>/);
    const png = (await dispatch(h, 'dialogueFigure', {
      ...ref,
      config,
      id: 'MUL1110.json',
      kind: 'turn-chart',
      format: 'png',
      scale: 3,
    })) as { base64: string; width: number; mime: string };
    const bytes = Buffer.from(png.base64, 'base64');
    expect(png.mime).toBe('image/png');
    expect(pngSize(bytes).width).toBe(png.width);
    expect(png.width).toBe(3 * 640);
    expect(pngDpi(bytes)).toBeCloseTo(288, 0);
  });
  it('refuses a turn range outside the dialogue and a stale revision', async () => {
    expect(
      await refused('dialogueFigure', { ...ref, config, id: 'MUL1110.json', kind: 'dialogue', format: 'svg', turns: [9, 12] }),
    ).toMatch(/the dialogue has 7 turns/);
    await expect(
      dispatch(h, 'dialogueFigure', { ...ref, rev: ref.rev + 5, config, id: 'MUL1110.json', kind: 'dialogue', format: 'svg' }),
    ).rejects.toMatchObject({ code: 'stale' });
  });
});

describe('renderFigure', () => {
  it('renders a valid scene as a PDF', async () => {
    const r = (await dispatch(h, 'renderFigure', { scene, format: 'pdf' })) as { base64: string; width: number };
    expect(Buffer.from(r.base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect(r.width).toBe(120);
  });
  it('refuses malformed scenes with the place of the problem, and sizes beyond the limits', async () => {
    const bad = (nodes: unknown[]) => ({ scene: { ...scene, nodes }, format: 'svg' });
    expect(await refused('renderFigure', bad([{ kind: 'rect', x: 0, y: 0, w: 1, h: 1, style: { fill: 'url(http://x)' } }]))).toMatch(
      /scene\.nodes\.0\.style\.fill: a colour/,
    );
    expect(await refused('renderFigure', bad([{ kind: 'path', d: 'M0,0 L<script>' }]))).toMatch(/SVG path data/);
    expect(await refused('renderFigure', bad([{ kind: 'text', x: 0, y: 0, text: 'x', onload: 'x' }]))).toMatch(/scene\.nodes\.0/);
    expect(await refused('renderFigure', bad([{ kind: 'circle', cx: 0, cy: 0, r: Number.NaN }]))).toMatch(/scene\.nodes\.0\.r/);
    expect(await refused('renderFigure', { scene: { ...scene, width: 50_000 }, format: 'svg' })).toMatch(/scene\.width/);
    expect(await refused('renderFigure', { scene: { ...scene, width: 15_000, height: 15_000 }, format: 'png', scale: 3 })).toMatch(
      /million pixels/,
    );
    let deep: unknown = { kind: 'text', x: 0, y: 0, text: 'x' };
    for (let i = 0; i < 40; i++) deep = { kind: 'group', children: [deep] };
    expect(await refused('renderFigure', bad([deep]))).toMatch(/nested 41 deep/);
    const many = Array.from({ length: 600 }, () => ({
      kind: 'group',
      children: Array.from({ length: 200 }, () => ({ kind: 'line', x1: 0, y1: 0, x2: 1, y2: 1 })),
    }));
    expect(await refused('renderFigure', bad(many))).toMatch(/shapes; at most 100000/);
  });
});

describe('the export worker thread', () => {
  it('renders scenes off the main thread, several at once, and reports a failure as an error', async () => {
    requireBuild();
    const render = exportRenderer({ workerPath: join(ROOT, 'out', 'main', 'export-worker.js') });
    const [pdf, png] = await Promise.all([render(scene, 'pdf', 2), render(scene, 'png', 3)]);
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pngSize(png.bytes)).toEqual({ width: 360, height: 120 });
    await expect(render(scene, 'tiff' as never, 2)).rejects.toThrow();
  });
});

describe('Electron-only calls in browser mode', () => {
  it('answer unsupported (the page downloads files and takes its own screenshot)', async () => {
    expect(await dispatch(h, 'saveFile', { name: 'a.svg', base64: '' })).toEqual({ path: null, supported: false });
    expect(await dispatch(h, 'captureView', { rect: { x: 0, y: 0, width: 10, height: 10 }, scale: 2 })).toEqual({
      base64: null,
      supported: false,
    });
    expect(await dispatch(h, 'writeClipboard', { text: 'x' })).toEqual({ supported: false });
    expect(await refused('saveFile', { name: '../etc/passwd', base64: '' })).toMatch(/a file name without folders/);
    expect(await refused('writeClipboard', { text: 'x', pngBase64: 'AA==' })).toMatch(/either text or pngBase64/);
  });
});

describe('the sandboxed preload', () => {
  it('requires nothing but electron, though the API schemas now name figure kinds and scenes', () => {
    requireBuild();
    const preload = readFileSync(join(ROOT, 'out', 'preload', 'index.cjs'), 'utf8');
    expect([...new Set(preload.match(/require\("[^"]+"\)/g))]).toEqual(['require("electron")']);
  });
});
