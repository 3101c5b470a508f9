// The trade preset against TRADE's own code (test/fixtures/presets/trade,
// README there): jasonwu0731/trade-dst @ b77fcf1 utils/fix_label.py::
// fix_general_label_error on the gold (read_langs), then models/TRADE.py::
// evaluate_metrics with compute_acc (slot accuracy over the 30 SLOTS, its
// miss_gold / wrong_pred counting with rsplit("-", 1)) and compute_prf (per-turn
// F1 averaged over turns). Expected numbers: TRADE's functions run on the same
// states (its "Joint Acc", "Turn Acc", "Joint F1" and every turn's values).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyPresetParts } from '../../../../src/shared/presets/apply';
import { PRESETS } from '../../../../src/shared/presets/parts';
import {
  tradeComputeAcc,
  tradeComputeF1,
  tradeGoldValue,
  tradeItems,
  tradeScores,
  TRADE_SLOTS,
} from '../../../../src/shared/presets/trade-eval';
import { GENERAL_TYPO } from '../../../../src/shared/formats/trade-fixes';
import { analyseCorpus } from '../../../../src/shared/metrics/turn-stats';
import { FIXTURES, loadFile } from '../../../helpers/fixtures';
import { buildCorpus, corpusArb, type Naming } from '../../../helpers/random-corpus';

const P = join(FIXTURES, 'presets', 'trade');
type Result = { 'Joint Acc': number; 'Turn Acc': number; 'Joint F1': number };
type Run = { result: Result; per_turn: [string, number, boolean, number, number][] };
const expected: { somdst100: Run; edge: Run } = JSON.parse(readFileSync(join(P, 'expected.json'), 'utf8'));
const inputs = {
  somdst100: join(FIXTURES, 'multiwoz-somdst-100', 'predictions.json'),
  edge: join(P, 'edge.json'),
};

function perTurn(file: string): [string, number, boolean, number, number][] {
  const c = applyPresetParts(loadFile(file), PRESETS.trade.parts).corpus;
  const rows: [string, number, boolean, number, number][] = [];
  for (let d = 0; d < c.dialogueIds.length; d++)
    for (let i = c.dialogueStart[d]; i < c.dialogueStart[d + 1]; i++) {
      const g = tradeItems(c, i, 'gold');
      const p = tradeItems(c, i, 'pred');
      rows.push([
        c.dialogueIds[d],
        c.turnIndex[i],
        g.size === p.size && [...g].every((x) => p.has(x)),
        tradeComputeAcc(g, p),
        tradeComputeF1(g, p),
      ]);
    }
  return rows;
}

describe('--preset trade equals TRADE evaluate_metrics', () => {
  for (const name of ['somdst100', 'edge'] as const) {
    it(`${name}: Joint Acc, Turn Acc, Joint F1 and every turn's joint, slot accuracy and F1`, () => {
      const c = applyPresetParts(loadFile(inputs[name]), PRESETS.trade.parts).corpus;
      const got = tradeScores(c);
      expect(Object.keys(got)).toEqual(['Joint Acc', 'Turn Acc', 'Joint F1']);
      for (const [k, v] of Object.entries(expected[name].result)) expect(Math.abs(got[k as keyof Result] - v), k).toBeLessThan(1e-9);
      const rows = perTurn(inputs[name]);
      expect(rows.length).toBe(expected[name].per_turn.length);
      rows.forEach((r, i) => {
        const e = expected[name].per_turn[i];
        expect([r[0], r[1], r[2]], `turn ${i}`).toEqual([e[0], e[1], e[2]]);
        expect(Math.abs(r[3] - e[3]), `acc ${i}`).toBeLessThan(1e-12);
        expect(Math.abs(r[4] - e[4]), `f1 ${i}`).toBeLessThan(1e-12);
      });
      // Our JGA on the same classes is TRADE's joint accuracy.
      const s = analyseCorpus(c);
      let joint = 0;
      for (let i = 0; i < s.correct.length; i++) if (s.wrong[i] + s.missed[i] + s.overshot[i] === 0) joint++;
      expect(joint / s.correct.length).toBe(got['Joint Acc']);
    });
  }

  it('edge rules: fixed gold values match, a gold value fixed to "none" is never matched, a "-" in a value counts twice', () => {
    const rows = perTurn(inputs.edge);
    expect(rows[0][2]).toBe(true); // center→centre, guesthouse→guest house
    expect(rows[1][2]).toBe(false); // bed and breakfast → none, kept in gold
    expect(rows[2][2]).toBe(false); // the raw gold predicted, but the fixed gold is "none"
    expect(rows[5][3]).toBe(28 / 30); // 'a-b church': wrong_pred counted although its slot was missed
    expect(rows[7][4]).toBe(1); // empty gold, empty prediction
    expect(rows[8][4]).toBe(0); // empty gold, a prediction
  });

  it('compute_acc: (30 - miss_gold - wrong_pred) / 30, whatever the slots', () => {
    expect(tradeComputeAcc(new Set(['a-x']), new Set(['a-y']))).toBe(29 / 30);
    expect(tradeComputeAcc(new Set(['a-x']), new Set(['b-y']))).toBe(28 / 30);
    expect(tradeComputeAcc(new Set(), new Set())).toBe(1);
  });

  it('the gold fix touches only the 30 slots, and applying it twice changes nothing more on the map and rule values', () => {
    expect(tradeGoldValue('hotel-area', 'center')).toBe('centre');
    expect(tradeGoldValue('hospital-department', 'center')).toBe('center');
    const values = [
      ...Object.keys(GENERAL_TYPO),
      ...Object.values(GENERAL_TYPO),
      'no',
      'we',
      'cent',
      'ch',
      'free',
      't',
      '4',
      '2',
      'moderate',
    ];
    fc.assert(
      fc.property(fc.constantFrom(...TRADE_SLOTS), fc.oneof(fc.constantFrom(...values), fc.string()), (slot, v) => {
        const once = tradeGoldValue(slot, v);
        // Idempotent: no value the map or a rule produces is rewritten again (so a gold already fixed, as in TRADE's own all_prediction files, is kept).
        expect(tradeGoldValue(slot, once)).toBe(once);
      }),
      { numRuns: 500 },
    );
  });

  it('scoring from slot classes equals scoring TRADE\'s strings, with and without "-" in values', () => {
    const naming: Naming = {
      slot: (k) => TRADE_SLOT_LIST[k % 30],
      value: (v) => ['none', 'centre', 'a-b', 'center', 'bed and breakfast', 'x-'][v],
    };
    fc.assert(
      fc.property(corpusArb(6), (ds) => {
        const c = applyPresetParts(buildCorpus(ds, naming), PRESETS.trade.parts).corpus;
        let joint = 0;
        let acc = 0;
        let f1 = 0;
        for (let i = 0; i < c.turnIndex.length; i++) {
          const g = tradeItems(c, i, 'gold');
          const p = tradeItems(c, i, 'pred');
          if (g.size === p.size && [...g].every((x) => p.has(x))) joint++;
          acc += tradeComputeAcc(g, p);
          f1 += tradeComputeF1(g, p);
        }
        const n = c.turnIndex.length;
        const got = tradeScores(c);
        expect(got['Joint Acc']).toBe(n ? joint / n : 0);
        expect(Math.abs(got['Turn Acc'] - (n ? acc / n : 0))).toBeLessThan(1e-12);
        expect(Math.abs(got['Joint F1'] - (n ? f1 / n : 0))).toBeLessThan(1e-12);
      }),
      { numRuns: 100 },
    );
  });
});
const TRADE_SLOT_LIST = [...TRADE_SLOTS];
