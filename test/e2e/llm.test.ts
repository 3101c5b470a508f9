// End-to-end, browser mode (issue 18 items 2 and 3): UBAR's belief spans
// (test/fixtures/formats/llm/belief-span/ubar-dst-BS-edge.json) show each
// turn's generated text beside it, collapsible, whitespace visible but copied
// as written; the two unparseable turns carry their own mark with the reason.
// Sun et al.'s CSV with its gold opens the calibration tab with the
// reliability diagram, its numbers and its signature, and the chips carry
// their confidence (shaded, the value in the tooltip).
/// <reference lib="dom" />
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { browserSession, chromiumAvailable, ROOT } from './harness';

const LLM = join(ROOT, 'test', 'fixtures', 'formats', 'llm');

describe.skipIf(!chromiumAvailable())('LLM-era layouts in the app', () => {
  const session = browserSession();

  it('shows the generated text beside each turn, and unparseable turns with their reason', async () => {
    const s = await session.serve([join(LLM, 'belief-span', 'ubar-dst-BS-edge.json')]);
    const page = await session.browser().newPage();
    await page.goto(s.url);
    await page.waitForSelector('[data-testid="turn-generation"]');
    const first = page.locator('[data-testid="turn"]').first().locator('[data-testid="turn-generation"]');
    expect(await first.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    await first.locator('summary').click();
    expect(await first.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    // Whitespace drawn as marks, but the text itself is the generation.
    const raw = await first.locator('pre.raw').evaluate((p) => p.textContent);
    expect(raw).toMatch(/^<sos_b> \[train\] /);
    expect(await first.locator('.ws-space').count()).toBeGreaterThan(3);
    // mul0371 turn 2: never closes with <eos_b>.
    const bad = page.locator('[data-testid="turn"][data-turn="2"]');
    await expect.poll(() => bad.locator('[data-testid="turn-unparseable"]').count()).toBe(1);
    expect(await bad.locator('[data-testid="turn-unparseable"]').innerText()).toMatch(/unparseable.*never closes with <eos_b>/s);
    expect(await bad.evaluate((e) => e.classList.contains('unparseable'))).toBe(true);
    // Its generation opens by itself.
    expect(await bad.locator('[data-testid="turn-generation"]').evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
  }, 120_000);

  it('opens a CSV with confidences and a gold: confidence on the chips and the calibration tab', async () => {
    const s = await session.serve([
      join(LLM, 'csv', 'sun2024-test_turn_few_example.csv'),
      '--gold',
      join(LLM, 'csv', 'sun2024-gold_states.json'),
    ]);
    const page = await session.browser().newPage();
    await page.goto(s.url);
    await page.waitForSelector('[data-testid="slot"][data-confidence]');
    const chip = page.locator('[data-testid="slot"][data-confidence]').first();
    expect(await chip.getAttribute('title')).toMatch(/confidence \d\.\d\d \(pair_verbalized\)/);
    await page.click('[data-testid="nav-analysis"]');
    await page.click('[data-testid="analysis-tab-calibration"]');
    await page.waitForSelector('[data-testid="calibration-chart"]');
    const chart = page.locator('[data-testid="calibration-chart"]');
    expect(await chart.locator('[data-role="bin"]').count()).toBeGreaterThan(0);
    expect(await chart.innerHTML()).toContain('column=pair_verbalized rule=domain bins=setsumbt/10');
    // Switching the binning recomputes with it in the signature.
    await page.selectOption('[data-testid="calibration-bins"]', 'sun2024');
    await expect.poll(async () => (await chart.innerHTML()).includes('bins=sun2024/10'), { timeout: 30_000 }).toBe(true);
    expect(await page.locator('[data-testid="export-calibration-pdf"]').count()).toBe(1);
  }, 120_000);
});
