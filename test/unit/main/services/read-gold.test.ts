// Reading a gold for gold diff: a dataset file or folder as --gold reads it,
// a prediction file's own gold, layouts without gold refused with the reason;
// and the dialogue keys of --within (an id list, a dataset, predictions in a
// layout without gold, a folder).
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadSource } from '../../../../src/main/services/load-pipeline';
import { readDialogueKeys, readGold } from '../../../../src/main/services/read-gold';
import { fileSource } from '../../../../src/shared/source';
import { FIXTURES } from '../../../helpers/fixtures';
import { goldStates } from '../../../helpers/gold-diff';

const F = join(FIXTURES, 'formats');
const dir = mkdtempSync(join(tmpdir(), 'read-gold-'));

describe('readGold', () => {
  it('reads a dataset file and folder as datasets, a prediction file as its own gold', async () => {
    expect(await readGold(join(F, 'data.json'))).toMatchObject({ kind: 'dataset', layout: 'multiwoz21' });
    expect(await readGold(join(F, 'test_dials.json'))).toMatchObject({ kind: 'dataset', layout: 'trade-dials' });
    expect(await readGold(join(F, 'sgd'))).toMatchObject({ kind: 'dataset', layout: 'sgd+sgd-schema' });
    // The SGD baseline's output is the dataset layout: read as a dataset (its states).
    expect(await readGold(join(F, 'sgd-pred', 'dialogues_001.json'))).toMatchObject({ kind: 'dataset', layout: 'sgd' });
    const fga = join(FIXTURES, 'paper', 'mul1110.json');
    const g = await readGold(fga);
    expect(g).toMatchObject({ kind: 'predictions', layout: 'fga' });
    expect(goldStates(g.corpus)).toEqual(goldStates((await loadSource(fileSource([fga]), { analyse: false })).loaded.corpus));
    expect(await readGold(join(F, 'turns.jsonl'), { layout: 'jsonl' })).toMatchObject({ kind: 'predictions', layout: 'jsonl' });
  });

  it('refuses layouts without gold, saying so', async () => {
    await expect(readGold(join(F, 'mwzeval-predictions.json'))).rejects.toThrow(
      /mwzeval-predictions\.json: mwzeval predictions carry no gold states, so there is no gold to diff; give a file that holds a gold/,
    );
    await expect(readGold(join(F, 'sgd', 'dialogues_001.json'), { layout: 'sgd' })).rejects.toThrow(
      /carry no separate gold, so there is no gold to diff/,
    );
    await expect(readGold(join(F, 'sgd', 'schema.json'))).rejects.toThrow(/no dialogue states, so it holds no gold/);
  });
});

describe('readDialogueKeys', () => {
  it('reads an id list, a dataset, predictions without gold and a folder', async () => {
    const list = join(dir, 'testListFile.txt');
    writeFileSync(list, 'MUL0003.json\n\n  SNG0073.json  \r\n');
    expect([...(await readDialogueKeys(list))]).toEqual(['mul0003', 'sng0073']);
    expect([...(await readDialogueKeys(join(F, 'data.json')))].sort()).toEqual(['mul0003', 'pmul9999', 'sng0073']); // every dialogue, state or not
    expect([...(await readDialogueKeys(join(F, 'mwzeval-predictions.json')))].sort()).toEqual(['mul0003', 'sng0073']);
    expect([...(await readDialogueKeys(join(F, 'sgd')))]).toEqual(['1_00000']);
    const blank = join(dir, 'blank.txt');
    writeFileSync(blank, '\n \n');
    await expect(readDialogueKeys(blank)).rejects.toThrow(/blank\.txt: lists no dialogue ids/);
  });
});
