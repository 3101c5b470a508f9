// Layer: renderer. How an export reaches the user: a file saved (Electron: the
// save dialog, which remembers its folder; browser mode: a download), a scene
// rendered by the Node side (renderFigure: SVG with fonts, PDF, PNG), text or
// a PNG put on the clipboard (Electron: the system clipboard through the main
// process; browser mode: the page's clipboard API), and a 2× screenshot of the view (Electron:
// capturePage; browser mode: modern-screenshot, a maintained DOM-to-image
// library, with the scale written in the PNG's pHYs).

import { domToPng } from 'modern-screenshot';
import type { Scene } from '../../../shared/viz/scene';
import { CSS_DPI, withDpi } from '../../../shared/viz/png-dpi';
import type { ExportContext } from '../app/exports';

export function base64ToBytes(b64: string): Uint8Array {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

export function bytesToBase64(bytes: Uint8Array): string {
  // One character per byte, joined per chunk (never a spread of the bytes into a call: see shared/arrays.ts).
  const chunks: string[] = [];
  const part: string[] = new Array(Math.min(bytes.length, 0x8000));
  for (let i = 0; i < bytes.length; i += 0x8000) {
    const end = Math.min(bytes.length, i + 0x8000);
    part.length = end - i;
    for (let j = i; j < end; j++) part[j - i] = String.fromCharCode(bytes[j]);
    chunks.push(part.join(''));
  }
  return btoa(chunks.join(''));
}

/** A file name from a dialogue id or run name: no folders, no odd characters. */
export function fileStem(s: string): string {
  return (
    s
      .replace(/\.jsonl?$/i, '')
      .replace(/[^\w.-]+/g, '_')
      .replace(/^_+|_+$/g, '') || 'export'
  );
}

function download(name: string, bytes: Uint8Array, mime: string): void {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: mime }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** Saves a file; returns what to tell the user. */
/** The status of a save dialog that was cancelled. */
export const NOT_SAVED = 'Not saved';

export async function saveBytes(ctx: ExportContext, name: string, bytes: Uint8Array, mime: string): Promise<string> {
  if (ctx.electron) {
    const r = await ctx.api.call('saveFile', { name, base64: bytesToBase64(bytes) });
    if (r.supported) return r.path ? `Saved ${r.path}` : NOT_SAVED;
  }
  download(name, bytes, mime);
  return `Downloaded ${name}`;
}

export function saveText(ctx: ExportContext, name: string, text: string, mime: string): Promise<string> {
  return saveBytes(ctx, name, new TextEncoder().encode(text), mime);
}

/** The scene as an SVG, PDF or PNG file, made on the Node side. */
export async function renderScene(
  ctx: ExportContext,
  scene: Scene,
  format: 'svg' | 'pdf' | 'png',
  scale: 1 | 2 | 3 = 2,
): Promise<{ bytes: Uint8Array; mime: string }> {
  const r = await ctx.api.call('renderFigure', { scene, format, scale });
  return { bytes: base64ToBytes(r.base64), mime: r.mime };
}

export async function saveScene(
  ctx: ExportContext,
  scene: Scene,
  stem: string,
  format: 'svg' | 'pdf' | 'png',
  scale: 1 | 2 | 3 = 2,
): Promise<string> {
  const { bytes, mime } = await renderScene(ctx, scene, format, scale);
  return saveBytes(ctx, `${stem}${format === 'png' ? `@${scale}x` : ''}.${format}`, bytes, mime);
}

/** A file made by the Node side (renderFigure, dialogueFigure) as bytes. */
export function fileBytes(r: { base64: string; mime: string }): { bytes: Uint8Array; mime: string } {
  return { bytes: base64ToBytes(r.base64), mime: r.mime };
}

export async function copyText(ctx: ExportContext, text: string, what: string): Promise<string> {
  if (ctx.electron && (await ctx.api.call('writeClipboard', { text })).supported) return `Copied ${what}`;
  if (!navigator.clipboard?.writeText) throw new Error('this browser gives the page no clipboard (use Save instead)');
  await navigator.clipboard.writeText(text);
  return `Copied ${what}`;
}

export async function copyPng(ctx: ExportContext, bytes: Uint8Array, what: string): Promise<string> {
  if (ctx.electron && (await ctx.api.call('writeClipboard', { pngBase64: bytesToBase64(bytes) })).supported) return `Copied ${what} as PNG`;
  if (!navigator.clipboard?.write || typeof ClipboardItem === 'undefined')
    throw new Error('this browser cannot put an image on the clipboard (use Save PNG instead)');
  await navigator.clipboard.write([new ClipboardItem({ 'image/png': new Blob([bytes as BlobPart], { type: 'image/png' }) })]);
  return `Copied ${what} as PNG`;
}

/** The view's element as a PNG at `scale`, with the scale in pHYs. */
export async function screenshot(ctx: ExportContext, el: HTMLElement, scale: 1 | 2 | 3 = 2): Promise<Uint8Array> {
  const box = el.getBoundingClientRect();
  if (ctx.electron) {
    const rect = {
      x: Math.max(0, Math.round(box.left)),
      y: Math.max(0, Math.round(box.top)),
      width: Math.max(1, Math.round(box.width)),
      height: Math.max(1, Math.round(box.height)),
    };
    const r = await ctx.api.call('captureView', { rect, scale });
    if (r.supported && r.base64) return base64ToBytes(r.base64);
  }
  const bg = getComputedStyle(document.body).backgroundColor;
  const url = await domToPng(el, { scale, backgroundColor: bg, width: Math.round(box.width), height: Math.round(box.height) });
  return withDpi(base64ToBytes(url.slice(url.indexOf(',') + 1)), CSS_DPI * scale);
}
