// Layer: main/electron. The Export menu's Electron side: a save dialog that
// starts in the folder last saved to (remembered across sessions in the app's
// data folder) and writes the file atomically, and a capture of the window's
// pixels in the view's rectangle (webContents.capturePage) at 1×, 2× or 3×:
// on a screen with fewer device pixels the page is drawn at the asked scale
// for the capture (device emulation), so a 2× screenshot has real detail.

import { clipboard, dialog, nativeImage, screen, type BrowserWindow } from 'electron';
import { readFileSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { writeFileAtomic } from '../services/atomic-write';
import { withDpi, CSS_DPI } from '../services/export/scene-png';

const FILTERS: Record<string, { name: string; extensions: string[] }> = {
  '.svg': { name: 'SVG image', extensions: ['svg'] },
  '.pdf': { name: 'PDF document', extensions: ['pdf'] },
  '.png': { name: 'PNG image', extensions: ['png'] },
  '.tex': { name: 'LaTeX', extensions: ['tex'] },
  '.csv': { name: 'CSV table', extensions: ['csv'] },
  '.json': { name: 'JSON', extensions: ['json'] },
  '.md': { name: 'Markdown', extensions: ['md'] },
};

export interface ExportShell {
  saveFile(name: string, bytes: Buffer): Promise<string | null>;
  captureView(rect: { x: number; y: number; width: number; height: number }, scale: number): Promise<Buffer>;
  writeClipboard(data: { text?: string; png?: Buffer }): void;
}

export function exportShell(getWindow: () => BrowserWindow | null, userData: string, defaultFolder: string): ExportShell {
  const memo = join(userData, 'export-folder.json');
  let folder: string | null = null;
  const lastFolder = (): string => {
    if (folder) return folder;
    try {
      const f = (JSON.parse(readFileSync(memo, 'utf8')) as { folder?: unknown }).folder;
      if (typeof f === 'string' && f) return (folder = f);
    } catch {
      /* first save: the default folder */
    }
    return defaultFolder;
  };
  return {
    writeClipboard(data) {
      if (data.png) clipboard.writeImage(nativeImage.createFromBuffer(data.png));
      else clipboard.writeText(data.text ?? '');
    },
    async saveFile(name, bytes) {
      const win = getWindow();
      const ext = extname(name).toLowerCase();
      const opts = {
        title: 'Save',
        defaultPath: join(lastFolder(), name),
        filters: [...(FILTERS[ext] ? [FILTERS[ext]] : []), { name: 'All files', extensions: ['*'] }],
      };
      const r = win ? await dialog.showSaveDialog(win, opts) : await dialog.showSaveDialog(opts);
      if (r.canceled || !r.filePath) return null;
      writeFileAtomic(r.filePath, [bytes]);
      folder = dirname(r.filePath);
      try {
        writeFileAtomic(memo, [JSON.stringify({ folder })]);
      } catch {
        /* remembered for this session only */
      }
      return r.filePath;
    },
    async captureView(rect, scale) {
      const win = getWindow();
      if (!win) throw new Error('no window to capture');
      const wc = win.webContents;
      const factor = screen.getDisplayMatching(win.getBounds()).scaleFactor;
      let image;
      if (factor >= scale) image = await wc.capturePage(rect);
      else {
        const [width, height] = win.getContentSize();
        wc.enableDeviceEmulation({
          screenPosition: 'desktop',
          screenSize: { width, height },
          viewPosition: { x: 0, y: 0 },
          deviceScaleFactor: scale,
          viewSize: { width, height },
          scale: 1,
        });
        try {
          await new Promise((r) => setTimeout(r, 200)); // one frame drawn at the new scale
          image = await wc.capturePage(rect);
        } finally {
          wc.disableDeviceEmulation();
        }
      }
      const size = image.getSize();
      const want = { width: Math.round(rect.width * scale), height: Math.round(rect.height * scale) };
      if (size.width !== want.width) image = image.resize(want);
      return Buffer.from(withDpi(image.toPNG(), CSS_DPI * scale));
    },
  };
}
