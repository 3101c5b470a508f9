// End-to-end tests of the playground in browser mode (`dst-inspector serve`
// from out/, headless Debian Chromium): the GCA paper's hypothetical P1/P2
// numbers from the engine, typing with the keyboard and watching the metrics
// change, a broken value marked at its place with the last result kept stale,
// a quoted string typed over a selected one (no quote left over by Monaco's
// auto-surround), quick edits on chips (saved file, undo; `u` keeps the focus
// on the chip and the note says what was undone), A/B with differences, "Open in
// playground" from a run, keystroke-to-metrics time on a 30-turn dialogue, and
// the playground without any run open.
// (The DOM lib is for the functions that run in the page.)
/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { loadCorpus } from '../../src/shared/formats/detect';
import { defaultConfig } from '../../src/shared/metrics/config';
import { dialogueDetail } from '../../src/shared/metrics/evaluate';
import { metricValue } from '../../src/shared/metrics/values';
import { evaluatePlayground } from '../../src/shared/playground/evaluate';
import { playgroundDialogueOf, playgroundText } from '../../src/shared/playground/from-corpus';
import { percent2 } from '../../src/shared/report/round';
import { chromiumAvailable, launchBrowser, ROOT, startServer, type Server } from './harness';

const CONFIG = defaultConfig({ slotCount: 30 });
const PAPER = join(ROOT, 'test', 'fixtures', 'paper');
const HEADLINE = ['JGA', 'FGA', 'RSA', 'GCA'];

const sel = {
  metric: (m: string) => `[data-testid="dialogue-metric"][data-metric="${m}"]`,
  side: (s: string) => `[data-testid="playground-side"][data-side="${s}"]`,
};

/** The engine's numbers for a dialogue text, as the metric panel writes them. */
function engine(text: string, id = 'D'): Record<string, string> {
  const r = evaluatePlayground(text, id, CONFIG);
  if (!r.ok) throw new Error(r.diagnostic.message);
  return Object.fromEntries(HEADLINE.map((m) => [m, percent2(metricValue(r.result.detail.values, m, CONFIG)!)]));
}

async function shown(page: Page, scope = ''): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const m of HEADLINE) out[m] = ((await page.textContent(`${scope} ${sel.metric(m)}`.trim())) ?? '').trim();
  return out;
}

/** The store's text of side A (kept in localStorage, written 300 ms after the editor's last change). */
async function storedText(page: Page): Promise<string> {
  await page.waitForTimeout(500);
  return page.evaluate(
    () => (JSON.parse(localStorage.getItem('dst-inspector.playground') ?? '{}') as { sides: { A: { text: string } } }).sides.A.text,
  );
}

/** Waits until line `line` (1-based) of side A's stored text, trimmed, is `want`; returns it as it is then. */
async function storedLine(page: Page, line: number, want: string): Promise<string> {
  await page
    .waitForFunction(
      ([line, want]) =>
        (JSON.parse(localStorage.getItem('dst-inspector.playground') ?? '{}') as { sides: { A: { text: string } } }).sides?.A.text
          .split('\n')
          [line - 1]?.trim() === want,
      [line, want] as const,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  return (await storedText(page)).split('\n')[line - 1].trim();
}

/** Waits until the side's headline metrics equal `want`. */
async function expectMetrics(page: Page, want: Record<string, string>, scope = ''): Promise<void> {
  await page
    .waitForFunction(
      ([scope, want]) =>
        Object.entries(want).every(
          ([m, v]) =>
            document.querySelector(`${scope} [data-testid="dialogue-metric"][data-metric="${m}"]`.trim())?.textContent?.trim() === v,
        ),
      [scope, want] as const,
      { timeout: 15_000 },
    )
    .catch(() => undefined);
  expect(await shown(page, scope)).toEqual(want);
}

/**
 * A 30-turn dialogue (and a short one) in the FGA layout: a slot joins the gold
 * every third turn; the prediction gets the price range wrong at turns 3–5,
 * misses the food at turns 15–16 and overshoots a taxi from turn 21 on.
 */
function longDialogueFile(): string {
  const slots = [
    ['hotel', 'area', 'north'], ['hotel', 'pricerange', 'cheap'], ['hotel', 'day', 'monday'], ['hotel', 'people', '4'], ['hotel', 'stay', '2'],
    ['restaurant', 'food', 'italian'], ['restaurant', 'area', 'centre'], ['restaurant', 'time', '18:00'], ['train', 'departure', 'cambridge'], ['train', 'destination', 'ely'],
  ]; // prettier-ignore
  const turns: Record<string, unknown> = {};
  const gt: Record<string, Record<string, string>> = {};
  for (let t = 0; t < 30; t++) {
    if (t % 3 === 0) {
      const [d, s, v] = slots[t / 3];
      (gt[d] ??= {})[s] = v;
    }
    const pr = structuredClone(gt);
    if (t >= 3 && t <= 5) pr.hotel.pricerange = 'cheapx';
    if (t >= 15 && t <= 16) delete pr.restaurant.food;
    if (t >= 21) pr.taxi = { leaveat: '17:00' };
    turns[String(t)] = { gt: structuredClone(gt), pr };
  }
  return JSON.stringify({ 'LONG0030.json': turns, 'SHORT0001.json': { 0: { gt: {}, pr: {} } } }, null, 2);
}

describe.skipIf(!chromiumAvailable())('playground in headless Chromium', () => {
  let browser: Browser;
  let server: Server;
  let context: BrowserContext;
  let page: Page;
  const tmp = mkdtempSync(join(tmpdir(), 'dst-playground-e2e-'));
  const longFile = join(tmp, 'long.json');
  const pageErrors: string[] = [];

  beforeAll(async () => {
    writeFileSync(longFile, longDialogueFile());
    [browser, server] = await Promise.all([launchBrowser(), startServer([longFile])]);
    context = await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    page = await context.newPage();
    page.on('pageerror', (e) => pageErrors.push(`page error: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') pageErrors.push(`console error: ${m.text()}`);
    });
    await page.goto(server.url);
    await page.click('[data-testid="nav-playground"]');
    await page.waitForSelector('[data-testid="playground-editor"][data-ready="true"]', { timeout: 30_000 });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(tmp, { recursive: true, force: true });
  });

  it("shows the GCA paper's hypothetical P1 and P2 numbers, computed by the engine in the page", async () => {
    const options = await page.$$eval('[data-testid="playground-template"] option:not([disabled])', (os) =>
      os.map((o) => (o as HTMLOptionElement).value),
    );
    expect(options).toEqual([
      'hypothetical-p1',
      'hypothetical-p2',
      'figure1-p1',
      'figure1-p2',
      'mul1110',
      'sng0779',
      'fga-running-example',
    ]);
    await page.selectOption('[data-testid="playground-template"]', 'hypothetical-p2');
    const p2 = playgroundDialogueOf(readFileSync(join(PAPER, 'hypothetical-p2.json'), 'utf8'));
    expect(engine(p2.text)).toEqual({ JGA: '0.00', FGA: '59.75', RSA: '8.33', GCA: '52.38' });
    await expectMetrics(page, { JGA: '0.00', FGA: '59.75', RSA: '8.33', GCA: '52.38' });
    await page.selectOption('[data-testid="playground-template"]', 'hypothetical-p1');
    await expectMetrics(page, { JGA: '83.33', FGA: '83.33', RSA: '91.67', GCA: '52.38' });
    // Every other template scores as its fixture file does.
    for (const name of ['figure1-p2', 'fga-running-example']) {
      await page.selectOption('[data-testid="playground-template"]', name);
      const corpus = loadCorpus(new Uint8Array(readFileSync(join(PAPER, `${name}.json`))), { file: name }).corpus;
      const d = dialogueDetail(corpus, 0, CONFIG);
      await expectMetrics(page, Object.fromEntries(HEADLINE.map((m) => [m, percent2(metricValue(d.values, m, CONFIG)!)])));
    }
    await page.selectOption('[data-testid="playground-template"]', 'hypothetical-p1');
    await expectMetrics(page, { JGA: '83.33', FGA: '83.33', RSA: '91.67', GCA: '52.38' });
  });

  it('typing with the keyboard changes the metrics; a broken value gets a marker at its place and the last result stays, stale', async () => {
    const p1 = playgroundDialogueOf(readFileSync(join(PAPER, 'hypothetical-p1.json'), 'utf8')).text;
    const lines = p1.split('\n');
    // Line 10 is turn 0's predicted `"internet": "yes"`.
    expect(lines[9].trim()).toBe('"internet": "yes"');
    await page.click(`${sel.side('A')} .view-lines`);
    await page.keyboard.press('Control+Home');
    for (let i = 0; i < 9; i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    for (let i = 0; i < 3; i++) await page.keyboard.press('Shift+ArrowLeft');
    await page.keyboard.type('no');
    const edited = JSON.parse(p1);
    edited['0'].pr.hotel.internet = 'no';
    const want = engine(JSON.stringify(edited));
    expect(want.JGA).toBe('66.67');
    await expectMetrics(page, want);
    expect(await page.getAttribute('[data-testid="turn"][data-turn="0"] [data-slot="hotel-internet"]', 'data-class')).toBe('wrong');

    // Now break it: the quoted value becomes a number.
    await page.keyboard.press('ArrowRight'); // after the closing quote
    for (let i = 0; i < 4; i++) await page.keyboard.press('Shift+ArrowLeft'); // `"no"`
    await page.keyboard.type('3');
    await page.waitForSelector(`${sel.side('A')} [data-testid="playground-results"][data-stale="true"]`);
    const error = (await page.textContent('[data-testid="playground-error"]')) ?? '';
    expect(error).toContain('Line 10, column 21');
    expect(error).toContain('expected a string value, found number 3 (at $["0"].pr.hotel.internet)');
    // The marker: an error squiggle on line 10 of the editor.
    const squiggle = await page.waitForSelector(`${sel.side('A')} [data-testid="playground-editor"] .squiggly-error`);
    const squiggleBox = await squiggle.boundingBox();
    const lineTen = await page.$$eval(`${sel.side('A')} .line-numbers`, (els) => {
      const el = els.find((e) => e.textContent?.trim() === '10');
      const r = el?.getBoundingClientRect();
      return r ? { top: r.top, bottom: r.bottom } : null;
    });
    expect(lineTen).not.toBeNull();
    expect(squiggleBox!.y).toBeGreaterThanOrEqual(lineTen!.top - 2);
    expect(squiggleBox!.y).toBeLessThanOrEqual(lineTen!.bottom + 2);
    // The last valid numbers stay on screen, marked stale, not blank.
    expect(await shown(page)).toEqual(want);
    expect(await page.isVisible('[data-testid="playground-stale"]')).toBe(true);

    // Undo brings the valid text back.
    await page.keyboard.press('Control+z');
    await page.waitForSelector(`${sel.side('A')} [data-testid="playground-results"][data-stale="false"]`);
    expect(await page.$(`${sel.side('A')} [data-testid="playground-editor"] .squiggly-error`)).toBeNull();
    await expectMetrics(page, want);

    // A misspelt MultiWOZ slot is no error (it scores as a slot of its own) but gets a warning at its key.
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    for (let i = 0; i < 'internet'.length; i++) await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.type('intrnet');
    await page.waitForSelector(`${sel.side('A')} [data-testid="turn"][data-turn="0"] [data-slot="hotel-intrnet"][data-class="overshot"]`);
    await page.waitForSelector(`${sel.side('A')} [data-testid="playground-editor"] .squiggly-warning`);
    expect(await page.$(`${sel.side('A')} [data-testid="playground-editor"] .squiggly-error`)).toBeNull();
    expect(await page.getAttribute(`${sel.side('A')} [data-testid="playground-results"]`, 'data-stale')).toBe('false');
    await page.keyboard.press('Control+z');
    await expectMetrics(page, want);
  });

  it('quick edits on a chip: keys make the prediction correct at one turn or from a turn on; the saved file holds the change; undo reverts', async () => {
    await page.selectOption('[data-testid="playground-template"]', 'figure1-p1');
    const chip = (t: number, slot: string) =>
      `${sel.side('A')} [data-testid="turn"][data-turn="${t}"] [data-testid="slot"][data-slot="${slot}"]`;
    await page.waitForSelector(`${chip(0, 'hotel-internet')}[data-class="wrong"]`);
    await page.focus(chip(0, 'hotel-internet'));
    await page.keyboard.press('c');
    await page.waitForSelector(`${chip(0, 'hotel-internet')}[data-class="correct"]`);
    expect(await page.getAttribute(chip(1, 'hotel-internet'), 'data-class')).toBe('wrong');
    await page.focus(chip(1, 'hotel-parking'));
    await page.keyboard.press('Shift+C');
    await page.waitForSelector(`${chip(2, 'hotel-parking')}[data-class="correct"]`);
    expect(await page.getAttribute(chip(1, 'hotel-parking'), 'data-class')).toBe('correct');
    expect(await page.textContent('[data-testid="quick-note"]')).toContain(
      'hotel-parking correct from turn 1 on: prediction changed at turns 1, 2',
    );

    const figure = JSON.parse(playgroundDialogueOf(readFileSync(join(PAPER, 'figure1-p1.json'), 'utf8')).text);
    figure['0'].pr.hotel.internet = 'yes';
    figure['1'].pr.hotel.parking = 'yes';
    figure['2'].pr.hotel.parking = 'yes';
    await expectMetrics(page, engine(JSON.stringify(figure)));

    // Save: a file in the FGA/GCA layout that the CLI's loader reads, holding both edits.
    const [download] = await Promise.all([page.waitForEvent('download'), page.click(`${sel.side('A')} [data-testid="playground-save"]`)]);
    expect(download.suggestedFilename()).toBe('MUL0003.json');
    const saved = readFileSync((await download.path())!, 'utf8');
    expect(JSON.parse(saved)).toEqual({ 'MUL0003.json': figure });
    const corpus = loadCorpus(new TextEncoder().encode(saved), { file: 'saved.json' }).corpus;
    expect(corpus.dialogueIds).toEqual(['MUL0003.json']);

    // Undo (u on a chip) takes back the last quick edit, as one step.
    await page.focus(chip(0, 'hotel-internet'));
    await page.keyboard.press('u');
    await page.waitForSelector(`${chip(2, 'hotel-parking')}[data-class="wrong"]`);
    expect(await page.getAttribute(chip(0, 'hotel-internet'), 'data-class')).toBe('correct');
  });

  it('typing a quoted string over a selected one gives exactly that string (no quote left over by auto-surround); a lone quote still closes itself', async () => {
    await page.selectOption('[data-testid="playground-template"]', 'hypothetical-p1');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="playground"] [data-testid="dialogue-title"]')?.textContent?.trim() === 'SNG0779.json',
    );
    const p1 = playgroundDialogueOf(readFileSync(join(PAPER, 'hypothetical-p1.json'), 'utf8')).text;
    expect(p1.split('\n')[9].trim()).toBe('"internet": "yes"');
    expect(await storedLine(page, 10, '"internet": "yes"')).toBe('"internet": "yes"');
    await page.click(`${sel.side('A')} .view-lines`);
    await page.keyboard.press('Control+Home');
    for (let i = 0; i < 9; i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('End');
    for (let i = 0; i < '"yes"'.length; i++) await page.keyboard.press('Shift+ArrowLeft'); // `"yes"`, with its quotes
    await page.keyboard.type('"no"');
    expect(await storedLine(page, 10, '"internet": "no"')).toBe('"internet": "no"');
    await page.waitForSelector(`${sel.side('A')} [data-testid="turn"][data-turn="0"] [data-slot="hotel-internet"][data-class="wrong"]`);
    for (let i = 0; i < '"no"'.length; i++) await page.keyboard.press('Shift+ArrowLeft'); // `"no"`
    await page.keyboard.type('"yes"');
    expect(await storedLine(page, 10, '"internet": "yes"')).toBe('"internet": "yes"');
    await page.waitForSelector(`${sel.side('A')} [data-testid="turn"][data-turn="0"] [data-slot="hotel-internet"][data-class="correct"]`);
    expect(await page.getAttribute(`${sel.side('A')} [data-testid="playground-results"]`, 'data-stale')).toBe('false');
    expect(await page.$(`${sel.side('A')} [data-testid="playground-error"]`)).toBeNull();
    // In an empty place a quote still closes itself, and typing the closing one steps over it: `"parking": "no"` typed whole.
    await page.keyboard.type(', "parking": ');
    await page.keyboard.type('"');
    expect(await storedLine(page, 10, '"internet": "yes", "parking": ""')).toBe('"internet": "yes", "parking": ""');
    await page.keyboard.type('no"');
    expect(await storedLine(page, 10, '"internet": "yes", "parking": "no"')).toBe('"internet": "yes", "parking": "no"');
    await page.waitForSelector(`${sel.side('A')} [data-testid="turn"][data-turn="0"] [data-slot="hotel-parking"][data-class="overshot"]`);
    for (let i = 0; i < ', "parking": "no"'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
    await page.keyboard.press('Backspace');
    expect(await storedLine(page, 10, '"internet": "yes"')).toBe('"internet": "yes"');
    expect(await storedText(page)).toBe(p1);
  });

  it('u on a chip undoes its quick edit and keeps the focus on the chip, so the next key is a command again; the note says the edit was undone', async () => {
    await page.selectOption('[data-testid="playground-template"]', 'hypothetical-p1');
    const chip = `${sel.side('A')} [data-testid="turn"][data-turn="3"] [data-testid="slot"][data-slot="hotel-internet"]`;
    await page.waitForSelector(`${chip}[data-class="correct"]`);
    const before = await storedText(page);
    await page.focus(chip);
    await page.keyboard.press('w');
    await page.waitForSelector(`${chip}[data-class="wrong"]`);
    const isChip = () => page.evaluate((s) => document.activeElement === document.querySelector(s), chip);
    expect(await isChip()).toBe(true);
    expect(await page.textContent('[data-testid="quick-note"]')).toContain('hotel-internet wrong at turn 3');
    await page.keyboard.press('u');
    await page.waitForSelector(`${chip}[data-class="correct"]`);
    expect(await storedText(page)).toBe(before);
    expect(await isChip()).toBe(true);
    expect(await page.evaluate(() => !!document.activeElement?.closest('[data-testid="playground-editor"]'))).toBe(false);
    expect(await page.textContent('[data-testid="quick-note"]')).toBe(
      'Undone: hotel-internet wrong at turn 3: prediction changed at turn 3',
    );
    // The next key acts on the chip (already correct: nothing to change), not on the JSON.
    await page.keyboard.press('c');
    await page.waitForTimeout(300);
    expect(await storedText(page)).toBe(before);
    expect(await page.getAttribute(`${sel.side('A')} [data-testid="playground-results"]`, 'data-stale')).toBe('false');
    expect(await isChip()).toBe(true);
    expect(await page.textContent('[data-testid="quick-note"]')).toBe('hotel-internet is already correct at turn 3');
  });

  it('A/B: P1 and P2 side by side with their differences, on one screen', async () => {
    await page.selectOption('[data-testid="playground-template"]', 'hypothetical-p1');
    await page.click('[data-testid="playground-ab"]');
    await page.waitForSelector(`${sel.side('B')} [data-testid="playground-editor"][data-ready="true"]`, { timeout: 30_000 });
    await expectMetrics(page, { JGA: '83.33', FGA: '83.33', RSA: '91.67', GCA: '52.38' }, sel.side('A'));
    await expectMetrics(page, { JGA: '0.00', FGA: '59.75', RSA: '8.33', GCA: '52.38' }, sel.side('B'));
    const cell = (m: string, s: string) => page.textContent(`[data-testid="compare-metric"][data-metric="${m}"][data-side="${s}"]`);
    expect(await cell('JGA', 'delta')).toBe('−83.33');
    expect(await cell('FGA', 'delta')).toBe('−23.58');
    expect(await cell('GCA', 'delta')).toBe('0.00');
    expect(await cell('RSA', 'B')).toBe('8.33');
    expect(await page.textContent('[data-testid="playground-verdict"]')).toMatch(/^JGA, FGA, RSA.* prefer A · GCA: tie$/);
    // Each side's metric panel stays inside its side, at a laptop's width and a wide screen's.
    for (const width of [1280, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      for (const s of ['A', 'B']) {
        const side = (await page.locator(sel.side(s)).boundingBox())!;
        const panel = (await page.locator(`${sel.side(s)} .metric-panel`).boundingBox())!;
        expect(panel.x + panel.width, `side ${s} at ${width}px`).toBeLessThanOrEqual(side.x + side.width + 1);
      }
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    // λ from the header recomputes both sides.
    await page.fill('[data-testid="lambda"]', '1');
    await page.press('[data-testid="lambda"]', 'Enter');
    const b = playgroundDialogueOf(readFileSync(join(PAPER, 'hypothetical-p2.json'), 'utf8')).text;
    const r = evaluatePlayground(b, 'D', defaultConfig({ lambdas: [1], slotCount: 30 }));
    if (!r.ok) throw new Error('P2 reads');
    const fga1 = percent2(metricValue(r.result.detail.values, 'FGA', '1')!);
    await page.waitForFunction(
      (v) => document.querySelector('[data-testid="compare-metric"][data-metric="FGA"][data-side="B"]')?.textContent === v,
      fga1,
    );
    await page.fill('[data-testid="lambda"]', '0.5');
    await page.press('[data-testid="lambda"]', 'Enter');
    await page.click('[data-testid="playground-ab"]');
    await page.waitForSelector(sel.side('B'), { state: 'detached' });
  });

  it('Open in playground copies a dialogue of the run; on its 30 turns a keystroke updates the metrics within the bound', async () => {
    await page.click('[data-testid="nav-inspect"]');
    await page.click('[data-testid="dialogue-item"][data-dialogue-id="LONG0030.json"]');
    await page.waitForSelector('[data-testid="dialogue-title"]:has-text("LONG0030.json")');
    const inspected = await shown(page);
    await page.click('[data-testid="open-in-playground"]');
    await page.waitForSelector('[data-testid="playground"]');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="playground"] [data-testid="dialogue-title"]')?.textContent?.trim() === 'LONG0030.json',
    );
    expect(await page.locator(`${sel.side('A')} [data-testid="turn"]`).count()).toBe(30);
    await expectMetrics(page, inspected);
    const corpus = loadCorpus(new Uint8Array(readFileSync(longFile)), { file: longFile }).corpus;
    const d = dialogueDetail(corpus, 0, CONFIG);
    expect(inspected).toEqual(Object.fromEntries(HEADLINE.map((m) => [m, percent2(metricValue(d.values, m, CONFIG)!)])));

    // Put the cursor after the 'p' of turn 27's predicted "cheap" (Go to line, Ctrl+G), then flip it wrong/right key by key.
    const text = playgroundText(corpus, 0).split('\n');
    const turnAt = text.findIndex((l) => l.trim().startsWith('"27"'));
    const prAt = text.findIndex((l, i) => i > turnAt && l.trim().startsWith('"pr"'));
    const lineAt = text.findIndex((l, i) => i > prAt && l.includes('"pricerange": "cheap"'));
    const column = text[lineAt].indexOf('cheap') + 'cheap'.length + 1;
    await page.click(`${sel.side('A')} .view-lines`);
    await page.evaluate(() => {
      const w = window as unknown as { __times: number[]; __down: number };
      w.__times = [];
      w.__down = 0;
      document.addEventListener('keydown', () => (w.__down = performance.now()), true);
      const target = document.querySelector('[data-testid="playground"] [data-testid="dialogue-metric"][data-metric="RSA"]')!;
      new MutationObserver(() => {
        if (w.__down) w.__times.push(performance.now() - w.__down);
        w.__down = 0;
      }).observe(target, { childList: true, characterData: true, subtree: true });
    });
    await page.keyboard.press('Control+g');
    await page.keyboard.type(`${lineAt + 1}:${column}`);
    await page.keyboard.press('Enter');
    await page.evaluate(() => ((window as unknown as { __down: number }).__down = 0));
    const before = await shown(page);
    const computeMs: number[] = [];
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press(i % 2 === 0 ? 'Backspace' : 'p');
      const want = i % 2 === 0 ? 'wrong' : 'correct';
      await page.waitForSelector(`${sel.side('A')} [data-testid="playground-results"][data-stale="false"]`);
      await page.waitForSelector(
        `${sel.side('A')} [data-testid="turn"][data-turn="27"] [data-slot="hotel-pricerange"][data-class="${want}"]`,
      );
      computeMs.push(Number(await page.getAttribute(sel.side('A'), 'data-compute-ms')));
      if (i === 0) expect(await shown(page)).not.toEqual(before);
    }
    expect(await shown(page)).toEqual(before);
    const times = await page.evaluate(() => (window as unknown as { __times: number[] }).__times);
    expect(times.length).toBe(10);
    const sorted = [...times].sort((a, b) => a - b);
    process.stdout.write(
      `playground e2e, 30 turns: engine per keystroke ${computeMs.map((x) => x.toFixed(2)).join(', ')} ms; keydown → metrics in the DOM median ${sorted[5].toFixed(1)} ms, max ${sorted[9].toFixed(1)} ms\n`,
    );
    // Medians of 10 keystrokes (wall time in the page, so a busy machine's preemption shows in single samples):
    // the engine path (load + score) within one 16 ms frame; the whole keystroke (Monaco, engine, React) within 100 ms.
    const engineMedian = [...computeMs].sort((a, b) => a - b)[5];
    expect(engineMedian).toBeLessThan(16);
    expect(sorted[5]).toBeLessThan(100);
  });

  it('shows without any run open, and reports no page errors', async () => {
    const runs = (await (
      await fetch(`${server.origin}/api/listRuns`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${server.token}`, 'Content-Type': 'application/json' },
        body: '{}',
      })
    ).json()) as { runs: { id: string }[] };
    for (const r of runs.runs)
      await fetch(`${server.origin}/api/closeRun`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${server.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ run: r.id }),
      });
    const fresh = await context.newPage();
    await fresh.goto(server.url);
    await fresh.waitForSelector('text=No corpus is open.');
    await fresh.click('[data-testid="nav-playground"]');
    await fresh.waitForSelector('[data-testid="playground-editor"][data-ready="true"]', { timeout: 30_000 });
    await fresh.selectOption('[data-testid="playground-template"]', 'sng0779');
    const sng = playgroundDialogueOf(readFileSync(join(PAPER, 'sng0779.json'), 'utf8'));
    await expectMetrics(fresh, engine(sng.text, sng.id));
    await fresh.close();
    expect(pageErrors).toEqual([]);
  });
});
