// Layer: main (Node). Serves the built renderer (out/renderer) to the browser
// (and to Electron's app:// protocol): only regular files whose real path
// (symbolic links resolved) is inside that folder, with their content type;
// nothing else.

import { createReadStream, existsSync, realpathSync, statSync } from 'node:fs';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServerResponse } from 'node:http';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.ttf': 'font/ttf',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/** out/renderer, found from the built CLI (out/main, out/main/chunks) or the source tree. */
export function defaultRendererDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [join(here, '..', 'renderer'), join(here, '..', '..', 'renderer'), join(here, '..', '..', '..', 'out', 'renderer')];
  return candidates.find((c) => existsSync(join(c, 'index.html'))) ?? candidates[0];
}

/** The content type a file is served with. */
export function contentType(file: string): string {
  return TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** Whether `path` is strictly inside folder `base` (both absolute and resolved). */
function inside(base: string, path: string): boolean {
  return path.startsWith(base.endsWith(sep) ? base : base + sep);
}

/**
 * The file for a URL path inside root, or null (outside root, missing, not a
 * regular file). The path is checked twice: as written (no `..` escapes) and
 * again after resolving symbolic links, so a link inside the build folder
 * that points outside it is refused. The path returned is the real one.
 */
export function resolveAsset(root: string, urlPath: string): string | null {
  let rel: string;
  try {
    rel = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (rel.includes('\0')) return null;
  if (rel === '/' || rel === '') rel = '/index.html';
  const base = resolve(root);
  const full = resolve(base, '.' + rel);
  if (!inside(base, full)) return null;
  try {
    const realBase = realpathSync(base);
    const real = realpathSync(full);
    if (!inside(realBase, real)) return null;
    return statSync(real).isFile() ? real : null;
  } catch {
    return null;
  }
}

export function sendFile(res: ServerResponse, file: string, head: boolean): void {
  res.statusCode = 200;
  res.setHeader('Content-Type', contentType(file));
  res.setHeader('Cache-Control', file.endsWith('.html') ? 'no-store' : 'private, max-age=300');
  res.setHeader('Content-Length', statSync(file).size);
  if (head) {
    res.end();
    return;
  }
  createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res);
}
