// Runs for the comparison tests: a corpus as a RunSource (analysed, exact values).
import type { RunSource } from '../../src/shared/analysis/run-comparison';
import { analyseCorpus } from '../../src/shared/metrics/turn-stats';
import type { Corpus } from '../../src/shared/model/corpus';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { Workspace } from '../../src/main/services/workspace';
import { fileSource } from '../../src/shared/source';

export function source(name: string, corpus: Corpus, valueOptions: string[] = []): RunSource {
  return { name, file: `${name}.json`, corpus, stats: analyseCorpus(corpus), valueOptions };
}

/** Writes each text to a file in a new temporary folder and opens it in `ws` as `run k`; resolves when every run is settled and ready. */
export async function openTextRuns(ws: Workspace, texts: string[], tmpPrefix: string): Promise<void> {
  const tmp = mkdtempSync(join(tmpdir(), tmpPrefix));
  const ids = texts.map((t, k) => {
    const f = join(tmp, `run${k}.json`);
    writeFileSync(f, t);
    return ws.open(fileSource([f]), { label: `run ${k}` }).id;
  });
  for (const id of ids) expect((await ws.whenSettled(id)).state).toBe('ready');
}
