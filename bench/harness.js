// Bundles a TypeScript benchmark harness (bench/<name>.ts) with vite into
// .bench/build/<name>/<name>.mjs for Node, and returns its path: the one
// build step the bench runners (run, analysis, fuzzy, layouts, calibration,
// figure, lookalikes, playground) share.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

export async function buildHarness(name) {
  const { build } = await import('vite');
  const outDir = join(ROOT, '.bench', 'build', name);
  await build({
    configFile: false,
    root: ROOT,
    logLevel: 'warn',
    build: {
      ssr: join(ROOT, 'bench', `${name}.ts`),
      outDir,
      emptyOutDir: true,
      minify: false,
      target: 'node20',
      rollupOptions: { output: { entryFileNames: `${name}.mjs` } },
    },
  });
  return join(outDir, `${name}.mjs`);
}
