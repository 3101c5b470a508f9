// Benchmark (Node, plain JS): Analysis › Spurious traits in the app, on the
// seeded synthetic corpus of bench/generate.js (1M turns by default, cached in
// .bench/ like the other benchmarks), through `dst-inspector serve` from the
// built out/ and Debian's headless Chromium (playwright-core; never a
// downloaded browser). Issue 15's budget: the view renders within 5 s after
// the file has loaded. For each run it starts a fresh server (so nothing is
// cached), waits until the run is loaded, and then measures in the page:
//
//   warm worker  Analysis opened first (its breakdown starts the analysis
//                worker and copies the corpus to it), then the traits tab:
//                request → answer (the engine: evaluation at λ, TO/NU, z-scores,
//                Zou; the answer's transfer) and answer → chart on screen
//                (JSON parse, the scene layout, React's commit, one frame).
//   cold         the traits tab as the first analysis of the session: the
//                click → chart time includes starting the worker.
//
// It prints medians and the fastest of --runs runs and asserts nothing.
//
//   npm run build && node bench/traits-render.js              # 1M turns, 3 runs
//   node bench/traits-render.js --sizes 500k,1m --runs 5

import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { turnsOf } from './generate.js';
import { cachedCorpus, parseBenchArgs } from './args.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const WORK = join(ROOT, '.bench');
const CLI = join(ROOT, 'out', 'main', 'cli.cjs');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const BUDGET_MS = 5000;

const parseArgs = (argv) =>
  parseBenchArgs(
    argv,
    { sizes: ['1m'], runs: 3 },
    { '--sizes': ['sizes', 'list'], '--runs': ['runs', 'count'] },
    'npm run build && node bench/traits-render.js [--sizes 500k,1m] [--runs 3]',
  );

function serve(file) {
  const proc = spawn(process.execPath, [CLI, 'serve', file, '--port', '0'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
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

/* global document, requestAnimationFrame, MutationObserver -- clickAndTime runs in the page */

/** In the page: clicks `selector`, then resolves with the times (ms after the click) of the traitsView answer and of the chart's first frame. */
function clickAndTime(selector) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const done = (chartAt) => {
      const r = performance
        .getEntriesByType('resource')
        .filter((e) => e.name.includes('/api/traitsView') && e.startTime >= t0 - 1)
        .pop();
      resolve({
        requestAt: r ? r.startTime - t0 : null,
        answerAt: r ? r.responseEnd - t0 : null,
        chartAt,
        cells: document.querySelectorAll('[data-testid="traits-chart"] [data-role="density"]').length,
        marks: document.querySelectorAll('[data-testid="traits-chart"] [data-dialogue]').length,
        note: document.querySelector('[data-testid="traits-chart"] [data-role="density-note"]')?.textContent ?? '',
      });
    };
    const seen = () => {
      if (!document.querySelector('[data-testid="traits-chart"]')) return false;
      observer.disconnect();
      // The chart is in the DOM; the next frame after layout and paint.
      requestAnimationFrame(() => setTimeout(() => done(performance.now() - t0), 0));
      return true;
    };
    const observer = new MutationObserver(seen);
    observer.observe(document.body, { childList: true, subtree: true });
    document.querySelector(selector).click();
  });
}

async function once(browser, file, warm) {
  const server = await serve(file);
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    const t0 = Date.now();
    await page.goto(server.url);
    await page.waitForSelector('[data-testid="corpus-metric"][data-metric="JGA"]', { timeout: 600_000 });
    const loadMs = Date.now() - t0;
    await page.click('[data-testid="nav-analysis"]');
    if (warm) await page.waitForSelector('[data-testid="breakdown-row"]', { timeout: 600_000 });
    const t = await page.evaluate(clickAndTime, '[data-testid="analysis-tab-traits"]');
    if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);
    return { loadMs, ...t };
  } finally {
    await page.context().close();
    server.stop();
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const minimum = (xs) => xs.reduce((a, b) => Math.min(a, b), Infinity);
const s = (ms) => (ms === null || ms === undefined ? '–' : (ms / 1000).toFixed(2));

const opts = parseArgs(process.argv.slice(2));
if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` first`);
mkdirSync(WORK, { recursive: true });
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
});
try {
  for (const size of opts.sizes) {
    const turns = turnsOf(size);
    const file = cachedCorpus(turns);
    const rows = { warm: [], cold: [] };
    for (let r = 0; r < opts.runs; r++) {
      rows.warm.push(await once(browser, file, true));
      rows.cold.push(await once(browser, file, false));
    }
    const w = rows.warm;
    const mb = (statSync(file).size / 1e6).toFixed(1);
    process.stdout.write(
      `\n${turns.toLocaleString('en')} turns (${mb} MB): load in the app ${s(median(w.map((x) => x.loadMs)))} s (median, not counted below)\n`,
    );
    process.stdout.write(
      `chart: ${w[0].note.replace(/;$/, '') || `${w[0].marks} marks (one per dialogue, metric and panel)`}; ${w[0].cells} density cells\n\n`,
    );
    process.stdout.write(`${'Analysis › Spurious traits'.padEnd(48)} median s  fastest s  budget\n`);
    const line = (label, xs, budget = false) =>
      process.stdout.write(
        `${label.padEnd(48)} ${s(median(xs)).padStart(8)}  ${s(minimum(xs)).padStart(9)}  ${budget ? (median(xs) <= BUDGET_MS ? 'ok (< 5 s)' : 'OVER 5 s') : ''}\n`,
      );
    const c = rows.cold;
    line(
      'warm: request → answer (engine)',
      w.map((x) => x.answerAt - x.requestAt),
    );
    line(
      'warm: answer → chart on screen (render)',
      w.map((x) => x.chartAt - x.answerAt),
    );
    line(
      'warm: click → chart on screen',
      w.map((x) => x.chartAt),
      true,
    );
    line(
      'cold: request → answer (worker start, engine)',
      c.map((x) => x.answerAt - x.requestAt),
    );
    line(
      'cold: answer → chart on screen (render)',
      c.map((x) => x.chartAt - x.answerAt),
    );
    line(
      'cold: click → chart on screen',
      c.map((x) => x.chartAt),
      true,
    );
  }
} finally {
  await browser.close();
}
