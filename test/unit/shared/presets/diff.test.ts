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
