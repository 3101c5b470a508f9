// End-to-end: a newcomer's keyboard-only walk through gold-label review on
// the demo, in headless Chromium against `serve --annotations FILE`: the
// suspects queue (s, then n/p walk suspects, not dialogues), annotating the
// focused suspect (a, a digit, Enter), the chip's mark, rejecting (x), the
// what-if scores (w) against the engine, exporting the diff (e), undo (u).
/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { applyCorrections } from '../../src/shared/annotations/apply';
import { parseAnnotations } from '../../src/shared/annotations/file';
import { defaultConfig } from '../../src/shared/metrics/config';
import { evaluate } from '../../src/shared/metrics/evaluate';
import { METRICS } from '../../src/shared/metrics/registry';
import { metricValue } from '../../src/shared/metrics/values';
import { percent2 } from '../../src/shared/report/round';
import { loadSource } from '../../src/main/services/load-pipeline';
import { chromiumAvailable, launchBrowser, startServer, type Server } from './harness';

const tmp = mkdtempSync(join(tmpdir(), 'dst-ann-e2e-'));
const FILE = join(tmp, 'demo.annotations.jsonl');
const read = () => parseAnnotations(readFileSync(FILE, 'utf8'), FILE);

async function focused(page: Page): Promise<{ slot?: string; turn?: string; annotated?: string }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const turn = el?.closest<HTMLElement>('[data-testid="turn"]');
    return { slot: el?.dataset.slot, turn: turn?.dataset.turn, annotated: el?.dataset.annotated };
  });
}

describe.skipIf(!chromiumAvailable())('annotating gold-label errors with the keyboard', () => {
  let browser: Browser;
  let server: Server;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), startServer(['--annotations', FILE])]);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.url);
    await page.waitForSelector('[data-testid="dialogue-metric"][data-metric="GCA"]');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('walks the suspects, confirms one, sees the what-if scores change, exports the diff, undoes', async () => {
    // s: the queue starts on the best-ranked suspect and focuses its chip.
    await page.keyboard.press('s');
    await page.waitForSelector('[data-testid="queue-status"][data-on="true"]');
    const row = page.locator('[data-testid="suspect-row"][data-current="true"]');
    // The ranking runs in the run's worker: on a loaded machine it takes over a second (the default poll).
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);
    const place = async () => {
      const text = (await row.innerText()).split('\n')[0];
      const m = /^(.+?) · turn (\d+) · (\S.*?) [0-9.]+ gold/.exec(text.replace(/\s+/g, ' '))!;
      return { dialogue: m[1], turn: m[2], slot: m[3] };
    };
    const first = await place();
    await expect.poll(() => page.textContent('[data-testid="dialogue-title"]')).toBe(first.dialogue);
    await expect.poll(() => focused(page)).toMatchObject({ slot: first.slot, turn: first.turn });

    // n / p walk the suspects (not the dialogues) while the queue is on.
    await page.keyboard.press('n');
    await page.keyboard.press('n');
    const third = await place();
    expect(third).not.toEqual(first);
    await expect.poll(() => page.textContent('[data-testid="dialogue-title"]')).toBe(third.dialogue);
    await page.keyboard.press('p');
    const second = await place();
    await expect.poll(() => focused(page)).toMatchObject({ slot: second.slot, turn: second.turn });

    // a: the form, with gold and prediction; 1 picks "wrong-value"; Enter saves as confirmed.
    await page.keyboard.press('a');
    await page.waitForSelector('[data-testid="annotation-form"]');
    await page.keyboard.press('1');
    expect(await page.isChecked('[data-testid="form-category-wrong-value"]')).toBe(true);
    const gold = await page.textContent('[data-testid="form-gold"]');
    await page.keyboard.press('Enter');
    await expect.poll(() => read().records.length).toBe(1);
    const saved = read().records[0].record;
    expect(saved).toMatchObject({
      dialogue: second.dialogue,
      turn: Number(second.turn),
      slot: second.slot,
      category: 'wrong-value',
      status: 'confirmed',
      scope: 'onward',
    });
    expect(saved.from ?? 'absent').toBe(gold);
    // The queue moved on to the next suspect not annotated yet; back on the saved one, its chip carries the mark.
    await expect.poll(place).toEqual(third);
    await page.keyboard.press('p');
    await expect.poll(() => focused(page)).toMatchObject({ slot: second.slot, annotated: 'confirmed' });

    // x rejects the next suspect (the gold is right) and moves on.
    await page.keyboard.press('n');
    await page.keyboard.press('x');
    await expect.poll(() => read().records.map((k) => k.record.status)).toEqual(['confirmed', 'rejected']);

    // w: the what-if, before → after for every metric, exactly as the engine scores the corrected gold.
    await page.keyboard.press('w');
    await page.waitForSelector('[data-testid="whatif-panel"]');
    await expect.poll(() => page.textContent('[data-testid="whatif-summary"]')).toMatch(/^1 correction applied/);
    const demo = await loadSource({ kind: 'demo' });
    const config = defaultConfig();
    const before = evaluate(demo.loaded.corpus, config).corpus;
    const after = evaluate(applyCorrections(demo.loaded.corpus, read().records).corpus, config).corpus;
    let changed = 0;
    for (const m of METRICS) {
      const cell = page.locator(`[data-testid="whatif-metric"][data-metric="${m.id}"]`);
      const b = percent2(metricValue(before.values, m.id, config)!);
      const a = percent2(metricValue(after.values, m.id, config)!);
      await expect.poll(() => cell.getAttribute('data-after')).toBe(a);
      expect(await cell.getAttribute('data-before')).toBe(b);
      if (a !== b) changed++;
    }
    expect(changed).toBeGreaterThan(0);
    // The banner says what the what-if did to the dialogue on screen: its one correction, or none.
    const shown = await page.textContent('[data-testid="dialogue-title"]');
    expect(await page.textContent('[data-testid="whatif-banner"]')).toMatch(
      shown === second.dialogue
        ? /^What-if: this dialogue is shown with its 1 confirmed correction applied to its gold/
        : /^What-if is on: this dialogue has no confirmed correction/,
    );

    // The corrected dialogue's figure is what the screen shows: the corrected scores, the corrections in its signature.
    await page.locator('[data-testid="whatif-flips"] button, [data-testid="whatif-moves"] button').first().click();
    await expect.poll(() => page.textContent('[data-testid="dialogue-title"]')).toBe(second.dialogue);
    await page.waitForSelector('[data-testid="whatif-banner"]');
    await expect
      .poll(() => page.textContent('[data-testid="whatif-banner"]'))
      .toMatch(/^What-if: this dialogue is shown with its 1 confirmed correction/);
    const shown3 = await Promise.all(
      ['JGA', 'FGA', 'GCA'].map(async (m) => (await page.textContent(`[data-testid="dialogue-metric"][data-metric="${m}"]`))!.trim()),
    );
    await page.click('[data-testid="export-button"]');
    const [fig] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.click('[data-testid="export-item"][data-export="figure-svg"]'),
    ]);
    const svg = readFileSync((await fig.path())!, 'utf8');
    expect(svg).toMatch(/<desc>[^<]*corrections=1:[0-9a-f]{8}/);
    for (const v of shown3) expect(svg).toContain(`>${v}<`);
    await page.keyboard.press('Escape');

    // E (e is the Export menu): the correction diff; 2 shows CSV, 3 the diff; Enter downloads it.
    await page.keyboard.press('E');
    await page.waitForSelector('[data-testid="export-dialog"]');
    await page.keyboard.press('2');
    await expect
      .poll(() => page.textContent('[data-testid="export-preview"]'))
      .toMatch(/^dialogue,turn,slot,old,new,category,status,note,by,at,id\n/);
    await page.keyboard.press('3');
    await expect.poll(() => page.textContent('[data-testid="export-preview"]')).toContain(`@@ ${second.dialogue} turn ${second.turn} @@`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(download.suggestedFilename()).toBe('demo.annotations.corrections.diff');
    const text = readFileSync((await download.path())!, 'utf8');
    expect(text).toContain(`@@ ${second.dialogue} turn ${second.turn} @@`);
    expect(text).toMatch(/^--- gold: built-in demo\n\+\+\+ corrected: corrections=1:[0-9a-f]{8}/);
    await page.keyboard.press('Escape');

    // u undoes the last save (the rejection), then the confirmation: nothing applies any more.
    await page.keyboard.press('u');
    await expect.poll(() => read().records.map((k) => k.record.status)).toEqual(['confirmed']);
    await page.keyboard.press('u');
    await expect.poll(() => read().records.length).toBe(0);
    await expect.poll(() => page.textContent('[data-testid="whatif-summary"]')).toMatch(/^0 corrections applied/);
    expect(errors).toEqual([]);
  }, 120_000);
});
