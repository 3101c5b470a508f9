// Build configuration: electron-vite builds the Node side (Electron main and
// the workers), the preload script and the React renderer. The CLI is built
// after it, by electron.vite.cli.config.ts (chunks cut for its start-up).
import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      // zod is bundled, not loaded from node_modules: its package entry loads all of its ~50 locales,
      // the largest part of the CLI's start-up (docs/performance.md, "Start-up").
      externalizeDeps: { exclude: ['zod'] },
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'src/main/electron/main.ts'),
          'score-worker': resolve(__dirname, 'src/main/services/score-worker.ts'),
          'fga-tail-worker': resolve(__dirname, 'src/main/services/fga-tail-worker.ts'),
          'export-worker': resolve(__dirname, 'src/main/services/export/export-worker.ts'),
          'compare-worker': resolve(__dirname, 'src/main/services/compare-worker.ts'),
          'analysis-worker': resolve(__dirname, 'src/main/services/analysis-worker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload can only require('electron'): bundle everything it imports (zod, the API's schemas and what they name).
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(__dirname, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'src/renderer',
    plugins: [react()],
    build: {
      outDir: 'out/renderer',
      // Browser mode serves these files over the network: minify (Monaco is most of the weight).
      minify: true,
      chunkSizeWarningLimit: 4096,
      rollupOptions: { input: { index: resolve(__dirname, 'src/renderer/index.html') } },
    },
  },
});
