// End-to-end tests of exporting from the app in browser mode (`serve`, headless
// Chromium): the Export menu (button and key e) saves the demo's MUL1110 as a
// dialogue figure in each format — a well-formed SVG with 31.43 and 48.84 as
// text, a PDF whose fonts are all embedded and none of Type 3 and whose text
// has the same numbers, a PNG 2× twice the SVG's width with 192 dpi — the
// per-turn chart, the tables (CSV, JSON, LaTeX on the clipboard that compiles
// with booktabs) and a 2× screenshot of the view; and the metric panel's chart
// has axes, grows when the panel is resized, and still highlights turns.
/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { pngDpi, pngSize } from '../../src/shared/viz/png-dpi';
import { ADDED_IDS, withoutMetricKeys } from '../helpers/metrics';
import { compileLatex, pdfFonts, pdfText, toolAvailable } from '../helpers/tools';
import { chromiumAvailable, launchBrowser, startServer, type Server } from './harness';

const MUL_ID = 'paper:mul1110/MUL1110.json';

describe.skipIf(!chromiumAvailable())('export from the app', () => {
  let browser: Browser;
  let demo: Server;
  let page: Page;
  const tmp = mkdtempSync(join(tmpdir(), 'dst-e2e-export-'));
  const errors: string[] = [];

  beforeAll(async () => {
    [browser, demo] = await Promise.all([launchBrowser(), startServer([])]);
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: demo.origin });
    page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(demo.url);
    await page.waitForSelector('[data-testid="dialogue-metric"][data-metric="GCA"]');
    await page.click('[data-testid="dismiss-guide"]');
    await page.waitForSelector(`[data-testid="dialogue-title"]:text-is("${MUL_ID}")`);
  });

  afterAll(async () => {
    await browser?.close();
    await demo?.stop();
    rmSync(tmp, { recursive: true, force: true });
  });

  /** Runs one Export menu item and returns the downloaded file. */
  async function exportFile(id: string): Promise<{ name: string; path: string; bytes: Buffer }> {
    if (!(await page.$('[data-testid="export-menu"]'))) await page.click('[data-testid="export-button"]');
    const [dl] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.click(`[data-testid="export-item"][data-export="${id}"]`),
    ]);
    const path = join(tmp, dl.suggestedFilename());
    await dl.saveAs(path);
    await expect.poll(() => page.getAttribute('[data-testid="export-status"]', 'data-state')).toBe('done');
    return { name: dl.suggestedFilename(), path, bytes: readFileSync(path) };
  }

  let svgWidth = 0;
  /** The per-turn table copied as LaTeX. */
  let copied = '';

  it('opens the menu with the key e and lists what the view exports', async () => {
    await page.keyboard.press('e');
    await page.waitForSelector('[data-testid="export-menu"]');
    const ids = await page.$$eval('[data-testid="export-item"]', (els) => els.map((e) => (e as HTMLElement).dataset.export));
    expect(ids).toEqual(
      expect.arrayContaining([
        'figure-svg',
        'figure-pdf',
        'figure-png',
        'figure-copy-png',
        'chart-svg',
        'chart-pdf',
        'chart-png',
        'turns-latex',
        'turns-csv',
        'turns-json',
        'corpus-latex',
        'corpus-csv',
        'corpus-json',
        'screenshot',
      ]),
    );
    await page.keyboard.press('Escape');
    expect(await page.$('[data-testid="export-menu"]')).toBeNull();
  });

  it('saves the dialogue figure as a well-formed SVG with the totals as text', async () => {
    const f = await exportFile('figure-svg');
    expect(f.name).toBe('paper_mul1110_MUL1110-figure.svg');
    const text = f.bytes.toString('utf8');
    const check = await page.evaluate((s) => {
      const doc = new DOMParser().parseFromString(s, 'image/svg+xml');
      const texts = Array.from(doc.querySelectorAll('text')).map((t) => t.textContent);
      return {
        error: doc.querySelector('parsererror')?.textContent ?? null,
        texts,
        desc: doc.querySelector('svg > desc')?.textContent,
        width: Number(doc.documentElement.getAttribute('width')),
      };
    }, text);
    expect(check.error).toBeNull();
    expect(check.texts).toContain('31.43');
    expect(check.texts).toContain('48.84');
    expect(check.desc).toMatch(/^GCA alpha=10\/11 \| FGA lambda=0\.5 \| SA K=30/);
    expect(text).toContain('src:url(data:font/ttf;base64,');
    expect(text).not.toMatch(/href=|url\((?!data:|#)/);
    svgWidth = check.width;
    expect(svgWidth).toBeGreaterThan(500);
  });

  let pdfPath = '';
  it('saves the dialogue figure as a PDF', async () => {
    const f = await exportFile('figure-pdf');
    expect(f.name).toBe('paper_mul1110_MUL1110-figure.pdf');
    expect(f.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    pdfPath = f.path;
  });

  it.runIf(toolAvailable('pdffonts') && toolAvailable('pdftotext'))(
    '…whose fonts are all embedded, none of Type 3, and whose text has the same numbers',
    () => {
      const f = { path: pdfPath };
      const fonts = pdfFonts(f.path);
      expect(fonts.length).toBeGreaterThan(0);
      for (const font of fonts) {
        expect(font.embedded).toBe(true);
        expect(font.type).not.toMatch(/Type 3/);
      }
      const text = pdfText(f.path);
      expect(text).toContain('31.43');
      expect(text).toContain('48.84');
    },
  );

  it('saves the dialogue figure as a PNG at 2×: twice the SVG’s width, 192 dpi', async () => {
    const f = await exportFile('figure-png');
    expect(f.name).toBe('paper_mul1110_MUL1110-figure@2x.png');
    expect(pngSize(f.bytes).width).toBe(2 * svgWidth);
    expect(pngDpi(f.bytes)).toBeCloseTo(192, 0);
  });

  it('saves the per-turn chart and the tables', async () => {
    const chart = await exportFile('chart-svg');
    expect(chart.bytes.toString()).toContain('data-testid="chart-legend"');
    const csv = (await exportFile('corpus-csv')).bytes.toString().trim().split('\n');
    // A metric added in defs/ adds its column; the shipped ones stay as they are.
    expect(withoutMetricKeys(csv[0].split(','), ADDED_IDS).join(',')).toMatch(
      /^file,turns,JGA,SA,AGA,IAGA,F1,RSA,FGA_0\.5,GCA,.*,signature$/,
    );
    expect(csv).toHaveLength(2);
    const turns = JSON.parse((await exportFile('turns-json')).bytes.toString());
    expect(turns.signature).toMatch(/^GCA alpha=10\/11/);
    expect(turns.dialogue.id).toBe(MUL_ID);
    expect(turns.dialogue.GCA).toBeCloseTo(0.3142857142857143, 12);
    expect(turns.dialogue.perTurn).toHaveLength(7);
  });

  it('copies the per-turn table as LaTeX that compiles with booktabs, and the figure as a PNG', async () => {
    await page.click('[data-testid="export-button"]');
    await page.click('[data-testid="export-item"][data-export="turns-latex"]');
    await expect.poll(() => page.getAttribute('[data-testid="export-status"]', 'data-state')).toBe('done');
    const latex = await page.evaluate(() => navigator.clipboard.readText());
    expect(latex).toMatch(/^% GCA alpha=10\/11/);
    expect(latex).toContain('\\toprule');
    expect(latex).toMatch(/^4 & 0 & 0\.00 & 0\.25 & 0\.31 & type-1 & \+1W \+1M \\\\$/m);
    copied = latex;

    await page.click('[data-testid="export-button"]');
    await page.click('[data-testid="export-item"][data-export="figure-copy-png"]');
    await expect.poll(() => page.getAttribute('[data-testid="export-status"]', 'data-state')).toBe('done');
    const width = await page.evaluate(async () => {
      const items = await navigator.clipboard.read();
      const blob = await items[0].getType('image/png');
      return (await createImageBitmap(blob)).width;
    });
    expect(width).toBe(2 * svgWidth);
  });

  it.runIf(toolAvailable('pdflatex'))('…and that LaTeX compiles with pdflatex and booktabs', () => {
    expect(copied).toContain('\\bottomrule');
    compileLatex(copied);
  });

  it('takes a 2× screenshot of the view', async () => {
    const box = await page.locator('[data-view-root]').boundingBox();
    const f = await exportFile('screenshot');
    expect(f.name).toBe('dst-inspector-inspect@2x.png');
    expect(pngSize(f.bytes).width).toBe(2 * Math.round(box!.width));
    expect(pngDpi(f.bytes)).toBeCloseTo(192, 0);
  });

  it('draws the panel chart with axes, highlights the hovered turn, and grows with the resized panel', async () => {
    const chart = '[data-testid="turn-chart"]';
    expect(await page.locator(`${chart} [data-testid="chart-tick"]`).allTextContents()).toEqual(['0', '1', '2', '3', '4', '5', '6']);
    expect(await page.locator(`${chart} [data-testid="chart-legend"]`).count()).toBe(1);
    // Drawn in the bundled font the layout was measured with (served with the app, not a system font).
    expect(
      await page.evaluate(() =>
        document.fonts.ready.then(() => {
          let loaded = false;
          document.fonts.forEach((f) => (loaded ||= f.family.replace(/"/g, '') === 'DST Sans' && f.status === 'loaded'));
          return loaded && document.fonts.check('bold 10px "DST Sans"');
        }),
      ),
    ).toBe(true);
    // Hovering turn 4's bar highlights turn 4 in the dialogue.
    await page.hover(`${chart} [data-testid="chart-bar"][data-metric="RSA"][data-turn="4"]`);
    await expect.poll(() => page.getAttribute('[data-testid="turn"].hovered', 'data-turn')).toBe('4');
    const before = (await page.locator(chart).boundingBox())!.width;
    const handle = (await page.locator('[data-testid="panel-resizer"]').boundingBox())!;
    await page.mouse.move(handle.x + 3, handle.y + 100);
    await page.mouse.down();
    await page.mouse.move(handle.x - 200, handle.y + 100, { steps: 5 });
    await page.mouse.up();
    await expect.poll(async () => (await page.locator(chart).boundingBox())!.width).toBeGreaterThan(before + 150);
    // The keyboard does it too, and Home goes back to the default width.
    await page.focus('[data-testid="panel-resizer"]');
    await page.keyboard.press('Home');
    await expect.poll(async () => Math.abs((await page.locator(chart).boundingBox())!.width - before)).toBeLessThan(2);
  });

  it('raised no script errors', () => {
    expect(errors).toEqual([]);
  });
});
