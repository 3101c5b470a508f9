// Confidence columns: building, concatenating, and the checks that name the
// first bad pair (a confidence that is not a number, out of [0, 1], a
// negative index, columns of different lengths).
import { describe, expect, it } from 'vitest';
import {
  CalibrationInputError,
  checkPairs,
  concatPairs,
  confidenceProblem,
  PairBuilder,
  pairsOf,
} from '../../../../../src/shared/analysis/calibration/pairs';

describe('confidence columns', () => {
  it('builds past its initial capacity, with the declared indices', () => {
    const b = new PairBuilder(['dialogue', 'group']);
    for (let i = 0; i < 3000; i++) b.add(i / 3000, i % 3 === 0, { dialogue: i >> 4, group: i % 5 });
    const p = b.build();
    expect(b.length).toBe(3000);
    expect(p.confidence[2999]).toBe(2999 / 3000);
    expect([p.correct[2997], p.correct[2999]]).toEqual([1, 0]);
    expect(p.dialogue?.[2999]).toBe(2999 >> 4);
    expect(p.group?.[2999]).toBe(4);
    expect(p.turn).toBeUndefined();
  });

  it('refuses pairs that carry an index only some of the time', () => {
    const b = new PairBuilder();
    b.add(0.5, true);
    expect(() => b.add(0.5, true, { dialogue: 1 })).toThrow(/has a dialogue but earlier pairs have none/);
    const c = new PairBuilder(['turn']);
    expect(() => c.add(0.5, true)).toThrow(/turn missing/);
  });

  it('concatenates shards in the order given; refuses shards with and without an index', () => {
    const a = pairsOf([{ confidence: 0.1, correct: true, dialogue: 0 }]);
    const b = pairsOf([{ confidence: 0.2, correct: false, dialogue: 1 }]);
    expect(concatPairs([b, a])).toEqual({
      confidence: Float64Array.of(0.2, 0.1),
      correct: Uint8Array.of(0, 1),
      dialogue: Int32Array.of(1, 0),
    });
    expect(() => concatPairs([a, pairsOf([{ confidence: 0.2, correct: false }])])).toThrow(/some shards have dialogue/);
  });

  it('says what is wrong with a confidence', () => {
    expect(confidenceProblem(0.5)).toBeNull();
    expect(confidenceProblem(Number.NaN)).toBe('a confidence must be a number, got NaN');
    expect(confidenceProblem(Number.POSITIVE_INFINITY, 'like-originals')).toBe('a confidence must be finite, got Infinity');
    expect(confidenceProblem(-0.2)).toBe('a confidence must lie in [0, 1], got -0.2');
    expect(confidenceProblem(-0.2, 'like-originals')).toBeNull();
    expect(confidenceProblem('0.5' as unknown as number)).toBe('a confidence must be a number, got 0.5');
  });

  it('checks name the first bad pair and count those outside [0, 1]', () => {
    const bad = pairsOf([
      { confidence: 0.5, correct: true },
      { confidence: Number.NaN, correct: true },
    ]);
    try {
      checkPairs(bad);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(CalibrationInputError);
      expect((e as CalibrationInputError).index).toBe(1);
      expect((e as Error).message).toBe('pair 1: a confidence must be a number, got NaN');
    }
    expect(checkPairs(pairsOf([1.5, 0.5, -1].map((confidence) => ({ confidence, correct: true }))), 'like-originals')).toBe(2);
    expect(() => checkPairs({ confidence: Float64Array.of(0.5), correct: new Uint8Array(2) })).toThrow(
      /1 confidences but 2 correctness flags/,
    );
    expect(() => checkPairs({ confidence: Float64Array.of(0.5), correct: Uint8Array.of(2) })).toThrow(/correct must be 0 or 1/);
    expect(() => checkPairs({ confidence: Float64Array.of(0.5), correct: Uint8Array.of(1), group: new Int32Array(0) })).toThrow(
      /group indices/,
    );
    expect(() => checkPairs(pairsOf([{ confidence: 0.5, correct: true, dialogue: -1 }]))).toThrow(/dialogue index must be ≥ 0/);
  });
});
