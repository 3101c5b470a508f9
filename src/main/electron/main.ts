// Layer: main/electron. Entry of the Electron main process (built to
// out/main/index.js, ESM): one instance, every renderer sandboxed, and the
// shell started when Electron is ready.

import { app } from 'electron';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startShell } from './app-shell';

const here = dirname(fileURLToPath(import.meta.url));
const dev = !app.isPackaged && !!process.env.ELECTRON_RENDERER_URL;

app.enableSandbox();
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
        devUrl: dev ? process.env.ELECTRON_RENDERER_URL : undefined,
      },
      dev || process.env.DST_INSPECTOR_DEVTOOLS === '1',
    ),
  );
}
