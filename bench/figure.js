// Runs the figure benchmark (bench/figure.ts): bundles it with vite into
// .bench/build/figure/ and runs it with Node.
// Usage: node bench/figure.js [runs=10] [turns=15]    (npm run bench:figure)
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(ROOT, '.bench', 'build', 'figure');
const { build } = await import('vite');
await build({
  configFile: false,
  root: ROOT,
  logLevel: 'warn',
  build: {
    ssr: join(ROOT, 'bench', 'figure.ts'),
    outDir,
    emptyOutDir: true,
    minify: false,
    target: 'node20',
    rollupOptions: { output: { entryFileNames: 'figure.mjs' } },
  },
});
const r = spawnSync(process.execPath, [join(outDir, 'figure.mjs'), ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(r.status ?? 1);
