import { join } from 'node:path';
import { launchChromium, serve, ROOT } from './lib/app.js';
const server = await serve([join(ROOT, 'test/fixtures/whitespace/lookalikes.json'), '/tmp/f15-ws/fixed.json']);
const browser = await launchChromium();
try {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await page.goto(server.url);
  await page.waitForTimeout(3000);
  const guide = await page.$('[data-testid="dismiss-guide"]');
  if (guide) await guide.click();
  await page.click('[data-testid="nav-compare"]');
  await page.waitForTimeout(3000);
  await page.screenshot({ path: '/tmp/f15-ws/compare.png' });
  const items = await page.$$('[data-testid="pair-item"], [data-testid="pair-row"]');
  console.log('pair rows', items.length);
} finally {
  await browser.close();
  server.stop();
}
