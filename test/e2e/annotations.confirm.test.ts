// End-to-end (headless Chromium against `serve`), issue 15 items 7 and 9:
// - a file opened in the page (not named on the command line) gets no
//   annotation file until the person confirms the full path in a dialog:
//   Cancel writes nothing and the form says why; "Save annotations here"
//   creates it (mode 0600) and the save goes through;
// - on the demo (serve --annotations FILE): the suspects pane shows the true
//   total and follows the current suspect as the queue walks; done rows show
//   their verdict; the form refuses a correction equal to the gold (and
//   stays open); any record — not only the last save — is withdrawn from the
//   annotations list (an appended line), and u brings it back.
/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { parseAnnotations } from '../../src/shared/annotations/file';
import { apiCall, chromiumAvailable, launchBrowser, startServer, type Server } from './harness';
import { FIXTURES } from '../helpers/fixtures';

const tmp = mkdtempSync(join(tmpdir(), 'dst-ann-confirm-'));

describe.skipIf(!chromiumAvailable())('the annotation file is confirmed before the first write (browser mode)', () => {
  let browser: Browser;
  let server: Server;
  let page: Page;
  const errors: string[] = [];
  const named = join(tmp, 'named');
  const opened = join(tmp, 'opened-in-the-page');

  beforeAll(async () => {
    mkdirSync(named);
    mkdirSync(opened);
    copyFileSync(join(FIXTURES, 'paper', 'mul1110.json'), join(named, 'mul1110.json'));
    copyFileSync(join(FIXTURES, 'paper', 'sng0779.json'), join(opened, 'sng0779.json'));
    [browser, server] = await Promise.all([launchBrowser(), startServer([join(named, 'mul1110.json')])]);
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.url);
    await page.waitForSelector('[data-testid="dialogue-metric"][data-metric="GCA"]');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('asks with the full path; Cancel writes nothing; yes creates the file (0600) and saves', async () => {
    const pred = join(opened, 'sng0779.json');
    const file = `${pred}.annotations.jsonl`;
    await page.keyboard.press('Control+o');
    await page.fill('[data-testid="open-path"]', pred);
    await page.click('[data-testid="open-submit"]');
    await expect.poll(() => page.textContent('[data-testid="dialogue-title"]'), { timeout: 20_000 }).toBe('SNG0779.json');

    // a on a chip: the form; Enter: the page asks first, naming the file in full.
    await page.locator('[data-testid="slot"]').first().focus();
    await page.keyboard.press('a');
    await page.waitForSelector('[data-testid="annotation-form"]');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid="annotation-file-confirm"]');
    expect(await page.textContent('[data-testid="annotation-file-confirm-path"]')).toBe(file);
    expect(await page.textContent('[data-testid="annotation-file-confirm"]')).toMatch(/A new annotation file will be created/);
    expect(readdirSync(opened)).toEqual(['sng0779.json']);

    await page.click('[data-testid="annotation-file-confirm-cancel"]');
    await expect.poll(() => page.textContent('[data-testid="form-error"]')).toBe('Not saved: the annotation file was not confirmed.');
    expect(await page.locator('[data-testid="annotation-form"]').count()).toBe(1); // the form stays, with what was typed
    expect(readdirSync(opened)).toEqual(['sng0779.json']); // nothing written: no file, no lock folder

    // The engine refuses the save too until then (a page that skipped the dialog gets nowhere).
    const list = await apiCall(server, 'listAnnotations', { run: 'r1' });
    expect(list).toMatchObject({ file, writable: false, confirmWith: 'page' });

    await page.click('[data-testid="form-confirm"]');
    await page.waitForSelector('[data-testid="annotation-file-confirm"]');
    await page.click('[data-testid="annotation-file-confirm-yes"]');
    await expect.poll(() => page.locator('[data-testid="annotation-form"]').count()).toBe(0);
    await expect.poll(() => existsSync(file), { timeout: 10_000 }).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(parseAnnotations(readFileSync(file, 'utf8'), file).records).toHaveLength(1);
    // From now on it saves without asking again.
    await page.locator('[data-testid="slot"]').nth(1).focus();
    await page.keyboard.press('x');
    await expect.poll(() => parseAnnotations(readFileSync(file, 'utf8'), file).records.length).toBe(2);
    expect(await page.locator('[data-testid="annotation-file-confirm"]').count()).toBe(0);
    expect(errors).toEqual([]);
  }, 90_000);
});

describe.skipIf(!chromiumAvailable())('the review pane: suspects total, following, verdicts, refusal, withdrawal', () => {
  let browser: Browser;
  let server: Server;
  let page: Page;
  const errors: string[] = [];
  const FILE = join(tmp, 'demo.annotations.jsonl');
  const read = () => parseAnnotations(readFileSync(FILE, 'utf8'), FILE);

  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), startServer(['--annotations', FILE])]);
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

  it('walks the queue with the list in view, shows verdicts, refuses a no-op correction, withdraws any record', async () => {
    const rev = ((await apiCall(server, 'listRuns', {})).runs as { revision: number }[])[0].revision;
    const total = (await apiCall(server, 'suspects', { run: 'r1', rev, limit: 1 })).total as number;
    expect(total).toBeGreaterThan(30);
    await page.keyboard.press('s');
    await page.waitForSelector('[data-testid="queue-status"][data-on="true"]');
    // Ranked in the run's worker: well over the default 1 s poll on a loaded machine.
    await expect
      .poll(() => page.textContent('[data-testid="queue-position"]'), { timeout: 20_000 })
      .toBe(`suspect 1 of ${total.toLocaleString('en-US')}`);
    expect(await page.getAttribute('[data-testid="queue-status"]', 'data-total')).toBe(String(total));

    // n 25 times: the current row is scrolled into the list's view each time the queue moves.
    const inView = () =>
      page.evaluate(() => {
        const box = document.querySelector('[data-testid="suspects-scroll"]')!.getBoundingClientRect();
        const row = document.querySelector('[data-testid="suspect-row"][data-current="true"]');
        if (!row) return 'no current row';
        const r = row.getBoundingClientRect();
        return r.top >= box.top - 1 && r.bottom <= box.bottom + 1
          ? 'in view'
          : `out of view (${r.top}..${r.bottom} vs ${box.top}..${box.bottom})`;
      });
    for (let k = 0; k < 25; k++) {
      await page.keyboard.press('n');
      await expect.poll(() => page.textContent('[data-testid="queue-position"]')).toBe(`suspect ${k + 2} of ${total}`);
    }
    await expect.poll(inView).toBe('in view');
    expect(Number(await page.getAttribute('[data-testid="suspect-row"][data-current="true"]', 'data-rank'))).toBe(26);

    // The form refuses a "correction" to the gold's own value, and stays open.
    await page.keyboard.press('a');
    await page.waitForSelector('[data-testid="annotation-form"]');
    const gold = (await page.textContent('[data-testid="form-gold"]'))!;
    if (gold === 'absent') await page.check('input[name="to-kind"] >> nth=1');
    else {
      await page.check('input[name="to-kind"] >> nth=0');
      await page.fill('[data-testid="form-to"]', gold);
    }
    await expect.poll(() => page.textContent('[data-testid="form-error"]')).toMatch(/a correction must change the gold/);
    await page.click('[data-testid="form-confirm"]');
    expect(await page.locator('[data-testid="annotation-form"]').count()).toBe(1);
    expect(existsSync(FILE)).toBe(false);
    // "no correction": a confirmed flag.
    await page.check('input[name="to-kind"] >> nth=2');
    await page.click('[data-testid="form-confirm"]');
    await expect.poll(() => (existsSync(FILE) ? read().records.length : 0)).toBe(1);
    const current = page.locator('[data-testid="suspect-row"][data-rank="26"]');
    await expect.poll(() => current.getAttribute('data-verdict')).toBe('confirmed');
    expect(await current.locator('[data-testid="suspect-verdict"]').textContent()).toBe('confirmed');

    // Back to the first suspect (the list scrolled to the top, the row clicked): a (the prediction as the correction) → corrected; the next: x → rejected.
    await page.$eval('[data-testid="suspects-scroll"]', (el) => (el.scrollTop = 0));
    await page.click('[data-testid="suspect-row"][data-rank="1"] button');
    await page.keyboard.press('a');
    await page.waitForSelector('[data-testid="annotation-form"]');
    await page.keyboard.press('Enter');
    await expect.poll(() => read().records.length).toBe(2);
    const row1 = page.locator('[data-testid="suspect-row"][data-rank="1"]');
    await expect.poll(() => row1.getAttribute('data-verdict')).toMatch(/^(corrected|confirmed)$/);
    await page.click('[data-testid="suspect-row"][data-rank="2"] button');
    await page.keyboard.press('x');
    await expect.poll(() => page.locator('[data-testid="suspect-row"][data-rank="2"]').getAttribute('data-verdict')).toBe('rejected');
    await expect.poll(() => read().records.length).toBe(3);

    // The annotations list: withdraw the FIRST save (not the last one); the file gains a withdrawal line.
    const firstId = read().records[0].record.id;
    const lines = readFileSync(FILE, 'utf8').split('\n').length;
    await page.keyboard.press('A');
    await page.waitForSelector('[data-testid="annotation-row"]');
    expect(await page.locator('[data-testid="annotation-row"]').count()).toBe(3);
    await page.locator('[data-testid="annotation-row"]').first().locator('[data-testid="annotation-withdraw"]').click();
    await expect.poll(() => page.locator('[data-testid="annotation-row"]').count()).toBe(2);
    expect(read().records.map((k) => k.record.id)).not.toContain(firstId);
    expect(readFileSync(FILE, 'utf8').split('\n').length).toBe(lines + 1);
    expect(read().latest.get(firstId)).toMatchObject({ deleted: true });
    // u brings it back (a new revision, appended too).
    await page.keyboard.press('u');
    await expect.poll(() => page.locator('[data-testid="annotation-row"]').count()).toBe(3);
    expect(read().records.map((k) => k.record.id)).toContain(firstId);
    expect(errors).toEqual([]);
  }, 120_000);
});
