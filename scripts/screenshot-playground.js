// Regenerates the README's playground screenshots in docs/screenshots/ from
// the built app: starts `dst-inspector serve` (out/, so run `npm run build`
// first), drives Debian's Chromium with playwright-core, and saves the GCA
// paper's P1 vs P2 in A/B (playground.png) and a broken value marked in the
// editor with the last result kept, stale (playground-error.png).
// Usage: node scripts/screenshot-playground.js [WIDTH HEIGHT]   (CHROMIUM_PATH overrides /usr/bin/chromium)
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(ROOT, 'out', 'main', 'cli.js');
const OUT = process.env.OUT ?? join(ROOT, 'docs', 'screenshots');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const [width, height] = [Number(process.argv[2] ?? 1440), Number(process.argv[3] ?? 900)];

function serve() {
  const proc = spawn(process.execPath, [CLI, 'serve', '--port', '0'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
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
  mkdirSync(OUT, { recursive: true });
  const server = await serve();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  try {
    const page = await (await browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1 })).newPage();
    await page.goto(server.url);
    await page.click('[data-testid="nav-playground"]');
    await page.waitForSelector('[data-testid="playground-editor"][data-ready="true"]', { timeout: 30_000 });
    await page.selectOption('[data-testid="playground-template"]', 'hypothetical-p1');
    await page.click('[data-testid="playground-ab"]');
    await page.waitForSelector('[data-testid="playground-side"][data-side="B"] [data-testid="playground-editor"][data-ready="true"]', { timeout: 30_000 });
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
