// Regenerates the README screenshots in docs/screenshots/ from the built app:
// starts `dst-inspector serve` (out/, so run `npm run build` first), drives
// Debian's Chromium with playwright-core, and saves the dialogue list, the
// dialogue view, the metric side panel, the raw view and an error display.
// Usage: node scripts/screenshots.js   (CHROMIUM_PATH overrides /usr/bin/chromium)
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(ROOT, 'out', 'main', 'cli.js');
const OUT = join(ROOT, 'docs', 'screenshots');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SOM = join(ROOT, 'test', 'fixtures', 'multiwoz-somdst-100');

function serve(args) {
  const proc = spawn(process.execPath, [CLI, 'serve', ...args, '--port', '0'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    proc.on('exit', (code) => reject(new Error(`serve exited with ${code}`)));
    proc.stdout.on('data', (b) => {
      out += b.toString();
      const m = /DST Inspector at (\S+)/.exec(out);
      if (m) resolve({ url: m[1], stop: () => proc.kill() });
    });
  });
}

async function main() {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` first`);
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM} (set CHROMIUM_PATH)`);
  mkdirSync(OUT, { recursive: true });
  const tmp = mkdtempSync(join(tmpdir(), 'dst-shots-'));
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const servers = [];
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });
    const save = async (target, name) => {
      await target.screenshot({ path: join(OUT, name) });
      console.log(`saved docs/screenshots/${name}`);
    };

    // The demo: first-run landing on MUL1110 with the colour guide.
    const demo = await serve([]);
    servers.push(demo);
    const page = await context.newPage();
    await page.goto(demo.url);
    await page.waitForSelector('[data-testid="dialogue-metric"][data-metric="GCA"]');
    await page.waitForTimeout(300);
    await save(page, 'overview.png');
    await page.click('[data-testid="dismiss-guide"]');
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await page.hover('[data-testid="turn"][data-turn="4"]');
    await save(page.locator('.centre'), 'dialogue-view.png');
    await save(page.locator('.metric-panel'), 'side-panel.png');
    await page.keyboard.press('r');
    await page.waitForSelector('.raw-view .monaco-editor .view-lines');
    await page.waitForTimeout(300);
    await save(page, 'raw-view.png');
    await page.keyboard.press('r');

    // A broken file: the located error and the marker in Monaco.
    const text = readFileSync(join(ROOT, 'test', 'fixtures', 'paper', 'mul1110.json'), 'utf8').split('\n');
    text[29] = text[29].replace(/[,:]/, ' ');
    const broken = join(tmp, 'broken-predictions.json');
    writeFileSync(broken, text.join('\n'));
    await page.keyboard.press('Control+o');
    await page.fill('[data-testid="open-path"]', broken);
    await page.click('[data-testid="open-submit"]');
    await page.waitForSelector('.monaco-editor .squiggly-error');
    await page.waitForTimeout(300);
    await save(page, 'load-error.png');

    // The 100 MultiWOZ dialogues with utterances, sorted by |FGA − GCA|.
    const som = await serve([join(SOM, 'predictions.json'), '--dialogues', join(SOM, 'dialogues.json')]);
    servers.push(som);
    const p2 = await context.newPage();
    await p2.goto(som.url);
    await p2.waitForSelector('[data-testid="dialogue-metric"][data-metric="GCA"]');
    await p2.selectOption('[data-testid="sort-key"]', 'disagreement');
    await p2.waitForSelector('[data-testid="dialogue-item"][data-index="0"]');
    await p2.click('[data-testid="dialogue-item"][data-index="0"]');
    await p2.mouse.move(700, 5);
    await p2.waitForTimeout(400);
    await save(p2, 'list-sorted.png');
    await save(p2.locator('.dialogue-list'), 'dialogue-list.png');
  } finally {
    await browser.close();
    for (const s of servers) s.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(`screenshots: ${e.message}`);
    process.exit(1);
  },
);
