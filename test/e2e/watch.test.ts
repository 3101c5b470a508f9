// End-to-end: following a training run in browser mode. `serve FILE --watch`
// shows the Watch toggle pressed; when the file is rewritten with more
// dialogues the header's scores change without a reload and a notice says what
// changed; the toggle turns watching off and on. `serve --watch GLOB` opens the
// matching files as runs and adds a new checkpoint's file as a run.
/// <reference lib="dom" />
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES } from '../helpers/fixtures';
import { chromiumAvailable, launchBrowser, startServer, type Server } from './harness';

const MUL = JSON.parse(readFileSync(join(FIXTURES, 'paper', 'mul1110.json'), 'utf8')) as Record<string, unknown>;
const SNG = JSON.parse(readFileSync(join(FIXTURES, 'paper', 'sng0779.json'), 'utf8')) as Record<string, unknown>;

describe.skipIf(!chromiumAvailable())('serve --watch in headless Chromium', () => {
  let browser: Browser;
  const servers: Server[] = [];
  const tmp = mkdtempSync(join(tmpdir(), 'dst-e2e-watch-'));

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    for (const s of servers) await s.stop();
    rmSync(tmp, { recursive: true, force: true });
  });

  async function open(args: string[]): Promise<Page> {
    const server = await startServer(args);
    servers.push(server);
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(server.url);
    return page;
  }

  it('reloads the run when its file changes and says what changed', async () => {
    const file = join(tmp, 'preds.json');
    writeFileSync(file, JSON.stringify(MUL));
    const page = await open([file, '--watch']);
    const toggle = page.locator('[data-testid="watch-toggle"]');
    await expect.poll(() => toggle.getAttribute('aria-pressed'), { timeout: 20_000 }).toBe('true');
    const jga = page.locator('[data-testid="corpus-metric"][data-metric="JGA"]');
    await expect.poll(() => jga.textContent(), { timeout: 20_000 }).toMatch(/\d/);
    const before = await jga.textContent();
    writeFileSync(file, JSON.stringify({ ...MUL, ...SNG }));
    await expect
      .poll(() => page.locator('[data-testid="notice"]').textContent(), { timeout: 20_000 })
      .toMatch(/reloaded: \+1 dialogues \(2\)/);
    await expect.poll(() => jga.textContent(), { timeout: 20_000 }).not.toBe(before);
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
  });

  it('opens the files a glob matches and adds a new checkpoint as a run', async () => {
    const dir = join(tmp, 'outputs');
    mkdirSync(join(dir, 'epoch_1'), { recursive: true });
    writeFileSync(join(dir, 'epoch_1', 'preds.json'), JSON.stringify(MUL));
    const page = await open(['--watch', join(dir, 'epoch_*', 'preds.json')]);
    // One run (no run picker yet), opened from the glob and watched.
    await expect.poll(() => page.locator('[data-testid="watch-toggle"]').getAttribute('aria-pressed'), { timeout: 20_000 }).toBe('true');
    const options = page.locator('[data-testid="run-select"] option');
    expect(await options.count()).toBe(0);
    mkdirSync(join(dir, 'epoch_2'));
    writeFileSync(join(dir, 'epoch_2', 'preds.json'), JSON.stringify({ ...MUL, ...SNG }));
    await expect.poll(() => options.count(), { timeout: 20_000 }).toBe(2);
    await expect.poll(() => page.locator('[data-testid="notice"]').textContent(), { timeout: 20_000 }).toMatch(/new run .*2 dialogues/);
  });
});
