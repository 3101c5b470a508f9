// Layer: main/electron. Wires the app together once Electron is ready: the
// workspace, the API over IPC, the window, the menu, recent files, events to
// the renderer, and the first runs (the files on the command line, else the
// built-in demo).

import { app, BrowserWindow, dialog, ipcMain, Menu, protocol, type OpenDialogOptions } from 'electron';
import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { defaultConfig } from '../../shared/metrics/config';
import { makeSignature, renderSignature } from '../../shared/metrics/signature';
import { APP_VERSION } from '../../shared/version';
import { EVENT_CHANNEL } from '../../preload/channels';
import type { ApiEvent } from '../../shared/api';
import { fileSource, type FileSource, type SourceSpec } from '../../shared/source';
import { createApiHandlers } from '../services/api-handlers';
import { WriteAccess } from '../services/annotation-access';
import { allowCommandLine } from '../services/annotation-service';
import { Workspace } from '../services/workspace';
import { RecentFiles } from '../services/recent-files';
import { AppSettings } from '../services/app-settings';
import { resolveSpecPaths, SOURCE_FLAGS, sourceOfFlags } from '../cli/source-flags';
import { checkSourceSpec } from '../../shared/source-schema';
import { exportShell } from './export-shell';
import { registerAppProtocol } from './app-protocol';
import { registerIpc, senderCheck } from './ipc';
import { menuTemplate, type Theme } from './menu';
import { checkDesktopLink, linksInArgv } from './link-handler';
import { createMainWindow, isAppUrl, lockDown, secureSession, type AppPaths } from './window';

function isFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

/**
 * The sources the command line asks for: each existing prediction file named
 * on it, with the same source flags as the CLI (--gold, --dialogues, --layout,
 * --schema, --values); Chromium's own switches are ignored.
 */
export function sourcesFromArgv(argv: string[], isPackaged: boolean, cwd = process.cwd()): SourceSpec[] {
  const args = argv.slice(isPackaged ? 1 : 2);
  const { values, positionals } = parseArgs({ args, options: SOURCE_FLAGS, strict: false, allowPositionals: true });
  const files = positionals.filter((p) => isFile(resolve(cwd, p)));
  const out: SourceSpec[] = [];
  for (const f of files) {
    try {
      out.push(resolveSpecPaths(checkSourceSpec(sourceOfFlags(values, [f])) as FileSource, cwd));
    } catch {
      out.push(resolveSpecPaths(fileSource([f]), cwd)); // a bad flag value: open the file plainly
    }
  }
  return out;
}

/** --annotator NAME on the app's command line (the records' author for this session, over the setting). */
export function annotatorFromArgv(argv: string[], isPackaged: boolean): string | undefined {
  const args = argv.slice(isPackaged ? 1 : 2);
  const { values } = parseArgs({ args, options: { annotator: { type: 'string' } }, strict: false, allowPositionals: true });
  const a = typeof values.annotator === 'string' ? values.annotator.trim() : '';
  return a !== '' && a.length <= 200 ? a : undefined;
}

const FILTERS: OpenDialogOptions['filters'] = [
  { name: 'JSON / JSON Lines', extensions: ['json', 'jsonl', 'ndjson'] },
  { name: 'All files', extensions: ['*'] },
];

export function startShell(paths: AppPaths, dev: boolean): void {
  // The demo's annotations (which have no file of their own to sit beside) live in the app's data folder.
  process.env.DST_INSPECTOR_DATA_DIR ??= join(app.getPath('userData'), 'annotations');
  const ws = new Workspace();
  const recent = new RecentFiles(join(app.getPath('userData'), 'recent-files.json'));
  const settings = new AppSettings(join(app.getPath('userData'), 'settings.json'));
  let win: BrowserWindow | null = null;
  let theme: Theme = 'system';

  const send = (e: ApiEvent) => {
    if (win && !win.isDestroyed()) win.webContents.send(EVENT_CHANNEL, e);
  };
  ws.onEvent(send);
  // Open Recent remembers a source once it has loaded, with everything it was opened with.
  ws.onEvent((e) => {
    if (e.type !== 'run-changed' || e.state !== 'ready') return;
    const run = ws.list().find((r) => r.id === e.run);
    if (run?.source.kind !== 'files') return;
    recent.add(run.source);
    refreshMenu();
  });

  const pick = async (purpose: 'predictions' | 'dialogues' | 'gold'): Promise<string | null> => {
    const opts: OpenDialogOptions = {
      title:
        purpose === 'predictions'
          ? 'Open predictions'
          : purpose === 'gold'
            ? 'Open gold (reference dialogues)'
            : 'Open dialogues (utterances)',
      properties: ['openFile', 'openDirectory'],
      filters: FILTERS,
    };
    const r = win ? await dialog.showOpenDialog(win, opts) : await dialog.showOpenDialog(opts);
    return r.canceled || r.filePaths.length === 0 ? null : r.filePaths[0];
  };

  // The window decides which of its runs a menu action applies to.
  const openSource = (source: SourceSpec, asNewRun = false) => send({ type: 'open-source', source, asNewRun });
  const exporter = exportShell(() => win, app.getPath('userData'), app.getPath('documents'));
  // Annotations are written only where the person chose: beside the files on the command line, or a file confirmed in a native dialog.
  const annotationAccess = new WriteAccess();
  const confirmAnnotationFile = async (file: string, exists: boolean): Promise<boolean> => {
    const opts = {
      type: 'question' as const,
      title: 'Save annotations',
      message: exists ? 'Save annotations to this existing annotation file?' : 'Create this annotation file and save annotations to it?',
      detail: `${file}

It is shared by every run on the same gold. ${exists ? 'Records are appended; nothing in it is overwritten.' : 'It is created with permissions 0600 (only you can read it).'}`,
      buttons: ['Save annotations here', 'Cancel'],
      defaultId: 0,
      cancelId: 1,
      noLink: true,
    };
    const r = win ? await dialog.showMessageBox(win, opts) : await dialog.showMessageBox(opts);
    return r.response === 0;
  };
  const handlers = createApiHandlers(ws, {
    mode: 'electron',
    annotator: annotatorFromArgv(process.argv, app.isPackaged) ?? settings.annotator,
    onAnnotatorChange: (name) => settings.setAnnotator(name),
    annotationAccess,
    confirmAnnotationFile,
    pickFile: pick,
    saveFile: exporter.saveFile,
    captureView: exporter.captureView,
    writeClipboard: exporter.writeClipboard,
  });

  const actions = {
    openPredictions: () => void pick('predictions').then((p) => p && openSource(fileSource([p]))),
    openAsRun: () => void pick('predictions').then((p) => p && openSource(fileSource([p]), true)),
    openDialogues: () => void pick('dialogues').then((p) => p && send({ type: 'add-source', path: p, role: 'dialogues' })),
    openGold: () => void pick('gold').then((p) => p && send({ type: 'add-source', path: p, role: 'gold' })),
    openRecent: (e: SourceSpec) => {
      const missing = e.kind === 'files' ? e.predictions.find((p) => !existsSync(p)) : undefined;
      if (missing) {
        void dialog.showMessageBox({ type: 'warning', message: `${missing}: no such file` });
        return;
      }
      openSource(e);
    },
    clearRecent: () => {
      recent.clear();
      refreshMenu();
    },
    close: () => send({ type: 'close-run' }),
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
        detail: `Exact DST metrics, turn by turn.\n\nDefault metric signature:\n${renderSignature(makeSignature(defaultConfig()))}`,
      }),
  };

  function refreshMenu(): void {
    Menu.setApplicationMenu(
      Menu.buildFromTemplate(menuTemplate({ isMac: process.platform === 'darwin', dev, recent: recent.list(), theme, actions })),
    );
  }

  secureSession();
  registerAppProtocol(protocol, dirname(paths.rendererIndex));
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

  const first = sourcesFromArgv(process.argv, app.isPackaged);
  allowCommandLine(annotationAccess, first.length ? first : [{ kind: 'demo' }]);
  if (first.length) for (const s of first) ws.open(s);
  else ws.open({ kind: 'demo' });

  // A link clicked while the app runs: the second instance's argument (Linux, Windows) or open-url (macOS).
  const openLink = (url: string) => {
    const r = checkDesktopLink(url);
    send('fragment' in r ? { type: 'open-link', fragment: r.fragment } : { type: 'notice', text: `A link was not opened: ${r.error}.` });
  };
  app.on('open-url', (e, url) => {
    e.preventDefault();
    openLink(url);
  });
  app.on('second-instance', (_e, argv, cwd) => {
    for (const l of linksInArgv(argv)) openLink(l);
    const more = sourcesFromArgv(argv, app.isPackaged, cwd);
    allowCommandLine(annotationAccess, more);
    for (const s of more) openSource(s, true);
    if (win) {
      if (win.isMinimized()) win.restore();
      win.focus();
    }
  });
  app.on('before-quit', () => ws.dispose());
}
