// Layer: main/electron. Wires the app together once Electron is ready: the
// corpus store, the API over IPC, the window, the menu, recent files, events
// to the renderer, and the first corpus (a path from the command line, else
// the built-in demo).

import { parseValueOptions } from '../../shared/formats/normalise';
import { app, BrowserWindow, dialog, ipcMain, Menu, type OpenDialogOptions } from 'electron';
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defaultConfig } from '../../shared/metrics/config';
import { metricSignature } from '../../shared/metrics/signature';
import { APP_VERSION } from '../../shared/version';
import { EVENT_CHANNEL } from '../../preload/channels';
import type { ApiEvent } from '../../shared/api';
import { createApiHandlers } from '../services/api-handlers';
import { CorpusStore } from '../services/corpus-store';
import type { LoadSource } from '../services/load-types';
import { RecentFiles, type RecentEntry } from '../services/recent-files';
import { registerIpc, senderCheck } from './ipc';
import { menuTemplate, type Theme } from './menu';
import { createMainWindow, isAppUrl, lockDown, secureSession, type AppPaths } from './window';

/** Prediction files named on the command line (existing files, not flags or flag values). */
export function filesFromArgv(argv: string[], isPackaged: boolean, cwd = process.cwd()): string[] {
  const args = argv.slice(isPackaged ? 1 : 2);
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (VALUE_FLAGS.has(args[i])) i++;
    else if (!args[i].startsWith('-') && isFile(resolve(cwd, args[i]))) out.push(resolve(cwd, args[i]));
  }
  return out;
}

const VALUE_FLAGS = new Set(['--dialogues', '--gold', '--layout', '--values']);

function isFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

/** The source the command line asks for: the first prediction file with --dialogues / --gold / --layout. */
export function sourceFromArgv(argv: string[], isPackaged: boolean, cwd = process.cwd()): LoadSource | null {
  const file = filesFromArgv(argv, isPackaged, cwd)[0];
  if (!file) return null;
  const args = argv.slice(isPackaged ? 1 : 2);
  const flag = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 && i + 1 < args.length ? args[i + 1] : undefined;
  };
  const dialogues = flag('--dialogues');
  const gold = flag('--gold');
  const values = flag('--values') ? parseValueOptions(flag('--values') as string) : [];
  return {
    kind: 'file',
    path: file,
    dialoguesPath: dialogues ? resolve(cwd, dialogues) : undefined,
    goldPath: gold ? resolve(cwd, gold) : undefined,
    layout: flag('--layout'),
    values: Array.isArray(values) && values.length > 0 ? values : undefined,
  };
}

const FILTERS: OpenDialogOptions['filters'] = [
  { name: 'JSON / JSON Lines', extensions: ['json', 'jsonl', 'ndjson'] },
  { name: 'All files', extensions: ['*'] },
];

export function startShell(paths: AppPaths, dev: boolean): void {
  const store = new CorpusStore();
  const recent = new RecentFiles(join(app.getPath('userData'), 'recent-files.json'));
  let win: BrowserWindow | null = null;
  let theme: Theme = 'system';

  const send = (e: ApiEvent) => {
    if (win && !win.isDestroyed()) win.webContents.send(EVENT_CHANNEL, e);
  };
  store.onEvent(send);
  // Open Recent remembers a file once it has loaded, with everything it was opened with.
  store.onEvent((e) => {
    const s = store.currentSource();
    if (e.type !== 'corpus-changed' || store.status().state !== 'ready' || s?.kind !== 'file') return;
    recent.add({ path: s.path, dialoguesPath: s.dialoguesPath, goldPath: s.goldPath, layout: s.layout, values: s.values });
    refreshMenu();
  });

  const pick = async (purpose: 'predictions' | 'dialogues' | 'gold'): Promise<string | null> => {
    const opts: OpenDialogOptions = {
      title: purpose === 'predictions' ? 'Open predictions' : purpose === 'gold' ? 'Open gold (reference dialogues)' : 'Open dialogues (utterances)',
      properties: ['openFile'],
      filters: FILTERS,
    };
    const r = win ? await dialog.showOpenDialog(win, opts) : await dialog.showOpenDialog(opts);
    return r.canceled || r.filePaths.length === 0 ? null : r.filePaths[0];
  };

  const openSource = (source: LoadSource) => {
    store.open(source);
  };

  const handlers = createApiHandlers(store, { mode: 'electron', pickFile: pick });

  const addSource = (role: 'dialogues' | 'gold') =>
    void pick(role).then((p) => {
      if (!p) return;
      try {
        store.openDialogues(p, role);
      } catch (e) {
        void dialog.showMessageBox({ type: 'warning', message: (e as Error).message });
      }
    });

  const actions = {
    openPredictions: () => void pick('predictions').then((p) => p && openSource({ kind: 'file', path: p })),
    openDialogues: () => addSource('dialogues'),
    openGold: () => addSource('gold'),
    openRecent: (e: RecentEntry) => {
      if (!existsSync(e.path)) {
        void dialog.showMessageBox({ type: 'warning', message: `${e.path}: no such file` });
        return;
      }
      openSource({ kind: 'file', path: e.path, dialoguesPath: e.dialoguesPath, goldPath: e.goldPath, layout: e.layout, values: e.values });
    },
    clearRecent: () => {
      recent.clear();
      refreshMenu();
    },
    close: () => store.close(),
    setTheme: (t: Theme) => {
      theme = t;
      send({ type: 'theme', theme: t });
      refreshMenu();
    },
    showShortcuts: () => send({ type: 'show-help' }),
    about: () =>
      void dialog.showMessageBox({
        type: 'info',
        title: 'About DST Inspector',
        message: `DST Inspector ${APP_VERSION}`,
        detail: `Exact DST metrics, turn by turn.\n\nDefault metric signature:\n${metricSignature(defaultConfig())}`,
      }),
  };

  function refreshMenu(): void {
    Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate({ isMac: process.platform === 'darwin', dev, recent: recent.list(), theme, actions })));
  }

  secureSession();
  app.on('web-contents-created', (_e, contents) => lockDown(contents));
  registerIpc(
    ipcMain,
    handlers,
    senderCheck(
      () => win?.webContents,
      (url) => isAppUrl(url, paths),
    ),
  );
  refreshMenu();
  win = createMainWindow(paths, dev);
  win.on('closed', () => {
    win = null;
  });

  const first = sourceFromArgv(process.argv, app.isPackaged);
  if (first) openSource(first);
  else store.open({ kind: 'demo' });

  app.on('second-instance', (_e, argv, cwd) => {
    const more = sourceFromArgv(argv, app.isPackaged, cwd);
    if (more) openSource(more);
    if (win) {
      if (win.isMinimized()) win.restore();
      win.focus();
    }
  });
  app.on('before-quit', () => store.dispose());
}
