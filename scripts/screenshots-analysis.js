// Regenerates the README screenshots of the analysis view and the header's
// filtered scores in docs/screenshots/ from the built app: serves the
// 100-dialogue SOM-DST fixture with its utterances and drives Debian's
// Chromium with playwright-core. Also the error panel of a section that
// failed (an answer of the wrong shape routed to the page) and, with
// --large, the spurious-traits chart on the 500k-turn synthetic corpus of
// bench/generate.js (written to .bench/ if missing; drawn as density).
// Usage: npm run build && node scripts/screenshots-analysis.js [--width 1440] [--large]   (CHROMIUM_PATH overrides /usr/bin/chromium)
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { generateFile } from '../bench/generate.js';
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
    // A section that throws while it is drawn: its error panel.
    const broken = await (await browser.newContext({ viewport: { width: WIDTH, height: 560 }, deviceScaleFactor: 1 })).newPage();
    await broken.route('**/api/traitsView', (r) => r.fulfill({ status: 200, contentType: 'application/json', body: '{}' }));
    await broken.goto(server.url);
    await broken.waitForSelector('[data-testid="corpus-metric"][data-scope="corpus"]');
    await broken.click('[data-testid="nav-analysis"]');
    await broken.click('[data-testid="analysis-tab-traits"]');
    await broken.waitForSelector('[data-testid="view-error"]');
    await broken.click('[data-testid="view-error"] details summary');
    await broken.waitForTimeout(300);
    await save(broken, 'view-error.png');
  } finally {
    await browser.close();
    server.stop();
  }
  if (process.argv.includes('--large')) await large();
}

/** The spurious-traits chart on 500k turns (66,037 dialogues): the density drawing. */
async function large() {
  const file = join(ROOT, '.bench', 'fga-500000-s500000-v2.json');
  if (!existsSync(file)) {
    mkdirSync(join(ROOT, '.bench'), { recursive: true });
    console.log(`writing ${file}…`);
    generateFile(file, 500_000, 500_000);
  }
  const browser = await launchChromium();
  const server = await serve([file]);
  try {
    const page = await (await browser.newContext({ viewport: { width: WIDTH, height: 1000 }, deviceScaleFactor: 1 })).newPage();
    await page.goto(server.url);
    await page.waitForSelector('[data-testid="corpus-metric"][data-scope="corpus"]', { timeout: 300_000 });
    await page.click('[data-testid="nav-analysis"]');
    await page.click('[data-testid="analysis-tab-traits"]');
    await page.waitForSelector('[data-testid="traits-chart"]', { timeout: 300_000 });
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(OUT, 'analysis-traits-large.png') });
    console.log('saved docs/screenshots/analysis-traits-large.png');
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
