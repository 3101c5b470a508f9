// Detector `said` (src/shared/annotations/detectors/said.ts), table-driven
// with utterances: the value the runs predict instead of the gold is said in
// that turn — by the user, only by the system, or with the gold value.
import { describe, expect, it } from 'vitest';
import { rankSuspects } from '../../../../../src/shared/annotations/suspects';
import { SAID, saidDetector } from '../../../../../src/shared/annotations/detectors/said';
import { oneSlot, type Col } from '../../../../helpers/suspect-rows';

const CASES: { name: string; gold: Col; pred: Col; user: string[]; system?: string[]; want: { weight: number; text: RegExp } | null }[] = [
  {
    name: 'the user says it',
    gold: ['north'],
    pred: ['south'],
    user: ['in the south please'],
    want: { weight: SAID.byUser, text: /the user says the predicted "south" in turn 0, not the gold "north"/ },
  },
  {
    name: 'the gold has nothing',
    gold: [null],
    pred: ['south'],
    user: ['in the south please'],
    want: { weight: SAID.byUser, text: /where the gold has no value/ },
  },
  {
    name: 'only the system says it',
    gold: ['north'],
    pred: ['south'],
    system: ['one is in the south'],
    user: ['ok'],
    want: { weight: SAID.bySystemOnly, text: /only the system says the predicted "south"/ },
  },
  {
    name: 'both values are said',
    gold: ['north'],
    pred: ['south'],
    user: ['north or south'],
    want: { weight: SAID.withGold, text: /mentions both the predicted "south" and the gold "north"/ },
  },
  { name: 'not said: nothing', gold: ['north'], pred: ['south'], user: ['a hotel'], want: null },
  { name: 'an unsayable value: nothing', gold: ['north'], pred: ['dontcare'], user: ['dontcare'], want: null },
];

describe('detector said', () => {
  it.each(CASES)('$name', ({ gold, pred, user, system, want }) => {
    const { items } = rankSuspects(oneSlot(gold, [pred], { user, system }), { detectors: [saidDetector] });
    if (want === null) return expect(items).toEqual([]);
    expect(items).toHaveLength(1);
    expect(items[0].reasons.map((r) => r.kind)).toEqual(['said']);
    expect(items[0].score).toBeCloseTo(want.weight, 12);
    expect(items[0].reasons[0].text).toMatch(want.text);
  });

  it('gives nothing without utterances', () => {
    expect(rankSuspects(oneSlot(['north'], [['south']]), { detectors: [saidDetector] }).items).toEqual([]);
  });
});
