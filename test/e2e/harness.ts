// E2E harness: starts `dst-inspector serve` from the built `out/` as a child
// process and drives Debian's Chromium with playwright-core (never a
// downloaded browser). Shared by the e2e tests and scripts/screenshots.js's
// way of working.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CLI = join(ROOT, 'out', 'main', 'cli.cjs');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Server {
  url: string;
  origin: string;
  token: string;
  proc: ChildProcess;
  stop(): Promise<void>;
}

/** Starts `node out/main/cli.cjs serve <args> --port 0` and waits for its one URL line. */
export function startServer(args: string[]): Promise<Server> {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` first (npm test does)`);
  const proc = spawn(process.execPath, [CLI, 'serve', ...args, '--port', '0'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => fail(new Error(`serve did not print its address within 20 s\n${out}${err}`)), 20_000);
    const fail = (e: Error) => {
      clearTimeout(timer);
      proc.kill();
      reject(e);
    };
    proc.stderr!.on('data', (b: Buffer) => (err += b.toString()));
    proc.on('exit', (code) => fail(new Error(`serve exited with ${code}\n${out}${err}`)));
    proc.stdout!.on('data', (b: Buffer) => {
      out += b.toString();
      const m = /DST Inspector at (http:\/\/127\.0\.0\.1:\d+)\/\?token=(\S+)/.exec(out);
      if (!m) return;
      clearTimeout(timer);
      proc.removeAllListeners('exit');
      resolve({
        url: `${m[1]}/?token=${m[2]}`,
        origin: m[1],
        token: m[2],
        proc,
        stop: () =>
          new Promise<void>((done) => {
            if (proc.exitCode !== null || proc.signalCode !== null) return done();
            proc.once('exit', () => done());
            proc.kill();
          }),
      });
    });
  });
}

/** One API call over the server's HTTP transport, with its token; a non-2xx answer throws with its body. */
export async function apiCall<T = Record<string, unknown>>(s: Server, name: string, args: unknown): Promise<T> {
  const r = await fetch(`${s.origin}/api/${name}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${s.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(args),
  });
  if (!r.ok) throw new Error(`${name}: ${r.status} ${await r.text()}`);
  return (await r.json()) as T;
}

/** Waits (up to 10 s) until the server's first run is ready; returns its revision. */
export async function firstRunReady(s: Server): Promise<number> {
  for (let k = 0; k < 200; k++) {
    const { runs } = await apiCall<{ runs: { state: string; revision: number }[] }>(s, 'listRuns', {});
    if (runs[0]?.state === 'ready') return runs[0].revision;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('run not ready');
}

/**
 * Whether the system Chromium is there. Outside CI the e2e suite is skipped
 * without it (say so loudly); in CI (CI=true, where .ci/run installs it) a
 * missing browser is a failure, never a silent skip.
 */
export function chromiumAvailable(): boolean {
  if (existsSync(CHROMIUM)) return true;
  if (process.env.CI) throw new Error(`${CHROMIUM} is missing in CI: .ci/run installs Debian's chromium`);
  process.stderr.write(`\n*** e2e tests SKIPPED: ${CHROMIUM} not found (apt-get install chromium, or set CHROMIUM_PATH) ***\n\n`);
  return false;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/**
 * A browser for a describe block's tests and the servers they start, closed after them: registers the
 * block's beforeAll/afterAll, so a test file only says `const session = browserSession();`.
 */
export function browserSession(): { browser: () => Browser; serve: (args: string[]) => Promise<Server> } {
  let browser: Browser | undefined;
  const servers: Server[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    for (const s of servers) await s.stop();
    await browser?.close();
  });
  return {
    browser: () => {
      if (!browser) throw new Error('browserSession: the browser is not launched yet (use it inside a test)');
      return browser;
    },
    serve: async (args) => {
      const s = await startServer(args);
      servers.push(s);
      return s;
    },
  };
}
