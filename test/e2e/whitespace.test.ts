// End-to-end: whitespace made visible, in browser mode on
// test/fixtures/whitespace/lookalikes.json. The load summary warns that 12 of
// the 13 wrong slot values differ from gold only by whitespace (8), letter
// case (2) or punctuation (2), with one example of each and the value option
// that would make them equal; a chip whose prediction has a leading space
// shows a muted ␣ marker, highlighted by the character diff, and its
// accessible name quotes the value; selecting the value gives the value
// itself (" centre"), not the marker; a no-break space, a zero-width space
// and a newline show ⍽, ⟨U+200B⟩ and ⏎.
// (The DOM lib is for the functions that run in the page.)
/// <reference lib="dom" />
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { chromiumAvailable, launchBrowser, ROOT, startServer, type Server } from './harness';

const FILE = join(ROOT, 'test', 'fixtures', 'whitespace', 'lookalikes.json');
const chip = (turn: number, slot: string) => `[data-testid="turn"][data-turn="${turn}"] [data-testid="slot"][data-slot="${slot}"]`;

/** The markers of a value element: each marker's drawn text (::before), its colour, and whether the diff marks it. */
function markers(page: Page, selector: string) {
  return page.$eval(selector, (v) =>
    Array.from(v.querySelectorAll<HTMLElement>('.vis-mark')).map((m) => ({
      mark: m.dataset.mark,
      drawn: getComputedStyle(m, '::before').content,
      colour: getComputedStyle(m, '::before').color,
      diff: m.classList.contains('vis-diff'),
    })),
  );
}

/** The text a user gets by selecting the element's contents (what Copy puts on the clipboard). */
function selected(page: Page, selector: string): Promise<string> {
  return page.$eval(selector, (v) => {
    const r = document.createRange();
    r.selectNodeContents(v);
    const s = getSelection()!;
    s.removeAllRanges();
    s.addRange(r);
    return s.toString();
  });
}

describe.skipIf(!chromiumAvailable())('whitespace made visible in headless Chromium', () => {
  let browser: Browser;
  let server: Server;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), startServer([FILE])]);
    page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    page.on('pageerror', (e) => pageErrors.push(`page error: ${e.message}`));
    await page.goto(server.url);
    await page.waitForSelector('[data-testid="format-warning"]');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('warns in the load summary with counts per kind, an example of each and the option to use', async () => {
    const w = page.locator('[data-testid="format-warning"]');
    expect(await w.getAttribute('data-count')).toBe('12');
    expect(await w.getAttribute('data-wrong')).toBe('13');
    expect((await w.locator('summary').textContent())?.replace(/\s+/g, ' ')).toContain(
      '12 of 13 wrong slot values differ from gold only by whitespace (8), letter case (2) or punctuation (2)',
    );
    await w.locator('summary').click();
    const rows = w.locator('[data-testid="lookalike"]');
    await expect.poll(() => rows.count()).toBe(3);
    const kinds = await rows.evaluateAll((ls) => ls.map((l) => [(l as HTMLElement).dataset.kind, (l as HTMLElement).dataset.count]));
    expect(kinds).toEqual([
      ['whitespace', '8'],
      ['case', '2'],
      ['punctuation', '2'],
    ]);
    const first = rows.nth(0);
    expect(await first.textContent()).toContain('WS0001.json turn 0 hotel-area');
    expect(await first.textContent()).toContain('value option “lower” makes 7 of them equal');
    expect(await first.locator('[data-testid="lookalike-pred"]').getAttribute('title')).toBe('predicted value: " centre"');
    expect(await markers(page, '[data-testid="lookalike"][data-kind="whitespace"] [data-testid="lookalike-pred"]')).toEqual([
      { mark: '␣', drawn: '"␣"', colour: 'rgb(91, 100, 112)', diff: true },
    ]);
    expect(await rows.nth(2).textContent()).toContain('value option “dontcare” makes 1 of them equal');
  });

  it('shows the leading space of a prediction as a muted ␣ in the chip, highlighted by the diff, and copies the real value', async () => {
    await page.click('[data-testid="dialogue-item"][data-dialogue-id="WS0001.json"]');
    await page.waitForSelector(chip(0, 'hotel-area'));
    const pred = `${chip(0, 'hotel-area')} .val.pred`;
    expect(await markers(page, pred)).toEqual([{ mark: '␣', drawn: '"␣"', colour: 'rgb(91, 100, 112)', diff: true }]);
    // The marker is muted, the value itself in the wrong class's colour.
    expect(await page.$eval(pred, (v) => getComputedStyle(v).color)).not.toBe('rgb(91, 100, 112)');
    // The gold "centre" has nothing to mark and nothing the diff marks (the space was inserted).
    expect(await markers(page, `${chip(0, 'hotel-area')} .val.gold`)).toEqual([]);
    expect(await page.getAttribute(chip(0, 'hotel-area'), 'aria-label')).toContain('(gold centre, predicted " centre")');
    expect(await page.getAttribute(pred, 'title')).toBe('predicted value: " centre"');
    expect(await selected(page, pred)).toBe(' centre');
    // A repeated inner space: both spaces marked, one of them inserted.
    const food = `${chip(2, 'restaurant-food')} .val.pred`;
    expect((await markers(page, food)).map((m) => [m.mark, m.diff])).toEqual([
      ['␣', false],
      ['␣', true],
    ]);
    expect(await selected(page, food)).toBe('modern  european');
    // A single inner space of the gold stays a plain space.
    expect(await markers(page, `${chip(2, 'restaurant-food')} .val.gold`)).toEqual([]);
  });

  it('shows a no-break space, a zero-width space and a newline as ⍽, ⟨U+200B⟩ and ⏎', async () => {
    await page.click('[data-testid="dialogue-item"][data-dialogue-id="WS0003.json"]');
    await page.waitForSelector(chip(0, 'hotel-type'));
    expect((await markers(page, `${chip(0, 'hotel-type')} .val.pred`)).map((m) => m.drawn)).toEqual(['"⍽"']);
    expect((await markers(page, `${chip(1, 'taxi-destination')} .val.pred`)).map((m) => m.drawn)).toEqual(['"⟨U+200B⟩"']);
    expect((await markers(page, `${chip(2, 'restaurant-pricerange')} .val.pred`)).map((m) => m.drawn)).toEqual(['"⏎"']);
    expect(await selected(page, `${chip(1, 'taxi-destination')} .val.pred`)).toBe('cambridge\u200b');
    expect(await page.getAttribute(`${chip(1, 'taxi-destination')} .val.pred .vis-mark`, 'title')).toBe('U+200B zero-width space');
    expect(pageErrors).toEqual([]);
  });
});
