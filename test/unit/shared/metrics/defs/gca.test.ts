// GCA's reference behaviours (spec section 7), each pinned by a small case.
import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../../../../src/shared/metrics/config';
import { dialogueResults, evaluate } from '../../../../../src/shared/metrics/evaluate';
import { gcaScore } from '../../../../../src/shared/metrics/defs/gca';
import { buildCorpus, type RawDialogue } from '../../../../helpers/random-corpus';

const cfg = defaultConfig();
const dlg = (turns: [Record<number, number>, Record<number, number>][]): RawDialogue => ({
  id: 'X.json',
  indices: turns.map((_, i) => i),
  turns: turns.map(([g, p]) => ({
    gold: new Map(Object.entries(g).map(([k, v]) => [Number(k), v])),
    pred: new Map(Object.entries(p).map(([k, v]) => [Number(k), v])),
  })),
});
const deltas = (d: RawDialogue) => [...dialogueResults(evaluate(buildCorpus([d]), cfg), true)][0].perTurn!.map((t) => t.gca);

describe('GCA reference behaviour', () => {
  it('both sides dropping the same slot in the same turn counts one C and one M', () => {
    expect(
      deltas(
        dlg([
          [{ 1: 2 }, { 1: 2 }],
          [{}, {}],
        ]),
      ),
    ).toEqual([
      { C: 1, W: 0, M: 0, O: 0 },
      { C: 1, W: 0, M: 1, O: 0 },
    ]);
  });
  it('an explicit "none" on both sides counts C and M; on gold only it is a correct change', () => {
    expect(deltas(dlg([[{ 1: 0 }, { 1: 0 }]]))[0]).toEqual({ C: 1, W: 0, M: 1, O: 0 });
    expect(deltas(dlg([[{ 1: 0 }, {}]]))[0]).toEqual({ C: 1, W: 0, M: 0, O: 0 });
  });
  it('a wrong value counts one W, not a W and an O', () => {
    expect(deltas(dlg([[{ 1: 2 }, { 1: 3 }]]))[0]).toEqual({ C: 0, W: 1, M: 0, O: 0 });
  });
  it('a slot the prediction drops while gold keeps it is an M; one it invents is an O', () => {
    expect(
      deltas(
        dlg([
          [{ 1: 2 }, { 1: 2 }],
          [{ 1: 2 }, {}],
        ]),
      )[1],
    ).toEqual({ C: 0, W: 0, M: 1, O: 0 });
    expect(deltas(dlg([[{}, { 4: 1 }]]))[0]).toEqual({ C: 0, W: 0, M: 0, O: 1 });
  });
  it('is 0 when any rate is 0 or undefined, 1 when all changes are correct', () => {
    expect(gcaScore({ C: 0, W: 0, M: 0, O: 0 })).toBe(0);
    expect(gcaScore({ C: 0, W: 3, M: 0, O: 0 })).toBe(0);
    expect(gcaScore({ C: 5, W: 0, M: 0, O: 0 })).toBe(1);
  });
});
