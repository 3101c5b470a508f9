// Detector `consensus` (src/shared/annotations/detectors/consensus.ts),
// table-driven: its weight is (1 − base^R) × the weighted share of runs
// agreeing × no-value factor × consistency factor × the slot's reliability
// factor, each checked on its own (the slot's reliability is computed here
// from the same cells: run-turns agreeing with the gold / run-turns where the
// gold or the run has a value).
import { describe, expect, it } from 'vitest';
import { confidenceLookup } from '../../../../../src/shared/model/generation';
import { rankSuspects, type SuspectRun } from '../../../../../src/shared/annotations/suspects';
import { CONSENSUS, consensusDetector } from '../../../../../src/shared/annotations/detectors/consensus';
import { oneSlot, runsOf, type Col } from '../../../../helpers/suspect-rows';

const rel = (agreeing: number, active: number) => CONSENSUS.reliabilityFloor + (1 - CONSENSUS.reliabilityFloor) * (agreeing / active);
const cons = (c: number) => CONSENSUS.consistencyFloor + (1 - CONSENSUS.consistencyFloor) * c;
const base = (R: number) => 1 - CONSENSUS.base ** R;

interface Case {
  name: string;
  gold: Col;
  preds: Col[];
  want: { turns: number[]; to: string | null; agree: number; weight: number; text: RegExp } | null;
}

const CASES: Case[] = [
  {
    name: 'one run, a value over the whole gold run',
    gold: ['north', 'north'],
    preds: [['south', 'south']],
    want: {
      turns: [0, 1],
      to: 'south',
      agree: 1,
      weight: base(1) * 1 * cons(1) * rel(0, 2),
      text: /the run \(r0\) predicts "south" where the gold is "north" over 2 turns/,
    },
  },
  {
    name: 'two of three runs',
    gold: ['north'],
    preds: [['south'], ['south'], ['north']],
    want: { turns: [0], to: 'south', agree: 2, weight: base(3) * (2 / 3) * cons(1) * rel(1, 3), text: /2 of 3 runs predict "south"/ },
  },
  {
    name: 'predicting nothing where the gold has a value: mostly a model miss',
    gold: ['north', 'north'],
    preds: [[null, null]],
    want: {
      turns: [0, 1],
      to: null,
      agree: 1,
      weight: base(1) * CONSENSUS.predictsNothing * cons(1) * rel(0, 2),
      text: /predicting nothing is mostly a model miss/,
    },
  },
  {
    name: 'inconsistent: in 2 of the 3 turns from where it starts',
    gold: ['north', 'north', 'north', 'north'],
    preds: [['north', 'south', 'north', 'south']],
    want: { turns: [1, 3], to: 'south', agree: 1, weight: base(1) * cons(2 / 3) * rel(2, 4), text: /in 2 of the 3 turns from there/ },
  },
  { name: 'the runs agree with the gold: nothing', gold: ['north', 'north'], preds: [['north', 'north']], want: null },
];

describe('detector consensus', () => {
  it.each(CASES)('$name', ({ gold, preds, want }) => {
    const { items } = rankSuspects(oneSlot(gold, preds), { detectors: [consensusDetector] });
    if (want === null) return expect(items).toEqual([]);
    expect(items).toHaveLength(1);
    const s = items[0];
    expect(s).toMatchObject({ turns: want.turns, to: want.to, agree: want.agree, runs: preds.length });
    expect(s.reasons.map((r) => r.kind)).toEqual(['consensus']);
    expect(s.score).toBeCloseTo(want.weight, 12);
    expect(s.reasons[0].text).toMatch(want.text);
  });

  it('weighs each run by its confidence: one confident run outvotes two unsure ones', () => {
    const d = {
      id: 'D1',
      gold: { 'hotel-area': ['north'] },
      preds: [{ 'hotel-area': ['east'] }, { 'hotel-area': ['west'] }, { 'hotel-area': ['west'] }],
    };
    const conf: SuspectRun['confidence'][] = [() => 0.9, () => 0.3, () => 0.3];
    const { items } = rankSuspects(runsOf([d], conf), { detectors: [consensusDetector] });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ pred: 'east', to: 'east', agree: 1 });
    expect(items[0].score).toBeCloseTo(base(3) * (0.9 / 3) * cons(1) * rel(0, 3), 12);
    // Without confidences the two runs agreeing win.
    const plain = rankSuspects(runsOf([d]), { detectors: [consensusDetector] }).items[0];
    expect(plain).toMatchObject({ pred: 'west', agree: 2 });
    // The evidence says the confidence was used (issue 18 item 4), and says nothing of it without one.
    expect(items[0].reasons[0].text).toMatch(/with confidence 0\.90 \(weighted by it\)/);
    expect(plain.reasons[0].text).not.toMatch(/confidence/);
  });

  it('a corpus’s confidence column becomes the run’s confidence (confidenceLookup), per turn and slot', () => {
    const slots = ['hotel-area', 'hotel-stars'];
    const g = {
      confidence: {
        names: ['softmax', 'verbalized'],
        start: Int32Array.from([0, 2, 2, 3]),
        slot: Int32Array.from([0, 1, 1]),
        values: [Float64Array.from([0.9, 0.4, 0.7]), Float64Array.from([0.8, Number.NaN, 0.5])],
      },
    };
    const id = (n: string) => (slots.includes(n) ? slots.indexOf(n) : undefined);
    const first = confidenceLookup(g, id)!;
    expect([first(0, 'hotel-area'), first(0, 'hotel-stars'), first(1, 'hotel-area'), first(2, 'hotel-stars')]).toEqual([
      0.9,
      0.4,
      undefined,
      0.7,
    ]);
    expect(first(0, 'taxi-leaveat')).toBeUndefined();
    const verbal = confidenceLookup(g, id, 'verbalized')!;
    expect([verbal(0, 'hotel-area'), verbal(0, 'hotel-stars')]).toEqual([0.8, undefined]);
    expect(confidenceLookup(undefined, id)).toBeUndefined();
    expect(confidenceLookup(g, id, 'nope')).toBeUndefined();
  });

  it('breaks a tie of runs by the value, not by the order the values were met', () => {
    const mk = (a: string, b: string) =>
      runsOf([{ id: 'D1', gold: { 'hotel-area': ['north'] }, preds: [{ 'hotel-area': [a] }, { 'hotel-area': [b] }] }]);
    expect(rankSuspects(mk('west', 'east')).items[0].pred).toBe('east');
    expect(rankSuspects(mk('east', 'west')).items[0].pred).toBe('east');
  });
});
