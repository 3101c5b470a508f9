// End-to-end test of the compare view with real run names (headless Debian
// Chromium, browser mode): a 40-character TripPy baseline and three
// `T5_fewshot_taxi__ratio_<r>_seed_557_prediction` runs. At 1280 and 1920
// pixels wide, the pair list's rows do not overlap and keep their text inside
// them, and the sort and filter controls stay inside the list's column (long
// names are cut, with the full names as tooltips); the series panel reads x
// from the number that differs across the three T5 names (ratio, not T5's
// 5), says so, and fills those runs' x (the baseline has none); when a
// rename makes the seed differ too, it names both and lets one be chosen.
/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { seriesRun } from '../helpers/perturb';
import { chromiumAvailable, launchBrowser, ROOT, startServer, type Server } from './harness';

const SOM = join(ROOT, 'test', 'fixtures', 'multiwoz-somdst-100');
const BASELINE = 'TripPy_MultiWOZ2.1_test_full_predictions';
const RATIOS = ['0.01', '0.05', '0.1'];
const T5 = RATIOS.map((r) => `T5_fewshot_taxi__ratio_${r}_seed_557_prediction`);

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const inside = (a: Box, b: Box) =>
  a.x >= b.x - 0.5 && a.y >= b.y - 0.5 && a.x + a.width <= b.x + b.width + 0.5 && a.y + a.height <= b.y + b.height + 0.5;
const overlap = (a: Box, b: Box) =>
  Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x) > 0.5 && Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y) > 0.5;

describe.skipIf(!chromiumAvailable())('compare view with long run names in headless Chromium', () => {
  let browser: Browser;
  let server: Server;
  const errors: string[] = [];
  const tmp = mkdtempSync(join(tmpdir(), 'dst-e2e-names-'));

  beforeAll(async () => {
    expect(BASELINE).toHaveLength(40);
    const text = readFileSync(join(SOM, 'predictions.json'), 'utf8');
    const files = T5.map((n, k) => {
      const f = join(tmp, `${n}.json`);
      writeFileSync(f, seriesRun(text, 0.2 * k, 0.3 - 0.1 * k, 3 + k));
      return f;
    });
    [browser, server] = await Promise.all([
      launchBrowser(),
      startServer([join(SOM, 'predictions.json'), ...files, '--name', [BASELINE, ...T5].join(',')]),
    ]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(tmp, { recursive: true, force: true });
  });

  async function open(width: number): Promise<Page> {
    const page = await (await browser.newContext({ viewport: { width, height: 1000 } })).newPage();
    page.on('pageerror', (e) => errors.push(`${width}: ${e.message}`));
    await page.goto(server.url);
    await page.click('[data-testid="nav-compare"]');
    await page.waitForSelector('[data-testid="run-delta"]', { timeout: 60_000 });
    await page.waitForSelector('[data-testid="pair-item"]', { timeout: 30_000 });
    return page;
  }

  for (const width of [1280, 1920]) {
    it(`${width} px: pair rows do not overlap, their text stays inside, the sort control stays in its column`, async () => {
      const page = await open(width);
      const rows = await page.$$eval('[data-testid="pair-item"]', (els) =>
        els.map((e) => {
          const box = (el: Element) => {
            const r = el.getBoundingClientRect();
            return { x: r.x, y: r.y, width: r.width, height: r.height };
          };
          return { row: box(e), parts: Array.from(e.children).map(box) };
        }),
      );
      expect(rows.length).toBeGreaterThan(5);
      for (const [i, r] of rows.entries()) {
        for (const p of r.parts) expect(inside(p, r.row), `row ${i}: a line of it leaves the row`).toBe(true);
        for (const s of rows.slice(i + 1)) expect(overlap(r.row, s.row), `row ${i} overlaps another`).toBe(false);
      }
      const column = (await page.locator('.pair-list').boundingBox())!;
      for (const sel of [
        '[data-testid="pair-sort"]',
        '[data-testid="pair-metric"]',
        '[data-testid="pair-sort-row"] button',
        '[data-testid="pair-filter"]',
      ])
        expect(inside((await page.locator(sel).boundingBox())!, column), `${sel} stays inside the pair list`).toBe(true);
      // Cut names carry the full names as tooltips.
      expect(await page.getAttribute('[data-testid="pair-sort"]', 'title')).toBe(
        `sort by ${T5[0]} − ${BASELINE} on JGA (A = ${BASELINE}, B = ${T5[0]})`,
      );
      expect(await page.locator('[data-testid="pair-item"] .turn-counts').first().getAttribute('title')).toContain(`${BASELINE} gets`);
      expect(await page.getAttribute('[data-testid="pair-a"]', 'title')).toBe(BASELINE);
      expect(errors).toEqual([]);
    });
  }

  it('the series panel reads x = ratio from the three T5 names and fills their x; the baseline has none', async () => {
    const page = await open(1280);
    await page.waitForSelector('[data-testid="series-chart"]', { timeout: 30_000 });
    expect(await page.textContent('[data-testid="series-from-names"]')).toBe(
      'x = ratio (0.01, 0.05, 0.1) read from the names for 3 of the 4 runs.',
    );
    const xs = await page.$$eval('[data-testid="series-x"]', (els) => els.map((e) => (e as HTMLInputElement).value));
    expect(xs).toEqual(['', ...RATIOS]);
    expect(await page.locator('[data-testid="series-chart"] text', { hasText: /^ratio( \(log scale\))?$/ }).count()).toBeGreaterThan(0);
    // Renamed so that the seed differs too: no x until one of the two numbers is chosen.
    await page.click(`[data-testid="run-rename"][data-run="${T5[2]}"]`);
    await page.fill('[data-testid="run-rename-input"]', T5[2].replace('seed_557', 'seed_558'));
    await page.press('[data-testid="run-rename-input"]', 'Enter');
    await expect
      .poll(() => page.textContent('[data-testid="series-from-names"]'), { timeout: 30_000 })
      .toBe(
        "The run names give no x yet: 2 numbers differ across the names: ratio (0.01, 0.05, 0.1) and seed (557, 558); choose one as x (--series-x names:ratio) or give each run's x.",
      );
    expect(await page.$$eval('[data-testid="series-part"]', (els) => els.map((e) => (e as HTMLElement).dataset.part))).toEqual([
      'ratio',
      'seed',
    ]);
    await page.click('[data-testid="series-part"][data-part="ratio"]');
    await expect
      .poll(() => page.textContent('[data-testid="series-from-names"]'))
      .toBe('x = ratio (0.01, 0.05, 0.1) read from the names for 3 of the 4 runs.');
    expect(await page.getAttribute('[data-testid="series-part"][data-part="ratio"]', 'aria-pressed')).toBe('true');
    expect(await page.$$eval('[data-testid="series-x"]', (els) => els.map((e) => (e as HTMLInputElement).value))).toEqual(['', ...RATIOS]);
    expect(errors).toEqual([]);
  });
});
