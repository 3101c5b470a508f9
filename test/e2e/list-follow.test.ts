// End-to-end: the dialogue list follows a dialogue selected from outside it,
// and says when the dialogue shown is hidden by the filter (the newcomer
// walkthrough's findings after issue 17). A 600-dialogue file (the SOM-DST
// fixture six times, ids suffixed; the first five copies with empty states, so
// only the last copy's turns flip) is served under mwzeval, so the list's
// later pages are not loaded when a flip link ("Compare with preset…") opens a
// dialogue near its end: the list must ask where it is, load that page and
// scroll its row into view. Then a search that leaves the dialogue out shows
// the notice, and "Clear filter" clears it and the search box.
/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { FIXTURES } from '../helpers/fixtures';
import { browserSession, chromiumAvailable } from './harness';

const SOM = join(FIXTURES, 'multiwoz-somdst-100', 'predictions.json');
const COPIES = 6;

/** Whether the row of dialogue `id` is drawn and wholly inside the list's scroll box. */
async function rowInView(page: Page, id: string): Promise<boolean> {
  return page.evaluate((rowId) => {
    const row = document.querySelector(`[data-testid="dialogue-item"][data-dialogue-id="${CSS.escape(rowId)}"]`);
    const box = document.querySelector('.dialogue-list .list-scroll');
    if (!row || !box) return false;
    const r = row.getBoundingClientRect();
    const b = box.getBoundingClientRect();
    return r.top >= b.top - 1 && r.bottom <= b.bottom + 1 && row.getAttribute('aria-selected') === 'true';
  }, id);
}

describe.skipIf(!chromiumAvailable())('the dialogue list follows the dialogue shown', () => {
  const session = browserSession();
  let dir: string;
  let file: string;
  let order: string[];

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'dst-list-follow-'));
    const som = JSON.parse(readFileSync(SOM, 'utf8')) as Record<string, Record<string, unknown>>;
    const empty = (d: Record<string, unknown>) => Object.fromEntries(Object.keys(d).map((t) => [t, { gt: {}, pr: {} }]));
    const big: Record<string, unknown> = {};
    for (let k = 0; k < COPIES; k++)
      for (const [id, d] of Object.entries(som)) big[id.replace(/\.json$/, `_${k}.json`)] = k === COPIES - 1 ? d : empty(d);
    order = Object.keys(big);
    file = join(dir, 'big.json');
    writeFileSync(file, JSON.stringify(big));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a flip link to a dialogue beyond the loaded page scrolls the list to its row; a search hiding it shows the notice, which clears the filter', async () => {
    const server = await session.serve([file, '--preset', 'mwzeval']);
    const page = await (await session.browser().newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.url);
    await page.waitForSelector('[data-testid="dialogue-item"]', { timeout: 30_000 });
    expect(await page.getAttribute('[data-testid="list-count"]', 'data-count')).toBe(String(order.length));

    await page.click('[data-testid="flips-button"]');
    await page.waitForSelector('[data-testid="flip-link"]', { timeout: 30_000 });
    // The link whose dialogue comes last in the list (file order): beyond the first page of 200.
    const targets = await page.$$eval('[data-testid="flip-link"]', (as) =>
      as.map((a) => [a.getAttribute('data-dialogue'), a.getAttribute('data-turn')]),
    );
    const [id, turn] = targets.reduce((best, t) => (order.indexOf(t[0]!) > order.indexOf(best[0]!) ? t : best));
    expect(order.indexOf(id!)).toBeGreaterThan(200);
    await page.click(`[data-testid="flip-link"][data-dialogue="${id}"][data-turn="${turn}"]`);
    await expect.poll(() => page.textContent('[data-testid="dialogue-title"]'), { timeout: 20_000 }).toBe(id);
    await expect.poll(() => rowInView(page, id!), { timeout: 20_000 }).toBe(true);
    expect(await page.locator('[data-testid="hidden-by-filter"]').count()).toBe(0);

    // A search that keeps it: no notice. One that leaves it out: the notice names it and the filter.
    await page.fill('.dialogue-list input[type="search"]', id!.replace(/\.json$/, ''));
    await expect.poll(() => page.getAttribute('[data-testid="list-count"]', 'data-count')).toBe('1');
    expect(await page.locator('[data-testid="hidden-by-filter"]').count()).toBe(0);
    const other = order.find((d) => d !== id && !d.startsWith(id!.split('_')[0]))!.replace(/\.json$/, '');
    await page.fill('.dialogue-list input[type="search"]', other);
    await expect
      .poll(() => page.textContent('[data-testid="hidden-by-filter"]'), { timeout: 20_000 })
      .toContain(`${id} is hidden by the filter (“${other}”)`);
    // The dialogue stays shown; Clear filter empties the search box and brings the whole list back, the notice goes.
    expect(await page.textContent('[data-testid="dialogue-title"]')).toBe(id);
    await page.click('[data-testid="clear-filter"]');
    await expect.poll(() => page.getAttribute('[data-testid="list-count"]', 'data-count')).toBe(String(order.length));
    expect(await page.inputValue('.dialogue-list input[type="search"]')).toBe('');
    await expect.poll(() => page.locator('[data-testid="hidden-by-filter"]').count()).toBe(0);
    // The search stays cleared (the box does not commit its old text again).
    await page.waitForTimeout(500);
    expect(await page.getAttribute('[data-testid="list-count"]', 'data-count')).toBe(String(order.length));
    expect(errors).toEqual([]);
  });
});
