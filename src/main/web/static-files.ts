// Layer: main (Node). Serves the built renderer (out/renderer) to the browser:
// only files inside that folder, with their content type; nothing else.

import { createReadStream, existsSync, statSync } from 'node:fs';
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

/** The file for a URL path inside root, or null (outside root, missing, not a file). */
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
  if (!full.startsWith(base + sep)) return null;
  try {
    return statSync(full).isFile() ? full : null;
  } catch {
    return null;
  }
}

export function sendFile(res: ServerResponse, file: string, head: boolean): void {
  res.statusCode = 200;
  res.setHeader('Content-Type', TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream');
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
