// Test helper: the issue-18 layout samples of test/fixtures/formats/llm (see
// its README: written from the fixtures' states in the shape each system's
// code writes) and the FGA-layout original they all must score like.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { loadCorpus, type CorpusLoadOptions } from '../../../../src/shared/formats/detect';
import { defaultConfig } from '../../../../src/shared/metrics/config';
import { dialogueDetail, evaluate } from '../../../../src/shared/metrics/evaluate';
import type { LoadedCorpus } from '../../../../src/shared/formats/types';
import type { Corpus } from '../../../../src/shared/model/corpus';
import { SAMPLES } from './samples';

export const LLM = join(SAMPLES, 'llm');

export function llmBytes(name: string): Uint8Array {
  return new Uint8Array(readFileSync(join(LLM, name)));
}

export function loadLlm(name: string, extra: Partial<CorpusLoadOptions> = {}): LoadedCorpus {
  return loadCorpus(llmBytes(name), { file: name, ...extra });
}

/** The 4 dialogues, 25 turns every faithful sample holds (FGA layout, canonical slot names). */
export function source(): Corpus {
  return loadLlm('source-fga.json').corpus;
}

/** Global turn index of (dialogue key, turn index) in a corpus. */
export function turnOf(c: Corpus, dialogue: string, turn: number): number {
  const d = c.dialogueIds.findIndex((id) => id.toLowerCase().replace(/\.json$/, '') === dialogue.toLowerCase());
  if (d < 0) throw new Error(`no dialogue ${dialogue}`);
  for (let i = c.dialogueStart[d]; i < c.dialogueStart[d + 1]; i++) if (c.turnIndex[i] === turn) return i;
  throw new Error(`no turn ${turn} in ${dialogue}`);
}

/** Same scores, dialogues matched by position (layouts whose ids are not the original's), corpus, dialogue and turn (1e-9). */
export function expectSameByPosition(actual: Corpus, expected: Corpus): void {
  const config = defaultConfig({ slotCount: 30 });
  expect(actual.dialogueIds.length).toBe(expected.dialogueIds.length);
  const a = evaluate(actual, config).corpus;
  const e = evaluate(expected, config).corpus;
  for (const k of Object.keys(e) as (keyof typeof e)[]) {
    if (typeof e[k] === 'number') expect(a[k] as number, String(k)).toBeCloseTo(e[k] as number, 9);
    else expect(a[k], String(k)).toEqual(e[k]);
  }
  for (let d = 0; d < expected.dialogueIds.length; d++) {
    const { id: _a, ...da } = dialogueDetail(actual, d, config);
    const { id: _e, ...de } = dialogueDetail(expected, d, config);
    expect(da, expected.dialogueIds[d]).toEqual(de);
  }
}
