// The renderer's app:// protocol (src/main/electron/app-protocol.ts) and the
// Electron entry (main.ts) with `electron` mocked: the scheme is declared
// privileged (standard, secure) before the app is ready; the handler serves
// only files of the build folder, every response with the CSP header; a
// symbolic link pointing outside, a path escaping the folder, another host
// and a POST are refused; developer tools stay off outside development.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

const m = vi.hoisted(() => ({
  calls: [] as string[],
  privileged: [] as unknown[],
  shell: [] as { paths: Record<string, unknown>; dev: boolean }[],
}));

vi.mock('electron', () => ({
  app: {
    isPackaged: true,
    enableSandbox: () => void m.calls.push('enableSandbox'),
    requestSingleInstanceLock: () => true,
    setAsDefaultProtocolClient: (scheme: string) => void m.calls.push(`setAsDefaultProtocolClient ${scheme}`),
    on: () => undefined,
    whenReady: () => (m.calls.push('whenReady'), Promise.resolve()),
  },
  protocol: {
    registerSchemesAsPrivileged: (s: unknown[]) => (m.calls.push('registerSchemesAsPrivileged'), m.privileged.push(...s)),
  },
}));
vi.mock('../../../../src/main/electron/app-shell', () => ({
  startShell: (paths: Record<string, unknown>, dev: boolean) => void m.shell.push({ paths, dev }),
}));

import { APP_INDEX_URL, appRequestHandler, isAppPageUrl } from '../../../../src/main/electron/app-protocol';
import { CSP } from '../../../../src/main/web/security';

const root = mkdtempSync(join(tmpdir(), 'dst-app-proto-'));
const ui = join(root, 'renderer');
afterAll(() => rmSync(root, { recursive: true, force: true }));
mkdirSync(join(ui, 'assets'), { recursive: true });
writeFileSync(join(ui, 'index.html'), '<!doctype html><title>ui</title>');
writeFileSync(join(ui, 'assets', 'app.js'), 'console.log(1)');
writeFileSync(join(root, 'secret.txt'), 'secret');
symlinkSync(join(root, 'secret.txt'), join(ui, 'assets', 'leak.js'));

const handler = appRequestHandler(ui);
const get = (url: string, method = 'GET') => handler(new Request(url, { method }));

describe('app:// protocol', () => {
  it('serves the page and its assets with their type and the CSP header', async () => {
    const page = await get(APP_INDEX_URL);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>ui</title>');
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toBe(CSP);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    const js = await get('app://dst-inspector/assets/app.js');
    expect(js.headers.get('content-type')).toMatch(/javascript/);
    expect(js.headers.get('content-security-policy')).toBe(CSP);
  });

  it('refuses links pointing outside, escapes, other hosts and other methods', async () => {
    for (const url of [
      'app://dst-inspector/assets/leak.js',
      'app://dst-inspector/../secret.txt',
      'app://dst-inspector/%2e%2e/secret.txt',
      'app://dst-inspector/assets/..%2f..%2fsecret.txt',
      'app://other/index.html',
    ]) {
      const r = await get(url);
      expect(r.status, url).toBe(404);
      expect(await r.text()).not.toContain('secret');
      expect(r.headers.get('content-security-policy')).toBe(CSP);
    }
    expect((await get(APP_INDEX_URL, 'POST')).status).toBe(405);
  });

  it('knows the app page from other URLs', () => {
    expect(isAppPageUrl(APP_INDEX_URL)).toBe(true);
    expect(isAppPageUrl('app://dst-inspector/')).toBe(true);
    expect(isAppPageUrl('app://dst-inspector/index.html#x')).toBe(true);
    expect(isAppPageUrl('file:///x/out/renderer/index.html')).toBe(false);
    expect(isAppPageUrl('app://dst-inspector/assets/app.js')).toBe(false);
    expect(isAppPageUrl('not a url')).toBe(false);
  });
});

describe('Electron entry', () => {
  it('declares app:// privileged before the app is ready, and keeps devtools off in a packaged build', async () => {
    const before = process.env.ELECTRON_RENDERER_URL;
    process.env.ELECTRON_RENDERER_URL = 'http://localhost:5173';
    try {
      await import('../../../../src/main/electron/main');
      await new Promise((r) => setTimeout(r, 0));
    } finally {
      if (before === undefined) delete process.env.ELECTRON_RENDERER_URL;
      else process.env.ELECTRON_RENDERER_URL = before;
    }
    expect(m.calls.indexOf('registerSchemesAsPrivileged')).toBeGreaterThanOrEqual(0);
    expect(m.calls.indexOf('registerSchemesAsPrivileged')).toBeLessThan(m.calls.indexOf('whenReady'));
    // dst-inspector:// links open in this app (link-handler.ts checks each before the page sees it).
    expect(m.calls).toContain('setAsDefaultProtocolClient dst-inspector');
    expect(m.privileged).toEqual([{ scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) }]);
    expect((m.privileged[0] as { privileges: Record<string, unknown> }).privileges.bypassCSP).toBeUndefined();
    // Packaged: no dev server, no devtools, even with a dev-server address in the environment.
    expect(m.shell).toEqual([{ paths: expect.objectContaining({ devUrl: undefined }), dev: false }]);
  });
});
