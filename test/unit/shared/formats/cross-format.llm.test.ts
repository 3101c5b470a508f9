// What the cross-format test of the issue-18 layouts checks beyond scores.
// That the fixtures written in each layout score exactly like the FGA/GCA
// original is cross-format.test.ts, through each layout's test kit
// (layout-kits.ts: bspn, convlab-eval, csv and ldst with the original as
// gold, lines with its index, jsonl with updates, raw text and confidences).
// Here, on the same fixtures (real SOM-DST output,
// test/fixtures/multiwoz-somdst-100, and the generated random-7): every
// written belief span parses, and the CSV's confidence columns come through.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../../../../src/shared/formats/detect';
import { loadReference } from '../../../../src/shared/formats/dialogue-sources';
import { unparseableCount } from '../../../../src/shared/model/generation';
import { FIXTURES } from '../../../helpers/fixtures';
import { dialoguesOf } from './layouts';
import * as W from './layouts-llm';

const FIXTURE_FILES = {
  'multiwoz-somdst-100': join(FIXTURES, 'multiwoz-somdst-100', 'predictions.json'),
  'random-7': join(FIXTURES, 'random', 'random-7.json'),
};

describe.each(Object.entries(FIXTURE_FILES))('%s in the LLM-era layouts', (_name, file) => {
  const bytes = new Uint8Array(readFileSync(file));
  const ds = dialoguesOf(loadCorpus(bytes, { file }).corpus);

  it('belief spans (UBAR-DST, DAMD grammar, MultiWOZ vocabulary): every span parses', () => {
    const c = loadCorpus(W.writeBspn(ds), { file: 'BS.json' }).corpus;
    expect(c.turnIndex.length).toBe(ds.reduce((n, d) => n + d.turns.length, 0));
    expect(unparseableCount(c.generation)).toBe(0);
  });
  it("Sun et al.'s CSV with the original as --gold: its two confidence columns, in order", () => {
    const c = loadCorpus(W.writeSunCsv(ds), { file: 'sun.csv', gold: loadReference(bytes, { file }) }).corpus;
    expect(c.generation?.confidence?.names).toEqual(['pair_confidence', 'pair_verbalized']);
  });
});
