// Layer: main/electron (the only folder importing 'electron'). Placeholder
// window; the full shell comes with the inspector UI.
import { app, BrowserWindow } from 'electron';
import { join } from 'node:path';

app.whenReady().then(() => {
  const win = new BrowserWindow({
    width: 1200,
    height: 800,
    webPreferences: { preload: join(__dirname, '../preload/index.cjs'), contextIsolation: true, sandbox: true, nodeIntegration: false },
  });
  void win.loadFile(join(__dirname, '../renderer/index.html'));
});
