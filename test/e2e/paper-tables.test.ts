// End-to-end tests of the paper-table settings of issue 15 in browser mode
// (`dst-inspector serve` from out/, headless Debian Chromium), on the
// 100-dialogue SOM-DST fixture: the Export menu's settings — the signature
// line of figures (a toggle: the saved SVG has no footer but keeps <desc>)
// and the tables' metric columns and longest cell (a dialog: the CSV and the
// copied LaTeX hold only the chosen columns; the choice survives a reload,
// and a subset of GCA's parts alone is refused); the turn-position section's
// minimum of turns per point (the hidden positions said on screen, in the
// chart and in the table); and, on a three-run series, the series figure's
// axis label and metrics (its last tick inside the frame) and the p-values
// printed as the CLI prints them.
/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { defaultConfig } from '../../src/shared/metrics/config';
import { pText } from '../../src/shared/report/p-value';
import { metricKeys } from '../helpers/metrics';
import { perturbFga } from '../helpers/perturb';
import { chromiumAvailable, launchBrowser, ROOT, startServer, type Server } from './harness';

const SOM = join(ROOT, 'test', 'fixtures', 'multiwoz-somdst-100');
const PRED = join(SOM, 'predictions.json');

describe.skipIf(!chromiumAvailable())('paper tables from the app', () => {
  let browser: Browser;
  let server: Server;
  let series: Server;
  let context: BrowserContext;
  let page: Page;
  const tmp = mkdtempSync(join(tmpdir(), 'dst-e2e-tables-'));
  const errors: string[] = [];

  beforeAll(async () => {
    const perturbed = join(tmp, 'perturbed.json');
    const copy = join(tmp, 'copy.json');
    writeFileSync(perturbed, perturbFga(readFileSync(PRED, 'utf8')));
    writeFileSync(copy, readFileSync(PRED));
    [browser, server, series] = await Promise.all([
      launchBrowser(),
      startServer([PRED, '--dialogues', join(SOM, 'dialogues.json')]),
      startServer([PRED, perturbed, copy, '--name', 'ratio_0.01,ratio_0.1,ratio_1', '--series-x', '0.01,0.1,1']),
    ]);
    context = await browser.newContext({ viewport: { width: 1440, height: 1000 }, acceptDownloads: true });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.origin });
    page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.url);
    await page.waitForSelector('[data-testid="corpus-metric"][data-metric="JGA"]');
    if (await page.$('[data-testid="dismiss-guide"]')) await page.click('[data-testid="dismiss-guide"]');
    await page.waitForSelector('[data-testid="dialogue-title"]');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await series?.stop();
    rmSync(tmp, { recursive: true, force: true });
  });

  async function openMenu(p = page): Promise<void> {
    if (!(await p.$('[data-testid="export-menu"]'))) await p.click('[data-testid="export-button"]');
    await p.waitForSelector('[data-testid="export-menu"]');
  }

  async function exportFile(id: string): Promise<string> {
    await openMenu();
    const [dl] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.click(`[data-testid="export-item"][data-export="${id}"]`),
    ]);
    const path = join(tmp, `${Date.now()}-${dl.suggestedFilename()}`);
    await dl.saveAs(path);
    return readFileSync(path, 'utf8');
  }

  it('the Export menu has the settings: the signature line (on) and the table columns (every metric, cells ≤ 40)', async () => {
    await openMenu();
    expect(await page.getAttribute('[data-testid="export-signature-toggle"]', 'aria-checked')).toBe('true');
    expect(await page.textContent('[data-testid="export-table-options"]')).toMatch(/Table columns: every metric · cells ≤ 40 characters/);
  });

  it('signature off: the saved dialogue figure has no signature line, and the SVG still says it in <desc>', async () => {
    await page.click('[data-testid="export-signature-toggle"]');
    expect(await page.getAttribute('[data-testid="export-signature-toggle"]', 'aria-checked')).toBe('false');
    const svg = await exportFile('figure-svg');
    expect(svg).not.toMatch(/data-role="signature"/);
    expect(svg).toMatch(/<desc>GCA alpha=10\/11 \| FGA lambda=0\.5/);
  });

  it('the table dialog: a subset of GCA parts alone is refused; JGA and GCA with cells ≤ 20 are taken', async () => {
    await openMenu();
    await page.click('[data-testid="export-table-options"]');
    await page.waitForSelector('[data-testid="export-options-dialog"]');
    await page.check('[data-testid="export-metric"][data-metric="VP"]');
    expect(await page.textContent('[data-testid="export-options-problem"]')).toMatch(/VP is shown beside the metrics/);
    expect(await page.isDisabled('[data-testid="export-options-done"]')).toBe(true);
    await page.uncheck('[data-testid="export-metric"][data-metric="VP"]');
    await page.check('[data-testid="export-metric"][data-metric="JGA"]');
    await page.check('[data-testid="export-metric"][data-metric="GCA"]');
    await page.fill('[data-testid="export-max-cell"]', 'wide');
    expect(await page.isDisabled('[data-testid="export-options-done"]')).toBe(true);
    await page.fill('[data-testid="export-max-cell"]', '20');
    await page.click('[data-testid="export-options-done"]');
    await page.waitForSelector('[data-testid="export-options-dialog"]', { state: 'detached' });
    await openMenu();
    expect(await page.textContent('[data-testid="export-table-options"]')).toMatch(/Table columns: JGA, GCA · cells ≤ 20 characters/);
  });

  it('exports follow them: the corpus CSV and the copied per-turn LaTeX hold only JGA and GCA (and what is no metric)', async () => {
    const csv = await exportFile('corpus-csv');
    expect(csv.split('\n')[0]).toBe('file,turns,JGA,GCA,C,W,M,O,signature');
    await openMenu();
    await page.click('[data-testid="export-item"][data-export="turns-latex"]');
    await expect.poll(() => page.getAttribute('[data-testid="export-status"]', 'data-state')).toBe('done');
    const latex = await page.evaluate(() => navigator.clipboard.readText());
    expect(latex).toMatch(/^Turn & JGA & GCA \(running\) & FGA class & GCA counts \\\\$/m);
  });

  it('a reload keeps the settings (this session)', async () => {
    await page.reload();
    await page.waitForSelector('[data-testid="corpus-metric"][data-metric="JGA"]');
    await openMenu();
    expect(await page.getAttribute('[data-testid="export-signature-toggle"]', 'aria-checked')).toBe('false');
    expect(await page.textContent('[data-testid="export-table-options"]')).toMatch(/Table columns: JGA, GCA · cells ≤ 20/);
    await page.keyboard.press('Escape');
  });

  it('turn position: positions under 30 turns are hidden and said so; 0 shows them all', async () => {
    await page.click('[data-testid="nav-analysis"]');
    await page.click('[data-testid="analysis-tab-position"]');
    await page.waitForSelector('[data-testid="position-row"]');
    expect(await page.inputValue('[data-testid="position-min-turns"]')).toBe('30');
    expect(await page.textContent('[data-testid="position-hidden"]')).toMatch(
      /^3 turn indices with fewer than 30 turns hidden \(8–10; 47 turns in all\)\. Set the minimum to 0/,
    );
    expect(await page.locator('[data-testid="position-row"]').count()).toBe(8);
    expect(await page.textContent('[data-testid="position-chart"] [data-testid="position-hidden-note"]')).toMatch(/3 turn indices/);
    expect(await page.textContent('.analysis-section[aria-label="turn position"] .table-view')).toMatch(
      /3 turn indices with fewer than 30/,
    );
    await page.fill('[data-testid="position-min-turns"]', '0');
    await expect.poll(() => page.locator('[data-testid="position-row"]').count()).toBe(11);
    expect(await page.locator('[data-testid="position-hidden"]').count()).toBe(0);
  });

  describe('a series of three runs', () => {
    let sp: Page;
    beforeAll(async () => {
      sp = await (await browser.newContext({ viewport: { width: 1440, height: 1100 } })).newPage();
      sp.on('pageerror', (e) => errors.push(e.message));
      await sp.goto(series.url);
      await sp.click('[data-testid="nav-compare"]');
      await sp.waitForSelector('[data-testid="series-chart"]', { timeout: 120_000 });
    });

    it('p-values read as the CLI prints them', async () => {
      const deltas = await sp.$$eval('[data-testid="run-delta"]', (els) =>
        els.map((e) => ({
          p: (e as HTMLElement).dataset.p ?? '',
          text: e.closest('.delta-block')?.querySelector('.p')?.textContent ?? '',
        })),
      );
      expect(deltas.length).toBeGreaterThan(0);
      for (const d of deltas) expect(d.text).toBe(pText(Number(d.p)));
      // The copy of the baseline: p = 1 for every metric.
      expect(deltas.filter((d) => d.text === 'p = 1.000').length).toBeGreaterThanOrEqual(8);
    });

    it('the axis label and the metrics of the series figure; every tick label inside the frame', async () => {
      // One panel per metric key of the registry (8 as shipped).
      expect(await sp.locator('[data-testid="series-chart"] [data-testid="series-panel"]').count()).toBe(
        metricKeys(defaultConfig()).length,
      );
      await sp.fill('[data-testid="series-x-label-input"]', 'training data ratio');
      await expect
        .poll(() => sp.textContent('[data-testid="series-chart"] [data-testid="series-x-label"]'))
        .toBe('training data ratio (log scale)');
      // All but JGA and GCA (as shipped: SA, AGA, IAGA, F1, RSA, FGA_0.5).
      for (const m of metricKeys(defaultConfig()).filter((k) => k !== 'JGA' && k !== 'GCA'))
        await sp.uncheck(`[data-testid="series-metric"][data-metric="${m}"]`);
      const panels = () =>
        sp.$$eval('[data-testid="series-chart"] [data-testid="series-panel"]', (els) => els.map((e) => (e as HTMLElement).dataset.metric));
      await expect.poll(panels).toEqual(['JGA', 'GCA']);
      // The last one cannot be unchecked.
      await sp.uncheck('[data-testid="series-metric"][data-metric="JGA"]');
      expect(await sp.isDisabled('[data-testid="series-metric"][data-metric="GCA"]')).toBe(true);
      await sp.check('[data-testid="series-metric"][data-metric="JGA"]');
      const boxes = await sp.$$eval('[data-testid="series-chart"]', (els) => {
        const svg = (els[0].tagName.toLowerCase() === 'svg' ? els[0] : els[0].querySelector('svg')) as SVGSVGElement;
        const frame = svg.getBoundingClientRect();
        return Array.from(svg.querySelectorAll('[data-testid="series-tick"]')).map((t) => {
          const b = (t as SVGGraphicsElement).getBoundingClientRect();
          return { x: (t as SVGElement).dataset.x, left: b.left - frame.left, right: frame.right - b.right };
        });
      });
      expect(boxes.filter((b) => b.x === '1')).toHaveLength(2);
      for (const b of boxes) {
        expect(b.left, b.x).toBeGreaterThanOrEqual(0);
        expect(b.right, b.x).toBeGreaterThanOrEqual(0);
      }
      // The choice is the session's: a reload keeps it.
      await sp.reload();
      await sp.click('[data-testid="nav-compare"]');
      await sp.waitForSelector('[data-testid="series-chart"]', { timeout: 120_000 });
      expect(await sp.inputValue('[data-testid="series-x-label-input"]')).toBe('training data ratio');
      await expect.poll(panels).toEqual(['JGA', 'GCA']);
    });
  });

  it('no page errors', () => expect(errors).toEqual([]));
});
