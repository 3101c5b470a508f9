// Which turns flip between two settings (src/shared/presets/diff.ts), on a
// hand-made corpus whose every flip has a known reason.
import { describe, expect, it } from 'vitest';
import { diffPresets } from '../../../../src/shared/presets/diff';
import { EXACT_PARTS, PRESETS } from '../../../../src/shared/presets/parts';
import { CorpusBuilder } from '../../../../src/shared/model/builder';

function corpus() {
  const b = new CorpusBuilder();
  const s = (n: string) => b.slots.intern(n);
  const v = (x: string) => b.values.intern(x);
  b.beginDialogue('d1');
  b.addTurn(0, [s('restaurant-area'), v('centre')], [s('restaurant-area'), v(' centre')]); // leading space: wrong → correct
  b.addTurn(1, [s('restaurant-food'), v('dontcare')], [s('restaurant-food'), v('dontcare')]); // dontcare dropped: correct → wrong
  b.addTurn(2, [s('taxi-leaveat'), v('10:15')], [s('taxi-leaveat'), v('10 : 15')]); // time format: wrong → correct
  b.addTurn(3, [s('hotel-area'), v('north')], [s('hotel-area'), v('north')]); // no flip
  b.endDialogue();
  return b.build();
}

describe('diffPresets', () => {
  it('exact vs mwzeval: each flip under its reason', () => {
    const d = diffPresets(corpus(), EXACT_PARTS, PRESETS.mwzeval.parts);
    expect(d.scored).toEqual({ a: 4, b: 4, both: 4 });
    expect(d.flips).toEqual({ toCorrect: 2, toWrong: 1 });
    const reasons = Object.fromEntries(d.reasons.map((r) => [r.reason, r.turns]));
    expect(reasons).toEqual({
      'partial_ratio accepted (partial_ratio 100)': 1,
      'dontcare in gold dropped': 1,
      'normalised: time format': 1,
    });
    const dc = d.reasons.find((r) => r.reason === 'dontcare in gold dropped')!;
    expect(dc.examples).toEqual([
      { dialogue: 'd1', turn: 1, slot: 'restaurant-food', pred: 'dontcare', gold: 'dontcare', a: 'correct', b: 'overshot' },
    ]);
  });

  it('a setting against itself flips nothing', () => {
    const d = diffPresets(corpus(), PRESETS.mwzeval.parts, PRESETS.mwzeval.parts);
    expect(d.flips).toEqual({ toCorrect: 0, toWrong: 0 });
    expect(d.reasons).toEqual([]);
  });
});

describe('diffPresets with the trade, simpletod and convlab3 parts', () => {
  function newer() {
    const b = new CorpusBuilder();
    const s = (n: string) => b.slots.intern(n);
    const v = (x: string) => b.values.intern(x);
    b.beginDialogue('d2');
    b.addTurn(0, [s('hotel-area'), v('center')], [s('hotel-area'), v('centre')]); // TRADE fixes the gold: wrong → correct
    b.addTurn(1, [s('restaurant-name'), v('the gandhi')], [s('restaurant-name'), v(' The  Gandhi')]); // ConvLab-3 whitespace and case
    b.addTurn(2, [s('hotel-area'), v('north')], [s('hotel-area'), v('north'), s('police-name'), v('x')]); // outside the gold's slots
    b.addTurn(3, [s('restaurant-food'), v('dontcare')], [s('restaurant-food'), v('dontcare')]); // ignore_dontcare_in_pred: correct → wrong
    b.addTurn(4, [s('hotel-internet'), v('free')], [s('hotel-internet'), v('yes')]); // default_cleaning: wrong → correct
    b.endDialogue();
    return b.build();
  }
  const reasons = (a: typeof EXACT_PARTS, b: typeof EXACT_PARTS) =>
    Object.fromEntries(diffPresets(newer(), a, b).reasons.map((r) => [r.reason, r.examples.map((e) => e.turn)]));

  it('exact vs trade: the gold label fix', () => {
    // center → centre, and internet free → yes.
    expect(reasons(EXACT_PARTS, PRESETS.trade.parts)).toEqual({ 'TRADE fix_label on gold': [0, 4] });
  });
  it('exact vs convlab3: whitespace and case, a slot outside the gold', () => {
    expect(reasons(EXACT_PARTS, PRESETS.convlab3.parts)).toEqual({
      'ConvLab-3: whitespace and case': [1],
      "predicted slot outside the gold's slots not scored (ConvLab-3)": [2],
    });
  });
  it('simpletod vs simpletod with default cleaning and ignore_dontcare_in_pred', () => {
    const on = { ...PRESETS.simpletod.parts, simpletod: { defaultCleaning: true, type2Cleaning: false, ignoreDontcareInPred: true } };
    expect(reasons(PRESETS.simpletod.parts, on)).toEqual({
      'dontcare in prediction ignored (ignore_dontcare_in_pred)': [3],
      // Turn 1 stays wrong: default_cleaning re-joins ' The  Gandhi' but keeps its case.
      'SimpleTOD default_cleaning': [4],
    });
  });
});
