// Regenerates the README screenshots of the analysis view and the header's
// filtered scores in docs/screenshots/ from the built app: serves the
// 100-dialogue SOM-DST fixture with its utterances and drives Debian's
// Chromium with playwright-core.
// Usage: npm run build && node scripts/screenshots-analysis.js [--width 1440]   (CHROMIUM_PATH overrides /usr/bin/chromium)
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { CLI, ROOT, SOM, launchChromium, serve } from './lib/app.js';

const OUT = join(ROOT, 'docs', 'screenshots');
const widthArg = process.argv.indexOf('--width');
const WIDTH = widthArg > 0 ? Number(process.argv[widthArg + 1]) : 1440;

async function main() {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` first`);
  mkdirSync(OUT, { recursive: true });
  const browser = await launchChromium();
  const server = await serve([join(SOM, 'predictions.json'), '--dialogues', join(SOM, 'dialogues.json')]);
  try {
    const page = await (await browser.newContext({ viewport: { width: WIDTH, height: 1000 }, deviceScaleFactor: 1 })).newPage();
    const save = async (target, name) => {
      await target.screenshot({ path: join(OUT, name) });
      console.log(`saved docs/screenshots/${name}`);
    };
    await page.goto(server.url);
    await page.waitForSelector('[data-testid="corpus-metric"][data-scope="corpus"]');
    await page.selectOption('[data-testid="domain-filter"]', 'taxi');
    await page.waitForSelector('[data-testid="corpus-metric"][data-metric="JGA"][data-scope="filtered"]');
    await page.waitForTimeout(400);
    await save(page.locator('.app-header'), 'filtered-header.png');
    await page.selectOption('[data-testid="domain-filter"]', '');
    await page.click('[data-testid="nav-analysis"]');
    await page.waitForSelector('[data-testid="breakdown-row"]');
    await page.waitForTimeout(400);
    await save(page, 'analysis-breakdown.png');
    for (const [tab, name] of [
      ['position', 'analysis-position.png'],
      ['origin', 'analysis-origin.png'],
      ['correlations', 'analysis-correlations.png'],
      ['traits', 'analysis-traits.png'],
    ]) {
      await page.click(`[data-testid="analysis-tab-${tab}"]`);
      await page.waitForSelector('.analysis-chart');
      await page.waitForTimeout(400);
      await save(page, name);
    }
  } finally {
    await browser.close();
    server.stop();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(`screenshots: ${e.message}`);
    process.exit(1);
  },
);
