// FGA's rules (spec section 6), each pinned by a small case: the reference
// rule 3 (previous turn exact → type-1), distances over integer turn indices
// with gaps, and the type-2 score 1 - exp(-λ·d).
import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../../../../src/shared/metrics/config';
import { dialogueResults, evaluate } from '../../../../../src/shared/metrics/evaluate';
import { metricValue } from '../../../../../src/shared/metrics/values';
import { buildCorpus, type RawDialogue } from '../../../../helpers/random-corpus';

const cfg = defaultConfig({ lambdas: [0.5] });
const dlg = (turns: [Record<number, number>, Record<number, number>][], indices = turns.map((_, i) => i)): RawDialogue => ({
  id: 'F.json',
  indices,
  turns: turns.map(([g, p]) => ({
    gold: new Map(Object.entries(g).map(([k, v]) => [Number(k), v])),
    pred: new Map(Object.entries(p).map(([k, v]) => [Number(k), v])),
  })),
});
const turns = (d: RawDialogue) => [...dialogueResults(evaluate(buildCorpus([d]), cfg), true)][0].perTurn!;

describe('FGA classes', () => {
  it('a wrong first turn is type-1', () => {
    expect(turns(dlg([[{ 1: 1 }, { 1: 2 }]]))[0].fgaClass).toBe('type1');
  });
  it("an error right after an exact turn is type-1 even when T and T' are covered (reference rule 3)", () => {
    // Gold drops slot 1, the prediction keeps it: T = T' = ∅, so the paper's step 4 alone would say type-2.
    const t = turns(
      dlg([
        [{ 1: 1 }, { 1: 1 }],
        [{}, { 1: 1 }],
      ]),
    );
    expect(t.map((x) => x.fgaClass)).toEqual(['exact', 'type1']);
  });
  it('after a type-1 error, a turn whose own changes are right is type-2', () => {
    // Turn 1: the prediction invents slot 3 after an exact turn → type-1. Turn 2: gold adds slot 2 and the
    // prediction adds it too, carrying only the old error → type-2 at distance 1.
    const t = turns(
      dlg([
        [{ 1: 1 }, { 1: 1 }],
        [{ 1: 1 }, { 1: 1, 3: 1 }],
        [
          { 1: 1, 2: 1 },
          { 1: 1, 2: 1, 3: 1 },
        ],
      ]),
    );
    expect(t.map((x) => x.fgaClass)).toEqual(['exact', 'type1', 'type2']);
    expect(t[2].fgaDistance).toBe(1);
    expect(metricValue(t[2].values, 'FGA', '0.5')).toBeCloseTo(1 - Math.exp(-0.5), 15);
  });
  it('a carried error keeps decaying with the integer turn distance, gaps included', () => {
    const t = turns(
      dlg(
        [
          [{ 1: 1 }, { 1: 2 }],
          [{ 1: 1 }, { 1: 2 }],
          [{ 1: 1 }, { 1: 2 }],
        ],
        [0, 3, 4],
      ),
    );
    expect(t.map((x) => x.fgaClass)).toEqual(['type1', 'type2', 'type2']);
    expect(t.map((x) => x.fgaDistance)).toEqual([null, 3, 4]);
  });
  it('a new mistake in a carried-error run is type-1 and resets the distance', () => {
    const t = turns(
      dlg([
        [{ 1: 1 }, { 1: 2 }],
        [{ 1: 1 }, { 1: 2 }],
        [{ 1: 1, 2: 1 }, { 1: 2 }],
        [{ 1: 1, 2: 1 }, { 1: 2 }],
      ]),
    );
    expect(t.map((x) => x.fgaClass)).toEqual(['type1', 'type2', 'type1', 'type2']);
    expect(t[3].fgaDistance).toBe(1);
  });
});
