// The Electron shell's wiring (src/main/electron/app-shell.ts) with `electron`
// mocked and the store loading in-process: the window, one IPC channel per
// call, the menu, the demo by default or a command-line file (remembered in
// Open Recent), events and theme changes sent to the renderer, and About.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';

const m = vi.hoisted(() => {
  const state = {
    userData: '',
    windows: [] as { opts: Record<string, unknown>; sent: unknown[][] }[],
    channels: [] as string[],
    schemes: [] as string[],
    templates: [] as MenuItemConstructorOptions[][],
    messages: [] as Record<string, unknown>[],
    appHandlers: new Map<string, (...a: unknown[]) => void>(),
  };
  class FakeWindow {
    sent: unknown[][] = [];
    webContents = {
      on: () => undefined,
      setWindowOpenHandler: () => undefined,
      send: (...a: unknown[]) => void this.sent.push(a),
      mainFrame: { url: '' },
    };
    constructor(readonly opts: Record<string, unknown>) {
      state.windows.push(this);
    }
    once() {}
    on() {}
    isDestroyed() {
      return false;
    }
    loadFile() {
      return Promise.resolve();
    }
    loadURL() {
      return Promise.resolve();
    }
  }
  return { state, FakeWindow };
});

vi.mock('electron', () => ({
  app: {
    getPath: () => m.state.userData,
    isPackaged: false,
    on: (ev: string, h: (...a: unknown[]) => void) => void m.state.appHandlers.set(ev, h),
  },
  BrowserWindow: m.FakeWindow,
  ipcMain: { handle: (ch: string) => void m.state.channels.push(ch), removeHandler: () => undefined },
  protocol: { handle: (scheme: string) => void m.state.schemes.push(scheme) },
  Menu: { buildFromTemplate: (t: MenuItemConstructorOptions[]) => (m.state.templates.push(t), t), setApplicationMenu: () => undefined },
  dialog: {
    showMessageBox: (o: Record<string, unknown>) => (m.state.messages.push(o), Promise.resolve({ response: 0 })),
    showOpenDialog: () => Promise.resolve({ canceled: true, filePaths: [] }),
  },
  session: {
    defaultSession: {
      webRequest: { onHeadersReceived: () => undefined },
      setPermissionRequestHandler: () => undefined,
      setPermissionCheckHandler: () => undefined,
    },
  },
}));

vi.mock('../../../../src/main/services/workspace', async (importOriginal) => {
  const orig = await importOriginal<typeof import('../../../../src/main/services/workspace')>();
  class InlineWorkspace extends orig.Workspace {
    constructor() {
      super({ inline: true });
    }
  }
  return { ...orig, Workspace: InlineWorkspace };
});

import { startShell } from '../../../../src/main/electron/app-shell';
import { API_CALL_NAMES } from '../../../../src/shared/api';
import { channelOf, EVENT_CHANNEL } from '../../../../src/preload/channels';
import { makeSignature, renderSignature } from '../../../../src/shared/metrics/signature';
import { defaultConfig } from '../../../../src/shared/metrics/config';
import { FIXTURES } from '../../../helpers/fixtures';

const paths = { preload: '/app/out/preload/index.cjs', rendererIndex: '/app/out/renderer/index.html' };
const argv = process.argv;

function item(label: string): MenuItemConstructorOptions {
  const all = m.state.templates[m.state.templates.length - 1].flatMap((top) => [
    top,
    ...((top.submenu ?? []) as MenuItemConstructorOptions[]),
  ]);
  const flat = all.flatMap((i) => [i, ...((i.submenu ?? []) as MenuItemConstructorOptions[])]);
  const found = flat.find((i) => i.label === label);
  if (!found) throw new Error(`no menu item ${label}`);
  return found;
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  expect(check()).toBe(true);
}

beforeEach(() => {
  m.state.userData = mkdtempSync(join(tmpdir(), 'dst-userdata-'));
  m.state.windows.length = 0;
  m.state.channels.length = 0;
  m.state.schemes.length = 0;
  m.state.templates.length = 0;
  m.state.messages.length = 0;
});
afterEach(() => {
  process.argv = argv;
});

describe('startShell', () => {
  it('creates the sandboxed window, one IPC channel per call and the menu, and opens the demo', async () => {
    process.argv = ['electron', '.'];
    startShell(paths, false);
    expect(m.state.windows).toHaveLength(1);
    expect((m.state.windows[0].opts.webPreferences as Record<string, unknown>).sandbox).toBe(true);
    expect(m.state.channels.sort()).toEqual(API_CALL_NAMES.map(channelOf).sort());
    expect(m.state.schemes).toContain('app'); // the renderer is served from app://
    expect(m.state.templates.length).toBeGreaterThan(0);
    await until(() =>
      m.state.windows[0].sent.some(([ch, e]) => ch === EVENT_CHANNEL && (e as { type: string; state?: string }).type === 'run-changed'),
    );
    expect(m.state.windows[0].sent).toContainEqual([EVENT_CHANNEL, { type: 'run-changed', run: 'r1', revision: 1, state: 'ready' }]);
  });

  it('opens a file named on the command line and remembers it in Open Recent', async () => {
    const file = join(FIXTURES, 'paper', 'sng0779.json');
    process.argv = ['electron', '.', file];
    startShell(paths, false);
    const saved = join(m.state.userData, 'recent-files.json');
    await until(() => existsSync(saved));
    expect(JSON.parse(readFileSync(saved, 'utf8'))[0]).toEqual({ kind: 'files', predictions: [file] });
    expect(String(item('Open Recent').submenu && (item('Open Recent').submenu as MenuItemConstructorOptions[])[0].label)).toContain(file);
  });

  it('remembers a file with its gold, dialogues and value options, and only once it has loaded', async () => {
    const F = join(FIXTURES, 'formats');
    const broken = join(m.state.userData, 'broken.json');
    writeFileSync(broken, '{"a": {"0": ');
    process.argv = ['electron', '.', broken];
    startShell(paths, false);
    await until(() => m.state.windows[0].sent.some(([ch, e]) => ch === EVENT_CHANNEL && (e as { type: string }).type === 'run-changed'));
    const saved = join(m.state.userData, 'recent-files.json');
    expect(existsSync(saved) ? JSON.parse(readFileSync(saved, 'utf8')) : []).toEqual([]);

    const pred = join(F, 'mwzeval-predictions.json');
    process.argv = ['electron', '.', pred, '--gold', join(F, 'data.json'), '--values', 'lower'];
    startShell(paths, false);
    await until(() => existsSync(saved) && JSON.parse(readFileSync(saved, 'utf8')).length > 0);
    expect(JSON.parse(readFileSync(saved, 'utf8'))[0]).toEqual({
      kind: 'files',
      predictions: [pred],
      gold: join(F, 'data.json'),
      values: ['lower'],
    });
  });

  it('sends theme changes and the shortcut help to the renderer, and shows About with the signature', () => {
    process.argv = ['electron', '.'];
    startShell(paths, false);
    const win = m.state.windows[0];
    (item('Dark').click as () => void)();
    expect(win.sent).toContainEqual([EVENT_CHANNEL, { type: 'theme', theme: 'dark' }]);
    expect(item('Dark').checked).toBe(true);
    (item('Keyboard Shortcuts (?)').click as () => void)();
    expect(win.sent).toContainEqual([EVENT_CHANNEL, { type: 'show-help' }]);
    (item('About DST Inspector').click as () => void)();
    expect(String(m.state.messages[0].detail)).toContain(renderSignature(makeSignature(defaultConfig())));
  });
});
