// Percentages print as the papers' Python scripts print them: round(a*100/b, 2)
// rounds exact ties to even. Expected strings below were printed by Python 3.11
// ('%.2f' % round(a * 100.0 / b, 2)) on this machine.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fixed2, percent2 } from '../../../../src/shared/report/round';

const PYTHON: [number, number, string][] = [
  [1, 32, '3.12'],
  [11, 160, '6.88'],
  [23, 160, '14.38'],
  [41, 160, '25.62'],
  [49, 160, '30.62'],
  [1, 800, '0.12'],
  [3, 8, '37.50'],
  [5, 16, '31.25'],
  [7, 9, '77.78'],
  [2, 3, '66.67'],
  [1, 3, '33.33'],
  [637, 1000, '63.70'],
];

describe('percent2', () => {
  it.each(PYTHON)('%i/%i prints %s, as Python does', (a, b, want) => {
    expect(percent2(a / b)).toBe(want);
  });
  it('rounds a double below a decimal tie down, like Python (3.135 is 3.13499…)', () => {
    expect(fixed2(3.135)).toBe('3.13');
    expect(fixed2(2.675)).toBe('2.67');
    expect(fixed2(3.125)).toBe('3.12');
    expect(fixed2(3.375)).toBe('3.38');
    expect(fixed2(-3.125)).toBe('-3.12');
  });
  it('agrees with toFixed(2) away from exactly representable ties', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 100, noNaN: true }), (v) => {
        const n = Math.round(v * 1000);
        fc.pre(!(n % 250 === 125 && Math.abs(v - n / 1000) < 1e-12));
        expect(fixed2(v)).toBe(v.toFixed(2));
      }),
      { numRuns: 2000 },
    );
  });
});
