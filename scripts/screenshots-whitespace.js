// Regenerates the screenshot of whitespace made visible in docs/screenshots/
// (whitespace.png): test/fixtures/whitespace/lookalikes.json in browser mode —
// the load summary's warning opened (values that differ from gold only by
// whitespace, case or punctuation), and the dialogue whose chips show the
// markers (␣ ⍽ ⏎ ⟨U+200B⟩) and the character diff. Run `npm run build` first.
// Usage: node scripts/screenshots-whitespace.js [dialogue id]   (CHROMIUM_PATH overrides /usr/bin/chromium)
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, launchChromium, requireBuildAndChromium, serve } from './lib/app.js';

const OUT = process.env.SHOTS_DIR ?? join(ROOT, 'docs', 'screenshots');
const FILE = join(ROOT, 'test', 'fixtures', 'whitespace', 'lookalikes.json');
const dialogue = process.argv[2] ?? 'WS0003.json';

requireBuildAndChromium();
mkdirSync(OUT, { recursive: true });
const server = await serve([FILE]);
const browser = await launchChromium();
try {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 760 }, deviceScaleFactor: 2 })).newPage();
  await page.goto(server.url);
  await page.waitForSelector('[data-testid="format-warning"]');
  const guide = await page.$('[data-testid="dismiss-guide"]');
  if (guide) await guide.click();
  await page.click(`[data-testid="dialogue-item"][data-dialogue-id="${dialogue}"]`);
  await page.waitForSelector('[data-testid="slot"][data-class="wrong"]');
  await page.click('[data-testid="format-warning"] summary');
  await page.waitForTimeout(500);
  const path = join(OUT, 'whitespace.png');
  // The header with the warning and the dialogue's turns, at 2× so the markers read in the README.
  await page.screenshot({ path, clip: { x: 0, y: 0, width: 1280, height: 570 } });
  console.log(`saved ${path}`);
} finally {
  await browser.close();
  server.stop();
}
