// Detector `unsaid` (src/shared/annotations/detectors/unsaid.ts), table-driven
// with utterances: the gold value is said nowhere, or the gold takes it in a
// turn that (with its neighbours) mentions neither it nor the value before.
import { describe, expect, it } from 'vitest';
import { rankSuspects } from '../../../../../src/shared/annotations/suspects';
import { UNSAID, unsaidDetector } from '../../../../../src/shared/annotations/detectors/unsaid';
import { oneSlot, type Col } from '../../../../helpers/suspect-rows';

const CASES: { name: string; gold: Col; user: string[]; want: { turns: number[]; weight: number; text: RegExp } | null }[] = [
  {
    name: 'said nowhere',
    gold: [null, 'north', 'north'],
    user: ['hi', 'a hotel', 'thanks'],
    want: { turns: [1, 2], weight: UNSAID.saidNowhere, text: /"north" is said nowhere in the dialogue/ },
  },
  {
    name: 'a change said only in the next turn (timing, left to delayed): nothing',
    gold: ['north', 'north', 'north', 'south', 'south'],
    user: ['north please', 'ok', 'fine', 'cheap', 'south was said long ago? no: later'],
    want: null,
  },
  {
    name: 'an unsupported change',
    gold: ['north', 'north', 'north', 'south', 'south', 'south'],
    user: ['south or north', 'ok', 'fine', 'cheap', 'good', 'bye'],
    want: { turns: [3], weight: UNSAID.unsupportedChange, text: /takes "south" in turn 3, which mentions neither it nor "north"/ },
  },
  { name: 'said in the turn: nothing', gold: [null, 'north'], user: ['hi', 'north'], want: null },
  { name: 'an unsayable value (dontcare): nothing', gold: [null, 'dontcare'], user: ['hi', 'any'], want: null },
];

describe('detector unsaid', () => {
  it.each(CASES)('$name', ({ gold, user, want }) => {
    const { items } = rankSuspects(oneSlot(gold, [gold], { user }), { detectors: [unsaidDetector] });
    if (want === null) return expect(items).toEqual([]);
    expect(items).toHaveLength(1);
    expect(items[0].turns).toEqual(want.turns);
    expect(items[0].to).toBeUndefined();
    expect(items[0].score).toBeCloseTo(want.weight, 12);
    expect(items[0].reasons[0].text).toMatch(want.text);
  });

  it('gives nothing without utterances', () => {
    expect(rankSuspects(oneSlot([null, 'north'], [[null, 'north']]), { detectors: [unsaidDetector] }).items).toEqual([]);
  });
});
