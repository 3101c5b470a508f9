// ELECTRON_RENDERER_URL is honoured only in development (issue 15): an
// unpackaged run started by `electron-vite dev` (NODE_ENV_ELECTRON_VITE=
// development) with a loopback address. Checked on the pure rule and on the
// Electron entry (src/main/electron/main.ts) with `electron` and the shell
// mocked: a packaged app, or a stray variable, loads app:// with no developer tools.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { devRendererUrl } from '../../../../src/main/electron/dev-server';

const m = vi.hoisted(() => ({
  isPackaged: false,
  shell: [] as { paths: { devUrl?: string }; dev: boolean }[],
}));

vi.mock('electron', () => ({
  app: {
    get isPackaged() {
      return m.isPackaged;
    },
    enableSandbox: () => undefined,
    requestSingleInstanceLock: () => true,
    setAsDefaultProtocolClient: () => true,
    quit: () => undefined,
    on: () => undefined,
    whenReady: () => Promise.resolve(),
  },
  protocol: { registerSchemesAsPrivileged: () => undefined },
}));
vi.mock('../../../../src/main/electron/app-shell', () => ({
  startShell: (paths: { devUrl?: string }, dev: boolean) => void m.shell.push({ paths, dev }),
}));

const DEV = { NODE_ENV_ELECTRON_VITE: 'development', ELECTRON_RENDERER_URL: 'http://localhost:5173' };

describe('devRendererUrl', () => {
  it('unpackaged + electron-vite dev + a loopback address: the dev server', () => {
    expect(devRendererUrl(false, DEV)).toBe('http://localhost:5173');
    expect(devRendererUrl(false, { ...DEV, ELECTRON_RENDERER_URL: 'http://127.0.0.1:5173/' })).toBe('http://127.0.0.1:5173/');
    expect(devRendererUrl(false, { ...DEV, ELECTRON_RENDERER_URL: 'https://[::1]:5173' })).toBe('https://[::1]:5173');
  });
  it('packaged, no dev flag, another host or scheme, or not a URL: never', () => {
    expect(devRendererUrl(true, DEV)).toBeUndefined();
    expect(devRendererUrl(false, { ELECTRON_RENDERER_URL: DEV.ELECTRON_RENDERER_URL })).toBeUndefined();
    expect(devRendererUrl(false, { ...DEV, NODE_ENV_ELECTRON_VITE: 'production' })).toBeUndefined();
    for (const url of [
      'http://evil.example:5173',
      'file:///tmp/x.html',
      'javascript:alert(1)',
      'not a url',
      'http://localhost.evil.example',
    ])
      expect(devRendererUrl(false, { ...DEV, ELECTRON_RENDERER_URL: url }), url).toBeUndefined();
  });
});

describe('the Electron entry (main.ts)', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    m.shell.length = 0;
    vi.resetModules();
  });
  async function start(isPackaged: boolean, env: Record<string, string>) {
    m.isPackaged = isPackaged;
    delete process.env.ELECTRON_RENDERER_URL;
    delete process.env.NODE_ENV_ELECTRON_VITE;
    Object.assign(process.env, env);
    await import('../../../../src/main/electron/main');
    await new Promise((r) => setTimeout(r, 0));
    expect(m.shell).toHaveLength(1);
    return m.shell[0];
  }
  it('a packaged app with ELECTRON_RENDERER_URL (and even the dev flag) set loads app://, without developer tools', async () => {
    const s = await start(true, DEV);
    expect(s.paths.devUrl).toBeUndefined();
    expect(s.dev).toBe(false);
  });
  it('an unpackaged app with only ELECTRON_RENDERER_URL set (no electron-vite dev) ignores it', async () => {
    const s = await start(false, { ELECTRON_RENDERER_URL: 'http://localhost:5173' });
    expect(s.paths.devUrl).toBeUndefined();
    expect(s.dev).toBe(false);
  });
  it('electron-vite dev, unpackaged: the dev server and developer tools', async () => {
    const s = await start(false, DEV);
    expect(s.paths.devUrl).toBe('http://localhost:5173');
    expect(s.dev).toBe(true);
  });
});
