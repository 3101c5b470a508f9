// Build configuration of the HTML report's viewer (src/renderer/report): one
// classic script and one stylesheet in out/report/, which `dst-inspector
// report` inlines into the page it writes. The scene fonts' loader is swapped
// for a no-op: the report embeds subsets of the fonts itself.
import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const here = import.meta.dirname;

export default defineConfig({
  root: resolve(here, 'src/renderer'),
  plugins: [
    react(),
    {
      name: 'report-no-fonts',
      enforce: 'pre',
      resolveId(source) {
        return /(^|\/)viz\/fonts(\.ts)?$/.test(source) ? resolve(here, 'src/renderer/report/no-fonts.ts') : null;
      },
    },
  ],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  logLevel: 'warn',
  build: {
    outDir: resolve(here, 'out/report'),
    emptyOutDir: true,
    minify: true,
    cssCodeSplit: false,
    assetsInlineLimit: Number.MAX_SAFE_INTEGER,
    lib: {
      entry: resolve(here, 'src/renderer/report/main.tsx'),
      formats: ['iife'],
      name: 'DstInspectorReport',
      fileName: () => 'report.js',
      cssFileName: 'report',
    },
  },
});
