// Every layout of the loader registry (src/shared/formats/registry.ts), with
// its test kit (layout-kits.ts): it has a kit; each sample is detected as its
// layout and claimed by no other loader, loads, and needs a gold source
// exactly when the kit declares one; and the sample's dialogues written back
// by each of the kit's writers read as the same gold and predicted states.
// cross-format.test.ts and fuzz.test.ts iterate the same kits. Nothing here
// names a layout: registering one with a kit is all it takes.
import { describe, expect, it } from 'vitest';
import { detectLoader, headText, loadCorpus, loadRawCorpus } from '../../../../src/shared/formats/detect';
import { loadReference } from '../../../../src/shared/formats/dialogue-sources';
import { dialogueKey, type Reference } from '../../../../src/shared/formats/reference';
import { LOADERS } from '../../../../src/shared/formats/registry';
import type { Corpus } from '../../../../src/shared/model/corpus';
import { LAYOUT_KITS, type GoldWriter } from './layout-kits';
import { dialoguesOf, type TestDialogue } from './layouts';
import { fixture } from './samples';

const goldOf = (file: string): Reference => loadReference(fixture(file), { file });
const written = (g: GoldWriter, ds: TestDialogue[]): Reference => loadReference(g.write(ds), { file: g.file });

/** The states of each dialogue, keyed as dialogues are matched (by key, or by position). */
function states(ds: TestDialogue[], byPosition: boolean): Map<string, TestDialogue['turns']> {
  return new Map(ds.map((d, n) => [byPosition ? String(n) : dialogueKey(d.id), d.turns]));
}

function expectSameStates(actual: Corpus, expected: TestDialogue[], byPosition = false): void {
  expect(states(dialoguesOf(actual), byPosition)).toEqual(states(expected, byPosition));
}

describe('the registry and the test kits', () => {
  it('every kit is for a registered layout', () => {
    const ids = LOADERS.map((l) => l.id);
    expect(Object.keys(LAYOUT_KITS).filter((k) => !ids.includes(k))).toEqual([]);
  });
  it('layout ids are unique', () => {
    expect(new Set(LOADERS.map((l) => l.id)).size).toBe(LOADERS.length);
  });
});

describe.each(LOADERS.map((l) => [l.id, l] as const))('layout %s', (id) => {
  const kit = LAYOUT_KITS[id];

  it('has a test kit with samples and writers', () => {
    expect(
      kit,
      `no test kit for layout "${id}": add one to test/unit/shared/formats/layout-kits.ts (docs/dev/adding-a-layout.md)`,
    ).toBeDefined();
    expect(kit.samples.length, 'a kit has at least one sample').toBeGreaterThan(0);
    expect(kit.writers.length, 'a kit has at least one writer').toBeGreaterThan(0);
    if (kit.gold) expect(kit.gold.writers.length, 'a layout without gold has at least one gold writer').toBeGreaterThan(0);
  });
  if (!kit) return;

  describe.each(kit.samples.map((s) => [s.file]))('sample %s', (file) => {
    const bytes = fixture(file);

    it(`is detected as ${id}, and no other layout claims it`, () => {
      expect(detectLoader(bytes, file).id).toBe(id);
      const head = headText(bytes);
      const claimed = LOADERS.filter((l) => l.id !== id && l.sniff(head) === 'yes').map((l) => l.id);
      expect(claimed).toEqual([]);
    });

    it(kit.gold ? 'loads, saying it needs a gold source, and loads with its gold partner' : 'loads with its own gold', () => {
      const raw = loadRawCorpus(bytes, { file, layout: id });
      expect(raw.format).toBe(id);
      expect(raw.corpus.dialogueIds.length).toBeGreaterThan(0);
      expect(raw.corpus.turnIndex.length).toBeGreaterThan(0);
      expect(
        raw.needsGold !== undefined,
        `needsGold is ${JSON.stringify(raw.needsGold)}; the kit ${kit.gold ? 'declares' : 'does not declare'} a gold partner`,
      ).toBe(kit.gold !== undefined);
      const loaded = loadCorpus(bytes, { file, gold: kit.gold ? goldOf(kit.gold.sample) : undefined });
      expect(loaded.format).toBe(id);
      expect(loaded.needsGold).toBeUndefined();
      expect(loaded.corpus.goldLen.some((n) => n > 0)).toBe(true);
    });

    describe.each(kit.writers.map((w) => [w.name, w] as const))('round trip through the writer "%s"', (_name, w) => {
      const goldWriters: (GoldWriter | undefined)[] = kit.gold ? kit.gold.writers : [undefined];
      it.each(goldWriters.map((g) => [g ? `with ${g.name} as gold` : 'gold included', g] as const))('%s: the same states', (_g, g) => {
        const original = loadCorpus(bytes, { file, gold: kit.gold ? goldOf(kit.gold.sample) : undefined }).corpus;
        const ds = dialoguesOf(original);
        const back = loadCorpus(w.write(ds), { file: w.file, gold: g ? written(g, ds) : undefined }).corpus;
        expect(detectLoader(w.write(ds), w.file).id, 'what the writer writes is detected as the layout').toBe(id);
        expectSameStates(back, w.loses ? w.loses.reduce(ds) : ds, w.byPosition);
      });
    });
  });
});
