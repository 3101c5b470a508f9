// End-to-end tests of the header's filtered scores and the analysis view in
// browser mode (`dst-inspector serve` from out/, headless Debian Chromium),
// on the 100-dialogue SOM-DST fixture: choosing the taxi domain shows the
// subset's scores labelled as filtered beside the corpus's; a class search
// (missed:train-leaveat) keeps the dialogues the engine says; the per-domain
// table lists the five domains with the engine's numbers; root causes and
// per-slot counts open the inspect view on the right dialogue, turn or list —
// for a slot whose name has a space (hotel-book stay) too, with the header's
// filtered scores equal to `score` of that subset; an unclosed quote in the
// search is an error in the search box.
/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { correlationMatrix } from '../../src/shared/analysis/correlations';
import { domainBreakdown } from '../../src/shared/analysis/domain-breakdown';
import { errorOrigin } from '../../src/shared/analysis/error-origin';
import { defaultConfig } from '../../src/shared/metrics/config';
import { dialogueDetail, evaluate } from '../../src/shared/metrics/evaluate';
import { scoresOf, sumRows } from '../../src/shared/metrics/state';
import type { ScoreValue } from '../../src/shared/metrics/contract';
import { metricValue } from '../../src/shared/metrics/values';
import { domainOf } from '../../src/shared/model/corpus';
import { percent2 } from '../../src/shared/report/round';
import { runCli } from '../helpers/cli';
import { loadFile } from '../helpers/fixtures';
import { chromiumAvailable, launchBrowser, ROOT, startServer, type Server } from './harness';

const SOM = join(ROOT, 'test', 'fixtures', 'multiwoz-somdst-100');
const config = defaultConfig();
const metric = (m: string, scope: 'corpus' | 'filtered') => `[data-testid="corpus-metric"][data-metric="${m}"][data-scope="${scope}"]`;

describe.skipIf(!chromiumAvailable())('analysis in headless Chromium', () => {
  let browser: Browser;
  let server: Server;
  let page: Page;
  const errors: string[] = [];
  const tmp = mkdtempSync(join(tmpdir(), 'dst-e2e-analysis-'));
  const corpus = loadFile(join(SOM, 'predictions.json'));
  const ev = evaluate(corpus, config);

  /** The dialogues with a slot of `domain` active on either side (the list's domain filter). */
  const withDomain = (domain: string) =>
    corpus.dialogueIds
      .map((_, d) => d)
      .filter((d) => dialogueDetail(corpus, d, config).perTurn!.some((t) => t.slots.some((s) => domainOf(s.slot) === domain)));

  beforeAll(async () => {
    [browser, server] = await Promise.all([
      launchBrowser(),
      startServer([join(SOM, 'predictions.json'), '--dialogues', join(SOM, 'dialogues.json')]),
    ]);
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.url);
    await page.waitForSelector(metric('JGA', 'corpus'));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('choosing the taxi domain shows the subset’s scores, labelled as filtered, beside the corpus’s', async () => {
    expect(await page.locator(metric('JGA', 'filtered')).count()).toBe(0);
    await page.selectOption('[data-testid="domain-filter"]', 'taxi');
    const rows = withDomain('taxi');
    const want = scoresOf(sumRows(ev.states, rows, ev.layout), 0, ev.layout, config);
    await expect
      .poll(() => page.textContent(metric('JGA', 'filtered')), { timeout: 20_000 })
      .toBe(percent2(metricValue(want.values, 'JGA')!));
    for (const m of ['SA', 'RSA', 'FGA', 'GCA'])
      expect(await page.textContent(metric(m, 'filtered'))).toBe(percent2(metricValue(want.values, m, config)!));
    expect(await page.textContent('[data-testid="filtered-label"]')).toMatch(
      new RegExp(`filtered: domain taxi · ${rows.length} of 100 dialogues`),
    );
    expect(await page.textContent(metric('JGA', 'corpus'))).toBe(percent2(metricValue(ev.corpus.values, 'JGA')!));
  });

  it('a class search keeps the dialogues where the slot has that class, and the header follows', async () => {
    await page.selectOption('[data-testid="domain-filter"]', '');
    await page.fill('input[type="search"]', 'missed:train-leaveat');
    await page.press('input[type="search"]', 'Enter');
    const ids = corpus.dialogueIds.filter((_, d) =>
      dialogueDetail(corpus, d, config).perTurn!.some((t) => t.slots.some((s) => s.slot === 'train-leaveat' && s.class === 'missed')),
    );
    expect(ids.length).toBeGreaterThan(0);
    await expect
      .poll(() => page.textContent('[data-testid="filtered-label"]'), { timeout: 20_000 })
      .toMatch(new RegExp(`“missed:train-leaveat” · ${ids.length} of 100 dialogues`));
    const listed = await page.$$eval('[data-testid="dialogue-item"]', (els) => els.map((e) => (e as HTMLElement).dataset.dialogueId));
    expect(listed.sort()).toEqual([...ids].sort());
    await page.fill('input[type="search"]', '');
    await page.press('input[type="search"]', 'Enter');
    await expect.poll(() => page.locator(metric('JGA', 'filtered')).count()).toBe(0);
  });

  it('the per-domain table lists the five domains with the engine’s numbers; a domain opens the filtered list', async () => {
    await page.click('[data-testid="nav-analysis"]');
    await page.waitForSelector('[data-testid="breakdown-row"]', { timeout: 30_000 });
    const groups = await page.$$eval('[data-testid="breakdown-row"]', (els) => els.map((e) => (e as HTMLElement).dataset.group));
    expect(groups).toEqual(['attraction', 'hotel', 'restaurant', 'taxi', 'train']);
    const want = domainBreakdown(corpus, config, { turns: 'active' });
    for (const g of want.groups) {
      const row = `[data-testid="breakdown-row"][data-group="${g.group}"]`;
      for (const m of ['JGA', 'SA', 'RSA', 'GCA'])
        expect(await page.textContent(`${row} [data-metric="${m}"]`), `${g.group} ${m}`).toBe(percent2(metricValue(g.scores.values, m)!));
      expect(await page.textContent(`${row} [data-metric="turns"]`)).toBe(String(g.scores.turns));
    }
    expect(await page.textContent('[data-testid="breakdown-chart"] [data-group="taxi"][data-metric="JGA"] title')).toContain(
      percent2(metricValue(want.groups[3].scores.values, 'JGA')!),
    );
    // Every turn of the dialogues that mention the domain: other numbers.
    await page.selectOption('[data-testid="breakdown-turns"]', 'dialogue');
    const dialogueMode = domainBreakdown(corpus, config, { turns: 'dialogue' }).groups.find((g) => g.group === 'taxi')!;
    await expect
      .poll(() => page.textContent('[data-testid="breakdown-row"][data-group="taxi"] [data-metric="turns"]'))
      .toBe(String(dialogueMode.scores.turns));
    await page.selectOption('[data-testid="breakdown-turns"]', 'active');
    await page.click('[data-testid="breakdown-row"][data-group="taxi"] [data-metric="group"] button');
    await expect.poll(() => page.textContent('[data-testid="filtered-label"]'), { timeout: 20_000 }).toMatch(/domain taxi/);
    expect(await page.inputValue('[data-testid="domain-filter"]')).toBe('taxi');
  });

  it('per slot: a class count opens the dialogues where the slot has that class', async () => {
    await page.click('[data-testid="nav-analysis"]');
    await page.selectOption('[data-testid="breakdown-by"]', 'slot');
    const row = '[data-testid="breakdown-row"][data-group="train-leaveat"]';
    await page.waitForSelector(row, { timeout: 30_000 });
    await page.click(`${row} [data-metric="missed"] button`);
    await expect.poll(() => page.inputValue('input[type="search"]'), { timeout: 20_000 }).toBe('missed:train-leaveat');
    await expect.poll(() => page.textContent('[data-testid="filtered-label"]')).toMatch(/missed:train-leaveat/);
    await page.click('[data-testid="nav-analysis"]');
    await page.selectOption('[data-testid="breakdown-by"]', 'domain');
  });

  it('per slot: the wrong link of hotel-book stay (a name with a space) keeps exactly those dialogues; the header scores them', async () => {
    // Independently of the engine: the turns of the file whose gold and predicted hotel.stay are both set and differ.
    const raw = JSON.parse(readFileSync(join(SOM, 'predictions.json'), 'utf8')) as Record<
      string,
      Record<string, { gt: Record<string, Record<string, string>>; pr: Record<string, Record<string, string>> }>
    >;
    const set = (v: string | undefined) => v !== undefined && v !== 'none';
    const ids = Object.keys(raw).filter((id) =>
      Object.values(raw[id]).some((t) => {
        const [g, p] = [t.gt.hotel?.stay, t.pr.hotel?.stay];
        return set(g) && set(p) && g !== p;
      }),
    );
    expect(ids.length).toBeGreaterThan(0);
    await page.click('[data-testid="nav-analysis"]');
    await page.click('[data-testid="analysis-tab-breakdown"]');
    await page.selectOption('[data-testid="breakdown-by"]', 'slot');
    const link = '[data-testid="breakdown-row"][data-group="hotel-book stay"] [data-testid="breakdown-class-link"][data-class="wrong"]';
    await page.waitForSelector(link, { timeout: 30_000 });
    await page.click(link);
    await expect.poll(() => page.inputValue('input[type="search"]'), { timeout: 20_000 }).toBe('wrong:"hotel-book stay"');
    await expect.poll(() => page.getAttribute('[data-testid="list-count"]', 'data-count'), { timeout: 20_000 }).toBe(String(ids.length));
    expect(await page.textContent('[data-testid="list-count"]')).toBe(`${ids.length} dialogue${ids.length === 1 ? '' : 's'}`);
    const listed = await page.$$eval('[data-testid="dialogue-item"]', (els) => els.map((e) => (e as HTMLElement).dataset.dialogueId));
    expect(listed.sort()).toEqual([...ids].sort());
    // The header's filtered scores are `score` of the subset's file (a separate process reading only those dialogues).
    const subset = join(tmp, 'hotel-book-stay-wrong.json');
    writeFileSync(subset, JSON.stringify(Object.fromEntries(ids.map((id) => [id, raw[id]]))));
    const r = runCli(['score', subset, '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const want = (JSON.parse(r.stdout) as { corpus: Record<string, ScoreValue> }).corpus;
    await expect
      .poll(() => page.textContent('[data-testid="filtered-label"]'), { timeout: 20_000 })
      .toMatch(`“wrong:"hotel-book stay"” · ${ids.length} of 100 dialogues`);
    for (const m of ['JGA', 'SA', 'AGA', 'F1', 'RSA', 'FGA', 'GCA'])
      await expect.poll(() => page.textContent(metric(m, 'filtered')), { message: m }).toBe(percent2(metricValue(want, m, config)!));
  });

  it('an unclosed quote in the search is an error in the search box, and the list keeps the last search', async () => {
    await page.fill('input[type="search"]', 'wrong:"hotel-book stay');
    await expect
      .poll(() => page.textContent('[data-testid="search-error"]'), { timeout: 20_000 })
      .toMatch(/unclosed " at character 7: close the quote.*The list still shows “wrong:"hotel-book stay"”/);
    expect(await page.getAttribute('input[type="search"]', 'aria-invalid')).toBe('true');
    await page.press('input[type="search"]', 'Enter');
    await page.waitForTimeout(400);
    expect(await page.textContent('[data-testid="filtered-label"]')).toMatch(/“wrong:"hotel-book stay"”/);
    // The file's own spelling reads as the same slot.
    await page.fill('input[type="search"]', 'wrong:book_stay');
    await expect.poll(() => page.locator('[data-testid="search-error"]').count()).toBe(0);
    await expect
      .poll(() => page.textContent('[data-testid="filtered-label"]'), { timeout: 20_000 })
      .toMatch(/“wrong:book_stay” · 1 of 100/);
    await page.fill('input[type="search"]', '');
    await expect.poll(() => page.locator(metric('JGA', 'filtered')).count(), { timeout: 20_000 }).toBe(0);
    await page.click('[data-testid="nav-analysis"]');
    await page.selectOption('[data-testid="breakdown-by"]', 'domain');
  });

  it('a root cause opens its dialogue at its turn', async () => {
    await page.click('[data-testid="analysis-tab-origin"]');
    await page.waitForSelector('[data-testid="root-turn"]', { timeout: 30_000 });
    const top = errorOrigin(ev, 50).rootTurns[0];
    const first = page.locator('[data-testid="root-turn"]').first();
    expect(await first.getAttribute('data-group')).toBe(top.dialogue);
    await first.locator('[data-metric="dialogue"] button').click();
    await expect.poll(() => page.textContent('[data-testid="dialogue-title"]'), { timeout: 20_000 }).toContain(top.dialogue);
    await expect.poll(() => page.getAttribute('[data-testid="turn"][aria-current="step"]', 'data-turn')).toBe(String(top.turn));
  });

  it('the correlation heat map shows the engine’s matrix', async () => {
    await page.click('[data-testid="nav-analysis"]');
    await page.click('[data-testid="analysis-tab-correlations"]');
    await page.waitForSelector('[data-testid="correlation-heatmap"]', { timeout: 30_000 });
    const m = correlationMatrix(ev, 'turn', 'pearson');
    const i = m.metrics.indexOf('JGA');
    const j = m.metrics.indexOf('RSA');
    expect(await page.textContent('[data-testid="correlation-row"][data-group="JGA"] [data-metric="RSA"]')).toBe(
      m.matrix[i][j]!.toFixed(3),
    );
    expect(await page.getAttribute('[data-testid="correlation-heatmap"] [data-row="JGA"][data-col="RSA"]', 'data-row')).toBe('JGA');
    await page.selectOption('[data-testid="correlation-level"]', 'dialogue');
    await expect.poll(() => page.locator('[data-testid="correlation-row"][data-group="GCA"]').count(), { timeout: 20_000 }).toBe(1);
    expect(errors).toEqual([]);
  });
});
