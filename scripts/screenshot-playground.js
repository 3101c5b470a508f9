// Regenerates the README's playground screenshots in docs/screenshots/ from
// the built app: starts `dst-inspector serve` (out/, so run `npm run build`
// first), drives Debian's Chromium with playwright-core, and saves the GCA
// paper's P1 vs P2 in A/B (playground.png) and a broken value marked in the
// editor with the last result kept, stale (playground-error.png).
// Usage: node scripts/screenshot-playground.js [WIDTH HEIGHT]   (CHROMIUM_PATH overrides /usr/bin/chromium)
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { CLI, ROOT, launchChromium, serve } from './lib/app.js';

const OUT = process.env.OUT ?? join(ROOT, 'docs', 'screenshots');
const [width, height] = [Number(process.argv[2] ?? 1440), Number(process.argv[3] ?? 900)];

async function main() {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` first`);
  mkdirSync(OUT, { recursive: true });
  const server = await serve();
  const browser = await launchChromium();
  try {
    const page = await (await browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1 })).newPage();
    await page.goto(server.url);
    await page.click('[data-testid="nav-playground"]');
    await page.waitForSelector('[data-testid="playground-editor"][data-ready="true"]', { timeout: 30_000 });
    await page.selectOption('[data-testid="playground-template"]', 'hypothetical-p1');
    await page.click('[data-testid="playground-ab"]');
    await page.waitForSelector('[data-testid="playground-side"][data-side="B"] [data-testid="playground-editor"][data-ready="true"]', {
      timeout: 30_000,
    });
    await page.focus('[data-testid="playground-side"][data-side="B"] [data-testid="turn"][data-turn="0"] [data-testid="slot"]');
    await page.waitForTimeout(600);
    await page.screenshot({ path: join(OUT, 'playground.png') });
    console.log(`saved ${join(OUT, 'playground.png')}`);

    await page.click('[data-testid="playground-ab"]');
    await page.click('[data-testid="playground-side"][data-side="A"] .view-lines');
    await page.keyboard.press('Control+Home');
    for (let i = 0; i < 9; i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('End');
    for (let i = 0; i < 5; i++) await page.keyboard.press('Shift+ArrowLeft');
    await page.keyboard.type('3');
    await page.waitForSelector('[data-testid="playground-results"][data-stale="true"]');
    const box = await (await page.$('[data-testid="playground-side"][data-side="A"] .squiggly-error')).boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForTimeout(1200);
    await page.screenshot({ path: join(OUT, 'playground-error.png') });
    console.log(`saved ${join(OUT, 'playground-error.png')}`);
  } finally {
    await browser.close();
    server.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
