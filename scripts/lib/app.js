// What the screenshot and measurement scripts share: the built CLI, the
// system Chromium (never a downloaded one) and `dst-inspector serve` started
// on a free port, its URL (with the token) read from its first line.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CLI = join(ROOT, 'out', 'main', 'cli.cjs');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SOM = join(ROOT, 'test', 'fixtures', 'multiwoz-somdst-100');

/** Fails early, with what to do, when the build or Chromium is missing. */
export function requireBuildAndChromium() {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` first`);
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM} (set CHROMIUM_PATH)`);
}

/** Starts `dst-inspector serve …args` on a free port; resolves to its URL and a stop function. */
export function serve(args = []) {
  const proc = spawn(process.execPath, [CLI, 'serve', ...args, '--port', '0'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    proc.on('exit', (code) => reject(new Error(`serve exited with ${code}`)));
    proc.stdout.on('data', (b) => {
      out += b.toString();
      const m = /DST Inspector at (\S+)/.exec(out);
      if (m) resolve({ url: m[1], stop: () => proc.kill() });
    });
  });
}

/** Headless Chromium from the system, with no background traffic. */
export function launchChromium() {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
