// The dialogue list's small bars (viz/row-bars.ts): a value in [0, 1] → a width.
import { describe, expect, it } from 'vitest';
import { barWidth } from '../../../../../src/renderer/src/viz/row-bars';

describe('row bars', () => {
  it('sizes list bars within their width', () => {
    expect(barWidth(0.5, 40)).toBe(20);
    expect(barWidth(1.5, 40)).toBe(40);
    expect(barWidth(null, 40)).toBe(0);
  });
});
