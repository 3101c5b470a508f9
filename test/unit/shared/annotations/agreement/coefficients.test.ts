// Cohen's κ, Fleiss' κ and Krippendorff's α: published worked examples,
// an independent straightforward computation of each definition (α through
// its coincidence matrix, built pair by pair), fast-check properties, and the
// undefined and missing-rating cases.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cohenKappa,
  cohenKappaFromMatrix,
  fleissKappa,
  fleissKappaFromCounts,
  krippendorffAlpha,
  krippendorffAlphaFromCounts,
} from '../../../../../src/shared/annotations/agreement/coefficients';
import { ratingTable, type RatingRow } from '../../../../../src/shared/annotations/agreement/table';

type Cell = string | null;

describe('published worked examples', () => {
  it('Krippendorff (2011), “Computing Krippendorff’s Alpha-Reliability”, nominal data with missing values: α = 0.743', () => {
    // Section C's reliability data: 4 observers, 12 units, “.” = missing. α_nominal = 0.743 in the paper;
    // nltk's AnnotationTask.alpha gives 0.743421052631579 on the same data (n = 40 pairable values).
    const A = [1, 2, 3, 3, 2, 1, 4, 1, 2, null, null, null];
    const B = [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, null, 3];
    const C = [null, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, null];
    const D = [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, null];
    const rows: RatingRow[] = A.map((_, u) => ({
      item: `u${u + 1}`,
      ratings: [A, B, C, D].map((o) => (o[u] === null ? null : String(o[u]))),
    }));
    const a = krippendorffAlpha(ratingTable(['A', 'B', 'C', 'D'], rows));
    expect(a.alpha?.toFixed(3)).toBe('0.743');
    expect(Math.abs((a.alpha as number) - 0.743421052631579)).toBeLessThan(1e-12);
    expect([a.items, a.values]).toEqual([11, 40]); // unit 12 has one value: dropped
  });

  it('Fleiss’ κ, Wikipedia’s worked example (10 subjects, 14 raters, 5 categories): κ = 0.210, P̄ = 0.378, P̄e = 0.213', () => {
    // https://en.wikipedia.org/wiki/Fleiss%27_kappa#Worked_example; statsmodels' fleiss_kappa gives 0.20993070442195522.
    const counts = [
      [0, 0, 0, 0, 14],
      [0, 2, 6, 4, 2],
      [0, 0, 3, 5, 6],
      [0, 3, 9, 2, 0],
      [2, 2, 8, 1, 1],
      [7, 7, 0, 0, 0],
      [3, 2, 6, 3, 0],
      [2, 5, 3, 2, 2],
      [6, 5, 2, 1, 0],
      [0, 2, 2, 3, 7],
    ];
    const k = fleissKappaFromCounts(counts);
    expect(k.kappa?.toFixed(3)).toBe('0.210');
    expect(Math.abs((k.kappa as number) - 0.20993070442195522)).toBeLessThan(1e-12);
    expect(k.observed?.toFixed(3)).toBe('0.378');
    expect(k.expected?.toFixed(3)).toBe('0.213');
    expect([k.items, k.raters]).toEqual([10, 14]);
    // The same ratings as a table of 14 raters (who rated what does not matter to Fleiss' κ).
    const rows = counts.map((row, i) => ({ item: `s${i}`, ratings: row.flatMap((n, c) => Array<string>(n).fill(`c${c}`)) }));
    expect(
      fleissKappa(
        ratingTable(
          Array.from({ length: 14 }, (_, r) => `r${r}`),
          rows,
        ),
      ).kappa,
    ).toBeCloseTo(k.kappa as number, 14);
  });

  it('Cohen’s κ, Wikipedia’s simple example (50 proposals: 20 yes/yes, 5 yes/no, 10 no/yes, 15 no/no): p_o = 0.7, p_e = 0.5, κ = 0.4', () => {
    // https://en.wikipedia.org/wiki/Cohen%27s_kappa#Simple_example
    const k = cohenKappaFromMatrix([
      [20, 5],
      [10, 15],
    ]);
    expect(k.observed).toBeCloseTo(0.7, 15);
    expect(k.expected).toBeCloseTo(0.5, 15);
    expect(k.kappa).toBeCloseTo(0.4, 14);
    expect(k.items).toBe(50);
  });
});

/** The definitions, written out. */
function cohenByDefinition(rows: Cell[][]): number | null {
  const both = rows.filter((r) => r[0] !== null && r[1] !== null);
  if (both.length === 0) return null;
  const n = both.length;
  const cats = [...new Set(both.flatMap((r) => r as string[]))];
  const po = both.filter((r) => r[0] === r[1]).length / n;
  let pe = 0;
  for (const c of cats) pe += (both.filter((r) => r[0] === c).length / n) * (both.filter((r) => r[1] === c).length / n);
  return Math.abs(1 - pe) < 1e-15 ? null : (po - pe) / (1 - pe);
}

function fleissByDefinition(rows: Cell[][]): number | null {
  const R = rows[0]?.length ?? 0;
  const full = rows.filter((r) => r.every((x) => x !== null)) as string[][];
  if (full.length === 0) return null;
  const cats = [...new Set(full.flat())];
  const P = full.map((r) => (cats.reduce((s, c) => s + r.filter((x) => x === c).length ** 2, 0) - R) / (R * (R - 1)));
  const pBar = P.reduce((s, x) => s + x, 0) / full.length;
  const pe = cats.reduce((s, c) => s + (full.flat().filter((x) => x === c).length / (full.length * R)) ** 2, 0);
  return Math.abs(1 - pe) < 1e-15 ? null : (pBar - pe) / (1 - pe);
}

function alphaByDefinition(rows: Cell[][]): number | null {
  const cats = [...new Set(rows.flat().filter((x): x is string => x !== null))];
  const o = new Map<string, number>();
  for (const r of rows) {
    const vals = r.filter((x): x is string => x !== null);
    const m = vals.length;
    if (m < 2) continue;
    // Every ordered pair of values from different raters of the unit.
    for (let i = 0; i < m; i++)
      for (let j = 0; j < m; j++) if (i !== j) o.set(`${vals[i]}|${vals[j]}`, (o.get(`${vals[i]}|${vals[j]}`) ?? 0) + 1 / (m - 1));
  }
  const nc = new Map(cats.map((c) => [c, cats.reduce((s, k) => s + (o.get(`${c}|${k}`) ?? 0), 0)]));
  const n = [...nc.values()].reduce((s, x) => s + x, 0);
  if (n < 2) return null;
  let off = 0;
  let exp = 0;
  for (const c of cats)
    for (const k of cats)
      if (c !== k) {
        off += o.get(`${c}|${k}`) ?? 0;
        exp += (nc.get(c) as number) * (nc.get(k) as number);
      }
  if (exp === 0) return null;
  const Do = off / n;
  const De = exp / (n * (n - 1));
  return 1 - Do / De;
}

const rowsArb = (raters: number, pMissing: number) =>
  fc.array(
    fc.array(
      fc.oneof(
        { weight: 1, arbitrary: fc.constant(null) },
        {
          weight: Math.round((1 / Math.max(pMissing, 0.01) - 1) * 1),
          arbitrary: fc.constantFrom('confirmed', 'rejected', 'suspected', 'x'),
        },
      ),
      { minLength: raters, maxLength: raters },
    ),
    { maxLength: 40 },
  );
const table = (rows: Cell[][], R: number) =>
  ratingTable(
    Array.from({ length: R }, (_, r) => `r${r}`),
    rows.map((ratings, i) => ({ item: `i${i}`, ratings })),
  );
const near = (a: number | null, b: number | null) => (a === null || b === null ? a === b : Math.abs(a - b) <= 1e-12);
const RUNS = { numRuns: 300 };

describe('coefficients = the definitions', () => {
  it('Cohen’s κ on the items both rated', () => {
    fc.assert(
      fc.property(rowsArb(2, 0.2), (rows) => {
        const k = cohenKappa(table(rows, 2));
        expect(near(k.kappa, cohenByDefinition(rows)), `${k.kappa} vs ${cohenByDefinition(rows)}`).toBe(true);
        expect(k.items).toBe(rows.filter((r) => r[0] !== null && r[1] !== null).length);
      }),
      RUNS,
    );
  });

  it('Fleiss’ κ on the items rated by all', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 6 }).chain((R) => rowsArb(R, 0.1).map((rows) => [R, rows] as const)),
        ([R, rows]) => {
          const k = fleissKappa(table(rows, R));
          expect(near(k.kappa, fleissByDefinition(rows)), `${k.kappa} vs ${fleissByDefinition(rows)}`).toBe(true);
          expect(k.items).toBe(rows.filter((r) => r.every((x) => x !== null)).length);
        },
      ),
      RUNS,
    );
  });

  it('Krippendorff’s α through the coincidence matrix, with missing ratings', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 6 }).chain((R) => rowsArb(R, 0.3).map((rows) => [R, rows] as const)),
        ([R, rows]) => {
          const a = krippendorffAlpha(table(rows, R));
          expect(near(a.alpha, alphaByDefinition(rows)), `${a.alpha} vs ${alphaByDefinition(rows)}`).toBe(true);
          const pairable = rows.filter((r) => r.filter((x) => x !== null).length >= 2);
          expect(a.items).toBe(pairable.length);
          expect(a.values).toBe(pairable.flat().filter((x) => x !== null).length);
        },
      ),
      RUNS,
    );
  });
});

describe('properties', () => {
  it('perfect agreement with at least two categories: κ = α = 1 exactly', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 5 }),
        fc.array(fc.constantFrom('a', 'b', 'c'), { minLength: 2, maxLength: 30 }).filter((xs) => new Set(xs).size > 1),
        (R, truth) => {
          const rows = truth.map((x) => Array<Cell>(R).fill(x));
          const t = table(rows, R);
          expect(krippendorffAlpha(t).alpha).toBe(1);
          expect(fleissKappa(t).kappa).toBe(1);
          if (R === 2) expect(cohenKappa(t).kappa).toBe(1);
        },
      ),
    );
  });

  it('every rating the same category: undefined (null), not 1 and not NaN', () => {
    const t = table(
      [
        ['confirmed', 'confirmed', 'confirmed'],
        ['confirmed', null, 'confirmed'],
      ],
      3,
    );
    expect(krippendorffAlpha(t)).toMatchObject({ alpha: null, observedDisagreement: 0, expectedDisagreement: 0, items: 2, values: 5 });
    expect(fleissKappa(t)).toMatchObject({ kappa: null, observed: 1, expected: 1, items: 1 });
    expect(cohenKappa(t, 0, 2)).toMatchObject({ kappa: null, observed: 1, expected: 1, items: 2 });
  });

  it('independent random raters: κ and α near 0 (chance agreement)', () => {
    // Seeded: 4 raters, 3 categories, 20,000 items; each coefficient's standard error is below 0.01 here.
    let s = 7;
    const next = () => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) >>> 16) % 3;
    const rows = Array.from({ length: 20000 }, () => Array.from({ length: 4 }, () => ['a', 'b', 'c'][next()]));
    const t = table(rows, 4);
    expect(Math.abs(fleissKappa(t).kappa as number)).toBeLessThan(0.02);
    expect(Math.abs(krippendorffAlpha(t).alpha as number)).toBeLessThan(0.02);
    expect(Math.abs(cohenKappa(t, 1, 3).kappa as number)).toBeLessThan(0.03);
  });

  it('renaming categories, reordering items or raters changes nothing', () => {
    fc.assert(
      fc.property(
        rowsArb(3, 0.2).chain((rows) =>
          fc.tuple(
            fc.constant(rows),
            fc.shuffledSubarray([...rows.keys()], { minLength: rows.length, maxLength: rows.length }),
            fc.shuffledSubarray([0, 1, 2], { minLength: 3, maxLength: 3 }),
          ),
        ),
        ([rows, order, perm]) => {
          const rename = (x: Cell) => (x === null ? null : `v:${x.split('').reverse().join('')}`);
          const other = order.map((i) => perm.map((r) => rename(rows[i][r])));
          const [a, b] = [table(rows, 3), table(other, 3)];
          expect(near(krippendorffAlpha(a).alpha, krippendorffAlpha(b).alpha)).toBe(true);
          expect(near(fleissKappa(a).kappa, fleissKappa(b).kappa)).toBe(true);
        },
      ),
      RUNS,
    );
  });

  it('α for two raters without missing ratings is Scott’s π corrected for sample size: α = 1 − (2N − 1)/(2N) · (1 − π)', () => {
    // Krippendorff (2011), section A: with two coders and no missing data, α = 1 − (n − 1) D_o / … reduces to this.
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('a', 'b', 'c'), fc.constantFrom('a', 'b', 'c')), { minLength: 1, maxLength: 30 }),
        (pairs) => {
          const rows = pairs.map(([x, y]) => [x, y] as Cell[]);
          const t = table(rows, 2);
          const pi = fleissKappa(t).kappa; // Fleiss' κ with two raters is Scott's π
          const a = krippendorffAlpha(t).alpha;
          if (pi === null) {
            expect(a).toBeNull();
            return;
          }
          const N = pairs.length;
          expect(near(a, 1 - ((2 * N - 1) / (2 * N)) * (1 - pi))).toBe(true);
        },
      ),
      RUNS,
    );
  });

  it('nothing to use: no item, or no item rated by enough raters', () => {
    const t = table(
      [
        ['a', null, null],
        [null, 'b', null],
      ],
      3,
    );
    expect(krippendorffAlpha(t)).toEqual({ alpha: null, observedDisagreement: null, expectedDisagreement: null, items: 0, values: 0 });
    expect(fleissKappa(t)).toEqual({ kappa: null, observed: null, expected: null, items: 0, raters: 3 });
    expect(cohenKappa(t)).toEqual({ kappa: null, observed: null, expected: null, items: 0 });
    expect(() => cohenKappa(t, 0, 0)).toThrow(/two different raters/);
    expect(() => cohenKappa(t, 0, 3)).toThrow(/no rater 3/);
    expect(fleissKappaFromCounts([[1, 2], [3]]).items).toBe(2); // short rows: the missing categories count 0
    expect(() => fleissKappaFromCounts([[1, 2], [2]])).toThrow(/item 1 has 2/);
    expect(() => krippendorffAlphaFromCounts([[1.5]])).toThrow(/non-negative integer/);
    expect(() => cohenKappaFromMatrix([[1, 2], [3]])).toThrow(/square/);
  });
});
