// Runs the lookalike-pass benchmark (bench/lookalikes.ts): bundles it with vite
// into .bench/build/lookalikes/ and runs it with Node.
// Usage: node bench/lookalikes.js [sizes=100k,1m] [runs=5]
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(ROOT, '.bench', 'build', 'lookalikes');
const { build } = await import('vite');
await build({
  configFile: false,
  root: ROOT,
  logLevel: 'warn',
  build: {
    ssr: join(ROOT, 'bench', 'lookalikes.ts'),
    outDir,
    emptyOutDir: true,
    minify: false,
    target: 'node20',
    rollupOptions: { output: { entryFileNames: 'lookalikes.mjs' } },
  },
});
const r = spawnSync(process.execPath, ['--max-old-space-size=4096', join(outDir, 'lookalikes.mjs'), ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exit(r.status ?? 1);
