// Reading sources from a path through the load pipeline: a folder of dialogue
// files (with SGD's schema.json) is merged, other JSON files in it are skipped
// with a note, a folder of prediction files is one corpus (one layout only),
// and the size limit gives a clear message.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSource } from '../../../../src/main/services/load-pipeline';
import { readReference } from '../../../../src/main/services/read-sources';
import { fileSource } from '../../../../src/shared/source';

const load = (predictions: string, opts: Parameters<typeof fileSource>[1] = {}, allowMissingGold = false) =>
  loadSource(fileSource([predictions], opts), { allowMissingGold, analyse: false }).then((r) => r.loaded);
import { SAMPLES } from '../../shared/formats/samples';

const dir = mkdtempSync(join(tmpdir(), 'dsti-sources-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('readReference', () => {
  it('merges a folder: dialogues and schema; skips other JSON files with a note', () => {
    const f = join(dir, 'sgd-test');
    mkdirSync(f);
    copyFileSync(join(SAMPLES, 'sgd', 'dialogues_001.json'), join(f, 'dialogues_001.json'));
    copyFileSync(join(SAMPLES, 'sgd', 'schema.json'), join(f, 'schema.json'));
    writeFileSync(join(f, 'notes.json'), '{"hello": 1}');
    const ref = readReference(f);
    expect([...ref.dialogues.keys()]).toEqual(['1_00000']);
    expect(ref.schemaSlots).toHaveLength(5);
    expect(ref.warnings.join('\n')).toContain('skipped 1 file(s) that are not dialogue files: notes.json');
  });
  it('an empty folder and a missing path are clear errors', () => {
    const e = join(dir, 'empty');
    mkdirSync(e);
    expect(() => readReference(e)).toThrow('this folder holds no .json dialogue files');
    expect(() => readReference(join(dir, 'nope.json'))).toThrow('no such file');
  });
  it('a file above --max-size is refused with the limit named', async () => {
    expect(() => readReference(join(SAMPLES, 'data.json'), 100)).toThrow(/above the limit of 100 B \(raise it with --max-size/);
    await expect(loadSource(fileSource([join(SAMPLES, 'turns.jsonl')]), { maxBytes: 10 })).rejects.toThrow(/above the limit/);
  });
  it('--schema must be a schema', async () => {
    await expect(load(join(SAMPLES, 'turns.jsonl'), { schema: join(SAMPLES, 'data.json') })).rejects.toThrow('expected an SGD schema.json');
  });
});

describe('a folder of prediction files (the SGD baseline writes one per dataset file)', () => {
  it('is merged, scored against a gold folder, and refuses an id in two files', async () => {
    const pred = join(dir, 'sgd-pred');
    const gold = join(dir, 'sgd-gold');
    mkdirSync(pred);
    mkdirSync(gold);
    const text = readFileSync(join(SAMPLES, 'sgd-pred', 'dialogues_001.json'), 'utf8');
    const goldText = readFileSync(join(SAMPLES, 'sgd', 'dialogues_001.json'), 'utf8');
    writeFileSync(join(pred, 'dialogues_001.json'), text);
    writeFileSync(join(pred, 'dialogues_002.json'), text.replace('1_00000', '2_00000'));
    writeFileSync(join(gold, 'dialogues_001.json'), goldText);
    writeFileSync(join(gold, 'dialogues_002.json'), goldText.replace('1_00000', '2_00000'));
    copyFileSync(join(SAMPLES, 'sgd', 'schema.json'), join(gold, 'schema.json'));
    const loaded = await load(pred, { gold });
    expect(loaded.corpus.dialogueIds).toEqual(['1_00000', '2_00000']);
    expect(loaded.slotCount).toBe(5);
    writeFileSync(join(pred, 'dialogues_003.json'), text);
    await expect(load(pred, { gold })).rejects.toThrow(/dialogue id "1_00000" is also in .*dialogues_001\.json/);
  });
  it('a folder mixing prediction layouts is refused, naming a file of each', async () => {
    const mixed = join(dir, 'mixed');
    mkdirSync(mixed);
    copyFileSync(join(SAMPLES, 'turns.jsonl'), join(mixed, 'a.jsonl'));
    copyFileSync(join(SAMPLES, 'all_prediction_TRADE.json'), join(mixed, 'b.json'));
    await expect(load(mixed)).rejects.toThrow(/this folder mixes prediction layouts \(jsonl: .*a\.jsonl; trade: .*b\.json\)/);
  });
  it('inspect-style loading without --gold reports instead of failing', async () => {
    const loaded = await load(join(SAMPLES, 'mwzeval-predictions.json'), {}, true);
    expect(loaded.corpus.dialogueIds).toEqual(['mul0003', 'sng0073']);
    expect(loaded.warnings.join('\n')).toContain('the gold states are empty here');
  });
});
