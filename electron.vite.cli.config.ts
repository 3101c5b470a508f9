// Build configuration of the `dst-inspector` command (out/main/cli.js and
// out/main/cli-chunks/): the main-process preset of electron-vite, as the
// app's main build (electron.vite.config.ts), but a build of its own, so that
// its chunks are cut for a command's start-up and not shared with the app's
// entries and workers. What `score` loads statically is one chunk (ES module
// loading costs per file: docs/performance.md, "Start-up of the command");
// --help loads only cli.js and the few modules it needs; each command's own
// code and what a command loads only when asked (the zod schemas, the
// two-thread reader, annotation code, presets) stay in chunks of their own.
// The workers the CLI starts are the app build's (out/main/*-worker.js).
import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';

/** Modules `--help` and `--version` load (cli.js imports them): kept out of the score chunk. */
const HELP_MODULES = /[\\/]src[\\/](shared[\\/](app-error|version)\.ts|main[\\/]cli[\\/]usage-error\.ts)$|[\\/]package\.json$/;

export default defineConfig({
  main: {
    resolve: {
      // src/shared/formats/csv.ts imports csv-parse's browser build (src/shared runs in the renderer too: 122 KB, with a
      // Buffer polyfill); the command runs on Node, so it takes the same version's Node build (lib/sync.js, 65 KB).
      alias: [{ find: /^csv-parse\/browser\/esm\/sync$/, replacement: 'csv-parse/sync' }],
    },
    build: {
      outDir: 'out/main',
      // The app's build (electron.vite.config.ts) has just written out/main: add to it.
      emptyOutDir: false,
      // zod is bundled (only what the schemas use, and one locale); its package entry loads all of its ~50 locales.
      // csv-parse is bundled too, as its Node build (below): no package lookup at start-up, half the code.
      externalizeDeps: { exclude: ['zod', 'csv-parse'] },
      rollupOptions: {
        input: { cli: resolve(__dirname, 'src/main/cli/index.ts') },
        output: {
          chunkFileNames: 'cli-chunks/[name]-[hash].js',
          codeSplitting: {
            groups: [
              { name: 'cli-help', test: HELP_MODULES, priority: 2 },
              // score.ts and everything it imports statically (includeDependenciesRecursively: the default).
              { name: 'cli-score', test: /[\\/]src[\\/]main[\\/]cli[\\/]score\.ts$/, priority: 1 },
            ],
          },
        },
      },
    },
  },
});
