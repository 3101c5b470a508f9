// Regenerates the README screenshots in docs/screenshots/ from the built app:
// starts `dst-inspector serve` (out/, so run `npm run build` first), drives
// Debian's Chromium with playwright-core, and saves the dialogue list, the
// dialogue view, the metric side panel, the raw view, an error display and
// the Export menu; then exports the GCA paper's figure 6 with the `figure`
// command (figure-mul1110.png) and writes a `score --format latex` table
// (score-table.tex, and score-table.png when pdflatex and pdftoppm are there).
// Usage: node scripts/screenshots.js   (CHROMIUM_PATH overrides /usr/bin/chromium)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM, CLI, ROOT, SOM, launchChromium, serve } from './lib/app.js';

const OUT = join(ROOT, 'docs', 'screenshots');

async function main() {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` first`);
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM} (set CHROMIUM_PATH)`);
  mkdirSync(OUT, { recursive: true });
  const tmp = mkdtempSync(join(tmpdir(), 'dst-shots-'));
  const browser = await launchChromium();
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
    await page.keyboard.press('e');
    await page.waitForSelector('[data-testid="export-menu"]');
    await save(page, 'export-menu.png');
    await page.keyboard.press('Escape');
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
  paperExports();
}

/** Runs the built CLI; throws with its message when it fails. */
function cli(args) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`dst-inspector ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

function has(tool) {
  return spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0;
}

/** The README's "Figures and tables for your paper": an exported figure and a LaTeX table, made by the CLI. */
function paperExports() {
  const paper = join(ROOT, 'test', 'fixtures', 'paper');
  cli(['figure', join(paper, 'mul1110.json'), '--dialogue', 'MUL1110', '--scale', '2', '--out', join(OUT, 'figure-mul1110.png')]);
  console.log('saved docs/screenshots/figure-mul1110.png');
  const latex = cli([
    'score',
    join(paper, 'mul1110.json'),
    join(paper, 'sng0779.json'),
    '--format',
    'latex',
    '--caption',
    'Two dialogues of the GCA paper (figures 6 and 7).',
    '--label',
    'tab:gca-figures',
  ]);
  writeFileSync(join(OUT, 'score-table.tex'), latex);
  console.log('saved docs/screenshots/score-table.tex');
  if (!has('pdflatex') || !has('pdftoppm')) {
    console.log('score-table.png not made: pdflatex or pdftoppm missing (apt-get install texlive-latex-recommended poppler-utils)');
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'dst-tex-'));
  try {
    writeFileSync(
      join(dir, 't.tex'),
      `\\documentclass{article}\n\\usepackage[utf8]{inputenc}\n\\usepackage{booktabs}\n\\usepackage[paperwidth=14.5cm,paperheight=4.2cm,margin=2mm]{geometry}\n\\pagestyle{empty}\n\\begin{document}\n${latex}\n\\end{document}\n`,
    );
    const tex = spawnSync('pdflatex', ['-interaction=nonstopmode', '-halt-on-error', 't.tex'], { cwd: dir, encoding: 'utf8' });
    if (tex.status !== 0) throw new Error(`pdflatex failed: ${tex.stdout.split('\n').slice(-20).join('\n')}`);
    const ppm = spawnSync('pdftoppm', ['-r', '200', '-png', '-singlefile', 't.pdf', join(OUT, 'score-table')], {
      cwd: dir,
      encoding: 'utf8',
    });
    if (ppm.status !== 0) throw new Error(`pdftoppm failed: ${ppm.stderr}`);
    console.log('saved docs/screenshots/score-table.png');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(`screenshots: ${e.message}`);
    process.exit(1);
  },
);
