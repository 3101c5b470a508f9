// src/shared/arrays.ts: maxOf/minOf/maxBy/minBy give Math.max's and
// Math.min's values (NaN, ±0, empty input with a floor) on arrays of any
// length — a million elements, where `Math.max(...xs)` throws — and
// pushAll/prependAll do what push(...xs)/unshift(...xs) do.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { maxBy, maxOf, minBy, minOf, prependAll, pushAll } from '../../../src/shared/arrays';

describe('arrays', () => {
  it('maxOf/minOf equal Math.max/Math.min with the floor as one more argument', () => {
    fc.assert(
      fc.property(fc.array(fc.double()), fc.double(), (xs, floor) => {
        expect(Object.is(maxOf(xs, floor), Math.max(floor, ...xs))).toBe(true);
        expect(Object.is(minOf(xs, floor), Math.min(floor, ...xs))).toBe(true);
        expect(Object.is(maxOf(xs), Math.max(...xs))).toBe(true);
        expect(Object.is(minOf(xs), Math.min(...xs))).toBe(true);
      }),
    );
  });

  it('maxBy/minBy map without building an array', () => {
    const words = ['a', 'abcd', 'ab'];
    expect(maxBy(words, (w) => w.length)).toBe(4);
    expect(minBy(words, (w) => w.length)).toBe(1);
    expect(maxBy([], (w: string) => w.length, 4)).toBe(4);
    expect(minBy([], (w: string) => w.length)).toBe(Infinity);
  });

  it('work on a million elements, where a spread into the call overflows the stack', () => {
    const xs = Array.from({ length: 1_000_000 }, (_, i) => (i * 7919) % 1_000_003);
    expect(() => Math.max(...xs)).toThrow(RangeError);
    expect(maxOf(xs)).toBe(1_000_002);
    expect(minOf(xs)).toBe(0);
    expect(maxOf(new Float64Array(xs))).toBe(1_000_002);
    const out = [-1];
    expect(() => out.push(...xs)).toThrow(RangeError);
    expect(pushAll(out, xs)).toBe(out);
    expect(out.length).toBe(1_000_001);
    expect(out[1_000_000]).toBe(xs[999_999]);
    const front = [1, 2];
    prependAll(front, xs);
    expect(front.length).toBe(1_000_002);
    expect(front.slice(0, 2)).toEqual(xs.slice(0, 2));
    expect(front.slice(-2)).toEqual([1, 2]);
  });

  it('prependAll is unshift(...items)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer()), fc.array(fc.integer()), (a, b) => {
        const want = [...a];
        want.unshift(...b);
        expect(prependAll([...a], b)).toEqual(want);
      }),
    );
  });
});
