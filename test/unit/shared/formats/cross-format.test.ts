// The same dialogues written in every registered layout (by the writers of
// its test kit, layout-kits.ts; with each of its gold writers when the layout
// carries no gold) score identically to the FGA/GCA original with default
// options: every corpus number, and per dialogue and per turn every metric,
// GCA count and slot class. Built from the
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
import { LOADERS } from '../../../../src/shared/formats/registry';
import { LAYOUT_KITS } from './layout-kits';
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

  describe.each(LOADERS.map((l) => [l.id] as const))('%s', (id) => {
    const kit = LAYOUT_KITS[id];
    it('has a test kit', () => expect(kit, `no test kit for layout "${id}" (test/unit/shared/formats/layout-kits.ts)`).toBeDefined());
    if (!kit) return;
    const cases = kit.writers.flatMap((w) =>
      (kit.gold ? kit.gold.writers : [undefined]).map((g) => [g ? `${w.name} + ${g.name} as gold` : w.name, w, g] as const),
    );
    it.each(cases)('%s', (_title, w, g) => {
      const got = load(w.write(ds), w.file, g ? { gold: ref(g.write(ds), g.file) } : {});
      // A layout that cannot carry something is compared with the original without it (written by the FGA writer).
      const want = w.loses ? load(L.writeFgaLayout(w.loses.reduce(ds)), 'fga-reduced.json') : original;
      expectSameScores(got, want, w.byPosition);
    });
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
