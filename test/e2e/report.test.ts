// End-to-end: the HTML report opened from disk (file://) in headless Chromium,
// offline: the viewer shows the chosen dialogues with the app's chips, metric
// panel and per-turn chart; a click and the j/k keys change dialogue; a run
// tab switches runs; no request leaves the page and nothing is refused by its
// Content-Security-Policy (no console error).
/// <reference lib="dom" />
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES } from '../helpers/fixtures';
import { runCli } from '../helpers/cli';
import { chromiumAvailable, launchBrowser } from './harness';

const SOM = join(FIXTURES, 'multiwoz-somdst-100', 'predictions.json');
const SOM_DIALOGUES = join(FIXTURES, 'multiwoz-somdst-100', 'dialogues.json');

describe.skipIf(!chromiumAvailable())('the HTML report in a browser', () => {
  let browser: Browser;
  let page: Page;
  const requests: string[] = [];
  const errors: string[] = [];
  const tmp = mkdtempSync(join(tmpdir(), 'dst-e2e-report-'));
  const file = join(tmp, 'report.html');

  beforeAll(async () => {
    const r = runCli([
      'report',
      SOM,
      SOM,
      '--name',
      'first,second',
      '--dialogues',
      SOM_DIALOGUES,
      '--dialogues-top',
      '12',
      '--bootstrap',
      '100',
      '--trials',
      '100',
      '--out',
      file,
    ]);
    expect(r.code, r.stderr).toBe(0);
    browser = await launchBrowser();
    // Offline: a page that tried the network would fail here, and is recorded either way.
    const context = await browser.newContext({ viewport: { width: 1440, height: 1000 }, offline: true });
    page = await context.newPage();
    page.on('request', (q) => {
      if (!/^(file|data):/.test(q.url())) requests.push(q.url());
    });
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`file://${file}`);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('shows the scores as text and the chosen dialogues in the viewer', async () => {
    await expect.poll(() => page.locator('[data-testid="report-dialogue"]').count()).toBe(12);
    expect(await page.locator('[data-testid="list-count"]').textContent()).toBe('12');
    expect(await page.locator('[data-testid="report-scores"]').textContent()).toMatch(/\d+\.\d\d/);
    const first = await page.locator('[data-testid="report-dialogue"]').first().getAttribute('data-id');
    expect(await page.locator('[data-testid="dialogue-title"]').textContent()).toBe(first);
    expect(await page.locator('.dialogue-view .chip').count()).toBeGreaterThan(0);
    expect(await page.locator('.metric-panel svg').count()).toBeGreaterThan(0);
  });

  it('changes dialogue on a click and with j/k, and run with its tab', async () => {
    const rows = page.locator('[data-testid="report-dialogue"]');
    const third = (await rows.nth(2).getAttribute('data-id'))!;
    await rows.nth(2).click();
    await expect.poll(() => page.locator('[data-testid="dialogue-title"]').textContent()).toBe(third);
    await page.keyboard.press('j');
    await expect.poll(() => page.locator('[data-testid="dialogue-title"]').textContent()).toBe(await rows.nth(3).getAttribute('data-id'));
    await page.keyboard.press('k');
    await expect.poll(() => page.locator('[data-testid="dialogue-title"]').textContent()).toBe(third);
    const tabs = page.locator('[data-testid="report-run"]');
    expect(await tabs.count()).toBe(2);
    await tabs.nth(1).click();
    await expect.poll(() => tabs.nth(1).getAttribute('aria-selected')).toBe('true');
    expect(await page.locator('[data-testid="dialogue-title"]').textContent()).toBeTruthy();
  });

  it('made no request and broke no rule of its Content-Security-Policy', () => {
    expect(requests).toEqual([]);
    expect(errors).toEqual([]);
  });
});
