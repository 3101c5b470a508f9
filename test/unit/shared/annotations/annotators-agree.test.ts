// `corrections agree`'s numbers (src/shared/annotations/annotators-agree.ts):
// Cohen's κ, Fleiss' κ and Krippendorff's α on annotation files equal a
// straightforward computation written out here from the textbook definitions
// (Cohen 1960; Fleiss 1971; Krippendorff 2011's coincidence matrix), on
// perfect agreement, chance agreement and missing ratings; the JSON shape,
// the counts of items each annotator rated, seeded intervals.
import { describe, expect, it } from 'vitest';
import { agreementSummary, agreementTable } from '../../../../src/shared/annotations/annotators-agree';
import type { AnnotationRecord } from '../../../../src/shared/annotations/record';
import { fileOf, rec } from '../../../helpers/annotators';

type Row = (string | null)[]; // one item: each annotator's category, null = not rated

/** Cohen's κ on the items both rated, from the definition. */
function naiveCohen(rows: Row[]): number {
  const both = rows.filter((r) => r[0] !== null && r[1] !== null);
  const n = both.length;
  const cats = [...new Set(both.flat())] as string[];
  const po = both.filter((r) => r[0] === r[1]).length / n;
  let pe = 0;
  for (const c of cats) pe += (both.filter((r) => r[0] === c).length / n) * (both.filter((r) => r[1] === c).length / n);
  return (po - pe) / (1 - pe);
}

/** Fleiss' κ on the items every annotator rated, from the definition. */
function naiveFleiss(rows: Row[]): number {
  const full = rows.filter((r) => r.every((c) => c !== null)) as string[][];
  const R = full[0].length;
  const N = full.length;
  const cats = [...new Set(full.flat())];
  let Pbar = 0;
  for (const r of full) Pbar += (cats.reduce((s, c) => s + r.filter((x) => x === c).length ** 2, 0) - R) / (R * (R - 1));
  Pbar /= N;
  const Pe = cats.reduce((s, c) => s + (full.flat().filter((x) => x === c).length / (N * R)) ** 2, 0);
  return (Pbar - Pe) / (1 - Pe);
}

/** Krippendorff's α (nominal) through the coincidence matrix, units with at least two ratings. */
function naiveAlpha(rows: Row[]): number {
  const units = rows.map((r) => r.filter((c) => c !== null) as string[]).filter((u) => u.length >= 2);
  const cats = [...new Set(units.flat())];
  const o = new Map<string, number>();
  for (const u of units)
    for (let i = 0; i < u.length; i++)
      for (let j = 0; j < u.length; j++) if (i !== j) o.set(`${u[i]}|${u[j]}`, (o.get(`${u[i]}|${u[j]}`) ?? 0) + 1 / (u.length - 1));
  const nc = new Map(cats.map((c) => [c, cats.reduce((s, k) => s + (o.get(`${c}|${k}`) ?? 0), 0)]));
  const n = [...nc.values()].reduce((a, b) => a + b, 0);
  let Do = 0;
  let De = 0;
  for (const c of cats)
    for (const k of cats)
      if (c !== k) {
        Do += o.get(`${c}|${k}`) ?? 0;
        De += (nc.get(c) as number) * (nc.get(k) as number);
      }
  return 1 - Do / n / (De / (n * (n - 1)));
}

/** Annotation files from decision rows: annotator k's record at slot sI, status rows[I][k]. */
function filesOf(names: string[], rows: Row[], to: (status: string) => string | undefined = () => undefined) {
  return names.map((a, k) =>
    fileOf(
      `${a}.jsonl`,
      rows.flatMap((r, i) => (r[k] === null ? [] : [rec(a, 0, `s${i}`, r[k] as string, to(r[k] as string))])) as AnnotationRecord[],
    ),
  );
}

const settings = { bootstrap: 200, seed: 7 };

describe('corrections agree: κ and α equal the definitions', () => {
  it('perfect agreement (three decisions): κ = α = 1, intervals at 1', () => {
    const rows: Row[] = [
      ['confirmed', 'confirmed'],
      ['rejected', 'rejected'],
      ['suspected', 'suspected'],
      ['confirmed', 'confirmed'],
    ];
    const s = agreementSummary(filesOf(['ann', 'bob'], rows), settings);
    expect(s.decision.cohen_kappa).toBe(1);
    expect(s.decision.krippendorff_alpha).toBe(1);
    expect(s.decision.ci.cohen_kappa).toEqual([1, 1]);
    expect(s.decision.fleiss_kappa).toBeUndefined();
  });

  it('chance agreement: p_o = p_e gives κ = 0, and α as the coincidence matrix says (1/8)', () => {
    const rows: Row[] = [
      ['confirmed', 'confirmed'],
      ['confirmed', 'rejected'],
      ['rejected', 'confirmed'],
      ['rejected', 'rejected'],
    ];
    const s = agreementSummary(filesOf(['ann', 'bob'], rows), settings);
    expect(s.decision.cohen_kappa).toBeCloseTo(naiveCohen(rows), 12);
    expect(s.decision.cohen_kappa).toBeCloseTo(0, 12);
    expect(s.decision.krippendorff_alpha).toBeCloseTo(naiveAlpha(rows), 12);
    expect(s.decision.krippendorff_alpha).toBeCloseTo(1 / 8, 12);
  });

  it('two annotators, partial agreement, missing ratings: κ on the items both rated, α on the pairable ones', () => {
    const rows: Row[] = [
      ['confirmed', 'confirmed'],
      ['confirmed', 'rejected'],
      ['rejected', 'rejected'],
      ['suspected', 'confirmed'],
      ['confirmed', null],
      [null, 'rejected'],
      ['confirmed', 'confirmed'],
      ['rejected', 'suspected'],
    ];
    const s = agreementSummary(filesOf(['ann', 'bob'], rows), settings);
    expect(s.decision.cohen_kappa).toBeCloseTo(naiveCohen(rows), 12);
    expect(s.decision.krippendorff_alpha).toBeCloseTo(naiveAlpha(rows), 12);
    expect(s.items).toBe(8);
    expect(s.decision.items_used).toEqual({ cohen_kappa: 6, krippendorff_alpha: 6 });
    expect(s.decision.rated_by).toEqual({ ann: 7, bob: 7 });
  });

  it('three annotators with missing ratings: Fleiss on the items all rated, α on every pairable item', () => {
    const rows: Row[] = [
      ['confirmed', 'confirmed', 'confirmed'],
      ['confirmed', 'rejected', 'confirmed'],
      ['rejected', 'rejected', 'suspected'],
      ['suspected', 'suspected', 'suspected'],
      ['confirmed', null, 'rejected'],
      [null, null, 'rejected'],
      ['rejected', 'rejected', null],
      ['confirmed', 'confirmed', 'rejected'],
    ];
    const s = agreementSummary(filesOf(['a', 'b', 'c'], rows), settings);
    expect(s.annotators).toEqual(['a', 'b', 'c']);
    expect(s.decision.cohen_kappa).toBeUndefined();
    expect(s.decision.fleiss_kappa).toBeCloseTo(naiveFleiss(rows), 12);
    expect(s.decision.krippendorff_alpha).toBeCloseTo(naiveAlpha(rows), 12);
    expect(s.decision.items_used).toEqual({ fleiss_kappa: 5, krippendorff_alpha: 7 });
    expect(s.decision.rated_by).toEqual({ a: 7, b: 6, c: 7 });
  });

  it('the value part: agreement on the corrected value where annotators propose one', () => {
    const rows: Row[] = [
      ['confirmed', 'confirmed'],
      ['confirmed', 'suspected'],
      ['rejected', 'confirmed'],
    ];
    const files = filesOf(['ann', 'bob'], rows, (st) => (st === 'rejected' ? undefined : 'east'));
    // bob says "west" where ann says "east" on s1.
    (files[1].records[1].record as { to: string }).to = 'west';
    const s = agreementSummary(files, settings);
    const valueRows: Row[] = [
      ['"east"', '"east"'],
      ['"east"', '"west"'],
      [null, '"east"'],
    ];
    expect(s.value.items).toBe(3);
    expect(s.value.cohen_kappa).toBeCloseTo(naiveCohen(valueRows), 12);
    expect(s.value.krippendorff_alpha).toBeCloseTo(naiveAlpha(valueRows), 12);
    expect(s.value.rated_by).toEqual({ ann: 2, bob: 3 });
  });

  it('the JSON shape is the documented one, the intervals seeded (same seed, same numbers)', () => {
    const rows: Row[] = [
      ['confirmed', 'confirmed'],
      ['confirmed', 'rejected'],
      ['rejected', 'rejected'],
      ['suspected', 'confirmed'],
      ['confirmed', 'confirmed'],
    ];
    const a = agreementSummary(filesOf(['ann', 'bob'], rows), settings);
    expect(Object.keys(a)).toEqual(['annotators', 'items', 'decision', 'value']);
    expect(Object.keys(a.decision).slice(0, 3)).toEqual(['cohen_kappa', 'krippendorff_alpha', 'ci']);
    expect(a.decision.ci.level).toBe(0.95);
    expect(a.decision.ci.cohen_kappa).toHaveLength(2);
    expect(agreementSummary(filesOf(['ann', 'bob'], rows), settings)).toEqual(a);
    expect(agreementTable(a)).toMatch(/decision\s+cohen kappa\s+-?\d\.\d{4}\s+\[/);
  });

  it('one annotator is refused with a clear message', () => {
    expect(() => agreementSummary(filesOf(['ann'], [['confirmed']]), settings)).toThrow(/at least two annotators.*only "ann"/);
  });
});
