// The Export menu's Electron side (src/main/electron/export-shell.ts) with
// `electron` mocked: the save dialog starts in the folder last saved to (kept
// across sessions), writes the file, and a cancel writes nothing; a view
// capture at 2× on a 1× screen draws the page at 2× for the capture
// (device emulation, switched off afterwards) and carries 192 dpi.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { pngDpi } from '../../../../src/shared/viz/png-dpi';

const m = vi.hoisted(() => ({
  dialogs: [] as { defaultPath: string }[],
  answer: null as string | null,
  emulation: [] as string[],
  clipboard: [] as string[],
}));

vi.mock('electron', () => ({
  dialog: {
    showSaveDialog: (_w: unknown, o: { defaultPath: string }) => {
      m.dialogs.push(o);
      return Promise.resolve(m.answer ? { canceled: false, filePath: m.answer } : { canceled: true });
    },
  },
  screen: { getDisplayMatching: () => ({ scaleFactor: 1 }) },
  clipboard: {
    writeText: (t: string) => void m.clipboard.push(`text ${t}`),
    writeImage: (i: { png: Buffer }) => void m.clipboard.push(`image ${i.png.length}`),
  },
  nativeImage: { createFromBuffer: (png: Buffer) => ({ png }) },
}));

// A 1×1 PNG as capturePage would give (resized to the asked size by the shell).
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

function fakeWindow() {
  const image = { getSize: () => ({ width: 20, height: 10 }), resize: () => image, toPNG: () => PNG };
  return {
    getBounds: () => ({ x: 0, y: 0, width: 800, height: 600 }),
    getContentSize: () => [800, 600],
    webContents: {
      enableDeviceEmulation: (p: { deviceScaleFactor: number }) => void m.emulation.push(`on ${p.deviceScaleFactor}`),
      disableDeviceEmulation: () => void m.emulation.push('off'),
      capturePage: (r: { width: number }) => (m.emulation.push(`capture ${r.width}`), Promise.resolve(image)),
    },
  };
}

describe('Electron export shell', async () => {
  const { exportShell } = await import('../../../../src/main/electron/export-shell');
  const userData = mkdtempSync(join(tmpdir(), 'dst-ud-'));
  const docs = mkdtempSync(join(tmpdir(), 'dst-docs-'));
  const other = mkdtempSync(join(tmpdir(), 'dst-out-'));
  const win = fakeWindow();

  it('saves through the dialog and starts the next dialog in the same folder, in a later session too', async () => {
    const shell = exportShell(() => win as never, userData, docs);
    m.answer = join(other, 'fig.pdf');
    expect(await shell.saveFile('fig.pdf', Buffer.from('%PDF-1.7'))).toBe(m.answer);
    expect(m.dialogs[0].defaultPath).toBe(join(docs, 'fig.pdf'));
    expect(readFileSync(m.answer, 'utf8')).toBe('%PDF-1.7');
    m.answer = null;
    expect(await shell.saveFile('table.csv', Buffer.from('a'))).toBeNull();
    expect(m.dialogs[1].defaultPath).toBe(join(other, 'table.csv'));
    expect(existsSync(join(other, 'table.csv'))).toBe(false);
    const later = exportShell(() => win as never, userData, docs);
    await later.saveFile('x.png', Buffer.from(''));
    expect(m.dialogs[2].defaultPath).toBe(join(other, 'x.png'));
  });

  it('puts text and PNG images on the system clipboard', () => {
    const shell = exportShell(() => win as never, userData, docs);
    shell.writeClipboard({ text: '\\toprule' });
    shell.writeClipboard({ png: PNG });
    expect(m.clipboard).toEqual(['text \\toprule', `image ${PNG.length}`]);
  });

  it('captures the view at 2× on a 1× screen with device emulation, then switches it off', async () => {
    const shell = exportShell(() => win as never, userData, docs);
    const png = await shell.captureView({ x: 0, y: 0, width: 10, height: 5 }, 2);
    expect(m.emulation).toEqual(['on 2', 'capture 10', 'off']);
    expect(pngDpi(png)).toBeCloseTo(192, 0);
  });
});
