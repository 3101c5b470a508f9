// The binnings' bin of a confidence equals the definitions' comparisons with
// the edges (docs/reference/calibration.md), on edges, on the doubles right
// next to them and on arbitrary doubles, for several bin counts; numpy's
// edges i·(1/n) against SetSUMBT's decimal k/n.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  binningOf,
  placeA,
  placeB,
  placeSorted,
  setsumbtBin,
  sunAccuracyBin,
  sunCountBin,
} from '../../../../../src/shared/analysis/calibration/binning';

/** The next double above / below x. */
function step(x: number, up: boolean): number {
  const b = new Float64Array([x]);
  const u = new BigInt64Array(b.buffer);
  if (x === 0) return up ? Number.MIN_VALUE : -Number.MIN_VALUE;
  u[0] += x > 0 === up ? 1n : -1n;
  return b[0];
}

function byDefinition(c: number, e: ArrayLike<number>, n: number) {
  let set = -1;
  let count = -1;
  let acc = -1;
  for (let b = 0; b < n; b++) {
    if ((b === 0 ? e[0] <= c : e[b] < c) && c <= e[b + 1]) set = b;
    if (e[b] <= c && (b === n - 1 ? c <= e[b + 1] : c < e[b + 1])) count = b;
    if (e[b] < c && c <= e[b + 1]) acc = b;
  }
  return { set, count, acc };
}

describe('binning', () => {
  for (const n of [1, 3, 10, 15, 100]) {
    it(`${n} bins: every bin function equals the edge comparisons`, () => {
      const set = binningOf('setsumbt', n);
      const sun = binningOf('sun2024', n);
      const edgeLike = [...set.edges, ...sun.edges].flatMap((x) => [x, step(x, true), step(x, false)]);
      const check = (c: number) => {
        expect(setsumbtBin(c, set), `setsumbt ${c}`).toBe(byDefinition(c, set.edges, n).set);
        const d = byDefinition(c, sun.edges, n);
        expect(sunCountBin(c, sun), `sun count ${c}`).toBe(d.count);
        expect(sunAccuracyBin(c, sun), `sun accuracy ${c}`).toBe(d.acc);
      };
      for (const c of [...edgeLike, -0, Number.NaN, 2, -1e-300]) check(c);
      fc.assert(fc.property(fc.double({ min: -0.1, max: 1.1, noNaN: true }), check), { numRuns: 2000 });
    });
  }

  it('placements of an ascending array by cursor equal placing each value alone', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.double({ min: -0.2, max: 1.2, noNaN: true }),
            fc.integer({ min: 0, max: 10 }).map((k) => k / 10),
          ),
        ),
        fc.constantFrom('setsumbt' as const, 'sun2024' as const),
        fc.integer({ min: 1, max: 20 }),
        (xs, name, n) => {
          const bn = binningOf(name, n);
          const v = Float64Array.from(xs).sort();
          const got = placeSorted(bn, v);
          expect(Array.from(got.a)).toEqual(Array.from(v, (c) => placeA(bn, c)));
          expect(Array.from(got.b)).toEqual(Array.from(v, (c) => placeB(bn, c)));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('numpy edges are i·0.1 (0.30000000000000004, …) while SetSUMBT’s are k/10 (0.3): 0.3 falls in different bins', () => {
    const sun = binningOf('sun2024');
    const set = binningOf('setsumbt');
    expect(sun.edges[3]).toBe(0.30000000000000004);
    expect(set.edges[3]).toBe(0.3);
    expect(sunCountBin(0.3, sun)).toBe(2);
    expect(sunAccuracyBin(0.3, sun)).toBe(2);
    expect(setsumbtBin(0.3, set)).toBe(2);
    expect(sunCountBin(0.8, sun)).toBe(8);
    expect(sunAccuracyBin(0.8, sun)).toBe(7);
    expect(setsumbtBin(0.8, set)).toBe(7);
    expect([setsumbtBin(0, set), sunCountBin(0, sun), sunAccuracyBin(0, sun)]).toEqual([0, 0, -1]);
    expect([setsumbtBin(1, set), sunCountBin(1, sun), sunAccuracyBin(1, sun)]).toEqual([9, 9, 9]);
  });

  it('refuses unknown binnings and bad bin counts', () => {
    expect(() => binningOf('equal-mass' as 'setsumbt')).toThrow(/unknown binning "equal-mass"/);
    expect(() => binningOf('setsumbt', 0)).toThrow(RangeError);
    expect(() => binningOf('setsumbt', 2.5)).toThrow(RangeError);
    expect(binningOf('sun2024', 10)).toBe(binningOf('sun2024', 10));
  });
});
