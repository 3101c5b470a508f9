// Layer: main (Node). Opens a URL in the system browser when there is one
// (xdg-open on a desktop session, open on macOS, start on Windows); silently
// does nothing otherwise (headless servers).

import { spawn } from 'node:child_process';

export function openBrowser(url: string): void {
  let cmd: string;
  let args: string[];
  if (process.platform === 'darwin') {
    cmd = 'open';
    args = [url];
  } else if (process.platform === 'win32') {
    cmd = 'cmd';
    args = ['/c', 'start', '""', url.replace(/&/g, '^&')];
  } else {
    if (!process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) return;
    cmd = 'xdg-open';
    args = [url];
  }
  try {
    const child = spawn(cmd, args, { stdio: 'ignore', detached: true });
    child.on('error', () => {});
    child.unref();
  } catch {
    /* no browser: the printed address is enough */
  }
}
