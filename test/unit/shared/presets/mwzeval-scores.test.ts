// mwzeval's get_dst arithmetic (Tomiinek/MultiWOZ_Evaluation @ 7f19ee0,
// mwzeval/metrics.py L317-320): the 1e-10 terms are kept, so the numbers are
// the same doubles Python computes, not the "clean" fractions.
import { describe, expect, it } from 'vitest';
import { mwzevalScores } from '../../../../src/shared/presets/mwzeval-scores';

describe('mwzevalScores', () => {
  it('one matched turn gives 100 / (1 + 1e-10), not 100', () => {
    const s = mwzevalScores({ turns: 1, joint: 1, tp: 1, fp: 0, fn: 0 });
    expect(s.joint_accuracy).toBe((1 / (1 + 1e-10)) * 100);
    expect(s.joint_accuracy).not.toBe(100);
    expect(Math.abs(s.joint_accuracy - 100)).toBeGreaterThan(1e-9);
  });
  it("the edge fixture counts give mwzeval's printed values bit for bit", () => {
    // 22 turns, 14 joint matches, tp 35, fp 8, fn 3 (test/fixtures/presets/mwzeval/edge.expected.json)
    const s = mwzevalScores({ turns: 22, joint: 14, tp: 35, fp: 8, fn: 3 });
    expect(s).toEqual({
      joint_accuracy: 63.63636363607439,
      slot_f1: 86.41975308122542,
      slot_precision: 0.8139534883702001,
      slot_recall: 0.9210526315765235,
    });
  });
  it('nothing to score gives zeros, as get_dst does', () => {
    expect(mwzevalScores({ turns: 0, joint: 0, tp: 0, fp: 0, fn: 0 })).toEqual({
      joint_accuracy: 0,
      slot_f1: 0,
      slot_precision: 0,
      slot_recall: 0,
    });
  });
});
