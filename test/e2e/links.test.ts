// End-to-end test of links to a view (issue 20, item 1) in browser mode
// (`dst-inspector serve` from out/, headless Debian Chromium): a run opened,
// a filter, a dialogue and a turn chosen, then an analysis and its option;
// the copied link carries no token, is refused without one, and opened in a
// fresh browser context through the normal auth path (?token=… of that
// context's own, before the '#') lands on the same dialogue, turn, filter and
// analysis; back and forward walk the history. A link to a file changed since
// says so; a link out of the served folder is refused with a notice. The
// evaluator preset is in the link: mwzeval chosen, the link opened in a fresh
// context shows mwzeval and the same JGA and SA (a value map the server has not
// read is dropped, and said). A search edit is one history entry of its own:
// Back from the typing lands on the step before it (the domain filter).
/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { chromiumAvailable, launchBrowser, ROOT, startServer, type Server } from './harness';

const SOM = join(ROOT, 'test', 'fixtures', 'multiwoz-somdst-100');
const JGA = '[data-testid="corpus-metric"][data-metric="JGA"][data-scope="corpus"]';
const SA = '[data-testid="corpus-metric"][data-metric="SA"][data-scope="corpus"]';
/** mwzeval's canonical spellings (test/fixtures/presets/README.md): the server reads them, as presets.test.ts's does. */
const MAP = join(ROOT, 'test', 'fixtures', 'presets', 'mwzeval', 'value-map.json');

describe.skipIf(!chromiumAvailable())('links in headless Chromium', () => {
  let browser: Browser;
  let server: Server;
  let page: Page;
  const errors: string[] = [];
  // The served folder is where serve starts (the project root here): a copy of the fixture under it, not open yet.
  const tmp = mkdtempSync(join(ROOT, 'out', 'e2e-links-'));
  const copy = join(tmp, 'copy.json');
  copyFileSync(join(SOM, 'predictions.json'), copy);

  const fresh = async () => {
    const p = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    p.on('pageerror', (e) => errors.push(e.message));
    return p;
  };
  const fragmentOf = (link: string) => link.slice(link.indexOf('#') + 1);
  const notice = (p: Page) => p.textContent('[data-testid="notice"]');
  const copied = async (p: Page): Promise<string> => {
    await expect.poll(() => notice(p), { timeout: 10_000 }).toMatch(/(Link copied|Copy this link): /);
    return /(?:Link copied|Copy this link): (\S+)/.exec((await notice(p))!)![1];
  };

  beforeAll(async () => {
    [browser, server] = await Promise.all([
      launchBrowser(),
      startServer([join(SOM, 'predictions.json'), '--dialogues', join(SOM, 'dialogues.json'), '--value-map', MAP]),
    ]);
    page = await fresh();
    await page.goto(server.url);
    await page.waitForSelector(JGA);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(tmp, { recursive: true, force: true });
  });

  let inspectLink = '';
  let analysisLink = '';
  let dialogue = '';

  it('keeps the dialogue, turn and filter in the address, and Copy link gives it without the token', async () => {
    expect(page.url()).not.toContain('token');
    await page.selectOption('[data-testid="domain-filter"]', 'taxi');
    await expect.poll(() => page.url()).toContain('dom=taxi');
    const row = page.locator('[data-testid="dialogue-item"]').nth(2);
    dialogue = (await row.getAttribute('data-dialogue-id'))!;
    await row.click();
    await expect.poll(() => page.textContent('[data-testid="dialogue-title"]')).toContain(dialogue);
    await page.locator('[data-testid="turn"][data-position="2"]').click();
    await expect.poll(() => page.url()).toMatch(/[#&]t=2(&|$)/);
    expect(decodeURIComponent(page.url())).toContain(`d=${dialogue}`);
    expect(page.url()).toContain('run=');
    expect(page.url()).toContain('test/fixtures/multiwoz-somdst-100/predictions.json');

    await page.click('[data-testid="copy-link"]');
    inspectLink = await copied(page);
    expect(inspectLink).not.toContain(server.token);
    expect(inspectLink).not.toMatch(/token/i);
    expect(inspectLink.startsWith(`${server.origin}/#v=inspect&run=`)).toBe(true);
  });

  it('keeps the analysis and its option; L copies the link', async () => {
    await page.click('[data-testid="nav-analysis"]');
    await page.click('[data-testid="analysis-tab-position"]');
    await page.waitForSelector('[data-testid="position-by"]');
    await page.selectOption('[data-testid="position-by"]', 'length');
    await expect.poll(() => decodeURIComponent(page.url())).toContain('o.pos.by="length"');
    await page.locator('body').focus();
    await page.keyboard.press('Shift+L');
    analysisLink = await copied(page);
    expect(analysisLink).toContain('v=analysis');
    expect(analysisLink).toContain('a=position');
    expect(analysisLink).not.toContain(server.token);
  });

  it('back and forward walk the history: the option, the analysis, the turn and dialogue', async () => {
    await page.goBack();
    await expect.poll(() => page.inputValue('[data-testid="position-by"]')).toBe('index');
    await page.goBack();
    await expect.poll(() => page.locator('[data-testid="analysis-tab-breakdown"][aria-current="page"]').count()).toBe(1);
    await page.goBack();
    await expect.poll(() => page.textContent('[data-testid="dialogue-title"]')).toContain(dialogue);
    await expect.poll(() => page.locator('[data-testid="turn"][data-position="2"][aria-current="step"]').count()).toBe(1);
    expect(await page.inputValue('[data-testid="domain-filter"]')).toBe('taxi');
    await page.goBack();
    await expect.poll(() => page.locator('[data-testid="turn"][data-position="0"][aria-current="step"]').count()).toBe(1);
    await page.goForward();
    await page.goForward();
    await page.goForward();
    await page.goForward();
    await expect.poll(() => page.inputValue('[data-testid="position-by"]'), { timeout: 10_000 }).toBe('length');
  });

  it('a link without a token is refused; with the receiver’s own token it opens on the same dialogue, turn and filter', async () => {
    const p = await fresh();
    const res = await p.goto(inspectLink);
    expect(res?.status()).toBe(403);
    await p.goto(`${server.origin}/?token=${server.token}#${fragmentOf(inspectLink)}`);
    await expect.poll(() => p.textContent('[data-testid="dialogue-title"]'), { timeout: 20_000 }).toContain(dialogue);
    await expect.poll(() => p.locator('[data-testid="turn"][data-position="2"][aria-current="step"]').count()).toBe(1);
    // (polled: the domain menu's options arrive with the run's domains, after the dialogue)
    await expect.poll(() => p.inputValue('[data-testid="domain-filter"]')).toBe('taxi');
    expect(p.url()).not.toContain('token'); // the page takes it out of its address
    await p.context().close();
  });

  it('the analysis link opens the same analysis with its option in a fresh context', async () => {
    const p = await fresh();
    await p.goto(`${server.origin}/?token=${server.token}#${fragmentOf(analysisLink)}`);
    await expect.poll(() => p.locator('[data-testid="analysis-tab-position"][aria-current="page"]').count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => p.inputValue('[data-testid="position-by"]')).toBe('length');
    await p.context().close();
  });

  it('opens a linked file of the served folder that is not open, and says when it changed since the link', async () => {
    const p = await fresh();
    const path = relative(ROOT, copy).split('\\').join('/');
    await p.goto(`${server.origin}/?token=${server.token}#v=inspect&run=abcdef012345:${path}&d=${dialogue}`);
    await expect.poll(() => p.textContent('[data-testid="dialogue-title"]'), { timeout: 30_000 }).toContain(dialogue);
    await expect.poll(() => notice(p), { timeout: 10_000 }).toMatch(/changed since the link was made \(its content hash was abcdef012345/);
    await p.context().close();
  });

  it('refuses a link out of the served folder, and a garbled one, with notices', async () => {
    const p = await fresh();
    await p.goto(`${server.origin}/?token=${server.token}#v=inspect&run=:../../etc/passwd`);
    await expect.poll(() => notice(p), { timeout: 10_000 }).toMatch(/could not be opened: .*leads out of the served folder/);
    await p.waitForSelector(JGA); // the app goes on with the runs it has
    await p.goto(`${server.origin}/?token=${server.token}#v=inspect&t=x&zz=1`);
    await expect
      .poll(() => notice(p), { timeout: 10_000 })
      .toMatch(/could not be read whole: .*field "zz" is not known.*the link's turn "x" is not a whole number/);
    await p.waitForSelector(JGA);
    await p.context().close();
  });

  it('back from a search lands on the step before it (the domain), not on the one before that', async () => {
    const p = await fresh();
    await p.goto(server.url);
    await p.waitForSelector(JGA);
    const second = p.locator('[data-testid="dialogue-item"]').nth(1);
    const id = await second.getAttribute('data-dialogue-id');
    await second.click();
    // That dialogue's own address (the first one's may be there already), so the turn clicked next is one of its turns.
    await expect.poll(() => decodeURIComponent(p.url())).toContain(`d=${id}`);
    await p.locator('[data-testid="turn"][data-position="1"]').click();
    await expect.poll(() => p.url()).toMatch(/[#&]t=1(&|$)/);
    await p.selectOption('[data-testid="sort-key"]', 'JGA');
    await expect.poll(() => p.url()).toMatch(/[#&]sort=JGA(\+|%2B)/);
    await p.selectOption('[data-testid="domain-filter"]', 'hotel');
    await expect.poll(() => p.url()).toContain('dom=hotel');
    await p.locator('#dialogue-search').pressSequentially('cheap', { delay: 120 });
    await expect.poll(() => p.url()).toContain('dom=hotel&q=cheap');
    await p.goBack();
    await expect.poll(() => p.url()).toMatch(/dom=hotel$/);
    expect(await p.inputValue('#dialogue-search')).toBe('');
    expect(await p.inputValue('[data-testid="domain-filter"]')).toBe('hotel');
    await p.goBack();
    await expect.poll(() => p.url()).toMatch(/sort=JGA(\+|%2B)$/);
    expect(await p.inputValue('[data-testid="domain-filter"]')).toBe('');
    await p.goForward();
    await p.goForward();
    await expect.poll(() => p.url()).toContain('dom=hotel&q=cheap');
    await expect.poll(() => p.inputValue('#dialogue-search')).toBe('cheap');
    await p.context().close();
  });

  it('keeps the evaluator preset: mwzeval in a copied link opens as mwzeval with the same JGA and SA', async () => {
    const p = await fresh();
    await p.goto(server.url);
    await p.waitForSelector(JGA);
    const exactJga = await p.textContent(JGA);
    await p.selectOption('[data-testid="preset-select"]', 'mwzeval');
    await expect.poll(() => decodeURIComponent(p.url())).toMatch(/[#&]p=mwzeval,vm:[0-9a-f]+(&|$)/);
    await expect.poll(() => p.textContent(JGA), { timeout: 30_000 }).not.toBe(exactJga);
    const [jga, sa] = [await p.textContent(JGA), await p.textContent(SA)];
    await p.click('[data-testid="copy-link"]');
    const link = await copied(p);
    expect(decodeURIComponent(link)).toContain('p=mwzeval');

    // Reload: still mwzeval.
    await p.reload();
    await expect.poll(() => p.inputValue('[data-testid="preset-select"]'), { timeout: 20_000 }).toBe('mwzeval');
    await expect.poll(() => p.textContent(JGA), { timeout: 30_000 }).toBe(jga);
    // Back (to before the choice) scores as exact again; forward as mwzeval.
    await p.goBack();
    await expect.poll(() => p.inputValue('[data-testid="preset-select"]'), { timeout: 20_000 }).toBe('exact');
    await expect.poll(() => p.textContent(JGA), { timeout: 30_000 }).toBe(exactJga);
    await p.goForward();
    await expect.poll(() => p.inputValue('[data-testid="preset-select"]'), { timeout: 20_000 }).toBe('mwzeval');
    await p.context().close();

    const q = await fresh();
    await q.goto(`${server.origin}/?token=${server.token}#${fragmentOf(link)}`);
    await expect.poll(() => q.inputValue('[data-testid="preset-select"]'), { timeout: 20_000 }).toBe('mwzeval');
    await expect.poll(() => q.textContent(JGA), { timeout: 30_000 }).toBe(jga);
    expect(await q.textContent(SA)).toBe(sa);
    await q.context().close();
  });

  it('a link naming a value map this server has not read: mwzeval without the map, and a notice says so', async () => {
    const p = await fresh();
    await p.goto(`${server.origin}/?token=${server.token}#v=inspect&p=mwzeval,vm:0123456789ab`);
    await expect.poll(() => notice(p), { timeout: 20_000 }).toMatch(/value map 0123456789ab, which this server has not read/);
    // mwzeval without the server's map is not what the menu's "mwzeval" gives: its own entry says so.
    await expect.poll(() => p.inputValue('[data-testid="preset-select"]')).toBe('');
    expect(await p.locator('[data-testid="preset-select"] option[value=""]').textContent()).toBe('mwzeval (without the value map)');
    await expect.poll(() => decodeURIComponent(p.url())).toMatch(/[#&]p=mwzeval(&|$)/);
    await p.context().close();
  });

  it('had no page errors', () => {
    expect(errors).toEqual([]);
  });
});
