// End-to-end tests of the inspector in browser mode: `dst-inspector serve`
// from the built out/, driven in headless Debian Chromium. Checks the demo's
// landing on MUL1110 (GCA paper, fig. 6), the side panel and slot classes
// against the fixtures and the engine, keyboard navigation, the 100-dialogue
// fixture with utterances, sorting by |FGA − GCA|, and the error display.
// (The DOM lib is for the functions that run in the page.)
/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { loadCorpus } from '../../src/shared/formats/detect';
import { dialogueDetail, dialogueResult, evaluate, type DialogueResult } from '../../src/shared/metrics/evaluate';
import { percent2 } from '../../src/shared/report/round';
import { loadSource } from '../../src/main/services/load-pipeline';
import { fileSource } from '../../src/shared/source';
import { gcaCountsOf, metricNumber } from '../../src/shared/metrics/values';
import { defaultConfig, lambdaKey } from '../../src/shared/metrics/config';
import type { Corpus } from '../../src/shared/model/corpus';
import { chromiumAvailable, launchBrowser, ROOT, startServer, type Server } from './harness';

const FIX = join(ROOT, 'test', 'fixtures');
const MUL_FILE = join(FIX, 'paper', 'mul1110.json');
const MUL_EXPECTED = JSON.parse(readFileSync(join(FIX, 'paper', 'mul1110.expected.json'), 'utf8')).dialogues['MUL1110.json'];
const SOM = join(FIX, 'multiwoz-somdst-100');
const CONFIG = defaultConfig({ slotCount: 30 });

/** The palette the UI promises (Okabe–Ito), as computed CSS colours. */
const CLASS_RGB: Record<string, string> = {
  correct: 'rgb(0, 158, 115)',
  wrong: 'rgb(213, 94, 0)',
  missed: 'rgb(230, 159, 0)',
  overshot: 'rgb(0, 114, 178)',
};

function load(file: string): Corpus {
  return loadCorpus(new Uint8Array(readFileSync(file)), { file }).corpus;
}

const sel = {
  metric: (m: string) => `[data-testid="dialogue-metric"][data-metric="${m}"]`,
  turnMetric: (t: number, m: string) => `[data-testid="turn-metric"][data-turn="${t}"][data-metric="${m}"]`,
  row: (id: string) => `[data-testid="dialogue-item"][data-dialogue-id="${id}"]`,
};

interface Chip {
  slot: string;
  cls: string;
  changed: string;
  colour: string;
  /** Cues that survive greyscale printing. */
  icon: string;
  border: string;
}

/** Each class's icon and border pattern, so classes differ without colour. */
const CLASS_CUES: Record<string, { icon: string; border: string }> = {
  correct: { icon: '✓', border: 'solid' },
  wrong: { icon: '≠', border: 'double' },
  missed: { icon: '∅', border: 'dashed' },
  overshot: { icon: '+', border: 'dotted' },
};

/** Every turn's chips as the page shows them, with the computed border colour. */
function chipsByTurn(page: Page): Promise<Chip[][]> {
  return page.$$eval('[data-testid="turn"]', (turns) =>
    turns.map((t) =>
      Array.from(t.querySelectorAll<HTMLElement>('[data-testid="slot"]')).map((c) => ({
        slot: c.dataset.slot ?? '',
        cls: c.dataset.class ?? '',
        changed: c.dataset.changed ?? '',
        colour: getComputedStyle(c).borderTopColor,
        icon: c.querySelector('.icon')?.textContent ?? '',
        border: getComputedStyle(c).borderTopStyle,
      })),
    ),
  );
}

async function title(page: Page): Promise<string> {
  return (await page.textContent('[data-testid="dialogue-title"]'))?.trim() ?? '';
}

async function selectedTurn(page: Page): Promise<string | null> {
  return page.getAttribute('[data-testid="turn"][aria-current="step"]', 'data-turn');
}

const norm = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

describe.skipIf(!chromiumAvailable())('inspector in headless Chromium', () => {
  let browser: Browser;
  let demo: Server;
  let context: BrowserContext;
  let page: Page;
  const tmp = mkdtempSync(join(tmpdir(), 'dst-e2e-'));
  const pageErrors: string[] = [];
  const watch = (p: Page) => {
    p.on('pageerror', (e) => pageErrors.push(`page error: ${e.message}`));
    p.on('console', (m) => {
      if (m.type() === 'error') pageErrors.push(`console error: ${m.text()}`);
    });
  };

  beforeAll(async () => {
    [browser, demo] = await Promise.all([launchBrowser(), startServer([])]);
    context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    page = await context.newPage();
    watch(page);
    await page.goto(demo.url);
    await page.waitForSelector(sel.metric('GCA'));
  });

  afterAll(async () => {
    await browser?.close();
    await demo?.stop();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('opens the demo on MUL1110 with GCA 31.43 and FGA 48.84, and explains the colours', async () => {
    expect(await title(page)).toMatch(/MUL1110/);
    await expect.poll(() => page.textContent(sel.metric('GCA'))).toBe('31.43');
    expect(await page.textContent(sel.metric('FGA'))).toBe('48.84');
    expect(await page.textContent(sel.metric('JGA'))).toBe('28.57');
    expect(await page.textContent(sel.metric('RSA'))).toBe('53.57');
    expect(await page.textContent(sel.metric('SA'))).toBe('94.76');
    expect(await page.textContent(sel.metric('AGA'))).toBe('53.57');
    expect(await page.isVisible('[data-testid="colour-guide"]')).toBe(true);
    const explanation = await page.textContent('[data-testid="landing-explanation"]');
    expect(explanation).toContain('FGA (λ = 0.5) gives 48.84');
    expect(explanation).toContain('gives 31.43');
  });

  it("shows each turn's JGA, FGA, RSA and running GCA as the fixture expects", async () => {
    expect(await page.locator('[data-testid="turn"]').count()).toBe(MUL_EXPECTED.per_turn.length);
    for (let t = 0; t < MUL_EXPECTED.per_turn.length; t++) {
      const e = MUL_EXPECTED.per_turn[t];
      expect(Number(await page.textContent(sel.turnMetric(t, 'JGA')))).toBe(e.jga);
      expect(Number(await page.textContent(sel.turnMetric(t, 'FGA')))).toBeCloseTo(e['fga_0.5'], 2);
      expect(Number(await page.textContent(sel.turnMetric(t, 'RSA')))).toBeCloseTo(e.rsa, 2);
      expect(Number(await page.textContent(sel.turnMetric(t, 'GCA')))).toBeCloseTo(e.gca_running, 2);
    }
  });

  it("colours every slot by the engine's class, marks changes, and keeps GCA's view to the changes", async () => {
    const perTurn = dialogueDetail(load(MUL_FILE), 0, CONFIG).perTurn!;
    const shown = await chipsByTurn(page);
    expect(shown).toHaveLength(perTurn.length);
    perTurn.forEach((rec, t) => {
      const want = rec.slots.map((s) => ({
        slot: s.slot,
        cls: s.class,
        changed: String(s.changed),
        colour: CLASS_RGB[s.class],
        ...CLASS_CUES[s.class],
      }));
      expect(shown[t]).toEqual(want);
    });
    // Figure 6's turn 4: a wrong attraction name and a missed area, both fresh.
    const wrong = page.locator(
      '[data-testid="turn"][data-turn="4"] [data-testid="slot"][data-slot="attraction-name"][data-class="wrong"][data-changed="true"]',
    );
    expect(await wrong.textContent()).toMatch(/dontcare.*cambridge artworks/);

    await page.click('button[role="radio"]:has-text("Changes only")');
    const changesOnly = await chipsByTurn(page);
    perTurn.forEach((rec, t) => expect(changesOnly[t].map((c) => c.slot)).toEqual(rec.slots.filter((s) => s.changed).map((s) => s.slot)));
    await page.keyboard.press('c');
    expect((await chipsByTurn(page)).flat().length).toBe(perTurn.reduce((n, r) => n + r.slots.length, 0));
  });

  it('shows a progress bar while the server reports loading, then the corpus', async () => {
    const p = await context.newPage();
    watch(p);
    let polls = 0;
    await p.route('**/api/listRuns', (route) => {
      polls++;
      const loading = {
        id: 'r1',
        label: 'big',
        source: { kind: 'files', predictions: ['/data/big.json'] },
        state: 'loading',
        revision: 0,
        attempts: 1,
        file: '/data/big.json',
        stage: 'scoring',
        fraction: 0.42,
      };
      if (polls <= 3) return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ runs: [loading] }) });
      return route.continue();
    });
    await p.goto(demo.url);
    await p.waitForSelector('[data-testid="progress"]');
    expect(await p.textContent('[data-testid="progress"]')).toMatch(/scoring big\.json 42%/);
    expect(await p.$eval('[data-testid="progress"] progress', (e) => (e as HTMLProgressElement).value)).toBeCloseTo(0.42, 6);
    await p.waitForSelector(sel.metric('GCA'));
    expect(polls).toBeGreaterThan(3);
    await p.close();
  });

  it('remembers that the colour guide was dismissed', async () => {
    await page.click('[data-testid="dismiss-guide"]');
    await page.reload();
    await page.waitForSelector(sel.metric('GCA'));
    expect(await page.isVisible('[data-testid="colour-guide"]')).toBe(false);
  });

  it('navigates turns and dialogues with j/k/n/p and searches with /', async () => {
    await page.click('body', { position: { x: 700, y: 5 } }).catch(() => undefined);
    expect(await selectedTurn(page)).toBe('0');
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    expect(await selectedTurn(page)).toBe('2');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-turn'))).toBe('2');
    await page.keyboard.press('k');
    expect(await selectedTurn(page)).toBe('1');

    const ids = await page.$$eval('[data-testid="dialogue-item"]', (rows) =>
      rows
        .map((r) => ({ id: r.getAttribute('data-dialogue-id')!, i: Number(r.getAttribute('data-index')) }))
        .sort((a, b) => a.i - b.i)
        .map((r) => r.id),
    );
    const here = ids.findIndex((id) => /MUL1110/.test(id));
    expect(here).toBeGreaterThanOrEqual(0);
    await page.keyboard.press('n');
    await expect.poll(() => title(page)).toBe(ids[here + 1]);
    expect(await page.getAttribute(sel.row(ids[here + 1]), 'aria-selected')).toBe('true');
    await page.keyboard.press('p');
    await expect.poll(() => title(page)).toBe(ids[here]);

    await page.keyboard.press('/');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('search');
    await page.keyboard.type('sng0779/');
    await expect.poll(() => page.locator('[data-testid="dialogue-item"]').count()).toBe(1);
    expect(await page.getAttribute('[data-testid="dialogue-item"]', 'data-dialogue-id')).toMatch(/SNG0779/);
    await page.keyboard.press('Escape');
    await page.keyboard.press('n');
    await expect.poll(() => title(page)).toMatch(/SNG0779/);
    // SNG0779 (fig. 7): GCA 75, FGA 34.84.
    await expect.poll(() => page.textContent(sel.metric('GCA'))).toBe('75.00');
    expect(await page.textContent(sel.metric('FGA'))).toBe('34.84');

    // The help keeps Tab inside it, and Escape gives the focus back to where it was.
    await page.keyboard.press('j');
    const focusedTurn = () =>
      page.evaluate(
        () => (document.activeElement as HTMLElement | null)?.closest('[data-testid="turn"]')?.getAttribute('data-turn') ?? null,
      );
    const before = await focusedTurn();
    expect(before).not.toBeNull();
    await page.keyboard.press('?');
    expect(await page.isVisible('[data-testid="help-dialog"]')).toBe(true);
    for (let k = 0; k < 4; k++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('[data-testid="help-dialog"]'))).toBe(true);
    }
    await page.keyboard.press('Escape');
    expect(await page.isVisible('[data-testid="help-dialog"]')).toBe(false);
    expect(await focusedTurn()).toBe(before);
  });

  it('recomputes everything when λ changes', async () => {
    await page.fill('input[type="search"]', 'mul1110/');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('[data-testid="dialogue-item"]').count()).toBe(1);
    await page.click('[data-testid="dialogue-item"]');
    await expect.poll(() => title(page)).toMatch(/MUL1110/);
    await page.fill('[data-testid="lambda"]', '1');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.textContent(sel.metric('FGA'))).toBe('58.98');
    expect(Number(await page.textContent(sel.turnMetric(6, 'FGA')))).toBeCloseTo(MUL_EXPECTED.per_turn[6]['fga_1.0'], 2);
    expect(await page.textContent(sel.metric('GCA'))).toBe('31.43');
    await page.fill('[data-testid="lambda"]', '0.5');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.textContent(sel.metric('FGA'))).toBe('48.84');
  });

  it('reveals the selected turn in the raw JSON (Monaco, bundled)', async () => {
    expect(await title(page)).toMatch(/MUL1110/);
    await page.click('[data-testid="turn"][data-turn="0"]');
    for (let i = 0; i < 4; i++) await page.keyboard.press('j');
    expect(await selectedTurn(page)).toBe('4');
    await page.keyboard.press('r');
    await page.waitForSelector('.raw-view .monaco-editor .view-line');
    const line = Number(await page.getAttribute('.raw-view [data-testid="monaco"]', 'data-reveal-line'));
    expect(line).toBeGreaterThan(1);
    await expect
      .poll(() =>
        page.evaluate((want) => {
          const nums = Array.from(document.querySelectorAll<HTMLElement>('.raw-view .line-numbers'));
          const num = nums.find((n) => n.textContent?.trim() === String(want));
          if (!num) return null;
          const top = num.getBoundingClientRect().top;
          const lines = Array.from(document.querySelectorAll<HTMLElement>('.raw-view .view-line'));
          return (
            lines
              .find((l) => Math.abs(l.getBoundingClientRect().top - top) < 4)
              ?.textContent?.replace(/\s+/g, ' ')
              .trim() ?? null
          );
        }, line),
      )
      .toMatch(/^"4": \{/);
    await page.keyboard.press('r');
    expect(await page.isVisible('.raw-view')).toBe(false);
  });

  it('shows a broken file’s located error with a Monaco marker at that place', async () => {
    const text = readFileSync(MUL_FILE, 'utf8').split('\n');
    const broken = 30; // drop the comma-separated structure on this line
    text[broken - 1] = text[broken - 1].replace(/[,:]/, ' ');
    const file = join(tmp, 'broken.json');
    writeFileSync(file, text.join('\n'));
    await page.keyboard.press('Control+o');
    await page.fill('[data-testid="open-path"]', file);
    await page.click('[data-testid="open-submit"]');
    await page.waitForSelector('[data-testid="load-error"]');
    const message = await page.textContent('[data-testid="load-error-message"]');
    const m = /broken\.json:(\d+):(\d+)/.exec(message ?? '');
    expect(m, `message names file:line:column: ${message}`).not.toBeNull();
    const line = Number(m![1]);
    expect(Math.abs(line - broken)).toBeLessThanOrEqual(1);
    expect(await page.textContent('[data-testid="load-error-where"]')).toContain(`line ${line}`);
    await page.waitForSelector('.monaco-editor .squiggly-error', { timeout: 15_000 });
    // The gutter shows the file's own line numbers; the marked line is the reported one.
    const markedLine = await page.evaluate(() => {
      const sq = document.querySelector('.monaco-editor .squiggly-error') as HTMLElement;
      const top = sq.getBoundingClientRect().top;
      const nums = Array.from(document.querySelectorAll<HTMLElement>('.monaco-editor .line-numbers'));
      return nums.find((n) => Math.abs(n.getBoundingClientRect().top - top) < 4)?.textContent?.trim();
    });
    expect(markedLine).toBe(String(line));
  });

  it('says clearly when a file does not exist, keeps the corpus that was open, and opens the demo again', async () => {
    const missing = join(tmp, 'no-such-predictions.json');
    await page.keyboard.press('Control+o');
    await page.fill('[data-testid="open-path"]', missing);
    await page.click('[data-testid="open-submit"]');
    await expect
      .poll(async () => (await page.$('[data-testid="load-error-message"]')) && page.textContent('[data-testid="load-error-message"]'))
      .toContain('no-such-predictions.json');
    expect(await page.$('[data-testid="load-error"] .monaco-editor')).toBeNull();
    // Another tab that comes to the run now shows its data: the error belongs to the tab that tried the open.
    const other = await context.newPage();
    await other.goto(demo.url);
    await expect.poll(() => other.textContent(sel.metric('GCA'))).toBe('31.43');
    expect(await other.$('[data-testid="load-error"]')).toBeNull();
    await other.close();
    // The failed open kept the corpus that was open: going back shows it at once, nothing reloaded.
    await page.click('[data-testid="back-to-run"]');
    await expect.poll(() => page.textContent(sel.metric('GCA'))).toBe('31.43');
    await page.keyboard.press('Control+o');
    await page.fill('[data-testid="open-path"]', missing);
    await page.click('[data-testid="open-submit"]');
    await page.waitForSelector('[data-testid="load-error"]');
    await page.click('[data-testid="load-error"] button:has-text("Open the demo")');
    await expect.poll(() => page.textContent(sel.metric('GCA'))).toBe('31.43');
  });

  it('opens predictions without gold together with a gold folder, and takes K from its SGD schema', async () => {
    const F = join(FIX, 'formats');
    await page.keyboard.press('Control+o');
    await page.fill('[data-testid="open-path"]', join(F, 'sgd-pred', 'dialogues_001.json'));
    await page.fill('[data-testid="open-gold"]', join(F, 'sgd'));
    await page.click('[data-testid="open-submit"]');
    await expect.poll(() => page.inputValue('[data-testid="slot-count"]')).toBe('5');
    await expect.poll(() => page.textContent('[data-testid="signature"]')).toContain('SA K=5');
    // the numbers the engine gives for this file with that gold, at the schema's K
    const { loaded } = await loadSource(fileSource([join(F, 'sgd-pred', 'dialogues_001.json')], { gold: join(F, 'sgd') }), {
      analyse: false,
    });
    expect(loaded.slotCount).toBe(5);
    const scores = evaluate(loaded.corpus, defaultConfig({ slotCount: 5 })).corpus.values;
    await expect.poll(() => page.textContent('[data-testid="corpus-metric"][data-metric="SA"]')).toBe(percent2(metricNumber(scores, 'SA')));
    expect(await page.textContent('[data-testid="corpus-metric"][data-metric="GCA"]')).toBe(percent2(metricNumber(scores, 'GCA')));
    await page.click('[data-testid="open-button"]');
    await page.click('[data-testid="open-dialog"] button:has-text("Open the demo")');
    await expect.poll(() => page.textContent(sel.metric('GCA'))).toBe('31.43');
    // The schema's K belonged to that source: the demo is scored with the default K again.
    await expect.poll(() => page.inputValue('[data-testid="slot-count"]')).toBe('30');
    // A K below the busiest turn's active slots is warned about, as the CLI does; K back, the warning goes.
    // (polled: the demo may first be drawn with the schema's K = 5 before K goes back to 30)
    await expect.poll(() => page.$('[data-testid="slot-count-warning"]')).toBeNull();
    await page.fill('[data-testid="slot-count"]', '1');
    await page.press('[data-testid="slot-count"]', 'Enter');
    await expect
      .poll(async () => (await page.$('[data-testid="slot-count-warning"]')) && page.textContent('[data-testid="slot-count-warning"]'))
      .toMatch(/K = 1 is below the \d+ slots active in one turn .*SA = \(K − missed − wrong\) \/ K can go negative/);
    await page.fill('[data-testid="slot-count"]', '30');
    await page.press('[data-testid="slot-count"]', 'Enter');
    await expect.poll(() => page.$('[data-testid="slot-count-warning"]')).toBeNull();
  });

  describe('the 100 MultiWOZ dialogues with SOM-DST predictions and utterances', () => {
    let som: Server;
    let p2: Page;
    const corpus = load(join(SOM, 'predictions.json'));
    const dialogues = JSON.parse(readFileSync(join(SOM, 'dialogues.json'), 'utf8')) as Record<string, { log: { text: string }[] }>;

    beforeAll(async () => {
      som = await startServer([join(SOM, 'predictions.json'), '--dialogues', join(SOM, 'dialogues.json')]);
      p2 = await context.newPage();
      watch(p2);
      await p2.goto(som.url);
      await p2.waitForSelector(sel.metric('GCA'));
    });
    afterAll(async () => {
      await p2?.close();
      await som?.stop();
    });

    it('shows the utterances and the engine’s colours on every turn of a dialogue', async () => {
      const id = await title(p2);
      const d = corpus.dialogueIds.indexOf(id);
      expect(d).toBeGreaterThanOrEqual(0);
      const perTurn = dialogueDetail(corpus, d, CONFIG).perTurn!;
      const log = dialogues[id].log;
      const turns = await p2.$$eval('[data-testid="turn"]', (els) =>
        els.map((e) => ({
          user: e.querySelector('.utt.user')?.textContent ?? '',
          system: e.querySelector('.utt.system')?.textContent ?? '',
        })),
      );
      expect(turns).toHaveLength(perTurn.length);
      perTurn.forEach((rec, i) => {
        expect(norm(turns[i].user)).toBe(norm(`User ${log[2 * rec.turn].text}`));
        if (rec.turn > 0) expect(norm(turns[i].system)).toBe(norm(`System ${log[2 * rec.turn - 1].text}`));
      });
      const shown = await chipsByTurn(p2);
      perTurn.forEach((rec, t) => {
        expect(shown[t].map((c) => [c.slot, c.cls, c.changed])).toEqual(rec.slots.map((s) => [s.slot, s.class, String(s.changed)]));
        for (const c of shown[t])
          expect({ colour: c.colour, icon: c.icon, border: c.border }).toEqual({ colour: CLASS_RGB[c.cls], ...CLASS_CUES[c.cls] });
      });
    });

    it('filters to the dialogues with mistakes', async () => {
      const ev = evaluate(corpus, CONFIG);
      const withMistakes = corpus.dialogueIds.filter((_, d) => {
        const c = gcaCountsOf(dialogueResult(ev, d).values);
        return c.W + c.M + c.O > 0;
      }).length;
      expect(withMistakes).toBeGreaterThan(0);
      expect(withMistakes).toBeLessThan(corpus.dialogueIds.length);
      await p2.check('[data-testid="mistakes-filter"]');
      await expect.poll(() => p2.textContent('.list-count')).toBe(`${withMistakes} dialogues`);
      const shown = await p2.$$eval('[data-testid="dialogue-item"] .mistakes', (els) => els.length);
      expect(shown).toBe(await p2.locator('[data-testid="dialogue-item"]').count());
      await p2.uncheck('[data-testid="mistakes-filter"]');
      await expect.poll(() => p2.textContent('.list-count')).toBe(`${corpus.dialogueIds.length} dialogues`);
    });

    it('puts the dialogues where FGA and GCA disagree most on top when sorted by |FGA − GCA|', async () => {
      const ev = evaluate(corpus, CONFIG);
      const results: DialogueResult[] = corpus.dialogueIds.map((_, d) => dialogueResult(ev, d));
      const gap = new Map(
        results.map((r) => [r.id, Math.abs(metricNumber(r.values, 'FGA', lambdaKey(0.5)) - metricNumber(r.values, 'GCA'))]),
      );
      const want = [...gap.values()].sort((a, b) => b - a).slice(0, 8);
      await p2.selectOption('[data-testid="sort-key"]', 'disagreement');
      await expect
        .poll(async () => {
          const rows = await p2.$$eval('[data-testid="dialogue-item"]', (els) =>
            els
              .map((e) => ({ id: e.getAttribute('data-dialogue-id')!, i: Number(e.getAttribute('data-index')) }))
              .sort((a, b) => a.i - b.i),
          );
          return rows.slice(0, 8).map((r) => Number(gap.get(r.id)?.toFixed(9)));
        })
        .toEqual(want.map((v) => Number(v.toFixed(9))));
      // The most disagreeing dialogue's panel shows its FGA and GCA.
      const top = await p2.getAttribute('[data-testid="dialogue-item"][data-index="0"]', 'data-dialogue-id');
      await p2.click(sel.row(top!));
      await expect.poll(() => title(p2)).toBe(top);
      const r = results.find((x) => x.id === top)!;
      await expect.poll(() => p2.textContent(sel.metric('GCA'))).toBe(percent2(metricNumber(r.values, 'GCA')));
      expect(await p2.textContent(sel.metric('FGA'))).toBe(percent2(metricNumber(r.values, 'FGA', '0.5')));
    });
  });

  it('raised no script errors in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
