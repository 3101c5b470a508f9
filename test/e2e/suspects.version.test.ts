// End-to-end (headless Chromium against `serve`), issue 19 item 1: two runs
// on one gold, the second never predicting a slot the gold has in every
// dialogue (as a run trained on another MultiWOZ version would) and writing
// " centre" for "centre": the suspects queue's header flags the second run,
// shows the format note once, and lists no suspect for the flagged slot or
// the spacing.
/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { chromiumAvailable, launchBrowser, startServer, type Server } from './harness';

const tmp = mkdtempSync(join(tmpdir(), 'dst-suspects-version-'));

function runFile(name: string, pred: (k: number) => Record<string, Record<string, string>>): string {
  const json: Record<string, Record<string, { gt: unknown; pr: unknown }>> = {};
  for (let k = 0; k < 30; k++) {
    const gt = { hotel: { area: 'centre', internet: 'yes', stars: String(1 + (k % 5)) } };
    json[`D${String(k).padStart(3, '0')}.json`] = { '0': { gt: {}, pr: {} }, '1': { gt, pr: pred(k) } };
  }
  const f = join(tmp, name);
  writeFileSync(f, JSON.stringify(json));
  return f;
}

describe.skipIf(!chromiumAvailable())('the suspects queue header flags a run that follows another gold version', () => {
  let browser: Browser;
  let server: Server;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    const a = runFile('a.json', (k) => ({ hotel: { area: 'centre', internet: 'yes', stars: k === 3 ? '5' : String(1 + (k % 5)) } }));
    const b = runFile('b.json', (k) => ({ hotel: { area: ' centre', stars: String(1 + (k % 5)) } }));
    [browser, server] = await Promise.all([launchBrowser(), startServer([a, b])]);
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

  it('shows the flag and the format note in the header; no suspect for the convention or the spacing', async () => {
    await page.keyboard.press('s');
    await page.waitForSelector('[data-testid="queue-status"][data-on="true"]');
    const flag = page.locator('[data-testid="suspects-version-flag"]');
    await expect.poll(() => flag.count(), { timeout: 30_000 }).toBe(1);
    expect(await flag.getAttribute('data-run')).toMatch(/b/);
    expect(await flag.textContent()).toMatch(/may follow another gold version.*never predicts hotel-internet \(in 30 gold dialogues\)/);
    const note = page.locator('[data-testid="suspects-format-note"]');
    expect(await note.textContent()).toMatch(
      /^60 predictions differ from the gold only in format \(30 whitespace, 30 another gold version’s convention\): not suspects$/,
    );
    expect(Number(await note.getAttribute('data-count'))).toBe(60);
    // The one real disagreement (D003 stars, run a) is the only suspect.
    await expect.poll(() => page.locator('[data-testid="suspect-row"]').count()).toBe(1);
    expect(await page.textContent('[data-testid="suspect-row"] button')).toMatch(/D003\.json · turn 1 · hotel-stars/);
    // The header lines take their own height: the list keeps its room (the row is visible, not pushed out).
    expect(await page.locator('[data-testid="suspect-row"]').isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });
});
