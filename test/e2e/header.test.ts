// End-to-end: the header and the load-error page at the window's edges
// (issue 15, item 8), in browser mode with headless Chromium. A filter does
// not change the header's height (the filtered scores have a line of their
// own, kept while no filter is on); a metric's tooltip stays inside the
// window at its right edge (the rightmost header metric at 1280 wide) and
// its bottom edge (the metric panel's last term in a short window, also
// above the pane's scroll clipping); the load-error page says what a file no
// layout matches holds, and that a file ending inside a string may be truncated.
/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { FIXTURES } from '../helpers/fixtures';
import { chromiumAvailable, launchBrowser, startServer, type Server } from './harness';

const SOM = join(FIXTURES, 'multiwoz-somdst-100');
const corpusMetric = (m: string) => `[data-testid="corpus-metric"][data-metric="${m}"][data-scope="corpus"]`;
const filteredMetric = '[data-testid="corpus-metric"][data-metric="JGA"][data-scope="filtered"]';

describe.skipIf(!chromiumAvailable())('the header and the load-error page at the window’s edges', () => {
  let browser: Browser;
  let server: Server;
  const tmp = mkdtempSync(join(tmpdir(), 'dst-e2e-header-'));
  const errors: string[] = [];

  beforeAll(async () => {
    [browser, server] = await Promise.all([
      launchBrowser(),
      startServer([join(SOM, 'predictions.json'), '--dialogues', join(SOM, 'dialogues.json')]),
    ]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(tmp, { recursive: true, force: true });
  });

  async function open(width: number, height: number): Promise<Page> {
    const page = await (await browser.newContext({ viewport: { width, height } })).newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.url);
    await page.waitForSelector(corpusMetric('JGA'));
    return page;
  }

  const headerHeight = async (page: Page) => (await page.locator('.app-header').boundingBox())!.height;

  it.each([1280, 1920, 1024])('at %i wide, turning a filter on and off does not change the header’s height', async (width) => {
    const page = await open(width, 800);
    const without = await headerHeight(page);
    await page.selectOption('[data-testid="domain-filter"]', 'taxi');
    await page.waitForSelector(filteredMetric);
    await expect.poll(() => page.textContent('[data-testid="filtered-label"]')).toMatch(/15 of 100 dialogues/);
    expect(await headerHeight(page)).toBe(without);
    // A long search as the filter: its label is cut on screen, the header keeps its height.
    await page.selectOption('[data-testid="domain-filter"]', '');
    await page.fill('input[type="search"]', 'wrong:restaurant-food wrong:hotel-area missed:train-leaveat overshot:taxi-departure');
    await page.press('input[type="search"]', 'Enter');
    await expect.poll(() => page.textContent('[data-testid="filtered-label"]'), { timeout: 20_000 }).toMatch(/of 100 dialogues/);
    expect(await headerHeight(page)).toBe(without);
    // The count stays visible whatever the filter's length.
    const label = (await page.locator('[data-testid="filtered-label"]').boundingBox())!;
    const n = (await page.locator('[data-testid="filtered-label"] .n').boundingBox())!;
    expect(n.x + n.width).toBeLessThanOrEqual(label.x + label.width + 0.5);
    await page.fill('input[type="search"]', '');
    await page.press('input[type="search"]', 'Enter');
    await expect.poll(() => page.locator(filteredMetric).count()).toBe(0);
    expect(await headerHeight(page)).toBe(without);
    await page.context().close();
  });

  it('at 1280 wide, the rightmost header metric’s tooltip stays inside the window', async () => {
    const page = await open(1280, 800);
    const terms = page.locator('.app-header .corpus-scores .term');
    const last = terms.last();
    const termBox = (await last.boundingBox())!;
    await last.hover();
    const tip = last.locator('[data-testid="metric-tooltip"]');
    await tip.waitFor({ state: 'visible' });
    const box = (await tip.boundingBox())!;
    // Left where it is, from the term's start, it would cross the edge: it moved inward.
    expect(termBox.x + box.width).toBeGreaterThan(1280);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(1280);
    expect(box.y).toBeGreaterThanOrEqual(termBox.y + termBox.height);
    expect(await tip.getAttribute('data-placement')).toBe('below shifted');
    // Keyboard focus places it the same way.
    await page.mouse.move(5, 700);
    await last.locator('.term-name').focus();
    const focused = (await tip.boundingBox())!;
    expect(focused.x + focused.width).toBeLessThanOrEqual(1280);
    await page.context().close();
  });

  it('in a short window, a tooltip at the bottom edge opens above its name, whole and on top of the scrolling pane', async () => {
    const page = await open(1280, 360);
    const nu = page.locator('.metric-panel .term[data-term="NU"]');
    const termBox = (await nu.boundingBox())!;
    await nu.hover();
    const tip = nu.locator('[data-testid="metric-tooltip"]');
    await tip.waitFor({ state: 'visible' });
    const box = (await tip.boundingBox())!;
    expect(termBox.y + termBox.height + box.height).toBeGreaterThan(360);
    expect(box.y + box.height).toBeLessThanOrEqual(termBox.y);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(await tip.getAttribute('data-placement')).toMatch(/^above/);
    // The tooltip, not the pane under it, is what the window shows at its middle.
    const hit = await page.evaluate(
      ([x, y]) => !!document.elementFromPoint(x, y)?.closest('[data-testid="metric-tooltip"]'),
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    expect(hit).toBe(true);
    await page.context().close();
  });

  it('the load-error page says what a file of no known layout holds, and that a file ending in a string may be truncated', async () => {
    const other = join(tmp, 'other.json');
    writeFileSync(other, JSON.stringify({ a: { x: 1, y: 2 }, b: { x: 3 }, c: { z: 4 } }));
    const cut = join(tmp, 'cut.json');
    const full = readFileSync(join(SOM, 'predictions.json'), 'utf8');
    writeFileSync(cut, full.slice(0, full.indexOf('"west"', 2000) + 3));
    const page = await open(1280, 800);
    const openFile = async (path: string) => {
      await page.keyboard.press('Control+o');
      await page.fill('[data-testid="open-path"]', path);
      await page.click('[data-testid="open-submit"]');
    };
    await openFile(other);
    await page.waitForSelector('[data-testid="load-error"]');
    expect(await page.textContent('[data-testid="load-error-message"]')).toMatch(/unknown layout/);
    expect(await page.textContent('[data-testid="load-error-found"]')).toBe(
      'top level is an object with keys "a", "b", "c" whose values are objects with keys "x", "y", "z"',
    );
    expect(await page.locator('[data-testid="load-error-truncated"]').count()).toBe(0);
    await openFile(cut);
    await expect.poll(() => page.textContent('[data-testid="load-error-message"]'), { timeout: 20_000 }).toMatch(/unterminated string/);
    expect(await page.textContent('[data-testid="load-error-truncated"]')).toMatch(/ends inside a string: it may be truncated/);
    expect(await page.locator('[data-testid="load-error-found"]').count()).toBe(0);
    await page.context().close();
    expect(errors).toEqual([]);
  });
});
