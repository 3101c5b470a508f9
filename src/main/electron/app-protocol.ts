// Layer: main/electron. The renderer is served from a privileged custom
// protocol, app://dst-inspector/, instead of file:// (Electron's security
// checklist, "use a custom protocol instead of file://"): the page gets a real
// origin, and it can reach only the files of the built renderer folder —
// resolved with symbolic links followed and re-checked, as browser mode does —
// never the rest of the disk. Every response carries the CSP header.

import { readFile } from 'node:fs/promises';
import type { CustomScheme, Protocol } from 'electron';
import { CSP } from '../web/security';
import { contentType, resolveAsset } from '../web/static-files';

export const APP_SCHEME = 'app';
export const APP_HOST = 'dst-inspector';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
/** What the window loads. */
export const APP_INDEX_URL = `${APP_ORIGIN}/index.html`;

/**
 * Registered before the app is ready (protocol.registerSchemesAsPrivileged):
 * a standard, secure scheme (an origin of its own, a secure context for
 * workers, fetch for Monaco's modules); no service workers, no bypass of the CSP.
 */
export const APP_SCHEME_PRIVILEGES: CustomScheme = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true, codeCache: true },
};

function text(status: number, body: string): Response {
  return new Response(body, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Security-Policy': CSP, 'X-Content-Type-Options': 'nosniff' },
  });
}

/** Answers app:// requests from the files of `rendererDir` only. */
export function appRequestHandler(rendererDir: string): (request: Request) => Promise<Response> {
  return async (request) => {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return text(400, 'bad request');
    }
    if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return text(404, 'not found');
    if (request.method !== 'GET' && request.method !== 'HEAD') return text(405, 'method not allowed');
    const file = resolveAsset(rendererDir, url.pathname);
    if (!file) return text(404, 'not found');
    let body: Buffer;
    try {
      body = await readFile(file);
    } catch {
      return text(404, 'not found');
    }
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), {
      status: 200,
      headers: {
        'Content-Type': contentType(file),
        'Content-Security-Policy': CSP,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'no-store',
      },
    });
  };
}

/** Serves app:// from `rendererDir` (call once the app is ready). */
export function registerAppProtocol(protocol: Pick<Protocol, 'handle'>, rendererDir: string): void {
  protocol.handle(APP_SCHEME, appRequestHandler(rendererDir));
}

/** Whether `url` is the app's page (app://dst-inspector/ or /index.html, with any query or fragment). */
export function isAppPageUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === `${APP_SCHEME}:` && u.host === APP_HOST && (u.pathname === '/' || u.pathname === '/index.html');
  } catch {
    return false;
  }
}
