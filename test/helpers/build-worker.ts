// Test helper: bundles the scoring worker (src/main/services/score-worker.ts),
// or any worker entry (buildWorkerEntry), into a temporary folder with
// rolldown (vite's bundler), so worker tests run without a full build.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { build } from 'rolldown';

export async function buildWorker(): Promise<string> {
  return buildWorkerEntry(join(import.meta.dirname, '..', '..', 'src', 'main', 'services', 'score-worker.ts'));
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
    output: { file: out, format: 'esm' },
    external: [/^node:/],
  });
  return out;
}
