// The Electron glue (src/main/electron) with `electron` mocked: the window's
// webPreferences, blocked navigation / new windows / permissions, the CSP
// header, IPC that rejects malformed arguments and unknown senders, and the
// application menu's items.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { APP_INDEX_URL } from '../../../../src/main/electron/app-protocol';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';

const mocks = vi.hoisted(() => {
  const windows: { opts: Record<string, unknown>; loaded: string[] }[] = [];
  class FakeContents {
    handlers = new Map<string, (...a: unknown[]) => void>();
    openHandler: ((d: unknown) => unknown) | undefined;
    mainFrame = { url: '' };
    sent: unknown[] = [];
    on(ev: string, h: (...a: unknown[]) => void) {
      this.handlers.set(ev, h);
      return this;
    }
    setWindowOpenHandler(h: (d: unknown) => unknown) {
      this.openHandler = h;
    }
    send(...a: unknown[]) {
      this.sent.push(a);
    }
  }
  class FakeWindow {
    webContents = new FakeContents();
    constructor(readonly opts: Record<string, unknown>) {
      windows.push({ opts, loaded: this.loaded });
    }
    loaded: string[] = [];
    once() {}
    on() {}
    isDestroyed() {
      return false;
    }
    loadFile(f: string) {
      this.loaded.push(f);
      return Promise.resolve();
    }
    loadURL(u: string) {
      this.loaded.push(u);
      return Promise.resolve();
    }
  }
  const session = {
    headersHook: undefined as undefined | ((d: unknown, cb: (r: unknown) => void) => void),
    permissionHook: undefined as undefined | ((wc: unknown, p: string, cb: (ok: boolean) => void) => void),
    checkHook: undefined as undefined | (() => boolean),
    webRequest: {
      onHeadersReceived(h: (d: unknown, cb: (r: unknown) => void) => void) {
        session.headersHook = h;
      },
    },
    setPermissionRequestHandler(h: (wc: unknown, p: string, cb: (ok: boolean) => void) => void) {
      session.permissionHook = h;
    },
    setPermissionCheckHandler(h: () => boolean) {
      session.checkHook = h;
    },
  };
  return { windows, FakeContents, FakeWindow, session };
});

vi.mock('electron', () => ({
  BrowserWindow: mocks.FakeWindow,
  session: { defaultSession: mocks.session },
}));

import { createMainWindow, isAppUrl, lockDown, secureSession, type AppPaths } from '../../../../src/main/electron/window';
import { registerIpc, senderCheck } from '../../../../src/main/electron/ipc';
import { menuTemplate, type MenuActions } from '../../../../src/main/electron/menu';
import { sourcesFromArgv } from '../../../../src/main/electron/app-shell';
import { channelOf } from '../../../../src/preload/channels';
import { API_CALL_NAMES } from '../../../../src/shared/api';
import { createApiHandlers } from '../../../../src/main/services/api-handlers';
import { Workspace } from '../../../../src/main/services/workspace';
import { fileSource } from '../../../../src/shared/source';
import { defaultConfig } from '../../../../src/shared/metrics/config';
import { FIXTURES } from '../../../helpers/fixtures';

const paths: AppPaths = { preload: '/app/out/preload/index.cjs', rendererIndex: '/app/out/renderer/index.html' };
const appUrl = APP_INDEX_URL;

describe('window', () => {
  it('is sandboxed, context-isolated, without Node, with web security and our preload', () => {
    createMainWindow(paths, false);
    const prefs = mocks.windows[mocks.windows.length - 1].opts.webPreferences as Record<string, unknown>;
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      devTools: false,
    });
    expect(prefs.preload).toBe(paths.preload);
    // Loaded from the privileged app:// protocol, never from file://.
    expect(mocks.windows[mocks.windows.length - 1].loaded).toEqual(['app://dst-inspector/index.html']);
  });

  it('allows devtools only in development', () => {
    createMainWindow(paths, true);
    expect((mocks.windows[mocks.windows.length - 1].opts.webPreferences as Record<string, unknown>).devTools).toBe(true);
  });

  it('blocks navigation, redirects, webviews and new windows', () => {
    const wc = new mocks.FakeContents();
    lockDown(wc as unknown as Electron.WebContents);
    for (const ev of ['will-navigate', 'will-redirect', 'will-attach-webview']) {
      const e = { preventDefault: vi.fn() };
      wc.handlers.get(ev)!(e, 'https://evil.example/');
      expect(e.preventDefault).toHaveBeenCalled();
    }
    expect(wc.openHandler!({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
  });

  it('adds the CSP header to every response and refuses every permission', () => {
    secureSession();
    let headers: Record<string, string[]> = {};
    mocks.session.headersHook!(
      { responseHeaders: { 'X-Other': ['1'] } },
      (r) => (headers = (r as { responseHeaders: Record<string, string[]> }).responseHeaders),
    );
    expect(headers['Content-Security-Policy'][0]).toMatch(/default-src 'self'/);
    expect(headers['Content-Security-Policy'][0]).toMatch(/object-src 'none'/);
    expect(headers['X-Other']).toEqual(['1']);
    const cb = vi.fn();
    mocks.session.permissionHook!({}, 'media', cb);
    expect(cb).toHaveBeenCalledWith(false);
    expect(mocks.session.checkHook!()).toBe(false);
  });

  it('recognises only our page as the app URL', () => {
    expect(isAppUrl(appUrl, paths)).toBe(true);
    expect(isAppUrl(appUrl + '#/x', paths)).toBe(true);
    expect(isAppUrl('file:///etc/passwd', paths)).toBe(false);
    expect(isAppUrl(pathToFileURL(paths.rendererIndex).href, paths)).toBe(false);
    expect(isAppUrl('app://evil/index.html', paths)).toBe(false);
    expect(isAppUrl('app://dst-inspector/assets/x.js', paths)).toBe(false);
    expect(isAppUrl('https://evil.example/', paths)).toBe(false);
    expect(isAppUrl('http://localhost:5173/', { ...paths, devUrl: 'http://localhost:5173' })).toBe(true);
  });
});

describe('IPC', () => {
  const handlers = new Map<string, (e: unknown, ...a: unknown[]) => Promise<unknown>>();
  const ipc = {
    handle: (ch: string, h: (e: unknown, ...a: unknown[]) => Promise<unknown>) => void handlers.set(ch, h),
    removeHandler: (ch: string) => void handlers.delete(ch),
  };
  const win = new mocks.FakeContents();
  win.mainFrame.url = appUrl;
  const store = new Workspace({ inline: true });
  const trustedEvent = { sender: win, senderFrame: win.mainFrame };
  const ref = { run: 'r1', rev: 1 };

  beforeAll(async () => {
    registerIpc(
      ipc as unknown as Electron.IpcMain,
      createApiHandlers(store, { mode: 'electron' }),
      senderCheck(
        () => win as unknown as Electron.WebContents,
        (u) => isAppUrl(u, paths),
      ),
    );
    await store.whenSettled(store.open(fileSource([join(FIXTURES, 'paper', 'mul1110.json')])).id);
  });

  it('has one channel per API call, derived from the call list', () => {
    expect([...handlers.keys()].sort()).toEqual(API_CALL_NAMES.map(channelOf).sort());
  });

  it('answers a valid call from our window', async () => {
    const r = (await handlers.get(channelOf('corpusSummary'))!(trustedEvent, { ...ref, config: defaultConfig() })) as {
      ok: boolean;
      value: { dialogues: number };
    };
    expect(r.ok).toBe(true);
    expect(r.value.dialogues).toBe(1);
  });

  it('rejects malformed arguments, naming the field', async () => {
    const bad = [
      [{ ...ref, config: { ...defaultConfig(), lambdas: [] } }],
      [{ ...ref, config: defaultConfig(), id: 42 }],
      ['not an object'],
      [{ ...ref, config: defaultConfig(), extra: true }],
      [{ ...ref, config: defaultConfig() }, 'second argument'],
      [{ run: '../etc', rev: 1, config: defaultConfig() }],
      [{ run: 'r1', rev: -1, config: defaultConfig() }],
    ];
    for (const args of bad) {
      const r = (await handlers.get(channelOf('corpusSummary'))!(trustedEvent, ...args)) as { ok: boolean; code: string; error: string };
      expect(r.ok).toBe(false);
      expect(r.code).toBe('bad-args');
    }
    const r = (await handlers.get(channelOf('dialoguePage'))!(trustedEvent, {
      ...ref,
      config: defaultConfig(),
      offset: 0,
      limit: 5000,
      sort: { key: 'GCA', descending: true },
      filter: {},
    })) as { error: string };
    expect(r.error).toMatch(/limit/);
  });

  it('rejects unknown senders: another web contents, a subframe, a foreign page', async () => {
    const other = new mocks.FakeContents();
    other.mainFrame.url = appUrl;
    const cases = [
      { sender: other, senderFrame: other.mainFrame },
      { sender: win, senderFrame: { url: appUrl } },
      { sender: win, senderFrame: null },
    ];
    for (const ev of cases) {
      const r = (await handlers.get(channelOf('appInfo'))!(ev, {})) as { ok: boolean; code: string };
      expect(r).toMatchObject({ ok: false, code: 'forbidden' });
    }
    win.mainFrame.url = 'https://evil.example/';
    const r = (await handlers.get(channelOf('appInfo'))!(trustedEvent, {})) as { ok: boolean; code: string };
    expect(r).toMatchObject({ ok: false, code: 'forbidden' });
    win.mainFrame.url = appUrl;
  });
});

describe('menu', () => {
  const actions: MenuActions = {
    openPredictions: vi.fn(),
    openAsRun: vi.fn(),
    openDialogues: vi.fn(),
    openGold: vi.fn(),
    openRecent: vi.fn(),
    clearRecent: vi.fn(),
    close: vi.fn(),
    setTheme: vi.fn(),
    showShortcuts: vi.fn(),
    about: vi.fn(),
  };
  const recent = [{ kind: 'files' as const, predictions: ['/data/preds.json'] }];
  const find = (items: MenuItemConstructorOptions[], label: string) => items.find((i) => i.label === label || i.role === label);
  const sub = (i: MenuItemConstructorOptions | undefined) => (i?.submenu ?? []) as MenuItemConstructorOptions[];
  const click = (i: MenuItemConstructorOptions | undefined) => (i!.click as () => void)();

  it('File: open predictions (Ctrl/Cmd+O), open dialogues, open gold, open recent, close', () => {
    const file = sub(find(menuTemplate({ isMac: false, dev: false, recent, theme: 'system', actions }), 'File'));
    const open = find(file, 'Open Predictions…')!;
    expect(open.accelerator).toBe('CmdOrCtrl+O');
    click(open);
    expect(actions.openPredictions).toHaveBeenCalled();
    click(find(file, 'Open as Run (to compare)…'));
    expect(actions.openAsRun).toHaveBeenCalled();
    click(find(file, 'Open Dialogues (utterances)…'));
    expect(actions.openDialogues).toHaveBeenCalled();
    click(find(file, 'Open Gold…'));
    expect(actions.openGold).toHaveBeenCalled();
    const rec = sub(find(file, 'Open Recent'));
    expect(rec[0].label).toContain('/data/preds.json');
    click(rec[0]);
    expect(actions.openRecent).toHaveBeenCalledWith(recent[0]);
    click(find(file, 'Close'));
    expect(actions.close).toHaveBeenCalled();
  });

  it('View: zoom in/out/reset, theme light/dark/system, devtools only in development', () => {
    const view = sub(find(menuTemplate({ isMac: false, dev: false, recent: [], theme: 'dark', actions }), 'View'));
    for (const role of ['zoomIn', 'zoomOut', 'resetZoom']) expect(find(view, role)).toBeDefined();
    const themes = sub(find(view, 'Theme'));
    expect(themes.map((t) => t.label)).toEqual(['Light', 'Dark', 'System']);
    expect(themes.find((t) => t.checked)?.label).toBe('Dark');
    click(themes[0]);
    expect(actions.setTheme).toHaveBeenCalledWith('light');
    expect(find(view, 'toggleDevTools')).toBeUndefined();
    const devView = sub(find(menuTemplate({ isMac: false, dev: true, recent: [], theme: 'dark', actions }), 'View'));
    expect(find(devView, 'toggleDevTools')).toBeDefined();
  });

  it('Help: keyboard shortcuts and About', () => {
    const help = sub(find(menuTemplate({ isMac: true, dev: false, recent: [], theme: 'system', actions }), 'help'));
    click(help.find((i) => String(i.label).startsWith('Keyboard Shortcuts')));
    expect(actions.showShortcuts).toHaveBeenCalled();
    click(find(help, 'About DST Inspector'));
    expect(actions.about).toHaveBeenCalled();
  });
});

describe('command line', () => {
  it('takes existing files after the app path, skipping flags', () => {
    const f = join(FIXTURES, 'paper', 'mul1110.json');
    expect(sourcesFromArgv(['electron', '.', '--inspect', f, '/no/such/file.json'], false)).toEqual([{ kind: 'files', predictions: [f] }]);
    expect(sourcesFromArgv(['DST Inspector', f], true)).toEqual([{ kind: 'files', predictions: [f] }]);
  });

  it("reads the CLI's source flags next to the prediction files, one run per file", () => {
    const f = join(FIXTURES, 'multiwoz-somdst-100', 'predictions.json');
    const d = join(FIXTURES, 'multiwoz-somdst-100', 'dialogues.json');
    const g = join(FIXTURES, 'paper', 'mul1110.json');
    expect(sourcesFromArgv(['electron', '.', '--dialogues', d, f, '--layout', 'fga', g, '--values', 'lower'], false)).toEqual([
      { kind: 'files', predictions: [f], dialogues: d, layout: 'fga', values: ['lower'] },
      { kind: 'files', predictions: [g], dialogues: d, layout: 'fga', values: ['lower'] },
    ]);
    expect(sourcesFromArgv(['electron', '.'], false)).toEqual([]);
  });
});
