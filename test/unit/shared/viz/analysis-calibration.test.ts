// The reliability diagram scene: one bar per non-empty bin at its accuracy,
// the bin's confidence as a line at its height, empty bins drawn as nothing,
// histograms whose stacks add up to the bin counts, the numbers in the title
// line and the signature (column, rule, bins) at the foot.
import { describe, expect, it } from 'vitest';
import type { CalibrationResult, PairStats } from '../../../../src/shared/analysis/calibration/analysis';
import { calibrationScene } from '../../../../src/shared/viz/analysis-calibration';
import { walk } from '../../../helpers/scene-walk';

function stats(): PairStats {
  const bins = Array.from({ length: 10 }, (_, k) => ({
    lo: k / 10,
    hi: (k + 1) / 10,
    count: 0,
    accuracy: null as number | null,
    confidence: null as number | null,
  }));
  bins[2] = { lo: 0.2, hi: 0.3, count: 2, accuracy: 0.5, confidence: 0.275 };
  bins[9] = { lo: 0.9, hi: 1, count: 3, accuracy: 2 / 3, confidence: 0.95 };
  const correct = new Array<number>(10).fill(0);
  const wrong = new Array<number>(10).fill(0);
  correct[2] = 1;
  wrong[2] = 1;
  correct[9] = 2;
  wrong[9] = 1;
  return { count: 5, correct: 3, accuracy: 0.6, meanConfidence: 0.68, ece: 0.26, auroc: 0.5, bins, histogram: { correct, wrong } };
}

const SIG = 'JGA | calibration column=confidence rule=domain bins=setsumbt/10 | app 1';
const result: CalibrationResult = {
  column: 'confidence',
  columns: ['confidence'],
  rule: 'domain',
  binning: 'setsumbt',
  pairs: stats(),
  joint: { ...stats(), turns: 4, turnsWithoutConfidence: 0, l2: 0.5, l2OneHot: 0.7, l2Ratio: 0.2 },
  bySlot: {},
  byDomain: {},
  comparison: null,
  signature: { parts: [] },
};

describe('calibrationScene', () => {
  const scene = calibrationScene(result, SIG, 760);
  const nodes = walk(scene);
  it('draws a bar per non-empty bin, at its accuracy, and the bin confidence as a line', () => {
    const bars = nodes.filter((p) => p.data.role === 'bin');
    expect(bars.map((b) => b.data.lo)).toEqual(['0.2', '0.9']);
    const conf = nodes.filter((p) => p.data.role === 'confidence');
    expect(conf).toHaveLength(2);
    // Heights proportional to accuracy (same panel scale): 0.5 vs 2/3.
    const h = bars.map((b) => (b.node.kind === 'rect' ? b.node.h : NaN));
    expect(h[0] / h[1]).toBeCloseTo(0.5 / (2 / 3), 9);
  });
  it('stacks correct and wrong pairs per bin', () => {
    expect(nodes.filter((p) => p.data.role === 'correct')).toHaveLength(2);
    expect(nodes.filter((p) => p.data.role === 'wrong')).toHaveLength(2);
  });
  it('says its numbers and carries the signature naming column and bins', () => {
    const summary = nodes.find((p) => p.data.role === 'summary')!.node;
    expect(summary.kind === 'text' && summary.text).toContain('ECE 0.260');
    const sig = nodes.filter((p) => p.data.role === 'signature').map((p) => (p.node.kind === 'text' ? p.node.text : ''));
    expect(sig.join(' | ')).toBe(SIG);
    // A long signature wraps at its separators, every part kept.
    const long = Array.from({ length: 30 }, (_, k) => `part${k}=value`).join(' | ');
    const wrapped = walk(calibrationScene(result, long, 400)).filter((p) => p.data.role === 'signature');
    expect(wrapped.length).toBeGreaterThan(1);
    expect(wrapped.map((p) => (p.node.kind === 'text' ? p.node.text : '')).join(' | ')).toBe(long);
    expect(scene.desc).toContain('bins=setsumbt/10');
    expect(scene.desc).toContain('column=confidence');
  });
});
