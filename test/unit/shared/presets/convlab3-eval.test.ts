// The convlab3 preset against ConvLab-3's own evaluation (test/fixtures/
// presets/convlab3, README there): ConvLab/ConvLab-3 @ 2a168fc
// convlab/dst/evaluate_unified_datasets.py::evaluate run on the same unified
// samples (the gold lists every ontology slot, '' when empty). Its four
// numbers and every sample's accuracy; the gold's slots only; whitespace
// removed and lower-cased; '|' alternatives on both sides.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyPresetParts } from '../../../../src/shared/presets/apply';
import { EXACT_PARTS, PRESETS } from '../../../../src/shared/presets/parts';
import { convlab3Scores, convlabGoldSlots, convlabMatches, convlabNormalise } from '../../../../src/shared/presets/convlab3-eval';
import { analyseCorpus } from '../../../../src/shared/metrics/turn-stats';
import { FIXTURES, loadFile } from '../../../helpers/fixtures';
import { buildCorpus, corpusArb, type Naming } from '../../../helpers/random-corpus';

const P = join(FIXTURES, 'presets', 'convlab3');
type Run = { result: Record<string, number>; per_turn: [string, number, boolean][] };
const expected: { somdst100: Run; edge: Run } = JSON.parse(readFileSync(join(P, 'expected.json'), 'utf8'));

describe('--preset convlab3 equals evaluate_unified_datasets.evaluate', () => {
  for (const name of ['somdst100', 'edge'] as const)
    it(`${name}: slot_f1, slot_precision, slot_recall, accuracy and every sample's decision`, () => {
      const c = applyPresetParts(loadFile(join(P, `${name}.json`)), PRESETS.convlab3.parts).corpus;
      const stats = analyseCorpus(c);
      const got = convlab3Scores(stats);
      expect(Object.keys(got)).toEqual(['slot_f1', 'slot_precision', 'slot_recall', 'accuracy']);
      for (const [k, v] of Object.entries(expected[name].result)) expect(Math.abs(got[k as keyof typeof got] - v), k).toBeLessThan(1e-9);
      const rows: [string, number, boolean][] = [];
      for (let d = 0; d < c.dialogueIds.length; d++)
        for (let i = c.dialogueStart[d]; i < c.dialogueStart[d + 1]; i++)
          rows.push([c.dialogueIds[d], c.turnIndex[i], stats.wrong[i] + stats.missed[i] + stats.overshot[i] === 0]);
      expect(rows).toEqual(expected[name].per_turn);
    });

  it('value comparison: whitespace anywhere, case, alternatives on either side', () => {
    expect(convlabMatches(' The  Gandhi ', 'the gandhi')).toBe(true);
    expect(convlabMatches('the gandhi', 'thegandhi')).toBe(true);
    expect(convlabMatches('north', 'centre|north')).toBe(true);
    expect(convlabMatches('east|centre', 'centre')).toBe(true);
    expect(convlabMatches('center', 'centre')).toBe(false);
    expect(convlabNormalise('a\tand\nb')).toBe('aandb');
  });
});

// Slots of two domains, values that differ only by case and spaces, and '|' lists.
const naming: Naming = {
  slot: (s) => `${['hotel', 'taxi'][s % 2]}-slot${s}`,
  value: (v) => ['none', 'Centre', ' centre', 'north|centre', 'the  north', 'x'][v],
};

describe('convlab3 invariants', () => {
  it('normalising is idempotent and matching is symmetric for single values', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        expect(convlabNormalise(convlabNormalise(a))).toBe(convlabNormalise(a));
        if (!a.includes('|') && !b.includes('|') && convlabNormalise(a) !== '') expect(convlabMatches(a, b)).toBe(convlabMatches(b, a));
      }),
      { numRuns: 300 },
    );
  });

  it("never scores a predicted slot outside the gold's slots; the exact preset is unchanged", () => {
    fc.assert(
      fc.property(corpusArb(5), (ds) => {
        const input = buildCorpus(ds, naming);
        const gold = convlabGoldSlots(input);
        const c = applyPresetParts(input, PRESETS.convlab3.parts).corpus;
        for (let k = 0; k < c.predPairs.length / 2; k++) expect(gold.has(c.predPairs[2 * k])).toBe(true);
        expect(applyPresetParts(input, EXACT_PARTS).corpus).toBe(input);
        // Matching only merges classes: a turn exact calls correct stays correct, unless its gold has the
        // literal "none" on either side (inactive for exact, a value ConvLab-3 compares).
        const a = analyseCorpus(input);
        const b = analyseCorpus(c);
        for (let i = 0; i < a.correct.length; i++) {
          let hasNone = false;
          for (let k = input.goldStart[i]; k < input.goldStart[i] + input.goldLen[i]; k++)
            if (input.goldPairs[2 * k + 1] === 0) hasNone = true;
          for (let k = input.predStart[i]; k < input.predStart[i] + input.predLen[i]; k++)
            if (input.predPairs[2 * k + 1] === 0) hasNone = true;
          if (a.wrong[i] + a.missed[i] + a.overshot[i] === 0 && !hasNone) expect(b.wrong[i] + b.missed[i] + b.overshot[i]).toBe(0);
        }
      }),
      { numRuns: 60 },
    );
  });
});
