// End-to-end: evaluator presets in the app (issue 17, items 1 and 4), in
// browser mode with headless Chromium. The SOM-DST fixture is opened through
// the Open dialog (the server started with --value-map); choosing mwzeval in the header's preset menu rescores the
// run makes JGA the value `score --preset mwzeval --format json` prints (read
// from the CLI here, never written down) and the signature name the preset; a
// chip says which matcher accepted its value and why; "Compare with preset…"
// lists the turns that flip, and a link opens that dialogue and turn.
/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { FIXTURES } from '../helpers/fixtures';
import { runCli } from '../helpers/cli';
import { percent2 } from '../../src/shared/report/round';
import { browserSession, chromiumAvailable, launchBrowser, startServer, type Server } from './harness';

const SOM = join(FIXTURES, 'multiwoz-somdst-100');
/** mwzeval's canonical spellings (test/fixtures/presets/README.md): the server reads them for the app's mwzeval. */
const MAP = join(FIXTURES, 'presets', 'mwzeval', 'value-map.json');
const JGA = '[data-testid="corpus-metric"][data-metric="JGA"][data-scope="corpus"]';

describe.skipIf(!chromiumAvailable())('presets in the app', () => {
  let browser: Browser;
  let server: Server;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), startServer(['--value-map', MAP])]);
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.url);
    await page.waitForSelector(JGA);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('open SOM-DST, switch to mwzeval: JGA is score --preset mwzeval’s, the signature names it, a chip says why', async () => {
    const exact = JSON.parse(runCli(['score', join(SOM, 'predictions.json'), '--format', 'json']).stdout);
    const mwz = JSON.parse(
      runCli(['score', join(SOM, 'predictions.json'), '--preset', 'mwzeval', '--value-map', MAP, '--format', 'json']).stdout,
    );
    expect(mwz.corpus.JGA).not.toBe(exact.corpus.JGA);

    await page.click('[data-testid="open-button"]');
    // The Open dialog has the preset menu and the partner files of the bspn and lines layouts.
    await page.waitForSelector('[data-testid="open-slot-vocab"]');
    await page.waitForSelector('[data-testid="open-index"]');
    expect(await page.inputValue('[data-testid="open-preset"]')).toBe('exact');
    await page.fill('[data-testid="open-path"]', join(SOM, 'predictions.json'));
    await page.fill('[data-testid="open-dialogues"]', join(SOM, 'dialogues.json'));
    await page.click('[data-testid="open-submit"]');
    await expect.poll(() => page.textContent(JGA), { timeout: 30_000 }).toBe(percent2(exact.corpus.JGA));

    await page.selectOption('[data-testid="preset-select"]', 'mwzeval');
    await expect.poll(() => page.textContent(JGA), { timeout: 30_000 }).toBe(percent2(mwz.corpus.JGA));
    await expect.poll(() => page.textContent('[data-testid="signature"]')).toContain(mwz.signature.match(/preset=mwzeval\([^)]*\)/)[0]);
    expect(await page.textContent('[data-testid="signature"]')).toContain('none=value');

    // Back to exact: the first number again.
    await page.selectOption('[data-testid="preset-select"]', 'exact');
    await expect.poll(() => page.textContent(JGA), { timeout: 30_000 }).toBe(percent2(exact.corpus.JGA));
    expect(await page.textContent('[data-testid="signature"]')).not.toContain('preset=');
    await page.selectOption('[data-testid="preset-select"]', 'mwzeval');
    await expect.poll(() => page.textContent(JGA), { timeout: 30_000 }).toBe(percent2(mwz.corpus.JGA));
  });

  it('the flip list: grouped by reason with counts; a link opens that dialogue and turn, whose chip says which matcher accepted it', async () => {
    const diff = JSON.parse(
      runCli(['score', join(SOM, 'predictions.json'), '--diff-preset', 'exact,mwzeval', '--value-map', MAP, '--format', 'json']).stdout,
    );
    await page.click('[data-testid="flips-button"]');
    await page.waitForSelector('[data-testid="flips"]', { timeout: 30_000 });
    expect(await page.inputValue('[data-testid="flips-a"]')).toBe('exact');
    expect(await page.inputValue('[data-testid="flips-b"]')).toBe('mwzeval');
    const reasons = page.locator('[data-testid="flip-reason"]');
    expect(await reasons.count()).toBe(diff.reasons.length);
    for (let k = 0; k < diff.reasons.length; k++) {
      expect(await reasons.nth(k).getAttribute('data-reason')).toBe(diff.reasons[k].reason);
      expect(await reasons.nth(k).locator('h3').textContent()).toContain(`${diff.reasons[k].turns} turn`);
    }
    // A reason where mwzeval's matcher or normalisation accepted a value (B = mwzeval is right there).
    const k = diff.reasons.findIndex((r: { reason: string; examples: { a: string; b: string }[] }) =>
      r.examples.some((e) => e.b === 'correct' && /accepted|space|letter case|normalised/.test(r.reason)),
    );
    expect(k).toBeGreaterThanOrEqual(0);
    const e = diff.reasons[k].examples.find((x: { b: string }) => x.b === 'correct');
    await page.click(`[data-testid="flip-link"][data-dialogue="${e.dialogue}"][data-turn="${e.turn}"]`);
    await page.waitForSelector('[data-testid="flips-dialog"]', { state: 'detached' });
    await expect.poll(() => page.textContent('[data-testid="dialogue-title"]'), { timeout: 20_000 }).toBe(e.dialogue);
    await expect.poll(() => page.getAttribute('[data-testid="turn"][aria-current="step"]', 'data-turn')).toBe(String(e.turn));
    const chip = page.locator(`[data-testid="turn"][aria-current="step"] [data-testid="slot"][data-slot="${e.slot}"]`);
    const why = await chip.getAttribute('data-matched');
    expect(why).toMatch(/ ≈ .*\((partial_ratio) \d+\)$| after normalisation /);
    expect(await chip.getAttribute('title')).toContain(`accepted: ${why}`);
    expect(await chip.getAttribute('data-class')).toBe('correct');
    // …and the turn card's detail says it too.
    expect(await page.textContent('[data-testid="turn"][aria-current="step"] [data-testid="match-reasons"]')).toContain(why!);
    expect(errors).toEqual([]);
  });
});

describe.skipIf(!chromiumAvailable())('sgd in the app: what it means on the run shown', () => {
  const session = browserSession();
  const NOTICE = '[data-testid="preset-notice"]';
  const sgdOption = (page: Page) => page.locator('[data-testid="preset-select"] option[value="sgd"]');

  it('on MultiWOZ data the menu and a notice beside the numbers say it equals exact (as the CLI warns); on SGD data it scores as score --preset sgd', async () => {
    const server = await session.serve([join(SOM, 'predictions.json')]);
    const page = await (await session.browser().newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.url);
    const exact = JSON.parse(runCli(['score', join(SOM, 'predictions.json'), '--format', 'json']).stdout);
    await expect.poll(() => page.textContent(JGA), { timeout: 30_000 }).toBe(percent2(exact.corpus.JGA));
    expect(await page.locator(NOTICE).count()).toBe(0);
    // Where the preset is chosen: the menu's entry says it, its title says why.
    await expect.poll(() => sgdOption(page).textContent()).toBe('sgd (= exact here)');
    expect(await sgdOption(page).getAttribute('title')).toContain('equals exact on this run');
    await page.selectOption('[data-testid="preset-select"]', 'sgd');
    await expect.poll(() => page.textContent('[data-testid="signature"]'), { timeout: 30_000 }).toContain('preset=sgd');
    // Beside the numbers: the notice, and the numbers are exact's.
    await expect.poll(() => page.textContent(NOTICE)).toContain('sgd needs SGD schema/service data');
    expect(await page.textContent(NOTICE)).toContain('on this run it equals exact');
    expect(await page.textContent(NOTICE)).toContain('dst-inspector score PRED_DIR --gold GOLD_DIR --preset sgd');
    expect(await page.textContent(JGA)).toBe(percent2(exact.corpus.JGA));
    // The CLI says the same on a command that scores the corpus (compare; score refuses without --gold).
    expect(runCli(['compare', join(SOM, 'predictions.json'), join(SOM, 'predictions.json'), '--preset', 'sgd']).stderr).toContain(
      'on this run it equals exact',
    );

    // SGD predictions with their gold folder: the entry is plain, and sgd scores the frames present as the CLI's sgd does.
    const S = join(FIXTURES, 'presets', 'sgd');
    const cli = JSON.parse(
      runCli(['score', join(S, 'pred'), '--gold', join(S, 'data', 'test'), '--preset', 'sgd', '--format', 'json']).stdout,
    );
    await page.click('[data-testid="open-button"]');
    await page.selectOption('[data-testid="open-preset"]', 'sgd');
    expect(await page.textContent('[data-testid="open-preset-note"]')).toContain('sgd needs SGD schema/service data');
    await page.fill('[data-testid="open-path"]', join(S, 'pred', 'dialogues_001.json'));
    await page.fill('[data-testid="open-gold"]', join(S, 'data', 'test'));
    await page.click('[data-testid="open-submit"]');
    await expect.poll(() => page.textContent(JGA), { timeout: 30_000 }).toBe(percent2(cli.corpus.JGA));
    // SA is polled too: its K follows the run's schema, which may arrive after the first numbers.
    await expect
      .poll(() => page.textContent('[data-testid="corpus-metric"][data-metric="SA"][data-scope="corpus"]'), { timeout: 30_000 })
      .toBe(percent2(cli.corpus.SA));
    await expect.poll(() => sgdOption(page).textContent()).toBe('sgd');
    await expect.poll(() => page.textContent(NOTICE)).toContain('CLI-only');
    expect(await page.textContent(NOTICE)).not.toContain('equals exact');
    expect(errors).toEqual([]);
  });
});
