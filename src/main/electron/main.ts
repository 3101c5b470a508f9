// Layer: main/electron. Entry of the Electron main process (built to
// out/main/index.js, ESM): one instance, every renderer sandboxed, the app://
// scheme declared privileged, and the shell started when Electron is ready.

import { app, protocol } from 'electron';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_SCHEME_PRIVILEGES } from './app-protocol';
import { startShell } from './app-shell';
import { devRendererUrl } from './dev-server';

const here = dirname(fileURLToPath(import.meta.url));
// electron-vite's dev server: unpackaged runs started by `electron-vite dev` only (dev-server.ts).
const devUrl = devRendererUrl(app.isPackaged, process.env);
const dev = devUrl !== undefined;

app.enableSandbox();
// The renderer's app:// scheme must be declared privileged before the app is ready.
protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);
// dst-inspector:// links open in this app (each is checked before the page sees it: link-handler.ts).
if (app.isPackaged) app.setAsDefaultProtocolClient('dst-inspector');
else if (process.argv[1]) app.setAsDefaultProtocolClient('dst-inspector', process.execPath, [process.argv[1]]);
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  void app.whenReady().then(() =>
    startShell(
      {
        preload: join(here, '..', 'preload', 'index.cjs'),
        rendererIndex: join(here, '..', 'renderer', 'index.html'),
        devUrl,
      },
      dev, // developer tools only in development (electron-vite's dev server, unpackaged)
    ),
  );
}
