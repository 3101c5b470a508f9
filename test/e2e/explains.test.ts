// End-to-end (browser mode, headless Chromium): a screen that explains its
// own numbers and works from the keyboard (issue 11, items 7, 8, 10, 11):
// metric tooltips with the definition and the README section, GCA's parts in
// the panel, "no changes" for a dialogue without any change (and it sorts
// last, with a note), the list in one Tab, Enter/↓/Esc in the search field,
// the panel reachable with Tab, Ctrl/Cmd+O into the path field, and the Open
// dialog's layout, value options, relative paths and its messages.
/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { chromiumAvailable, launchBrowser, ROOT, startServer, type Server } from './harness';
import { LOADERS } from '../../src/shared/formats/registry';

const FIX = join(ROOT, 'test', 'fixtures');
const MUL_FILE = join(FIX, 'paper', 'mul1110.json');
const metric = (m: string) => `[data-testid="dialogue-metric"][data-metric="${m}"]`;
const row = (id: string) => `[data-testid="dialogue-item"][data-dialogue-id="${id}"]`;
const active = (page: Page) =>
  page.evaluate(() => {
    const a = document.activeElement as HTMLElement | null;
    return {
      id: a?.id ?? '',
      testid: a?.dataset.testid ?? '',
      turn: a?.dataset.turn ?? null,
      row: a?.dataset.dialogueId ?? null,
      inPanel: !!a?.closest('.metric-panel'),
      inList: !!a?.closest('.dialogue-list'),
      term: a?.closest('[data-term]')?.getAttribute('data-term') ?? null,
    };
  });

describe.skipIf(!chromiumAvailable())('a screen that explains itself', () => {
  let browser: Browser;
  let server: Server;
  let page: Page;
  const tmp = mkdtempSync(join(tmpdir(), 'dst-e2e-explains-'));
  const errors: string[] = [];
  /** MUL1110 and SNG0779 (GCA paper, figs. 6-7), and EMPTY.json whose states are all empty. */
  const file = join(tmp, 'with-empty.json');

  beforeAll(async () => {
    const data = { ...JSON.parse(readFileSync(MUL_FILE, 'utf8')), ...JSON.parse(readFileSync(join(FIX, 'paper', 'sng0779.json'), 'utf8')) };
    data['EMPTY.json'] = { '0': { gt: {}, pr: {} }, '1': { gt: {}, pr: {} } };
    writeFileSync(file, JSON.stringify(data));
    [browser, server] = await Promise.all([launchBrowser(), startServer([file])]);
    page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    page.setDefaultTimeout(10_000);
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.url);
    await page.waitForSelector(metric('GCA'));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('every metric name in the header and the panel has a tooltip: definition and reference section; Enter opens the reference there', async () => {
    // Hidden until asked for: no tooltip and no skip link on screen, the header one line of scores; the Export menu lies over the page.
    await page.mouse.move(0, 700);
    expect(await page.locator('[role="tooltip"]:visible').count()).toBe(0);
    const skip = (await page.locator('.skip-link').boundingBox())!;
    expect(skip.y + skip.height).toBeLessThanOrEqual(0); // above the page until focused
    const header = page.locator('header').first();
    const headerHeight = (await header.boundingBox())!.height;
    expect(headerHeight).toBeLessThan(140);
    await page.keyboard.press('e');
    await page.waitForSelector('[data-testid="export-menu"]');
    expect((await header.boundingBox())!.height).toBe(headerHeight);
    await page.keyboard.press('Escape');
    const names = await page.$$eval('[data-testid="corpus-metric"]', (dd) => dd.map((d) => d.getAttribute('data-metric')));
    for (const m of names) {
      const term = page.locator(`.corpus-scores [data-term="${m}"]`);
      await term.locator('.term-name').hover();
      const tip = term.locator('[role="tooltip"]');
      await expect.poll(() => tip.isVisible(), { timeout: 10_000 }).toBe(true);
      expect(await tip.textContent()).toMatch(/Reference: The metrics/);
    }
    await page.locator('.corpus-scores [data-term="GCA"] .term-name').hover();
    expect(await page.locator('.corpus-scores [data-term="GCA"] [role="tooltip"]').textContent()).toMatch(
      /^Granular change accuracy\. Counts how each change of state was predicted/,
    );
    for (const m of ['JGA', 'FGA', 'RSA', 'GCA', 'SA', 'AGA', 'IAGA', 'F1', 'VP', 'VR', 'LP', 'LR', 'TO', 'NU']) {
      expect(await page.locator(`.metric-panel [data-term="${m}"] [role="tooltip"]`).count(), m).toBeGreaterThan(0);
    }
    await page.locator('.metric-panel [data-term="TO"] .term-name').hover();
    expect(await page.locator('.metric-panel [data-term="TO"] [role="tooltip"]').textContent()).toMatch(
      /^Tail-orientedness\..*Reference: Spurious traits/,
    );
    // The link opens the README section in the app (no network, no navigation). The term keeps the
    // focus, so the tooltip stays up while the panel scrolls the link into view.
    await page.focus('.metric-panel [data-term="TO"] .term-name');
    await page.locator('.metric-panel [data-term="TO"] [role="tooltip"] a').click();
    const ref = page.locator('[data-testid="metric-reference"]');
    await expect.poll(() => ref.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await ref.locator('[data-readme="#spurious-traits-dst-inspector-traits"]').textContent()).toMatch(/tail-orientedness TO/);
    expect(await ref.locator('[data-glossary="TO"]').getAttribute('class')).toBe('focus');
    await page.keyboard.press('Escape');
    await expect.poll(() => ref.count(), { timeout: 10_000 }).toBe(0);
  });

  it("shows GCA's parts VP, VR, LP, LR (MUL1110: 50.00, 25.00, 100.00, 50.00)", async () => {
    await page.click(row('MUL1110.json'));
    await expect.poll(() => page.textContent(metric('GCA')), { timeout: 10_000 }).toBe('31.43');
    expect(await Promise.all(['VP', 'VR', 'LP', 'LR'].map((m) => page.textContent(metric(m))))).toEqual([
      '50.00',
      '25.00',
      '100.00',
      '50.00',
    ]);
  });

  it('a dialogue without any change shows "no changes", not 0.00, and sorts last by |FGA − GCA| and GCA, with a note', async () => {
    await page.click(row('EMPTY.json'));
    await expect.poll(() => page.textContent(metric('GCA')), { timeout: 10_000 }).toBe('no changes');
    expect(await page.textContent(`${row('EMPTY.json')} [data-metric="GCA"] .m-val`)).toBe('no changes');
    for (const m of ['VP', 'VR', 'LP', 'LR']) expect(await page.textContent(metric(m))).toBe('—');
    // Why RSA is 0 on its turns: both states are empty.
    expect(await page.textContent('[data-testid="turn"][data-turn="0"] .no-slots')).toMatch(/both states empty: RSA scores this turn 0/);
    const order = () => page.$$eval('[data-testid="dialogue-item"]', (rows) => rows.map((r) => r.getAttribute('data-dialogue-id')));
    for (const key of ['disagreement', 'GCA']) {
      await page.selectOption('[data-testid="sort-key"]', key);
      await expect.poll(async () => (await order()).at(-1), { timeout: 10_000 }).toBe('EMPTY.json');
      expect(await page.textContent('[data-testid="no-changes-note"]')).toMatch(
        /^1 dialogue without any change comes last: GCA is undefined there/,
      );
      await page.click('[data-testid="sort-direction"]');
      await expect.poll(async () => (await order()).at(-1), { timeout: 10_000 }).toBe('EMPTY.json');
    }
    await page.selectOption('[data-testid="sort-key"]', 'position');
    await expect.poll(() => page.locator('[data-testid="no-changes-note"]').count(), { timeout: 10_000 }).toBe(0);
  });

  it('reaches the list in one Tab, and the metric panel with Tab', async () => {
    await page.reload();
    await page.waitForSelector(metric('GCA'));
    await page.keyboard.press('Tab');
    expect((await active(page)).id).toBe('dialogue-search');
    // Through the list's controls, the dialogue's buttons, the selected turn and its chips, into the panel:
    // its resize handle, then its scores.
    let inPanel = false;
    const seen: string[] = [];
    for (let i = 0; i < 40 && !inPanel; i++) {
      await page.keyboard.press('Tab');
      const a = await active(page);
      seen.push(a.testid || a.id);
      inPanel = a.inPanel && a.term !== null;
    }
    expect(inPanel, `Tab stops: ${seen.join(' ')}`).toBe(true);
    expect(seen).toContain('panel-resizer');
    // The panel's scores are one Tab stop; the arrow keys move between them and show each definition.
    const first = (await active(page)).term;
    expect(first).toBe('JGA');
    await page.keyboard.press('ArrowRight');
    expect((await active(page)).term).toBe('FGA');
    expect(await page.locator('.metric-panel [data-term="FGA"] [role="tooltip"]').isVisible()).toBe(true);
  });

  it('Enter in the search field opens the first match; Esc gives the focus back to where it was', async () => {
    await page.click('[data-testid="turn"][data-turn="1"]');
    expect((await active(page)).turn).toBe('1');
    await page.keyboard.press('/');
    expect((await active(page)).id).toBe('dialogue-search');
    await page.keyboard.press('Escape');
    expect((await active(page)).turn).toBe('1');

    await page.keyboard.press('/');
    await page.keyboard.type('sng0779');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.textContent('[data-testid="dialogue-title"]'), { timeout: 10_000 }).toBe('SNG0779.json');
    await expect.poll(async () => (await active(page)).row, { timeout: 10_000 }).toBe('SNG0779.json');
    // ↓ from the search field goes into the list
    await page.keyboard.press('/');
    await page.keyboard.press('ArrowDown');
    expect((await active(page)).inList && (await active(page)).row !== null).toBe(true);
  });

  it('Ctrl/Cmd+O puts the focus in the path field, also when the dialog is open', async () => {
    await page.keyboard.press('Control+o');
    await page.waitForSelector('[data-testid="open-dialog"]');
    expect((await active(page)).testid).toBe('open-path');
    await page.focus('[data-testid="open-gold"]');
    await page.keyboard.press('Control+o');
    expect((await active(page)).testid).toBe('open-path');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('[data-testid="open-dialog"]').count(), { timeout: 10_000 }).toBe(0);
  });

  it('the Open dialog: layouts and value options, relative paths from the folder it names, messages without flags it lacks', async () => {
    await page.fill('#dialogue-search', ''); // the list keeps its search across files
    await page.keyboard.press('Control+o');
    expect(await page.textContent('[data-testid="open-base"]')).toContain(ROOT);
    const layouts = await page.$$eval('[data-testid="open-layout"] option', (os) => os.map((o) => (o as HTMLOptionElement).value));
    // Every registered layout, in detection order, after the automatic choice.
    expect(layouts).toEqual(['', ...LOADERS.map((l) => l.id)]);
    expect(layouts).toEqual(expect.arrayContaining(['fga', 'trade', 'somdst', 'mwzeval', 'jsonl', 'trippy', 'convlab', 'icdst', 'sgd']));
    // A path relative to the server's folder, with a value option: it loads, and the signature names the option.
    await page.fill('[data-testid="open-path"]', relative(ROOT, MUL_FILE));
    await page.check('[data-testid="open-value-lower"]');
    await page.click('[data-testid="open-submit"]');
    await expect.poll(() => page.textContent('[data-testid="signature"]'), { timeout: 10_000 }).toContain('values=lower');
    await expect.poll(() => page.textContent(metric('GCA')), { timeout: 10_000 }).toBe('31.43');

    // A file of no known layout: the message says how to choose one here, not only with a flag.
    await page.keyboard.press('Control+o');
    await page.fill('[data-testid="open-path"]', 'package.json');
    await page.click('[data-testid="open-submit"]');
    await page.waitForSelector('[data-testid="load-error"]');
    expect(await page.textContent('[data-testid="load-error-message"]')).toMatch(/unknown layout: .*Layout in the Open dialog/);
    // The layout chosen in the dialog is used: TRADE's sample forced as TripPy says what TripPy expected.
    await page.keyboard.press('Control+o');
    await page.fill('[data-testid="open-path"]', join(FIX, 'formats', 'all_prediction_TRADE.json'));
    await page.selectOption('[data-testid="open-layout"]', 'trippy');
    await page.click('[data-testid="open-submit"]');
    await expect
      .poll(() => page.textContent('[data-testid="load-error-message"]'), { timeout: 10_000 })
      .toContain('expected a list of TripPy turn predictions, found an object');
    // A folder is a source too.
    await page.keyboard.press('Control+o');
    await page.fill('[data-testid="open-path"]', join(FIX, 'formats', 'sgd-pred'));
    await page.fill('[data-testid="open-gold"]', join(FIX, 'formats', 'sgd'));
    await page.click('[data-testid="open-submit"]');
    await expect.poll(() => page.textContent('[data-testid="signature"]'), { timeout: 10_000 }).toContain('SA K=5');
    // The schema's K belongs to that source: a file opened next, without one, is scored with the default K again.
    await page.keyboard.press('Control+o');
    await page.fill('[data-testid="open-path"]', join(FIX, 'paper', 'mul1110.json'));
    await page.fill('[data-testid="open-gold"]', '');
    await page.click('[data-testid="open-submit"]');
    await expect.poll(() => page.textContent('[data-testid="signature"]'), { timeout: 10_000 }).toContain('SA K=30');
    expect(errors).toEqual([]);
  });
});
