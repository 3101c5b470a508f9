// The corpus payload (what the load worker posts to the main thread) keeps what
// the presets read: the gold value lists, which turns the prediction file has,
// and the gold slots carried over from earlier frames. Without them the app
// scored mwzeval and sgd differently from `score --preset` on the same file.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../../../../src/shared/formats/detect';
import { corpusFromPayload, corpusPayload, payloadArrays } from '../../../../src/shared/model/corpus-payload';
import { applyPresetParts } from '../../../../src/shared/presets/apply';
import { PRESETS } from '../../../../src/shared/presets/parts';
import { analyseCorpus } from '../../../../src/shared/metrics/turn-stats';
import { FIXTURES } from '../../../helpers/fixtures';

describe('the corpus payload keeps what presets read', () => {
  const base = loadCorpus(readFileSync(join(FIXTURES, 'paper', 'mul1110.json')), { file: 'mul1110.json' }).corpus;
  const n = base.turnIndex.length;
  const predicted = new Uint8Array(n).fill(1);
  predicted[n - 1] = 0;
  const corpus = {
    ...base,
    valueLists: new Map([['a|b', ['a', 'b']]]),
    predicted,
    carriedGold: new Map([[1, [base.goldPairs[0]]]]),
  };

  it('valueLists, predicted and carriedGold survive a structured clone', () => {
    const back = corpusFromPayload(structuredClone(corpusPayload(corpus)));
    expect(back.valueLists).toEqual(corpus.valueLists);
    expect(back.predicted).toEqual(corpus.predicted);
    expect(back.carriedGold).toEqual(corpus.carriedGold);
    expect(payloadArrays(corpusPayload(corpus))).toContain(corpus.predicted);
  });

  it('mwzeval scores the posted corpus as it scores the loaded one', () => {
    const back = corpusFromPayload(structuredClone(corpusPayload(corpus)));
    const here = applyPresetParts(corpus, PRESETS.mwzeval.parts).corpus;
    const there = applyPresetParts(back, PRESETS.mwzeval.parts).corpus;
    expect(there.turnIndex.length).toBe(n - 1); // the turn the predictions lack is not scored, on both sides
    expect(analyseCorpus(there)).toEqual(analyseCorpus(here));
  });
});
