// Regenerates the compare view's README screenshots in docs/screenshots/ from
// the built app: the 100 SOM-DST dialogues against a perturbed copy side by
// side (compare.png, compare-1280.png), and five runs of a series
// (compare-series.png), and real run names — a 40-character TripPy baseline
// and three T5_fewshot_taxi__ratio_<r>_seed_557_prediction runs — at 1280 and
// 1920 wide (compare-long-names-1280.png, compare-long-names-1920.png).
// Starts `dst-inspector serve` from out/ (run `npm run build` first) and
// drives Debian's Chromium with playwright-core.
// Four runs side by side at 1440 (compare-lanes-1440.png) and the "where do
// runs differ most" finder (compare-differ.png) come first.
// Usage: node scripts/screenshots-compare.js [lanes|long-names]   (only those; CHROMIUM_PATH overrides /usr/bin/chromium)
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { perturbFga, seriesRun } from '../bench/perturb.js';
import { CHROMIUM, CLI, ROOT, SOM, launchChromium, serve } from './lib/app.js';

const OUT = join(ROOT, 'docs', 'screenshots');

async function main() {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` first`);
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM} (set CHROMIUM_PATH)`);
  mkdirSync(OUT, { recursive: true });
  const tmp = mkdtempSync(join(tmpdir(), 'dst-shots-compare-'));
  const text = readFileSync(join(SOM, 'predictions.json'), 'utf8');
  const perturbed = join(tmp, 'perturbed.json');
  writeFileSync(perturbed, perturbFga(text));
  const browser = await launchChromium();
  const servers = [];
  try {
    const save = async (target, name) => {
      await target.screenshot({ path: join(OUT, name) });
      console.log(`saved docs/screenshots/${name}`);
    };
    const open = async (server, width, height) => {
      const page = await (await browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1 })).newPage();
      await page.goto(server.url);
      await page.click('[data-testid="nav-compare"]');
      await page.waitForSelector('[data-testid="run-delta"]', { timeout: 60_000 });
      return page;
    };

    // Four runs side by side at 1440 wide (one lane per run), and the "where do runs differ most" finder.
    const four = await serve([
      join(SOM, 'predictions.json'),
      perturbed,
      ...[
        [0.5, 0.05, 7],
        [0.05, 0.4, 9],
      ].map(([fix, breakage, seed], k) => {
        const f = join(tmp, `variant${k}.json`);
        writeFileSync(f, seriesRun(text, fix, breakage, seed));
        return f;
      }),
      '--name',
      'SOM-DST,perturbed,T5_fewshot_taxi__ratio_0.5_seed_557_prediction,TripPy_noisy',
      '--dialogues',
      join(SOM, 'dialogues.json'),
    ]);
    servers.push(four);
    if (process.argv[2] !== 'long-names') {
      const page = await open(four, 1440, 1400);
      for (const name of ['T5_fewshot_taxi__ratio_0.5_seed_557_prediction', 'TripPy_noisy'])
        await page.check(`[data-testid="side-run"][data-run="${name}"]`);
      await page.waitForSelector('[data-testid="differ-row"]', { timeout: 60_000 });
      await page.click('[data-testid="pair-item"] >> nth=0');
      await page.waitForSelector('[data-testid="run-lane"]');
      await page.click('[data-testid="pair-turn"] >> nth=2');
      await page.mouse.move(5, 5);
      await page.waitForTimeout(400);
      await page.locator('.pair').evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await page.waitForTimeout(200);
      await save(page, 'compare-lanes-1440.png');
      await page.click('[data-testid="differ-row"] >> nth=0');
      await page.waitForTimeout(600);
      await save(page.locator('[data-testid="differ-finder"]'), 'compare-differ.png');
    }
    if (process.argv[2] === 'lanes') return;

    // Real run names: the pair list and the series read from the names, at two widths.
    const t5Ratios = ['0.01', '0.05', '0.1'];
    const t5 = t5Ratios.map((r, k) => {
      const f = join(tmp, `T5_fewshot_taxi__ratio_${r}_seed_557_prediction.json`);
      writeFileSync(f, seriesRun(text, 0.2 * k, 0.3 - 0.1 * k, 3 + k));
      return f;
    });
    const long = await serve([
      join(SOM, 'predictions.json'),
      ...t5,
      '--name',
      ['TripPy_MultiWOZ2.1_test_full_predictions', ...t5Ratios.map((r) => `T5_fewshot_taxi__ratio_${r}_seed_557_prediction`)].join(','),
      '--dialogues',
      join(SOM, 'dialogues.json'),
    ]);
    servers.push(long);
    for (const width of [1280, 1920]) {
      const page = await open(long, width, 1500);
      await page.waitForSelector('[data-testid="series-chart"]');
      await page.click('[data-testid="pair-item"] >> nth=0');
      await page.waitForSelector('[data-testid="pair-turn"]');
      await page.mouse.move(5, 5);
      await page.waitForTimeout(400);
      await save(page, `compare-long-names-${width}.png`);
    }
    if (process.argv[2] === 'long-names') return;

    // Two runs side by side, on a dialogue where one gets turns right that the other gets wrong.
    const pair = await serve([
      join(SOM, 'predictions.json'),
      perturbed,
      '--name',
      'SOM-DST,perturbed',
      '--dialogues',
      join(SOM, 'dialogues.json'),
    ]);
    servers.push(pair);
    for (const [width, name] of [
      [1920, 'compare.png'],
      [1280, 'compare-1280.png'],
    ]) {
      const page = await open(pair, width, 1150);
      await page.selectOption('[data-testid="pair-filter"]', 'a-right-b-wrong');
      await page.waitForTimeout(400);
      await page.click('[data-testid="pair-item"] >> nth=0');
      await page.waitForSelector('[data-testid="pair-turn"]');
      await page.click('[data-testid="pair-turn"] >> nth=2');
      await page.mouse.move(5, 5);
      await page.waitForTimeout(400);
      await save(page, name);
    }

    // A series: five data ratios, predictions improving with the ratio.
    const ratios = [0.01, 0.05, 0.1, 0.5, 1];
    const files = ratios.map((x, k) => {
      const f = join(tmp, `ratio_${x}.json`);
      writeFileSync(f, seriesRun(text, 0.15 * k, 0.3 - 0.07 * k, 7 + k));
      return f;
    });
    const series = await serve([...files, '--name', ratios.map((x) => `ratio_${x}`).join(',')]);
    servers.push(series);
    const page = await open(series, 1440, 1100);
    await page.waitForSelector('[data-testid="series-chart"]');
    await page.waitForTimeout(300);
    await save(page.locator('[data-testid="compare-view"]'), 'compare-series.png');
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
