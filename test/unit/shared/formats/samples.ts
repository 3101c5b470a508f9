// Test helper: reads the hand-written layout samples of test/fixtures/formats
// (which layout each is: layout-kits.ts) and shows a corpus as plain objects
// for assertions.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Corpus } from '../../../../src/shared/model/corpus';
import { FIXTURES } from '../../../helpers/fixtures';

export const SAMPLES = join(FIXTURES, 'formats');

/** A sample of test/fixtures/formats by its name there. */
export function sample(name: string): Uint8Array {
  return new Uint8Array(readFileSync(join(SAMPLES, name)));
}

/** A file of test/fixtures by its path there (the layout kits name samples so). */
export function fixture(path: string): Uint8Array {
  return new Uint8Array(readFileSync(join(FIXTURES, path)));
}

export type Plain = Record<
  string,
  Record<number, { gold: Record<string, string>; pred: Record<string, string>; system?: string; user?: string }>
>;

export function plain(c: Corpus): Plain {
  const out: Plain = {};
  const state = (pairs: Int32Array, s: number, n: number) => {
    const o: Record<string, string> = {};
    for (let k = s; k < s + n; k++) o[c.slots.name(pairs[2 * k])] = c.values.name(pairs[2 * k + 1]);
    return o;
  };
  c.dialogueIds.forEach((id, d) => {
    out[id] = {};
    for (let i = c.dialogueStart[d]; i < c.dialogueStart[d + 1]; i++) {
      const t: Plain[string][number] = {
        gold: state(c.goldPairs, c.goldStart[i], c.goldLen[i]),
        pred: state(c.predPairs, c.predStart[i], c.predLen[i]),
      };
      if (c.utterances?.system[i] !== undefined) t.system = c.utterances.system[i];
      if (c.utterances?.user[i] !== undefined) t.user = c.utterances.user[i];
      out[id][c.turnIndex[i]] = t;
    }
  });
  return out;
}
