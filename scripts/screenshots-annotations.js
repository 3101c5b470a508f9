// Regenerates the README screenshots of gold-label review in docs/screenshots/
// (annotate-*.png): the demo in browser mode with a fresh annotation file,
// walked with the keyboard only — the suspects queue (s), the form (a), the
// what-if (w) and the correction diff (E); then the queue walked further with
// verdicts on the done rows (annotate-verdicts), and the question before the
// first save to a file opened in the page (annotate-confirm). Run `npm run build` first.
// Usage: node scripts/screenshots-annotations.js [width]   (CHROMIUM_PATH overrides /usr/bin/chromium)
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI, ROOT, SOM, launchChromium, serve } from './lib/app.js';

const OUT = process.env.SHOTS_DIR ?? join(ROOT, 'docs', 'screenshots');
const width = Number(process.argv[2] ?? 1440);

if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` first`);
mkdirSync(OUT, { recursive: true });
const tmp = mkdtempSync(join(tmpdir(), 'dst-ann-shots-'));
const server = await serve(['--annotations', join(tmp, 'demo.annotations.jsonl')]);
const url = server.url;
const browser = await launchChromium();
try {
  const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
  const suffix = width === 1440 ? '' : `-${width}`;
  const save = async (name) => {
    await page.waitForTimeout(500);
    await page.screenshot({ path: join(OUT, `${name}${suffix}.png`) });
    console.log(`saved ${join(OUT, `${name}${suffix}.png`)}`);
  };
  await page.goto(url);
  await page.waitForSelector('[data-testid="dialogue-metric"][data-metric="GCA"]');
  const guide = await page.$('[data-testid="dismiss-guide"]');
  if (guide) await guide.click();
  await page.keyboard.press('s');
  await page.waitForSelector('[data-testid="suspect-row"][data-current="true"]');
  await save('annotate-queue');
  await page.keyboard.press('a');
  await page.waitForSelector('[data-testid="annotation-form"]');
  await page.keyboard.press('1');
  await save('annotate-form');
  await page.keyboard.press('Enter');
  await page.waitForTimeout(300);
  await page.keyboard.press('w');
  await page.waitForSelector('[data-testid="whatif-summary"]');
  // Saving moved the queue on to the next suspect; show the corrected dialogue, as a user would jump to it.
  await page.click('[data-testid="whatif-flips"] button');
  await page.waitForSelector('[data-annotated="confirmed"]');
  await save('annotate-whatif');
  await page.keyboard.press('E');
  await page.waitForSelector('[data-testid="export-preview"]');
  await save('annotate-export');
  await page.keyboard.press('Escape');
  // The queue again, walked on: rejected (x), flagged without a correction, corrected; the list follows the current suspect.
  await page.keyboard.press('s');
  await page.waitForSelector('[data-testid="queue-position"]');
  for (let k = 0; k < 12; k++) {
    await page.keyboard.press(k % 3 === 0 ? 'x' : 'n');
    await page.waitForTimeout(120);
  }
  await page.keyboard.press('a');
  await page.waitForSelector('[data-testid="annotation-form"]');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid="annotation-form"]', { state: 'detached' });
  await save('annotate-verdicts');
} finally {
  await browser.close();
  server.stop();
}

// A file opened in the page (not on serve's command line): the first save asks for the file first.
const other = join(tmp, 'opened');
mkdirSync(other);
copyFileSync(join(SOM, 'predictions.json'), join(other, 'predictions.json'));
const named = await serve([join(ROOT, 'test', 'fixtures', 'paper', 'mul1110.json')]);
const browser2 = await launchChromium();
try {
  const page = await (await browser2.newContext({ viewport: { width, height: 900 } })).newPage();
  await page.goto(named.url);
  await page.waitForSelector('[data-testid="dialogue-metric"][data-metric="GCA"]');
  const guide = await page.$('[data-testid="dismiss-guide"]');
  if (guide) await guide.click();
  await page.keyboard.press('Control+o');
  await page.fill('[data-testid="open-path"]', join(other, 'predictions.json'));
  await page.click('[data-testid="open-submit"]');
  await page.waitForSelector('[data-testid="dialogue-title"]:not(:text-is("MUL1110.json"))');
  await page.locator('[data-testid="slot"]').first().focus();
  await page.keyboard.press('a');
  await page.waitForSelector('[data-testid="annotation-form"]');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid="annotation-file-confirm"]');
  await page.waitForTimeout(500);
  const name = `annotate-confirm${width === 1440 ? '' : `-${width}`}.png`;
  await page.screenshot({ path: join(OUT, name) });
  console.log(`saved ${join(OUT, name)}`);
} finally {
  await browser2.close();
  named.stop();
  rmSync(tmp, { recursive: true, force: true });
}
