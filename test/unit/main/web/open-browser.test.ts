// `dst-inspector serve --open` as a real process with a fake `xdg-open` first
// on PATH: the browser is handed a launch file (mode 0600 in a 0700 folder)
// that forwards to the address, and the session token appears in the
// arguments (and environment) of no process on the machine, neither the
// opener's nor the server's. The launch file is removed when the server stops.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openerCommand, writeLaunchFile } from '../../../../src/main/web/open-browser';
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
