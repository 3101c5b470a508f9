// Layer: main (Node). Opens the inspector in the system browser when there is
// one (xdg-open on a desktop session, open on macOS, start on Windows), without
// ever putting the session token on a command line, where any local user could
// read it (`ps`, /proc/<pid>/cmdline). As Jupyter does, the token-bearing
// address goes into a launch file readable by this user only (mode 0600, in a
// fresh 0700 folder); the browser is given the file's path, and the page in it
// forwards to the address. The file is removed when the server stops.

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export interface LaunchFile {
  /** The file's path (what the browser is given). */
  path: string;
  /** Removes the file and its folder. */
  dispose(): void;
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Writes the launch page for `url` (which carries the token) into a new private folder. */
export function writeLaunchFile(url: string, parent = tmpdir()): LaunchFile {
  const dir = mkdtempSync(join(parent, 'dst-inspector-')); // mkdtemp creates it with mode 0700
  const path = join(dir, 'open.html');
  const u = escapeHtml(url);
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="referrer" content="no-referrer">
<meta http-equiv="refresh" content="0;url=${u}">
<title>Opening DST Inspector…</title>
</head>
<body>
<p>Opening DST Inspector… If nothing happens, <a href="${u}">open it here</a>.</p>
</body>
</html>
`;
  writeFileSync(path, html, { mode: 0o600, flag: 'wx' });
  return {
    path,
    dispose: () => {
      try {
        rmSync(dir, { recursive: true, force: true });
      } catch {
        /* already gone */
      }
    },
  };
}

/** The command that opens `target` (a file path) in the default browser here, or null on a machine without a display. */
export function openerCommand(target: string, platform = process.platform, env = process.env): { cmd: string; args: string[] } | null {
  if (platform === 'darwin') return { cmd: 'open', args: [target] };
  if (platform === 'win32') return { cmd: 'cmd', args: ['/c', 'start', '""', pathToFileURL(target).href.replace(/&/g, '^&')] };
  if (!env.DISPLAY && !env.WAYLAND_DISPLAY) return null;
  return { cmd: 'xdg-open', args: [target] };
}

/**
 * Opens `url` in the system browser through a launch file; returns the file
 * (remove it with dispose() when the server stops), or null when there is no
 * display (headless servers: the printed address is enough).
 */
export function openBrowser(url: string): LaunchFile | null {
  const probe = openerCommand('x');
  if (!probe) return null;
  let launch: LaunchFile;
  try {
    launch = writeLaunchFile(url);
  } catch {
    return null;
  }
  const { cmd, args } = openerCommand(launch.path)!;
  try {
    const child = spawn(cmd, args, { stdio: 'ignore', detached: true });
    child.on('error', () => {});
    child.unref();
  } catch {
    /* no browser: the printed address is enough */
  }
  return launch;
}
