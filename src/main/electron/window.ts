// Layer: main/electron. The one application window and its security: a
// sandboxed, context-isolated renderer without Node, loaded from the app://
// protocol (app-protocol.ts), a CSP header on every response (the page's meta
// tag says the same), no navigation away from the app, no new windows, no
// webviews, no permission grants, developer tools in development only.

import { BrowserWindow, session, type Session, type WebContents, type WebPreferences } from 'electron';
import { CSP } from '../web/security';
import { APP_INDEX_URL, isAppPageUrl } from './app-protocol';

export interface AppPaths {
  preload: string;
  /** The built renderer's index.html; its folder is what app:// serves. */
  rendererIndex: string;
  /** electron-vite's dev server (ELECTRON_RENDERER_URL), unpackaged runs only. */
  devUrl?: string;
}

export function webPreferences(preload: string, dev: boolean): WebPreferences {
  return {
    preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    spellcheck: false,
    devTools: dev,
  };
}

/** Blocks navigation, redirects, new windows and webviews on a web contents. */
export function lockDown(contents: WebContents): void {
  contents.on('will-navigate', (e) => e.preventDefault());
  contents.on('will-redirect', (e) => e.preventDefault());
  contents.on('will-attach-webview', (e) => e.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}

/** CSP header on every response, and every permission request refused. */
export function secureSession(ses: Session = session.defaultSession): void {
  ses.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CSP], 'X-Content-Type-Options': ['nosniff'] } });
  });
  ses.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  ses.setPermissionCheckHandler(() => false);
}

/** The URL the app's page has: app://dst-inspector/index.html, or the dev server's origin (development only). */
export function isAppUrl(url: string, paths: AppPaths): boolean {
  if (paths.devUrl) {
    try {
      if (new URL(url).origin === new URL(paths.devUrl).origin) return true;
    } catch {
      return false;
    }
  }
  return isAppPageUrl(url);
}

/** `fragment`: a checked link's view to open on (link-handler.ts), put after the page's address as '#…'. */
export function createMainWindow(paths: AppPaths, dev: boolean, fragment?: string): BrowserWindow {
  const win = new BrowserWindow({
    width: 1400,
    height: 900,
    minWidth: 800,
    minHeight: 500,
    show: false,
    title: 'DST Inspector',
    webPreferences: webPreferences(paths.preload, dev),
  });
  lockDown(win.webContents);
  win.once('ready-to-show', () => win.show());
  void win.loadURL(`${paths.devUrl ?? APP_INDEX_URL}${fragment ? `#${fragment}` : ''}`);
  return win;
}
