// End-to-end, browser mode (issue 18 item 3, "confident but wrong" in the
// list): a JSON Lines run with confidences
// (test/fixtures/formats/llm/jsonl/confident-wrong.jsonl) sorted by its
// dialogues' most confident wrong pair puts MUL0002 (0.97) first and says
// the confidence in the row; the search term confident-wrong:0.9 with a
// word keeps MUL0005 only; a run without confidences shows the sort option
// disabled, with a title saying why.
/// <reference lib="dom" />
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { browserSession, chromiumAvailable, ROOT } from './harness';

const LLM = join(ROOT, 'test', 'fixtures', 'formats', 'llm');

describe.skipIf(!chromiumAvailable())('confident but wrong in the dialogue list', () => {
  const session = browserSession();

  it('sorts by the most confident wrong pair and filters with confident-wrong:0.9', async () => {
    const s = await session.serve([join(LLM, 'jsonl', 'confident-wrong.jsonl')]);
    const page = await session.browser().newPage();
    await page.goto(s.url);
    await page.waitForSelector('[data-testid="dialogue-item"]');
    const option = page.locator('[data-testid="sort-key"] option[value="confidentWrong"]');
    await expect.poll(() => option.isDisabled()).toBe(false);
    await page.selectOption('[data-testid="sort-key"]', 'confidentWrong');
    const first = page.locator('[data-testid="dialogue-item"]').first();
    await expect.poll(() => first.getAttribute('data-dialogue-id')).toBe('MUL0002.json');
    expect(await first.innerText()).toContain('wrong at confidence 0.97');
    expect(await page.locator('[data-testid="sort-direction"]').innerText()).toBe('↓');
    const ids = await page
      .locator('[data-testid="dialogue-item"]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-dialogue-id')));
    expect(ids).toEqual(['MUL0002.json', 'MUL0005.json', 'MUL0004.json', 'MUL0001.json', 'MUL0003.json']);
    await page.fill('input[type="search"]', 'confident-wrong:0.9 attraction');
    await expect.poll(() => page.locator('[data-testid="list-count"]').getAttribute('data-count')).toBe('1');
    expect(await first.getAttribute('data-dialogue-id')).toBe('MUL0005.json');
    await page.fill('input[type="search"]', 'confident-wrong:0.9');
    await expect.poll(() => page.locator('[data-testid="list-count"]').getAttribute('data-count')).toBe('2');
    expect(await first.getAttribute('data-dialogue-id')).toBe('MUL0002.json');
  }, 120_000);

  it('without confidences the sort option is disabled and says why', async () => {
    const s = await session.serve([join(LLM, 'source-fga.json')]);
    const page = await session.browser().newPage();
    await page.goto(s.url);
    await page.waitForSelector('[data-testid="dialogue-item"]');
    const option = page.locator('[data-testid="sort-key"] option[value="confidentWrong"]');
    expect(await option.isDisabled()).toBe(true);
    expect(await option.getAttribute('title')).toMatch(/needs confidences: this run carries none/);
  }, 120_000);
});
