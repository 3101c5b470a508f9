// The preload bundle stays small: it validates every API call with the
// contract (src/shared/api.ts and calls/), so it bundles zod and the schemas,
// but never an analysis's computation, a figure layout or the statistics
// libraries (issue 16: the analysis defs are split into a spec, defs/*.args.ts,
// and a computation, defs/*.ts; only the specs reach the contract). Reads the
// built bundle (`npm run build` comes before vitest in `npm test`): its
// module markers (the preload is not minified: `// src/…` before each
// module) say what went in.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '..', '..', '..');
const PRELOAD = join(ROOT, 'out', 'preload', 'index.cjs');
/** The budget: 400 KB (it was 225 KB before the analyses registry, 1.17 MB with the defs' computation in it, 228 KB after the split). */
const PRELOAD_BUDGET_BYTES = 400 * 1024;

/** The modules the bundle holds, by its markers: source paths and node_modules packages. */
function bundledModules(text: string): { sources: string[]; packages: string[] } {
  const sources = new Set<string>();
  const packages = new Set<string>();
  for (const m of text.matchAll(/^\/\/ (\S+\.[cm]?[jt]sx?)$/gm)) {
    const path = m[1];
    const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path);
    if (nm) packages.add(nm[1]);
    else if (path.startsWith('src/')) sources.add(path);
  }
  return { sources: [...sources].sort(), packages: [...packages].sort() };
}

/** An analysis module the contract may need: the specs' list, a spec, the contract's types and the seed bounds the specs name. */
function allowedAnalysisModule(path: string): boolean {
  return (
    /^src\/shared\/analysis\/defs\/[^/]+\.args\.ts$/.test(path) ||
    // slices.ts: the finder's slice kinds and options, constants and types only (the compareDiffer call's schema).
    ['src/shared/analysis/specs.ts', 'src/shared/analysis/def.ts', 'src/shared/analysis/seed.ts', 'src/shared/analysis/slices.ts'].includes(
      path,
    )
  );
}

describe('the preload bundle (out/preload/index.cjs)', () => {
  it('is built', () => {
    expect(existsSync(PRELOAD), `${PRELOAD} is missing: run npm run build first`).toBe(true);
  });

  it(`stays under its budget of ${PRELOAD_BUDGET_BYTES / 1024} KB`, () => {
    const size = statSync(PRELOAD).size;
    expect(size, `the preload is ${(size / 1024).toFixed(0)} KB; did a contract schema start importing computation?`).toBeLessThan(
      PRELOAD_BUDGET_BYTES,
    );
  });

  it('bundles no analysis computation, figure layout or statistics library: only the specs and zod', () => {
    const { sources, packages } = bundledModules(readFileSync(PRELOAD, 'utf8'));
    expect(sources).toContain('src/shared/calls/analysis.ts'); // the markers are read: the contract is there
    expect(sources.filter((s) => s.startsWith('src/shared/analysis/defs/')).length).toBeGreaterThan(0);
    expect(sources.filter((s) => s.startsWith('src/shared/analysis/') && !allowedAnalysisModule(s))).toEqual([]);
    // From the figure code only the export call's list of figure kinds.
    const notContract = sources.filter(
      (s) => /^src\/(shared\/(viz|report)|main|renderer)\//.test(s) && s !== 'src/shared/viz/figure-kinds.ts',
    );
    expect(notContract).toEqual([]);
    expect(packages).toEqual(['zod']);
  });

  it('tells a spec from a computation (the checks above can fail)', () => {
    const sample = [
      '// src/shared/analysis/defs/position.args.ts',
      '// src/shared/analysis/defs/position.ts',
      '// ../x/node_modules/@stdlib/random-base-binomial/lib/main.js',
      '// src/shared/viz/scene.ts',
    ].join('\n');
    const { sources, packages } = bundledModules(sample);
    expect(sources.filter((s) => !allowedAnalysisModule(s))).toEqual(['src/shared/analysis/defs/position.ts', 'src/shared/viz/scene.ts']);
    expect(packages).toEqual(['@stdlib/random-base-binomial']);
  });
});
