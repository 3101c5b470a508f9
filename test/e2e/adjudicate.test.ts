// End-to-end (headless Chromium against `serve --corrections alice.jsonl,bob.jsonl`), issue 19 item 4:
// the Annotators tab (D) shows the two annotators' agreement with its signature and the disagreements
// queue; the queue is walked with the keyboard (j / k), two places are adjudicated with 1 / 2 and
// Enter; the adjudicated file gets two records with "adjudicated": true and by = the annotator name;
// the annotators' files are untouched; and the what-if with the adjudicated corrections shows the
// same JGA as `dst-inspector score --corrections alice,bob,ADJ --corrections-from adjudicated`.
/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { chromiumAvailable, launchBrowser, startServer, type Server } from './harness';
import { FIXTURES } from '../helpers/fixtures';
import { runCli } from '../helpers/cli';
import { writeTeamFiles } from '../helpers/team-files';
import { pct } from '../../src/renderer/src/model/format';

const tmp = mkdtempSync(join(tmpdir(), 'dst-adjudicate-'));
const SHOT = process.env.DST_SCREENSHOT_DIR;

describe.skipIf(!chromiumAvailable())('several annotators: agreement, the disagreements queue, adjudication, what-if', () => {
  let browser: Browser;
  let server: Server;
  let page: Page;
  const errors: string[] = [];
  const preds = join(tmp, 'mul1110.json');
  let files: { alice: string; bob: string };
  const adj = join(tmp, 'adjudicated.annotations.jsonl');

  beforeAll(async () => {
    copyFileSync(join(FIXTURES, 'paper', 'mul1110.json'), preds);
    files = writeTeamFiles(tmp);
    [browser, server] = await Promise.all([
      launchBrowser(),
      startServer([preds, '--corrections', `${files.alice},${files.bob}`, '--annotator', 'judge']),
    ]);
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.url);
    await page.waitForSelector('[data-testid="dialogue-metric"][data-metric="GCA"]');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('walks the queue with the keyboard and adjudicates two places into a file of their own', async () => {
    const before = [readFileSync(files.alice), readFileSync(files.bob)];
    await page.keyboard.press('D');
    const rows = page.locator('[data-testid="disagreement-row"]');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(2);
    expect(await page.locator('[data-testid="agreement-coefficient"]').count()).toBeGreaterThanOrEqual(2);
    expect(await page.locator('[data-testid="agreement-signature"]').textContent()).toMatch(/bootstrap=1000 \| seed=0/);
    // Each coefficient and its interval written as the CLI's `corrections agree` table writes it (one formatter, 4 decimals).
    const table = runCli(['corrections', 'agree', files.alice, files.bob, '--format', 'table']).stdout.split('\n');
    const shown = await page
      .locator('[data-testid="agreement-coefficient"]')
      .evaluateAll((els) =>
        els.map((e) => [e.querySelector('th')!.textContent!, ...Array.from(e.querySelectorAll('td'), (td) => td.textContent!)]),
      );
    for (const [rating, coefficient, value, interval] of shown) {
      const cli = table.map((l) => l.split(/ {2,}/)).find((c) => c[0] === rating && c[1] === coefficient);
      expect(cli, `${rating} ${coefficient}`).toBeDefined();
      expect([value, interval]).toEqual([cli![2], cli![3]]);
      expect(value).toMatch(/^(-?\d\.\d{4}|undefined)$/);
    }
    const selected = () => page.locator('[data-testid="disagreement-row"][aria-selected="true"]').getAttribute('data-key');
    const keys = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-key')));
    await expect.poll(selected).toBe(keys[0]);
    // The queue has the keys: j / k move (not the dialogue's turns).
    await page.keyboard.press('j');
    await expect.poll(selected).toBe(keys[1]);
    await page.keyboard.press('k');
    await expect.poll(selected).toBe(keys[0]);
    // Turn 2: alice's decision (the slot goes); Enter writes it and moves on.
    await page.keyboard.press('1');
    expect(await page.locator('[data-testid="adjudication-pending"]').textContent()).toMatch(/alice's decision/);
    await page.keyboard.press('Enter');
    await expect.poll(() => rows.nth(0).getAttribute('data-adjudicated')).toBe('true');
    await expect.poll(selected).toBe(keys[1]);
    // Turn 3: bob's value.
    await page.keyboard.press('2');
    await page.keyboard.press('Enter');
    await expect.poll(() => rows.nth(1).getAttribute('data-adjudicated')).toBe('true');
    if (SHOT) {
      mkdirSync(SHOT, { recursive: true });
      await page.screenshot({ path: join(SHOT, 'adjudicate.png') });
    }

    expect(existsSync(adj)).toBe(true);
    const recs = readFileSync(adj, 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => JSON.parse(l));
    expect(recs.map((r) => [r.turn, r.slot, r.status, r.to, r.by, r.adjudicated])).toEqual([
      [2, 'attraction-type', 'confirmed', null, 'judge', true],
      [3, 'attraction-type', 'confirmed', 'college', 'judge', true],
    ]);
    expect([readFileSync(files.alice), readFileSync(files.bob)]).toEqual(before);
  });

  it('the what-if with the adjudicated corrections equals the CLI’s score for the same files', async () => {
    await page.click('[data-testid="review-tab-whatif"]');
    await page.selectOption('[data-testid="whatif-corrections-from"]', 'adjudicated');
    await expect.poll(() => page.locator('.whatif .signature').textContent(), { timeout: 30_000 }).toMatch(/from=adjudicated/);
    const cli = runCli([
      'score',
      preds,
      '--corrections',
      `${files.alice},${files.bob},${adj}`,
      '--corrections-from',
      'adjudicated',
      '--format',
      'json',
    ]);
    expect(cli.code, cli.stderr).toBe(0);
    const out = JSON.parse(cli.stdout);
    for (const m of ['JGA', 'GCA', 'SA', 'RSA']) {
      const v = out.corpus[m];
      expect(typeof v).toBe('number');
      const row = page.locator(`[data-testid="whatif-metric"][data-metric="${m}"]`);
      expect(await row.getAttribute('data-after'), m).toBe(pct(v));
    }
    // The adjudicated corrections change GCA here (the slot removed at turn 2, another value at turn 3).
    expect(await page.locator('[data-testid="whatif-metric"][data-metric="GCA"]').getAttribute('data-before')).not.toBe(
      pct(out.corpus.GCA),
    );
    // The signatures agree on the corrections (count, hash, whose).
    const sig = (await page.locator('.whatif .signature').textContent()) ?? '';
    const corrections = /corrections=\d+:[0-9a-f]{8} from=adjudicated/.exec(sig)?.[0];
    expect(corrections).toBeDefined();
    expect(out.signature).toContain(corrections!);
    expect(errors).toEqual([]);
  });

  it('at 1280×800 the Annotators pane shows the agreement beside the queue: every row, the pick and the table without scrolling or wrapping', async () => {
    const small = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    small.on('pageerror', (e) => errors.push(e.message));
    await small.goto(server.url);
    await small.waitForSelector('[data-testid="dialogue-metric"][data-metric="GCA"]');
    await small.keyboard.press('D');
    await expect.poll(() => small.locator('[data-testid="disagreement-row"]').count(), { timeout: 30_000 }).toBe(2);
    const box = async (sel: string) => (await small.locator(sel).first().boundingBox())!;
    const pane = await box('.review-body');
    const agreement = await box('[data-testid="agreement"]');
    const queue = await box('[data-testid="disagreement-queue"]');
    // Side by side: the queue starts beside the agreement, not under it.
    expect(queue.x).toBeGreaterThanOrEqual(agreement.x + agreement.width);
    expect(queue.y).toBeLessThan(agreement.y + agreement.height);
    // Everything inside the pane as it is, without scrolling it.
    const scrolls = await small.locator('.review-body').evaluate((e) => e.scrollHeight > e.clientHeight + 1);
    expect(scrolls).toBe(false);
    for (const sel of [
      '[data-testid="disagreement-row"] >> nth=1',
      '[data-testid="adjudication-pick"]',
      '[data-testid="agreement-signature"]',
    ]) {
      const b = await box(sel);
      expect(b.y + b.height, sel).toBeLessThanOrEqual(pane.y + pane.height + 1);
    }
    // The agreement table's rows are one line each (no cell wraps).
    const heights = await small
      .locator('[data-testid="agreement-coefficient"]')
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
    const line =
      parseFloat(
        await small
          .locator('[data-testid="agreement"] td')
          .first()
          .evaluate((e) => getComputedStyle(e).lineHeight),
      ) || 16;
    for (const h of heights) expect(h).toBeLessThan(line * 1.5);
    await small.close();
    expect(errors).toEqual([]);
  });
});
