// Tests of the slot-class vocabulary (model/classes.ts) and the chip marks
// (model/turn-view.ts): every class is told apart without colour.
import { describe, expect, it } from 'vitest';
import {
  CLASS_STYLE,
  fgaClassLabel,
  isSlotClass,
  LETTER_CLASS,
  SLOT_CLASSES,
  splitSlot,
} from '../../../../../src/renderer/src/model/classes';
import { chipMark, classCounts, visibleSlots } from '../../../../../src/renderer/src/model/turn-view';
import { mul1110 } from '../../../../helpers/engine-fixture';

/** Relative luminance (WCAG) of a #rrggbb colour. */
function luminance(hex: string): number {
  const c = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
}

describe('slot classes', () => {
  it('gives every class its own colour, icon, border pattern and GCA letter', () => {
    for (const key of ['colour', 'icon', 'border', 'letter'] as const) {
      expect(new Set(SLOT_CLASSES.map((c) => CLASS_STYLE[c][key])).size).toBe(SLOT_CLASSES.length);
    }
    for (const c of SLOT_CLASSES) expect(LETTER_CLASS[CLASS_STYLE[c].letter]).toBe(c);
  });

  it('uses Okabe–Ito colours whose grey levels differ, so greyscale keeps them apart', () => {
    const okabeIto = ['#E69F00', '#56B4E9', '#009E73', '#F0E442', '#0072B2', '#D55E00', '#CC79A7', '#000000'];
    const lum = SLOT_CLASSES.map((c) => CLASS_STYLE[c].colour);
    for (const col of lum) expect(okabeIto).toContain(col);
    const sorted = lum.map(luminance).sort((a, b) => a - b);
    for (let i = 1; i < sorted.length; i++) expect(sorted[i] - sorted[i - 1]).toBeGreaterThan(0.02);
  });

  it('labels FGA turn classes with the type-2 distance', () => {
    expect(fgaClassLabel('exact', null)).toBe('exact');
    expect(fgaClassLabel('type1', null)).toBe('type-1 error');
    expect(fgaClassLabel('type2', 3)).toBe('type-2 error (distance 3)');
  });

  it('splits domain-slot names at the first dash only', () => {
    expect(splitSlot('hotel-book day')).toEqual({ domain: 'hotel', name: 'book day' });
    expect(splitSlot('taxi-leave-at')).toEqual({ domain: 'taxi', name: 'leave-at' });
    expect(splitSlot('people')).toEqual({ domain: '', name: 'people' });
    expect(isSlotClass('missed')).toBe(true);
    expect(isSlotClass('none')).toBe(false);
  });
});

describe('turn view', () => {
  it("shows only the turn's changes in GCA's view, and marks carried errors", () => {
    const turns = mul1110();
    // Turn 4 of MUL1110 (fig. 6): attraction-name wrong and attraction-area missed are new; the type miss is carried.
    const t4 = turns[4];
    const changed = visibleSlots(t4.slots, 'changes').map((s) => `${s.slot}:${s.class}`);
    expect(changed).toEqual(['attraction-area:missed', 'attraction-name:wrong']);
    expect(visibleSlots(t4.slots, 'full')).toHaveLength(t4.slots.length);
    const type = t4.slots.find((s) => s.slot === 'attraction-type')!;
    expect(chipMark(type)).toBe('carried-error');
    expect(chipMark(t4.slots.find((s) => s.slot === 'hotel-name')!)).toBe('carried');
    expect(chipMark(t4.slots.find((s) => s.slot === 'attraction-name')!)).toBe('changed');
    expect(classCounts(t4.slots)).toEqual({ correct: 1, wrong: 1, missed: 2, overshot: 0 });
  });

  it("counts in GCA's view add up to the dialogue's GCA counts", () => {
    const turns = mul1110();
    const total = { correct: 0, wrong: 0, missed: 0, overshot: 0 };
    for (const t of turns) {
      const c = classCounts(visibleSlots(t.slots, 'changes'));
      for (const k of SLOT_CLASSES) total[k] += c[k];
    }
    expect(total).toEqual({ correct: 1, wrong: 1, missed: 2, overshot: 0 });
  });
});
