// Build configuration of the `dst-inspector` command (out/main/cli.cjs and
// out/main/cli-chunks/*.cjs): the main-process preset of electron-vite, as the
// app's main build (electron.vite.config.ts), but a build of its own, so that
// its chunks are cut for a command's start-up and not shared with the app's
// entries and workers. What `score` loads statically is one chunk (loading
// costs per file: docs/performance.md, "Start-up of the command");
// --help loads only cli.cjs and the few modules it needs; each command's own
// code and what a command loads only when asked (the zod schemas, the
// two-thread reader, annotation code, presets, and each input layout's loader,
// imported once detection has chosen it) stay in chunks of their own.
// The command is CommonJS (the sources are ES modules): Node's ES module loader
// costs every command 8-13 ms of CPU before any of its code runs, its CommonJS
// loader much less (docs/performance.md says how much); the files are named
// .cjs because out/main also holds the app's ES modules. The packages that are
// ES modules only (d3, chokidar, @noble/hashes) are bundled, as `require` of an
// ES module throws on Node 18 and on 22 before 22.12. The workers the CLI starts are the
// app build's (out/main/*-worker.js, ES modules).
import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';

/** Modules `--help` and `--version` load (cli.cjs requires them): kept out of the score chunk. */
const HELP_MODULES = /[\\/]src[\\/](shared[\\/](app-error|version)\.ts|main[\\/]cli[\\/]usage-error\.ts)$|[\\/]package\.json$/;

/** The command `score` (the chunk holds it and everything it imports statically). */
const SCORE_MODULE = /[\\/]src[\\/]main[\\/]cli[\\/]score\.ts$/;

/**
 * Reading code several input layouts import (src/shared/formats/layouts.ts loads a layout's module when detection has
 * chosen it): in the score chunk, or each layout's import would load two or three shared chunks besides its own.
 */
const LAYOUT_SHARED = /[\\/]src[\\/]shared[\\/]formats[\\/](collect|state-reader|unparseable|fga-buffers)\.ts$/;

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
      // csv-parse is bundled too, as its Node build (below): no package lookup at start-up, half the code. The packages that
      // are ES modules only are bundled (a CommonJS file cannot `require` them on Node 18; figure, report, serve and
      // --corrections use them, each in its own chunk): test/unit/project/cli-startup.test.ts checks every package the
      // command still requires is CommonJS.
      externalizeDeps: { exclude: ['zod', 'csv-parse', 'd3-array', 'd3-scale', 'd3-shape', 'chokidar', '@noble/hashes'] },
      rollupOptions: {
        input: { cli: resolve(__dirname, 'src/main/cli/index.ts') },
        output: {
          // CommonJS (above), strict as the ES modules it is built from; the chunks' exports get short names, as in an ES
          // build; a dynamic import() becomes a require() in a promise, still loaded only when reached.
          format: 'cjs',
          strict: true,
          minifyInternalExports: true,
          entryFileNames: '[name].cjs',
          chunkFileNames: 'cli-chunks/[name]-[hash].cjs',
          // What Node reads and V8 compiles at a command's start: no doc comments (the module markers, `// src/…`, stay:
          // test/unit/project/cli-startup.test.ts reads them), and non-ASCII characters as \u escapes, so each file is
          // ASCII and Node holds its source as a one-byte string (V8 scans it faster); the strings' values are the same.
          comments: { legal: true, annotation: false, jsdoc: false },
          charset: 'ascii',
          codeSplitting: {
            groups: [
              { name: 'cli-help', test: HELP_MODULES, priority: 2 },
              // score.ts and everything it imports statically (includeDependenciesRecursively: the default), and the reading
              // code the input layouts share (LAYOUT_SHARED), so a detected layout's dynamic import loads one file.
              { name: 'cli-score', test: (id: string) => SCORE_MODULE.test(id) || LAYOUT_SHARED.test(id), priority: 1 },
            ],
          },
        },
      },
    },
  },
});
