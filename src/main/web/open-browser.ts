// Layer: main (Node). Opens the inspector in the system browser when there is
// one (xdg-open on a desktop session, open on macOS, start on Windows), without
// ever putting the session token on a command line, where any local user could
// read it (`ps`, /proc/<pid>/cmdline). As Jupyter does, the token-bearing
// address goes into a launch file readable by this user only (mode 0600, in a
// fresh 0700 folder); the browser is given the file's path, and the page in it
// forwards to the address. The file is removed when the server stops; one
// left by a server that was killed (kill -9) is removed by the next `serve`
// (cleanStaleLaunchFiles: only ours — by name, owner and a dead writer).

import { spawn } from 'node:child_process';
import { lstatSync, mkdtempSync, readdirSync, readFileSync, rmdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The launch folder's name: the writer's process id, then mkdtemp's six random characters. */
const PREFIX = 'dst-inspector-launch-';
const STALE_NAME = /^dst-inspector-launch-([0-9]+)-[A-Za-z0-9]{6}$/;
const LAUNCH_FILE = 'open.html';

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
  const dir = mkdtempSync(join(parent, `${PREFIX}${process.pid}-`)); // mkdtemp creates it with mode 0700
  const path = join(dir, LAUNCH_FILE);
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

/** How cleanStaleLaunchFiles tells whether a process lives (tests replace these). */
export interface ProcessProbe {
  /** Whether a process with this id exists (owned by anyone). */
  alive(pid: number): boolean;
  /** When the process with this id started (ms since the epoch), or null if unknown. */
  startedAt(pid: number): number | null;
  /** This user's id, or null where there are none (Windows). */
  uid: number | null;
}

export const systemProbe: ProcessProbe = {
  alive(pid) {
    try {
      process.kill(pid, 0);
      return true;
    } catch (e) {
      return (e as NodeJS.ErrnoException).code === 'EPERM'; // exists, someone else's
    }
  },
  startedAt: linuxStartTime,
  uid: typeof process.getuid === 'function' ? process.getuid() : null,
};

/** Linux: a process's start from /proc (clock ticks after boot; USER_HZ is 100), else null. */
function linuxStartTime(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[19]); // field 22 of the line; fields[0] is field 3
    const btime = /^btime ([0-9]+)$/m.exec(readFileSync('/proc/stat', 'utf8'));
    if (!btime || !Number.isFinite(ticks)) return null;
    return Number(btime[1]) * 1000 + ticks * 10;
  } catch {
    return null;
  }
}

/**
 * Removes launch folders that a killed server left in `parent`: only folders
 * named like ours, owned by this user, that are real folders (not links), not
 * this process's, whose writer is gone — its process id is unused, or used by
 * a process that started after the folder was written (the id was reused).
 * Only the launch file and then the (then empty) folder are removed. Returns
 * the folders removed.
 */
export function cleanStaleLaunchFiles(parent = tmpdir(), probe: ProcessProbe = systemProbe): string[] {
  const removed: string[] = [];
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return removed;
  }
  for (const name of names) {
    const m = STALE_NAME.exec(name);
    if (!m) continue;
    const pid = Number(m[1]);
    if (pid === process.pid) continue;
    const dir = join(parent, name);
    try {
      const st = lstatSync(dir);
      if (!st.isDirectory()) continue;
      if (probe.uid !== null && st.uid !== probe.uid) continue;
      if (probe.alive(pid)) {
        const started = probe.startedAt(pid);
        // 2 s of slack: the clock-tick start time is coarse.
        if (started === null || started <= st.mtimeMs + 2000) continue;
      }
      try {
        unlinkSync(join(dir, LAUNCH_FILE));
      } catch {
        /* already gone */
      }
      rmdirSync(dir); // fails, and keeps the folder, if anything else is in it
      removed.push(dir);
    } catch {
      /* not ours to remove, or gone meanwhile */
    }
  }
  return removed;
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
