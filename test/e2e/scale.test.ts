// End-to-end: the spurious-traits view on the corpus size of issue 15 — the
// seeded synthetic corpus of bench/generate.js at 500k turns, 66,037
// dialogues — where the view used to throw "Maximum call stack size exceeded"
// and leave a blank window. Now the chart draws the kept dialogues as a
// density grid whose cells count every one of them, the table shows both
// traits, and nothing throws. (Times are measured by bench/traits-render.js,
// not asserted here.)
/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { generateFile } from '../../bench/generate.js';
import { chromiumAvailable, launchBrowser, startServer, type Server } from './harness';

describe.skipIf(!chromiumAvailable())('the spurious-traits view on 500k turns', () => {
  let browser: Browser;
  let server: Server;
  let page: Page;
  const tmp = mkdtempSync(join(tmpdir(), 'dst-e2e-scale-'));
  const file = join(tmp, 'fga-500k.json');
  const errors: string[] = [];
  let dialogues = 0;

  beforeAll(async () => {
    dialogues = generateFile(file, 500_000, 500_000).dialogues;
    [browser, server] = await Promise.all([launchBrowser(), startServer([file])]);
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.url);
    await page.waitForSelector('[data-testid="corpus-metric"][data-metric="JGA"]', { timeout: 120_000 });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('draws the chart as density cells that count every kept dialogue, shows the table, throws nothing', async () => {
    expect(dialogues).toBe(66_037);
    await page.click('[data-testid="nav-analysis"]');
    await page.click('[data-testid="analysis-tab-traits"]');
    await page.waitForSelector('[data-testid="traits-chart"]', { timeout: 120_000 });
    expect(await page.locator('[data-testid="view-error"]').count()).toBe(0);
    expect(await page.locator('[data-testid="traits-row"]').count()).toBe(2);
    const note = (await page.textContent('[data-testid="traits-chart"] [data-role="density-note"]')) ?? '';
    const kept = Number(/^(\d+) kept dialogues/.exec(note)?.[1]);
    expect(kept).toBeGreaterThan(10_000);
    const sums = await page.$$eval('[data-testid="traits-chart"] [data-role="density"]', (cells) => {
      const out: Record<string, number> = {};
      for (const c of cells as SVGElement[]) {
        const k = `${c.dataset.trait}/${c.dataset.metric}`;
        out[k] = (out[k] ?? 0) + Number(c.dataset.count);
      }
      return out;
    });
    expect(sums).toEqual({ 'TO/FGA': kept, 'TO/GCA': kept, 'NU/FGA': kept, 'NU/GCA': kept });
    expect(await page.textContent('[data-testid="traits-row"][data-group="TO"] [data-metric="differ"]')).toMatch(/^(yes|no)$/);
    expect(errors).toEqual([]);
  }, 180_000);
});
