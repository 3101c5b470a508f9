// End-to-end: the Export menu on the compare, analysis and playground views
// (browser mode, headless Chromium). Each view offers its own charts and
// tables; the files are checked against the CLI and the engine: the compare
// view's JSON has the shape and numbers `compare --format json` gives, an
// analysis chart is a self-contained SVG carrying the signature, and the
// playground's dialogue figure is a PDF with embedded, non-Type-3 fonts.
/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { runCli } from '../helpers/cli';
import { FIXTURES } from '../helpers/fixtures';
import { perturbFga } from '../helpers/perturb';
import { pdfFonts, toolAvailable } from '../helpers/tools';
import { chromiumAvailable, launchBrowser, startServer, type Server } from './harness';

const PRED = join(FIXTURES, 'multiwoz-somdst-100', 'predictions.json');

describe.skipIf(!chromiumAvailable())('export from the compare, analysis and playground views', () => {
  let browser: Browser;
  let server: Server;
  let page: Page;
  const tmp = mkdtempSync(join(tmpdir(), 'dst-e2e-export-views-'));
  const perturbed = join(tmp, 'perturbed.json');
  const errors: string[] = [];

  beforeAll(async () => {
    writeFileSync(perturbed, perturbFga(readFileSync(PRED, 'utf8')));
    [browser, server] = await Promise.all([launchBrowser(), startServer([PRED, perturbed, '--name', 'SOM,PERT'])]);
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.url);
    await page.waitForSelector('[data-testid="corpus-metric"][data-metric="JGA"]');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(tmp, { recursive: true, force: true });
  });

  async function menuIds(): Promise<string[]> {
    await page.click('[data-testid="export-button"]');
    await page.waitForSelector('[data-testid="export-menu"]');
    const ids = await page.$$eval('[data-testid="export-item"]', (els) => els.map((e) => (e as HTMLElement).dataset.export ?? ''));
    await page.keyboard.press('Escape');
    return ids;
  }

  async function exportFile(id: string): Promise<{ name: string; path: string; bytes: Buffer }> {
    await page.click('[data-testid="export-button"]');
    const [dl] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.click(`[data-testid="export-item"][data-export="${id}"]`),
    ]);
    const path = join(tmp, dl.suggestedFilename());
    await dl.saveAs(path);
    return { name: dl.suggestedFilename(), path, bytes: readFileSync(path) };
  }

  it('compare: the benchmark as tables and as the JSON of compare --format json', async () => {
    await page.click('[data-testid="nav-compare"]');
    await page.waitForSelector('[data-testid="run-delta"][data-run="PERT"][data-metric="JGA"]', { timeout: 60_000 });
    expect(await menuIds()).toEqual(
      expect.arrayContaining([
        'compare-scores-latex',
        'compare-scores-csv',
        'compare-deltas-latex',
        'compare-long-csv',
        'compare-json',
        'pair-lanes-svg',
        'pair-lanes-pdf',
        'screenshot',
      ]),
    );
    const f = await exportFile('compare-json');
    const app = JSON.parse(f.bytes.toString('utf8'));
    const cli = JSON.parse(runCli(['compare', PRED, perturbed, '--name', 'SOM,PERT', '--format', 'json']).stdout);
    expect(app.runs.map((r: { name: string }) => r.name)).toEqual(['SOM', 'PERT']);
    expect(app.runs.map((r: { corpus: unknown }) => r.corpus)).toEqual(cli.runs.map((r: { corpus: unknown }) => r.corpus));
    expect(app.comparisons).toEqual(cli.comparisons);
    expect(app.signature).toBe(cli.signature);
  });

  it('analysis: a chart as a self-contained SVG with the signature, its table as CSV', async () => {
    await page.click('[data-testid="nav-analysis"]');
    await page.waitForSelector('[data-testid="breakdown-row"]', { timeout: 60_000 });
    expect(await menuIds()).toEqual(
      expect.arrayContaining([
        'breakdown-domain-svg',
        'breakdown-domain-pdf',
        'breakdown-domain-png',
        'breakdown-domain-latex',
        'breakdown-domain-csv',
      ]),
    );
    const svg = (await exportFile('breakdown-domain-svg')).bytes.toString('utf8');
    expect(svg).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toMatch(/<desc>[^<]*GCA alpha=10\/11 \| FGA lambda=0\.5 \| SA K=30[^<]*<\/desc>/);
    expect(svg).not.toMatch(/href="http|url\(http/);
    const csv = (await exportFile('breakdown-domain-csv')).bytes.toString('utf8').trim().split('\n');
    expect(csv.length).toBeGreaterThan(5);
    expect(csv[1]).toMatch(/,GCA alpha=10\/11/);
  });

  it('playground: the dialogue figure as a PDF with embedded fonts, none of Type 3', async () => {
    await page.click('[data-testid="nav-playground"]');
    await page.selectOption('[data-testid="playground-template"] >> nth=0', 'mul1110');
    await page.waitForSelector('[data-testid="dialogue-metric"][data-metric="GCA"]:text-is("31.43")');
    expect(await menuIds()).toEqual(expect.arrayContaining(['pg-a-figure-pdf', 'pg-a-chart-svg', 'pg-a-turns-latex']));
    const f = await exportFile('pg-a-figure-pdf');
    expect(f.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    if (toolAvailable('pdffonts')) {
      const fonts = pdfFonts(f.path);
      expect(fonts.length).toBeGreaterThan(0);
      for (const font of fonts) {
        expect(font.embedded, font.name).toBe(true);
        expect(font.type, font.name).not.toMatch(/Type 3/);
      }
    }
  });

  it('raised no script errors', () => {
    expect(errors).toEqual([]);
  });
});
