// The same dialogues written in every supported layout score identically to
// the FGA/GCA original with default options: every corpus number, and per
// dialogue and per turn every metric, GCA count and slot class. Built from the
// fixtures test/fixtures/multiwoz-somdst-100/predictions.json (real SOM-DST
// output) and test/fixtures/random/random-7.json (explicit "none", dropped
// slots, carried errors).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCorpus, type CorpusLoadOptions } from '../../../../src/shared/formats/detect';
import { loadReference } from '../../../../src/shared/formats/dialogue-sources';
import { dialogueKey } from '../../../../src/shared/formats/reference';
import { defaultConfig } from '../../../../src/shared/metrics/config';
import { dialogueDetail, evaluate } from '../../../../src/shared/metrics/evaluate';
import type { Corpus } from '../../../../src/shared/model/corpus';
import { FIXTURES, LAMBDAS } from '../../../helpers/fixtures';
import * as L from './layouts';

const config = defaultConfig({ lambdas: LAMBDAS, slotCount: 30 });

function load(bytes: Uint8Array, file: string, extra: Partial<CorpusLoadOptions> = {}): Corpus {
  return loadCorpus(bytes, { file, ...extra }).corpus;
}

/** Compares two corpora's scores: corpus level, then per dialogue and per turn (dialogues matched by key, or by position). */
export function expectSameScores(actual: Corpus, expected: Corpus, byPosition = false): void {
  const a = evaluate(actual, config);
  const e = evaluate(expected, config);
  expect(a.corpus).toEqual(e.corpus);
  expect(actual.dialogueIds.length).toBe(expected.dialogueIds.length);
  const index = new Map(actual.dialogueIds.map((id, d) => [dialogueKey(id), d]));
  for (let d = 0; d < expected.dialogueIds.length; d++) {
    const ad = byPosition ? d : index.get(dialogueKey(expected.dialogueIds[d]));
    expect(ad, expected.dialogueIds[d]).toBeDefined();
    const { id: _a, ...da } = dialogueDetail(actual, ad as number, config);
    const { id: _e, ...de } = dialogueDetail(expected, d, config);
    expect(da, expected.dialogueIds[d]).toEqual(de);
  }
}

const FIXTURE_FILES = {
  'multiwoz-somdst-100': join(FIXTURES, 'multiwoz-somdst-100', 'predictions.json'),
  'random-7': join(FIXTURES, 'random', 'random-7.json'),
};

describe.each(Object.entries(FIXTURE_FILES))('%s in every layout', (_name, file) => {
  const original = load(new Uint8Array(readFileSync(file)), file);
  const ds = L.dialoguesOf(original);
  const ref = (bytes: Uint8Array, f: string) => loadReference(bytes, { file: f });

  it('the fixture round-trips through the FGA writer', () => expectSameScores(load(L.writeFgaLayout(ds), 'fga.json'), original));
  it('TRADE all_prediction (turns shuffled)', () => expectSameScores(load(L.writeTrade(ds), 'all_prediction.json'), original));
  it('SOM-DST preds ([pred, gold], keys shuffled)', () => expectSameScores(load(L.writeSomdst(ds), 'preds.json'), original));
  it('IC-DST running_log', () => expectSameScores(load(L.writeIcdst(ds), 'running_log.json'), original));
  it('JSON Lines, flat and nested states', () => {
    expectSameScores(load(L.writeJsonlLayout(ds, false), 'a.jsonl'), original);
    expectSameScores(load(L.writeJsonlLayout(ds, true), 'b.jsonl'), original);
  });
  it('ConvLab-3 predictions with original_id', () => expectSameScores(load(L.writeConvlab(ds, true), 'predictions.json'), original));
  it('ConvLab-3 predictions without ids (dialogues split where utt_idx restarts)', () =>
    expectSameScores(load(L.writeConvlab(ds, false), 'predictions.json'), original, true));
  it('mwzeval predictions + MultiWOZ 2.1 data.json gold', () => {
    expectSameScores(load(L.writeMwzeval(ds), 'mwzeval.json', { gold: ref(L.writeMultiwoz21(ds), 'data.json') }), original);
  });
  it('mwzeval predictions + TRADE test_dials.json gold', () => {
    expectSameScores(load(L.writeMwzeval(ds), 'mwzeval.json', { gold: ref(L.writeTradeDials(ds), 'test_dials.json') }), original);
  });
  it('MultiWOZ 2.2 dialogues as predictions + MultiWOZ 2.2 gold', () => {
    expectSameScores(
      load(L.writeMultiwoz22(ds, 'pred'), 'pred/dialogues_001.json', { gold: ref(L.writeMultiwoz22(ds, 'gold'), 'dialogues_001.json') }),
      original,
    );
  });
  it('TripPy pred_res (no explicit "none": compared with the original without them)', () => {
    const strip = (s: Record<string, string>) => Object.fromEntries(Object.entries(s).filter(([, v]) => v !== 'none'));
    const noNone = ds.map((d) => ({ id: d.id, turns: d.turns.map((t) => ({ index: t.index, gold: strip(t.gold), pred: strip(t.pred) })) }));
    expectSameScores(load(L.writeTrippy(ds), 'pred_res.test.json'), load(L.writeFgaLayout(noNone), 'fga-without-none.json'));
  });
});

describe('the comparison can fail', () => {
  it('SOM-DST read as if gold came first scores differently', () => {
    const file = FIXTURE_FILES['multiwoz-somdst-100'];
    const original = load(new Uint8Array(readFileSync(file)), file);
    const ds = L.dialoguesOf(original);
    const swapped = ds.map((d) => ({ id: d.id, turns: d.turns.map((t) => ({ index: t.index, gold: t.pred, pred: t.gold })) }));
    expect(() => expectSameScores(load(L.writeSomdst(swapped), 'preds.json'), original)).toThrow();
  });
});
