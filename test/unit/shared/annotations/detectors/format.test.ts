// Format-only differences (src/shared/annotations/detectors/format.ts),
// table-driven: which (gold, prediction) pairs differ only in format and how;
// in the ranking they are one note, never suspects.
import { describe, expect, it } from 'vitest';
import { rankSuspects } from '../../../../../src/shared/annotations/suspects';
import { formatKind, formatNoteText } from '../../../../../src/shared/annotations/detectors/format';
import { oneSlot, runsOf } from '../../../../helpers/suspect-rows';

const CASES: [string, string | null, string | null, string | null][] = [
  ['hotel-area', 'centre', ' centre', 'whitespace'],
  ['restaurant-food', 'modern european', 'modern  european', 'whitespace'],
  ['hotel-area', 'centre', 'Centre', 'case'],
  ['restaurant-name', "nando's", 'nandos', 'punctuation'],
  ['hotel-area', 'centre', 'center', 'variant'],
  ['hotel-type', 'guesthouse', 'guest house', 'whitespace'],
  ['restaurant-name', 'the golden wok', 'golden wok', 'variant'],
  ['hotel-book people', '2', 'two', 'variant'],
  ['train-leaveat', '19:00', '7 pm', 'variant'],
  ['hotel-area', 'dontcare', "don't care", 'punctuation'],
  ['hotel-area', 'dontcare', 'any', 'variant'],
  ['hotel-name', 'a|b', 'b', 'alternative'],
  ['hotel-area', null, ' none', 'empty'],
  ['hotel-area', null, 'not mentioned', 'empty'],
  ['hotel-area', 'north', 'south', null],
  ['hotel-area', 'north', null, null],
  ['hotel-book people', '2', '3', null],
  ['train-leaveat', '19:00', '7 am', null],
  ['hotel-area', 'north', 'north', null],
];

describe('format-only differences', () => {
  it.each(CASES)('%s: %j vs %j → %s', (slot, gold, pred, kind) => {
    expect(formatKind(slot, gold, pred)).toBe(kind);
  });

  it('are one note, never suspects', () => {
    const r = rankSuspects(oneSlot(['centre', 'centre', 'north'], [[' centre', 'Centre', 'south']]));
    expect(r.items.map((s) => [s.turn, s.gold, s.pred])).toEqual([[2, 'north', 'south']]);
    expect(r.format.count).toBe(2);
    expect(r.format.groups.map((g) => [g.kind, g.count, g.distinct])).toEqual([
      ['whitespace', 1, 1],
      ['case', 1, 1],
    ]);
    expect(r.format.groups[0].example).toEqual({ dialogue: 'D1', turn: 0, slot: 'hotel-area', gold: 'centre', pred: ' centre', run: 'r0' });
    expect(formatNoteText(r.format)).toBe('2 predictions differ from the gold only in format (1 whitespace, 1 letter case): not suspects');
  });

  it('counts every occurrence and each distinct pair once', () => {
    const d = (id: string) => ({ id, gold: { 'hotel-area': ['centre', 'centre'] }, preds: [{ 'hotel-area': [' centre', ' centre'] }] });
    const r = rankSuspects(runsOf([d('D1'), d('D2'), d('D3')]));
    expect(r.items).toEqual([]);
    expect(r.format.groups).toEqual([expect.objectContaining({ kind: 'whitespace', count: 6, distinct: 1 })]);
    expect(formatNoteText({ count: 0, groups: [] })).toBeNull();
  });
});
