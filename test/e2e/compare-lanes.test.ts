// End-to-end test of N runs side by side (headless Debian Chromium, 1440 px
// wide): the 100 SOM-DST dialogues and three variants of their predictions
// (bench/perturb.js: the gold kept) served as four runs, two of them with long
// names. Ticking the two further runs shows four lanes per turn: no two
// lanes of a turn overlap, no chip leaves its lane or covers another lane,
// and every lane label is visible (inside its lane, inside the window, not
// covered, the full name as its title). The "where do runs differ most"
// finder shows the rows `compare --differ --format json` prints (same
// slices, same spreads and intervals); clicking a row filters the pair list
// to that slice's dialogues, clicking it again shows them all.
/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { formatValue } from '../../src/shared/report/tables';
import { runCli } from '../helpers/cli';
import { perturbFga, seriesRun } from '../helpers/perturb';
import { chromiumAvailable, launchBrowser, ROOT, startServer, type Server } from './harness';

const SOM = join(ROOT, 'test', 'fixtures', 'multiwoz-somdst-100');
const PRED = join(SOM, 'predictions.json');
const NAMES = ['SOM-DST', 'perturbed', 'T5_fewshot_taxi__ratio_0.5_seed_557_prediction', 'TripPy_MultiWOZ2.1_test_full_predictions'];
const DELTA = { key: 'd', header: '', kind: 'delta' as const };

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const overlap = (a: Box, b: Box) =>
  Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)) *
  Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));
const inside = (a: Box, b: Box) =>
  a.x >= b.x - 0.5 && a.y >= b.y - 0.5 && a.x + a.width <= b.x + b.width + 0.5 && a.y + a.height <= b.y + b.height + 0.5;

interface DifferJson {
  rows: { label: string; spread: number; ci: [number, number]; dialogues: number }[];
}

describe.skipIf(!chromiumAvailable())('four runs side by side in headless Chromium at 1440 px', () => {
  let browser: Browser;
  let server: Server;
  let page: Page;
  const tmp = mkdtempSync(join(tmpdir(), 'dst-e2e-lanes-'));
  const files = [PRED, join(tmp, 'perturbed.json'), join(tmp, 'better.json'), join(tmp, 'worse.json')];
  const errors: string[] = [];
  let differ: DifferJson;

  beforeAll(async () => {
    const text = readFileSync(PRED, 'utf8');
    writeFileSync(files[1], perturbFga(text));
    writeFileSync(files[2], seriesRun(text, 0.5, 0.05, 7));
    writeFileSync(files[3], seriesRun(text, 0.05, 0.4, 9));
    const r = runCli(['compare', ...files, '--name', NAMES.join(','), '--differ', '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    differ = JSON.parse(r.stdout) as DifferJson;
    [browser, server] = await Promise.all([
      launchBrowser(),
      startServer([...files, '--name', NAMES.join(','), '--dialogues', join(SOM, 'dialogues.json')]),
    ]);
    page = await (await browser.newContext({ viewport: { width: 1440, height: 1000 } })).newPage();
    page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
    page.on('console', (m) => void (m.type() === 'error' && errors.push(`console error: ${m.text()}`)));
    await page.goto(server.url);
    await page.click('[data-testid="nav-compare"]');
    await page.waitForSelector('[data-testid="run-delta"]', { timeout: 60_000 });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('two runs by default (the pair chips); ticking two more shows four lanes per turn, in order, labelled', async () => {
    await page.click('[data-testid="pair-item"] >> nth=0');
    await page.waitForSelector('[data-testid="pair-slot"]');
    expect(await page.$$('[data-testid="run-lane"]')).toHaveLength(0);
    for (const name of NAMES.slice(2)) await page.check(`[data-testid="side-run"][data-run="${name}"]`);
    await page.waitForSelector('[data-testid="run-lane"]', { timeout: 30_000 });
    const turns = await page.$$('[data-testid="pair-turn"]');
    expect(turns.length).toBeGreaterThan(2);
    for (const t of turns) {
      const runs = await t.$$eval('[data-testid="run-lane"]', (ls) => ls.map((l) => (l as HTMLElement).dataset.run));
      expect(runs).toEqual(NAMES);
    }
    // The finder computes in its worker while the lanes answer, and its table above the list grows when its
    // four-run rows arrive: wait for them, so the layout the next test measures is settled.
    await page.waitForFunction(
      (n) =>
        !document.querySelector('[data-testid="differ-finder"] .busy') &&
        document.querySelectorAll('[data-testid="differ-row"]').length > 0 &&
        document.querySelectorAll('[data-testid="differ-finder"] th.run-head').length === n,
      NAMES.length,
      { timeout: 60_000 },
    );
  });

  it('no two lanes of a turn overlap, every chip stays in its lane, every lane label is visible and titled with the full name', async () => {
    const turns = await page.$$('[data-testid="pair-turn"]');
    for (const t of turns.slice(0, 4)) {
      await t.scrollIntoViewIfNeeded();
      const lanes = await t.$$('[data-testid="run-lane"], [data-testid="gold-lane"]');
      expect(lanes).toHaveLength(NAMES.length + 1);
      const boxes = (await Promise.all(lanes.map((l) => l.boundingBox()))) as Box[];
      for (let i = 0; i < boxes.length; i++) {
        expect(boxes[i].width).toBeGreaterThan(300);
        for (let j = i + 1; j < boxes.length; j++) expect(overlap(boxes[i], boxes[j]), `lanes ${i} and ${j}`).toBe(0);
      }
      for (const [k, lane] of lanes.entries()) {
        for (const c of await lane.$$('.lane-cell')) expect(inside((await c.boundingBox())!, boxes[k])).toBe(true);
        if (k === 0) continue; // the gold lane
        const label = (await lane.$('.lane-label'))!;
        const lb = (await label.boundingBox())!;
        expect(lb.width).toBeGreaterThan(20);
        expect(inside(lb, boxes[k]), NAMES[k - 1]).toBe(true);
        expect(lb.x + lb.width).toBeLessThanOrEqual(1440);
        expect(await label.getAttribute('title')).toBe(NAMES[k - 1]);
        const text = (await label.textContent())!;
        expect(text.length).toBeGreaterThan(3);
        // Not covered: the element at the label's middle is the label (or in it).
        const seen = await label.evaluate((el) => {
          const r = el.getBoundingClientRect();
          const at = document.elementFromPoint(r.left + Math.min(r.width / 2, 30), r.top + r.height / 2);
          return at !== null && el.contains(at);
        });
        expect(seen, NAMES[k - 1]).toBe(true);
      }
      // The chips of one slot line up across the lanes.
      const xs = await t.$$eval('.run-lane', (ls) =>
        ls.map((l) => Array.from(l.querySelectorAll<HTMLElement>('.lane-cell')).map((c) => Math.round(c.getBoundingClientRect().x))),
      );
      for (const x of xs) expect(x).toEqual(xs[0]);
    }
  });

  it('the pair list shows each run’s value per dialogue', async () => {
    const first = page.locator('[data-testid="pair-item"]').first();
    const runs = await first.locator('[data-testid="row-run"]').evaluateAll((es) => es.map((e) => (e as HTMLElement).dataset.run));
    expect(runs).toEqual(NAMES);
  });

  it('the finder shows the rows `compare --differ` prints; clicking one lists its dialogues only, clicking again all', async () => {
    await page.waitForSelector('[data-testid="differ-row"]', { timeout: 60_000 });
    const rows = page.locator('[data-testid="differ-row"]');
    expect(await rows.count()).toBe(differ.rows.length);
    for (let k = 0; k < 5; k++) {
      const row = rows.nth(k);
      expect(await row.locator('td').first().textContent()).toBe(differ.rows[k].label);
      const want = differ.rows[k];
      expect(await row.locator('[data-testid="differ-spread"]').textContent()).toBe(
        `${formatValue(DELTA, want.spread)} [${formatValue(DELTA, want.ci[0])}, ${formatValue(DELTA, want.ci[1])}]`,
      );
    }
    const count = () => page.textContent('[data-testid="pair-count"]');
    expect(await count()).toBe('100 of 100 shared dialogues');
    // A slice held by fewer dialogues than all.
    const k = differ.rows.findIndex((r) => r.dialogues < 100);
    await rows.nth(k).click();
    await page.waitForFunction(
      (n) => document.querySelector('[data-testid="pair-count"]')?.textContent === `${n} of 100 shared dialogues`,
      differ.rows[k].dialogues,
    );
    expect(await page.isVisible('[data-testid="pair-slice"]')).toBe(true);
    await rows.nth(k).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="pair-count"]')?.textContent === '100 of 100 shared dialogues');
    expect(errors).toEqual([]);
  });
});
