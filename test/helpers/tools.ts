// External tools some tests need (pdflatex, pdffonts, pdftotext from
// poppler-utils): whether one is installed, with the rule the e2e tests use
// for Chromium — in CI (CI=true, where .ci/run installs them) a missing tool
// fails the run; elsewhere the tests that need it are skipped, loudly.
// Also the LaTeX compile check any table test can reuse.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const APT: Record<string, string> = {
  pdflatex: 'texlive-latex-recommended',
  pdffonts: 'poppler-utils',
  pdftotext: 'poppler-utils',
  pdftoppm: 'poppler-utils',
};

function onPath(tool: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).status === 0;
}

/** Whether `tool` is installed; throws in CI when it is not, warns on stderr elsewhere. */
export function toolAvailable(tool: string): boolean {
  if (onPath(tool)) return true;
  const pkg = APT[tool] ?? tool;
  if (process.env.CI) throw new Error(`${tool} is missing in CI: .ci/run installs ${pkg}`);
  process.stderr.write(`\n*** tests that need ${tool} SKIPPED: it is not installed (apt-get install ${pkg}) ***\n\n`);
  return false;
}

export interface LatexResult {
  pdf: string;
  log: string;
}

/**
 * Compiles `body` (a table, say) in a minimal article with booktabs,
 * longtable (the packages the tables' LaTeX asks for: both in TeX Live's
 * texlive-latex-base/-recommended, which CI installs) and the given extra
 * packages; throws with the end of pdflatex's log when it fails.
 */
export function compileLatex(body: string, packages: string[] = []): LatexResult {
  const dir = mkdtempSync(join(tmpdir(), 'tex-'));
  const pkgs = [...new Set(['booktabs', 'longtable', ...packages])].map((p) => `\\usepackage{${p}}`).join('\n');
  writeFileSync(
    join(dir, 't.tex'),
    `\\documentclass{article}\n\\usepackage[utf8]{inputenc}\n${pkgs}\n\\begin{document}\n${body}\n\\end{document}\n`,
  );
  try {
    execFileSync('pdflatex', ['-interaction=nonstopmode', '-halt-on-error', 't.tex'], { cwd: dir, stdio: 'pipe', timeout: 60_000 });
  } catch (e) {
    const log = existsSync(join(dir, 't.log')) ? readFileSync(join(dir, 't.log'), 'utf8') : String((e as Error).message);
    throw new Error(`pdflatex failed:\n${log.split('\n').slice(-40).join('\n')}`);
  }
  return { pdf: join(dir, 't.pdf'), log: readFileSync(join(dir, 't.log'), 'utf8') };
}

/** The fonts of a PDF as pdffonts lists them: name, type, embedded. */
export function pdfFonts(pdf: string): { name: string; type: string; embedded: boolean }[] {
  const out = execFileSync('pdffonts', [pdf], { encoding: 'utf8' }).split('\n').slice(2).filter(Boolean);
  return out.map((l) => {
    const m = /^(\S+)\s+(.+?)\s{2,}(\S+)\s+(yes|no)\s+(yes|no)\s+(yes|no)/.exec(l);
    if (!m) throw new Error(`pdffonts line not understood: ${l}`);
    return { name: m[1], type: m[2].trim(), embedded: m[4] === 'yes' };
  });
}

/** The text of a PDF (pdftotext). */
export function pdfText(pdf: string): string {
  return execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' });
}

/** A page rendered to pixels: width, height and RGB bytes, row by row. */
export interface Raster {
  width: number;
  height: number;
  rgb: Buffer;
}

/**
 * The first page of a PDF rendered by pdftoppm at `dpi` (72: one pixel per
 * point), read from its binary PPM (P6) output — no PNG decoder needed.
 */
export function pdfRaster(pdf: string, dpi = 72): Raster {
  const ppm = execFileSync('pdftoppm', ['-r', String(dpi), '-singlefile', '-f', '1', pdf], { maxBuffer: 1 << 28 });
  // Header: "P6" whitespace width whitespace height whitespace maxval, one whitespace byte, then the pixels.
  const m = /^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(ppm.subarray(0, 64).toString('latin1'));
  if (!m || m[3] !== '255') throw new Error('pdftoppm: not an 8-bit binary PPM');
  const width = Number(m[1]);
  const height = Number(m[2]);
  return { width, height, rgb: ppm.subarray(m[0].length, m[0].length + width * height * 3) };
}

/** The colour of a pixel of a raster, as [r, g, b] (0–255). */
export function pixel(r: Raster, x: number, y: number): [number, number, number] {
  const i = (Math.round(y) * r.width + Math.round(x)) * 3;
  return [r.rgb[i], r.rgb[i + 1], r.rgb[i + 2]];
}
