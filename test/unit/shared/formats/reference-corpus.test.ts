// The gold of a dataset file as a corpus of its own (what gold diff reads):
// the same states, turns and dialogues a run gets when it is scored with the
// file as --gold (joinGold), turns without a state left out, and a source
// without states refused.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadReference } from '../../../../src/shared/formats/dialogue-sources';
import { loadCorpus } from '../../../../src/shared/formats/detect';
import { referenceGoldCorpus } from '../../../../src/shared/formats/reference-corpus';
import { FIXTURES } from '../../../helpers/fixtures';
import { goldStates } from '../../../helpers/gold-diff';

const F = join(FIXTURES, 'formats');
const enc = (o: unknown) => new TextEncoder().encode(JSON.stringify(o));

describe('referenceGoldCorpus', () => {
  for (const file of ['data.json', 'test_dials.json', join('sgd', 'dialogues_001.json')]) {
    it(`${file}: the gold --gold gives a run`, () => {
      const ref = loadReference(readFileSync(join(F, file)), { file });
      const own = referenceGoldCorpus(ref);
      // Predictions naming every dialogue of the source, with one turn each: the join keeps the source's turns.
      const preds = Object.fromEntries([...ref.dialogues.values()].map((d) => [d.id, { 0: { gt: {}, pr: {} } }]));
      const joined = loadCorpus(enc(preds), { file: 'p.json', gold: ref }).corpus;
      expect(goldStates(own)).toEqual(goldStates(joined));
      expect(own.dialogueIds.length).toBe([...ref.dialogues.values()].filter((d) => d.turns.some((t) => t.state)).length);
    });
  }

  it('leaves out turns and dialogues without a state', () => {
    const data = {
      'A.json': {
        log: [
          { text: 'u0' },
          { text: 's0', metadata: { hotel: { semi: { area: 'north' }, book: { booked: [] } } } },
          { text: 'u1' },
          { text: 's1', metadata: {} },
        ],
      },
      'B.json': { log: [{ text: 'u0' }, { text: 's0', metadata: {} }] },
    };
    const c = referenceGoldCorpus(loadReference(enc(data), { file: 'data.json' }));
    expect(c.dialogueIds).toEqual(['A.json']);
    expect(goldStates(c).get('a')).toEqual([[0, ['hotel-area=north']]]);
  });

  it('refuses a source without states', () => {
    const ref = loadReference(readFileSync(join(F, 'sgd', 'schema.json')), { file: 'schema.json' });
    expect(() => referenceGoldCorpus(ref)).toThrow(/schema\.json: this dialogue source has no dialogue states, so it holds no gold/);
  });
});
