// End-to-end: a view that throws while rendering shows an error panel in its
// place (components/ViewErrorBoundary), never a blank window (issue 15). The
// test feeds the page answers that make a view throw (Playwright routes one
// API call to a malformed body): the spurious-traits section of the analysis
// view, then the whole inspect view. The panel names what failed and gives
// the message; the header, the other views and the other analysis sections
// keep working; "Try again" asks again and shows the view once the answers
// are good.
/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { FIXTURES } from '../helpers/fixtures';
import { chromiumAvailable, launchBrowser, startServer, type Server } from './harness';

const PRED = join(FIXTURES, 'multiwoz-somdst-100', 'predictions.json');
const PANEL = '[data-testid="view-error"]';

describe.skipIf(!chromiumAvailable())('a view that throws shows an error panel', () => {
  let browser: Browser;
  let server: Server;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), startServer([PRED])]);
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    page.on('pageerror', (e) => errors.push(e.message));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Answers `call` with a body of the wrong shape (status 200), as a broken server or a bug would. */
  const breakCall = (call: string, body: string) =>
    page.route(`**/api/${call}`, (r) => r.fulfill({ status: 200, contentType: 'application/json', body }));

  it('a failing analysis section: a panel in the section, the other sections, views and the header still work; Try again recovers', async () => {
    await breakCall('traitsView', '{}');
    await page.goto(server.url);
    await page.waitForSelector('[data-testid="corpus-metric"][data-metric="JGA"]');
    await page.click('[data-testid="nav-analysis"]');
    await page.click('[data-testid="analysis-tab-traits"]');
    const panel = page.locator(PANEL);
    await panel.waitFor({ timeout: 30_000 });
    expect(await panel.getAttribute('data-view')).toBe('Analysis › Spurious traits');
    expect(await page.textContent('[data-testid="view-error-message"]')).toMatch(/^TypeError: .*correlations/);
    // The window is not blank: the header's scores and the analysis tabs are still there and work.
    expect(await page.locator('[data-testid="corpus-metric"][data-metric="JGA"]').count()).toBe(1);
    await page.click('[data-testid="analysis-tab-breakdown"]');
    await page.waitForSelector('[data-testid="breakdown-row"]', { timeout: 30_000 });
    expect(await panel.count()).toBe(0);
    await page.click('[data-testid="nav-inspect"]');
    await page.waitForSelector('[data-testid="dialogue-item"]');
    // Back to the section: the malformed answer is still the cached one, so the panel again; with good answers, Try again shows the chart.
    await page.click('[data-testid="nav-analysis"]');
    await page.click('[data-testid="analysis-tab-traits"]');
    await panel.waitFor();
    await page.unroute('**/api/traitsView');
    await page.click('[data-testid="view-error-retry"]');
    await page.waitForSelector('[data-testid="traits-chart"]', { timeout: 30_000 });
    expect(await page.locator('[data-testid="traits-row"]').count()).toBe(2);
    expect(await panel.count()).toBe(0);
  });

  it('a failing view: the panel stands in for the view; the header and the other views work; Try again recovers', async () => {
    await breakCall('dialogueDetail', '{"id": 7}');
    await page.goto(server.url);
    await page.waitForSelector('[data-testid="corpus-metric"][data-metric="JGA"]');
    const panel = page.locator(PANEL);
    await panel.waitFor({ timeout: 30_000 });
    expect(await panel.getAttribute('data-view')).toBe('Inspect');
    expect(await page.textContent('[data-testid="view-error-message"]')).toMatch(/^TypeError: /);
    expect(await page.locator('main').count()).toBe(1);
    // Another view works, the header's controls too.
    await page.click('[data-testid="nav-analysis"]');
    await page.waitForSelector('[data-testid="breakdown-row"]', { timeout: 30_000 });
    expect(await panel.count()).toBe(0);
    await page.click('[data-testid="nav-inspect"]');
    await panel.waitFor();
    await page.unroute('**/api/dialogueDetail');
    await page.click('[data-testid="view-error-retry"]');
    await page.waitForSelector('[data-testid="dialogue-title"]', { timeout: 30_000 });
    expect(await panel.count()).toBe(0);
    // Render errors are caught by the boundaries, not thrown to the page.
    expect(errors).toEqual([]);
  });
});
