// Detector `inconsistent` (src/shared/annotations/detectors/inconsistent.ts),
// table-driven: the gold contradicts itself within a dialogue whatever the
// runs say (the runs here agree with the gold, so no other evidence).
import { describe, expect, it } from 'vitest';
import { rankSuspects } from '../../../../../src/shared/annotations/suspects';
import { INCONSISTENT, inconsistentDetector } from '../../../../../src/shared/annotations/detectors/inconsistent';
import { oneSlot, type Col } from '../../../../helpers/suspect-rows';

interface Case {
  name: string;
  gold: Col;
  user?: string[];
  want: { turns: number[]; to: string | null; weight: number; text: RegExp } | null;
}

const CASES: Case[] = [
  {
    name: 'spelling flip: the spelling used less is the suspect',
    gold: ['centre', 'centre', 'center'],
    want: { turns: [2], to: 'centre', weight: INCONSISTENT.spellingFlip, text: /spells it "center" here and "centre" in 2 other turns/ },
  },
  {
    name: 'transient change for one turn',
    gold: ['north', 'south', 'north', 'north'],
    want: {
      turns: [1],
      to: 'north',
      weight: INCONSISTENT.transientChange,
      text: /changes "north" to "south" for one turn and then goes back/,
    },
  },
  {
    name: 'transient change said in those turns (weaker)',
    gold: ['north', 'south', 'north'],
    user: ['north', 'actually south', 'no, north'],
    want: { turns: [1], to: 'north', weight: INCONSISTENT.transientChange * INCONSISTENT.transientSaid, text: /\(it is said there\)/ },
  },
  {
    name: 'transient drop for two turns',
    gold: ['north', null, null, 'north'],
    want: { turns: [1, 2], to: 'north', weight: INCONSISTENT.transientDrop, text: /drops "north" for 2 turns and then goes back/ },
  },
  {
    name: 'drop for good, no utterances',
    gold: ['north', 'north', null, null],
    want: { turns: [2, 3], to: 'north', weight: INCONSISTENT.drop, text: /drops "north" and never has it again/ },
  },
  {
    name: 'drop for good in a turn that does not mention it',
    gold: ['north', null],
    user: ['in the north', 'book it'],
    want: { turns: [1], to: 'north', weight: INCONSISTENT.dropUnsaid, text: /in turn 1, which does not mention it/ },
  },
  {
    name: 'drop for good in a turn that mentions it (perhaps cancelled)',
    gold: ['north', null],
    user: ['in the north', 'forget the north'],
    want: { turns: [1], to: 'north', weight: INCONSISTENT.drop * INCONSISTENT.dropSaid, text: /mentions it: is it cancelled\?/ },
  },
  { name: 'a change that stays: nothing', gold: ['north', 'south', 'south', 'south'], want: null },
  { name: 'one value kept: nothing', gold: [null, 'north', 'north'], want: null },
];

describe('detector inconsistent', () => {
  it.each(CASES)('$name', ({ gold, user, want }) => {
    const { items } = rankSuspects(oneSlot(gold, [gold], { user }), { detectors: [inconsistentDetector] });
    if (want === null) return expect(items).toEqual([]);
    expect(items).toHaveLength(1);
    const s = items[0];
    expect(s.turns).toEqual(want.turns);
    expect(s.to).toBe(want.to);
    expect(s.reasons.map((r) => r.kind)).toEqual(['inconsistent']);
    expect(s.score).toBeCloseTo(want.weight, 12);
    expect(s.reasons[0].text).toMatch(want.text);
  });
});
