// `dst-inspector serve --open` as a real process with a fake `xdg-open` first
// on PATH: the browser is handed a launch file (mode 0600 in a 0700 folder)
// that forwards to the address, and the session token appears in the
// arguments (and environment) of no process on the machine, neither the
// opener's nor the server's. The launch file is removed when the server stops,
// and one left by a server killed with SIGKILL is removed when the next
// `serve` starts — only ours: by name, owner and a writer that is gone.
import { spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  cleanStaleLaunchFiles,
  openerCommand,
  systemProbe,
  writeLaunchFile,
  type ProcessProbe,
} from '../../../../src/main/web/open-browser';
import { BIN, requireBuild } from '../../../helpers/cli';

const dir = mkdtempSync(join(tmpdir(), 'dst-open-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every process argument list (and environment, where readable) that contains `needle`. */
function processesHolding(needle: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((p) => /^[0-9]+$/.test(p))) {
    for (const what of ['cmdline', 'environ']) {
      try {
        if (readFileSync(`/proc/${pid}/${what}`).includes(needle)) found.push(`${pid}/${what}`);
      } catch {
        /* gone, or another user's */
      }
    }
  }
  return found;
}

const waitFor = async (ok: () => boolean, ms: number) => {
  const end = Date.now() + ms;
  while (!ok() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return ok();
};

describe('serve --open', () => {
  it.runIf(process.platform === 'linux')(
    'never puts the token in a process argument: the browser gets a private launch file',
    async () => {
      requireBuild();
      const bin = join(dir, 'bin');
      const record = join(dir, 'xdg-open-args.txt');
      const fake = join(bin, 'xdg-open');
      mkdirSync(bin);
      writeFileSync(fake, `#!/bin/sh\nprintf '%s\\n' "$@" > "$RECORD.part" && mv "$RECORD.part" "$RECORD"\nsleep 3\n`);
      chmodSync(fake, 0o755);
      const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${bin}:${process.env.PATH}`, DISPLAY: ':99', RECORD: record };
      delete env.WAYLAND_DISPLAY;
      delete env.NODE_OPTIONS;
      const server = spawn(process.execPath, [BIN, 'serve', '--open'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
      try {
        let out = '';
        server.stdout.on('data', (c) => (out += c));
        expect(await waitFor(() => out.includes('\n'), 30_000)).toBe(true);
        const token = /token=([A-Za-z0-9_-]{43})/.exec(out)![1];
        expect(await waitFor(() => existsSync(record), 30_000)).toBe(true);

        // The fake opener is still running (it sleeps): no process holds the token in its arguments or environment.
        expect(processesHolding(token)).toEqual([]);
        const args = readFileSync(record, 'utf8').trim().split('\n');
        expect(args).toHaveLength(1);
        const launch = args[0];
        expect(launch).not.toContain(token);
        expect(statSync(launch).mode & 0o777).toBe(0o600);
        expect(statSync(dirname(launch)).mode & 0o777).toBe(0o700);
        expect(readFileSync(launch, 'utf8')).toContain(`content="0;url=${out.trim().replace('DST Inspector at ', '')}"`);

        server.kill('SIGTERM');
        await new Promise((r) => server.on('exit', r));
        expect(existsSync(launch)).toBe(false);
      } finally {
        if (server.exitCode === null) server.kill('SIGKILL');
      }
    },
    60_000,
  );
});

describe('launch file and opener', () => {
  it('escapes the address in the page, and opens files on each platform', () => {
    const l = writeLaunchFile('http://127.0.0.1:1/?token=a&b="<x>"', dir);
    try {
      const html = readFileSync(l.path, 'utf8');
      expect(html).toContain('url=http://127.0.0.1:1/?token=a&amp;b=&quot;&lt;x&gt;&quot;');
      expect(html).not.toContain('"<x>"');
    } finally {
      l.dispose();
    }
    expect(existsSync(l.path)).toBe(false);
    expect(openerCommand('/tmp/x/open.html', 'linux', {})).toBeNull();
    expect(openerCommand('/tmp/x/open.html', 'linux', { DISPLAY: ':0' })).toEqual({ cmd: 'xdg-open', args: ['/tmp/x/open.html'] });
    expect(openerCommand('/tmp/x/open.html', 'darwin', {})).toEqual({ cmd: 'open', args: ['/tmp/x/open.html'] });
  });
});

describe('stale launch pages (a server killed with kill -9 cannot remove its own)', () => {
  const uid = process.getuid?.() ?? null;
  /** A launch folder as a server with process id `pid` writes it, dated `ageMs` ago. */
  function launchDir(parent: string, pid: number, ageMs = 60_000, suffix = 'Ab12Cd'): string {
    const d = join(parent, `dst-inspector-launch-${pid}-${suffix}`);
    mkdirSync(d, { mode: 0o700 });
    writeFileSync(join(d, 'open.html'), 'token page', { mode: 0o600 });
    const t = new Date(Date.now() - ageMs);
    utimesSync(d, t, t);
    return d;
  }
  const probe = (alive: Record<number, number | null>, u = uid): ProcessProbe => ({
    alive: (pid) => pid in alive,
    startedAt: (pid) => alive[pid] ?? null,
    uid: u,
  });

  it('removes ours whose writer is gone (dead, or its id reused by a later process); keeps every other', () => {
    const parent = mkdtempSync(join(dir, 'tmp-'));
    const dead = launchDir(parent, 4_000_001);
    const reused = launchDir(parent, 4_000_002, 60_000);
    const running = launchDir(parent, 4_000_003, 60_000);
    const unknownStart = launchDir(parent, 4_000_004);
    const mine = launchDir(parent, process.pid);
    const crowded = launchDir(parent, 4_000_005);
    writeFileSync(join(crowded, 'something-else.txt'), 'x');
    const otherName = join(parent, 'dst-inspector-AbCdEf');
    mkdirSync(otherName);
    const link = join(parent, 'dst-inspector-launch-4000006-Zz99Yy');
    symlinkSync(dead, link);
    const removed = cleanStaleLaunchFiles(
      parent,
      probe({ 4_000_002: Date.now() - 1_000, 4_000_003: Date.now() - 3_600_000, 4_000_004: null, [process.pid]: Date.now() }),
    );
    expect(removed.sort()).toEqual([dead, reused].sort());
    for (const d of [dead, reused]) expect(existsSync(d)).toBe(false);
    for (const d of [running, unknownStart, mine, otherName]) expect(existsSync(join(d))).toBe(true);
    expect(existsSync(join(running, 'open.html'))).toBe(true);
    // A folder holding something else is kept (its launch page, which carries a dead token, is gone).
    expect(readdirSync(crowded)).toEqual(['something-else.txt']);
    expect(statSync(link, { throwIfNoEntry: false })).toBeUndefined(); // the link now points at nothing, and was not followed
  });

  it.runIf(uid !== null)("another user's folder is never touched", () => {
    const parent = mkdtempSync(join(dir, 'tmp-'));
    const theirs = launchDir(parent, 4_000_007);
    expect(cleanStaleLaunchFiles(parent, probe({}, (uid as number) + 1))).toEqual([]);
    expect(existsSync(join(theirs, 'open.html'))).toBe(true);
  });

  it.runIf(process.platform === 'linux')('the system probe: this process lives and started before now; a free id does not live', () => {
    expect(systemProbe.alive(process.pid)).toBe(true);
    const started = systemProbe.startedAt(process.pid)!;
    expect(started).toBeLessThanOrEqual(Date.now() + 1000);
    expect(started).toBeGreaterThan(Date.now() - 24 * 3_600_000 * 365);
    expect(systemProbe.alive(2 ** 22 + 12_345)).toBe(false); // above Linux's pid_max limit
  });

  it.runIf(process.platform === 'linux')(
    'serve --open killed with SIGKILL leaves its launch page; the next serve removes it',
    async () => {
      requireBuild();
      const tmp = mkdtempSync(join(dir, 'tmpdir-'));
      const bin = join(dir, 'bin2');
      const record = join(dir, 'args2.txt');
      mkdirSync(bin);
      writeFileSync(join(bin, 'xdg-open'), `#!/bin/sh\nprintf '%s\\n' "$@" > "$RECORD.part" && mv "$RECORD.part" "$RECORD"\n`);
      chmodSync(join(bin, 'xdg-open'), 0o755);
      const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${bin}:${process.env.PATH}`, DISPLAY: ':99', RECORD: record, TMPDIR: tmp };
      delete env.WAYLAND_DISPLAY;
      delete env.NODE_OPTIONS;
      const first = spawn(process.execPath, [BIN, 'serve', '--open'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
      expect(await waitFor(() => existsSync(record), 30_000)).toBe(true);
      const launch = readFileSync(record, 'utf8').trim();
      expect(dirname(launch)).toMatch(new RegExp(`/dst-inspector-launch-${first.pid}-[A-Za-z0-9]{6}$`));
      first.kill('SIGKILL');
      await new Promise((r) => first.on('exit', r));
      expect(existsSync(launch)).toBe(true); // nothing ran to remove it

      const second = spawn(process.execPath, [BIN, 'serve'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
      try {
        let out = '';
        second.stdout.on('data', (c) => (out += c));
        expect(await waitFor(() => out.includes('\n'), 30_000)).toBe(true);
        expect(existsSync(launch)).toBe(false);
        expect(existsSync(dirname(launch))).toBe(false);
      } finally {
        second.kill('SIGKILL');
      }
    },
    60_000,
  );
});
