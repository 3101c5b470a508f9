// Test helper: the scoring worker as built (out/main/score-worker.js, checked newer than
// the source), and any small worker entry (buildWorkerEntry) bundled into a temporary
// folder with rolldown (vite's bundler), so a protocol test needs no full build.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { requireFreshBuild } from './cli';
import { build } from 'rolldown';

export async function buildWorker(): Promise<string> {
  // The score worker as the app runs it: the build's bundle (vite resolves the metric registry's
  // import.meta.glob, which a bare bundler does not), checked to be newer than the source.
  const built = join(import.meta.dirname, '..', '..', 'out', 'main', 'score-worker.js');
  requireFreshBuild(built);
  return built;
}

/** Bundles the worker entry `input` (a .ts file) into one ES module; returns its path. */
export async function buildWorkerEntry(input: string): Promise<string> {
  const out = join(mkdtempSync(join(tmpdir(), 'dst-worker-')), `${basename(input, '.ts')}.mjs`);
  await build({
    input,
    platform: 'node',
    write: true,
    logLevel: 'silent',
    // ES module builds first, as vite resolves them for the app (jsonc-parser's UMD build requires its parts at run time).
    resolve: { mainFields: ['module', 'main'] },
    // One file: the worker's lazily imported modules are inlined.
    output: { file: out, format: 'esm', codeSplitting: false },
    external: [/^node:/],
  });
  return out;
}
