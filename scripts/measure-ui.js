// Measures the inspector's UI in browser mode on a large file: generates a
// synthetic prediction file (default 1M turns, bench/generate.js), starts the
// built `dst-inspector serve`, opens it in headless Chromium, and times what a
// user waits for: the progress bar while loading, the first dialogue visible
// after scoring finishes, switching dialogues (n), jumping the virtual list
// to the middle, and re-sorting. Run after `npm run build`:
//   node scripts/measure-ui.js [turns]
/* global document -- used inside page.waitForFunction callbacks, which run in the browser */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateFile } from '../bench/generate.js';
import { launchChromium, serve } from './lib/app.js';

const TURNS = Number(process.argv[2] ?? 1_000_000);
const tmp = mkdtempSync(join(tmpdir(), 'dst-ui-measure-'));
const file = join(tmp, 'large.json');
const ms = (t) => `${t.toFixed(0)} ms`;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const g = generateFile(file, TURNS, 7);
console.log(`file: ${g.dialogues} dialogues, ${g.turns} turns, ${(g.bytes / 2 ** 20).toFixed(1)} MiB`);

const server = await serve([file]);
const url = server.url;
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const t0 = performance.now();
  await page.goto(url);
  // The progress bar, or the first dialogue when the load was over before the page asked.
  const firstSeen = await page.waitForSelector('[data-testid="progress"], [data-testid="dialogue-metric"][data-metric="GCA"]', {
    timeout: 600_000,
  });
  const sawProgress = (await firstSeen.getAttribute('data-testid')) === 'progress';
  await page.waitForSelector('[data-testid="progress"]', { state: 'detached', timeout: 600_000 });
  const ready = performance.now();
  await page.waitForSelector('[data-testid="dialogue-metric"][data-metric="GCA"]', { timeout: 60_000 });
  const first = performance.now();
  console.log(`progress bar shown while loading: ${sawProgress ? 'yes' : 'no'}; load + scoring (as the UI saw it): ${ms(ready - t0)}`);
  console.log(`first dialogue visible after scoring finished: ${ms(first - ready)}`);

  // Switching dialogues: from the key press to the new dialogue's panel numbers.
  const switches = [];
  for (let i = 0; i < 20; i++) {
    const before = await page.textContent('[data-testid="dialogue-title"]');
    const s = performance.now();
    await page.keyboard.press('n');
    await page.waitForFunction((b) => document.querySelector('[data-testid="dialogue-title"]')?.textContent !== b, before);
    switches.push(performance.now() - s);
  }
  console.log(`switching dialogues (n): median ${ms(median(switches))}, max ${ms(Math.max(...switches))} over ${switches.length}`);

  // Jump to the middle of the virtual list and wait for real rows there.
  const sj = performance.now();
  await page.$eval('.list-scroll', (el) => (el.scrollTop = el.scrollHeight / 2));
  await page.waitForFunction(() => {
    const rows = document.querySelectorAll('[data-testid="dialogue-item"]');
    return Array.from(rows).some((r) => Number(r.getAttribute('data-index')) > 1000);
  });
  console.log(`list jump to the middle, rows shown: ${ms(performance.now() - sj)}`);

  const ss = performance.now();
  await page.selectOption('[data-testid="sort-key"]', 'disagreement');
  await page.waitForFunction(() => document.querySelector('[data-testid="dialogue-item"][data-index="0"] .sort-extra') !== null);
  console.log(`re-sort by |FGA − GCA|, first rows shown: ${ms(performance.now() - ss)}`);
  const rows = await page.$$eval('[data-testid="dialogue-item"]', (r) => r.length);
  console.log(`rows in the DOM (virtualised): ${rows}`);
} finally {
  await browser.close();
  server.stop();
  rmSync(tmp, { recursive: true, force: true });
}
