// The evaluator-preset screenshots of docs/guide/inspect.md: SOM-DST under
// mwzeval (serve --preset mwzeval --value-map …) at 1280 px, on a turn whose
// chip mwzeval's matcher accepted (its reason in the turn card), and the list
// of turns that flip between exact and mwzeval.
// Usage: npm run build && node scripts/screenshots-presets.js
import { join } from 'node:path';
import { ROOT, SOM, launchChromium, requireBuildAndChromium, serve } from './lib/app.js';

const OUT = join(ROOT, 'docs', 'screenshots');
const MAP = join(ROOT, 'test', 'fixtures', 'presets', 'mwzeval', 'value-map.json');

async function main() {
  requireBuildAndChromium();
  const server = await serve([
    join(SOM, 'predictions.json'),
    '--dialogues',
    join(SOM, 'dialogues.json'),
    '--preset',
    'mwzeval',
    '--value-map',
    MAP,
  ]);
  const browser = await launchChromium();
  try {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 })).newPage();
    await page.goto(server.url);
    await page.waitForSelector('[data-testid="corpus-metric"][data-metric="JGA"]');
    await page.click('[data-testid="flips-button"]');
    await page.waitForSelector('[data-testid="flip-link"]', { timeout: 30_000 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(OUT, 'presets-flips.png') });
    console.log('saved docs/screenshots/presets-flips.png');
    // Follow a link of the partial_ratio reason: that dialogue and turn, with the accepted chip.
    const reason = page.locator('[data-testid="flip-reason"]', { hasText: 'partial_ratio accepted' });
    await reason.locator('[data-testid="flip-link"]').first().click();
    await page.waitForSelector('[data-testid="match-reasons"]', { timeout: 20_000 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(OUT, 'presets.png') });
    console.log('saved docs/screenshots/presets.png');
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
