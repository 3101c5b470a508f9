// Regenerates the README screenshots of the LLM-era layouts (issue 18) from
// the built app: a generated belief span beside its turn and an unparseable
// turn with its reason (UBAR's bspn_gen, test fixture ubar-dst-BS-edge.json),
// and the calibration view of Sun et al.'s CSV with its gold (reliability
// diagram, tables). Starts `dst-inspector serve` (out/: run `npm run build`
// first) and drives Debian's Chromium with playwright-core.
// Usage: node scripts/screenshots-llm.js   (CHROMIUM_PATH overrides /usr/bin/chromium)
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, launchChromium, requireBuildAndChromium, serve } from './lib/app.js';

const OUT = join(ROOT, 'docs', 'screenshots');
const LLM = join(ROOT, 'test', 'fixtures', 'formats', 'llm');

async function main() {
  requireBuildAndChromium();
  mkdirSync(OUT, { recursive: true });
  const browser = await launchChromium();
  const servers = [];
  try {
    const save = async (target, name) => {
      await target.screenshot({ path: join(OUT, name) });
      console.log(`saved docs/screenshots/${name}`);
    };
    const ubar = await serve([join(LLM, 'belief-span', 'ubar-dst-BS-edge.json')]);
    servers.push(ubar);
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 })).newPage();
    await page.goto(ubar.url);
    await page.waitForSelector('[data-testid="turn-generation"]');
    const guide = await page.$('[data-testid="dismiss-guide"]');
    if (guide) await guide.click();
    await page.click('[data-testid="turn-generation"] summary');
    const unparseable = page.locator('[data-testid="turn"]:has([data-testid="turn-unparseable"])').first();
    await unparseable.scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await save(page.locator('.centre'), 'turn-generation.png');

    const csv = await serve([
      join(LLM, 'csv', 'sun2024-test_turn_few_example.csv'),
      '--gold',
      join(LLM, 'csv', 'sun2024-gold_states.json'),
    ]);
    servers.push(csv);
    const p2 = await (await browser.newContext({ viewport: { width: 1200, height: 1100 }, deviceScaleFactor: 1 })).newPage();
    await p2.goto(csv.url);
    await p2.waitForSelector('[data-testid="turn"]');
    await p2.click('[data-testid="nav-analysis"]');
    await p2.click('[data-testid="analysis-tab-calibration"]');
    await p2.waitForSelector('[data-testid="calibration-chart"]');
    await p2.waitForSelector('[data-testid="calibration-row"]');
    await p2.waitForTimeout(400);
    await save(p2, 'analysis-calibration.png');
  } finally {
    for (const s of servers) s.stop();
    await browser.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
