// Detector `delayed` (src/shared/annotations/detectors/delayed.ts), table-driven
// on one slot of one dialogue: the gold adds a value one turn after the runs
// (or the user) give it, or one turn before; with and without utterances.
import { describe, expect, it } from 'vitest';
import { rankSuspects } from '../../../../../src/shared/annotations/suspects';
import { DELAYED, delayedDetector } from '../../../../../src/shared/annotations/detectors/delayed';
import { oneSlot, type Col } from '../../../../helpers/suspect-rows';

interface Case {
  name: string;
  gold: Col;
  preds: Col[];
  user?: string[];
  system?: string[];
  /** The suspect expected (first turn, proposed value, weight), or null: none. */
  want: { turn: number; to: string | null; weight: number; text: RegExp } | null;
}

const CASES: Case[] = [
  {
    name: 'delayed, from the run alone (no utterances)',
    gold: [null, 'north', 'north'],
    preds: [['north', 'north', 'north']],
    want: {
      turn: 0,
      to: 'north',
      weight: DELAYED.delayedRuns,
      text: /delayed annotation\? the gold adds "north" only in turn 1; the run \(r0\) already has it in turn 0$/,
    },
  },
  {
    name: 'delayed, half the runs',
    gold: [null, 'north', 'north'],
    preds: [
      ['north', 'north', 'north'],
      [null, 'north', 'north'],
    ],
    want: { turn: 0, to: 'north', weight: DELAYED.delayedRuns * 0.5, text: /1 of 2 runs already has it/ },
  },
  {
    name: 'delayed, the run has it at t but not at t + 1 (weaker)',
    gold: ['south', 'north', 'north'],
    preds: [['north', 'east', 'east']],
    want: { turn: 0, to: 'north', weight: DELAYED.delayedRuns * DELAYED.unkept, text: /delayed annotation\?/ },
  },
  {
    name: 'delayed, from the utterance alone (the runs agree with the gold)',
    gold: [null, 'north', 'north'],
    preds: [[null, 'north', 'north']],
    user: ['somewhere in the north please', 'yes', 'thanks'],
    want: { turn: 0, to: 'north', weight: DELAYED.textConfirms, text: /the user says it in turn 0$/ },
  },
  {
    name: 'delayed, runs and user agree',
    gold: [null, 'north', 'north'],
    preds: [['north', 'north', 'north']],
    user: ['in the north', 'ok', 'bye'],
    want: { turn: 0, to: 'north', weight: 1 - (1 - DELAYED.delayedRuns) * (1 - DELAYED.textConfirms), text: /user says it in turn 0/ },
  },
  {
    name: 'delayed, only the system offers it at t',
    gold: [null, 'north', 'north'],
    preds: [[null, 'north', 'north']],
    system: ['there is one in the north', 'booked', 'bye'],
    user: ['a hotel', 'that one', 'thanks'],
    want: { turn: 0, to: 'north', weight: DELAYED.systemOnly, text: /the system says it in turn 0/ },
  },
  {
    name: 'the run is early but the value is said only when the gold adds it: refuted',
    gold: [null, 'north', 'north'],
    preds: [['north', 'north', 'north']],
    user: ['a hotel', 'in the north', 'thanks'],
    want: { turn: 0, to: 'north', weight: DELAYED.delayedRuns * DELAYED.textRefutes, text: /but it is said only in turn 1/ },
  },
  {
    name: 'early: the runs keep the old value at t and change one turn later',
    gold: ['south', 'north', 'north'],
    preds: [['south', 'south', 'north']],
    want: {
      turn: 1,
      to: 'south',
      weight: DELAYED.earlyRuns,
      text: /early annotation\? the gold has "north" from turn 1; the run \(r0\) keeps "south" there/,
    },
  },
  {
    name: 'early from no value: mostly a late model (down-weighted)',
    gold: [null, 'north', 'north'],
    preds: [[null, null, 'north']],
    want: { turn: 1, to: null, weight: DELAYED.earlyRuns * DELAYED.earlyFromNothing, text: /early annotation\?/ },
  },
  {
    name: 'early, confirmed: the value is said first one turn after the gold adds it',
    gold: [null, 'north', 'north'],
    preds: [[null, 'north', 'north']],
    user: ['a hotel', 'cheap', 'in the north'],
    want: { turn: 1, to: null, weight: DELAYED.textConfirms, text: /it is said first in turn 2/ },
  },
  { name: 'runs follow the gold, no utterances: nothing', gold: [null, 'north', 'north'], preds: [[null, 'north', 'north']], want: null },
  { name: 'a value the gold keeps from the start: nothing', gold: ['north', 'north'], preds: [['south', 'south']], want: null },
];

describe('detector delayed', () => {
  it.each(CASES)('$name', ({ gold, preds, user, system, want }) => {
    const { items } = rankSuspects(oneSlot(gold, preds, { user, system }), { detectors: [delayedDetector] });
    if (want === null) return expect(items).toEqual([]);
    const s = items.find((x) => x.turn === want.turn);
    expect(s, JSON.stringify(items)).toBeDefined();
    expect(s!.to).toBe(want.to);
    expect(s!.reasons).toHaveLength(1);
    expect(s!.reasons[0].kind).toBe('delayed');
    expect(s!.reasons[0].weight).toBeCloseTo(want.weight, 12);
    expect(s!.score).toBeCloseTo(want.weight, 12);
    expect(s!.reasons[0].text).toMatch(want.text);
  });
});
