// Several annotators on one gold (src/shared/annotations/annotators.ts): each
// annotator's latest record per place, adjudications apart, conflicts, the
// merge keeping who said what, and which records a what-if applies (one
// annotator's, the majority's, the adjudicated ones).
import { describe, expect, it } from 'vitest';
import {
  annotatorsOf,
  conflictsOf,
  mergeRecords,
  parseCorrectionsFrom,
  placesOf,
  ratingTables,
  selectRecords,
} from '../../../../src/shared/annotations/annotators';
import type { AnnotationRecord } from '../../../../src/shared/annotations/record';
import { fileOf, rec } from '../../../helpers/annotators';

describe('places and annotators', () => {
  it('keeps each annotator’s latest record at a place; slot spellings are one place; adjudications are not ratings', () => {
    const a1 = rec('ann', 1, 'hotel-area', 'suspected');
    const a2 = rec('ann', 1, 'hotel-book day', 'confirmed', 'east');
    const a3 = rec('ann', 1, 'hotel-bookday', 'confirmed', 'west'); // same place as a2, later
    const b = rec('bob', 1, 'hotel-area', 'rejected');
    const adj = rec('carol', 1, 'hotel-area', 'confirmed', 'north', { adjudicated: true });
    const turnLevel = { ...rec('bob', 2, 'x', 'confirmed'), slot: undefined } as AnnotationRecord;
    const places = placesOf([fileOf('a', [a1, a2, a3]), fileOf('b', [b, adj, turnLevel])]);
    expect(places.map((p) => [p.turn, p.slot, [...p.by.keys()]])).toEqual([
      [1, 'hotel-area', ['ann', 'bob']],
      [1, 'hotel-book day', ['ann']],
    ]);
    expect(places[1].by.get('ann')?.record.id).toBe(a3.id);
    expect(places[0].adjudication?.record.by).toBe('carol');
    expect(annotatorsOf(places)).toEqual(['ann', 'bob']);
  });

  it('a conflict is a place where the decision or the value differs', () => {
    const places = placesOf([
      fileOf('a', [rec('a', 0, 's1', 'confirmed', 'v'), rec('a', 0, 's2', 'confirmed', 'v'), rec('a', 0, 's3', 'confirmed', 'v')]),
      fileOf('b', [rec('b', 0, 's1', 'confirmed', 'v'), rec('b', 0, 's2', 'confirmed', 'w'), rec('b', 0, 's3', 'rejected')]),
    ]);
    const c = conflictsOf(places);
    expect(c.map((x) => x.place.slot)).toEqual(['s2', 's3']);
    expect([...c[0].verdicts]).toEqual([
      ['a', 'confirmed → "v"'],
      ['b', 'confirmed → "w"'],
    ]);
  });

  it('rating tables: decisions everywhere rated, values only where a correction is proposed and not rejected', () => {
    const places = placesOf([
      fileOf('a', [rec('a', 0, 's1', 'confirmed', 'v'), rec('a', 0, 's2', 'suspected')]),
      fileOf('b', [rec('b', 0, 's1', 'rejected', 'v'), rec('b', 0, 's2', 'confirmed', null)]),
    ]);
    const t = ratingTables(places, ['a', 'b']);
    expect(t.decision.items).toEqual(['D1.json/0/s1', 'D1.json/0/s2']);
    expect(t.decision.categories).toEqual(['confirmed', 'rejected', 'suspected']);
    expect([...t.decision.codes]).toEqual([0, 1, 2, 0]);
    expect(t.value.items).toEqual(['D1.json/0/s1', 'D1.json/0/s2']);
    expect([...t.value.codes]).toEqual([0, -1, -1, 1]); // a: "v" on s1; b: null on s2 (rejected and uncorrected ones unrated)
    expect(t.value.categories).toEqual(['"v"', 'null']);
  });
});

describe('merge', () => {
  it('keeps every record once with its author; the same id with other content gets an id of its own', () => {
    const a = rec('a', 0, 's1', 'confirmed', 'v');
    const copied = { ...a };
    const clash = { ...a, by: 'b', status: 'rejected' } as AnnotationRecord;
    const m = mergeRecords([fileOf('A', [a]), fileOf('B', [copied, clash])]);
    expect(m.records.map((r) => [r.id, r.by, r.status])).toEqual([
      [a.id, 'a', 'confirmed'],
      [`${a.id}~2`, 'b', 'rejected'],
    ]);
    expect(m.renamed).toEqual([{ file: 'B', line: 3, id: a.id, as: `${a.id}~2` }]);
  });
});

describe('what-if selection', () => {
  const files = [
    fileOf('a', [rec('a', 0, 's1', 'confirmed', 'v'), rec('a', 0, 's2', 'confirmed', 'v'), rec('a', 0, 's3', 'confirmed', 'v')]),
    fileOf('b', [rec('b', 0, 's1', 'confirmed', 'v'), rec('b', 0, 's2', 'confirmed', 'w'), rec('b', 0, 's3', 'confirmed', 'v')]),
    fileOf('c', [rec('c', 0, 's1', 'rejected'), rec('c', 0, 's2', 'confirmed', 'u'), rec('c', 0, 's3', 'confirmed', 'v')]),
    fileOf('adj', [rec('judge', 0, 's2', 'confirmed', 'w', { adjudicated: true })]),
  ];
  const places = placesOf(files);
  const pick = (from: string) => selectRecords(places, parseCorrectionsFrom(from));

  it('one annotator: that annotator’s records', () => {
    expect(pick('b').records.map((s) => [s.record.slot, s.record.to, s.file])).toEqual([
      ['s1', 'v', 'b'],
      ['s2', 'w', 'b'],
      ['s3', 'v', 'b'],
    ]);
    expect(pick('nobody').records).toEqual([]);
  });

  it('majority: a verdict more than half of the place’s annotators gave; no majority, nothing (and said)', () => {
    const s = pick('majority');
    expect(s.records.map((x) => [x.record.slot, x.record.status, x.record.to])).toEqual([
      ['s1', 'confirmed', 'v'],
      ['s3', 'confirmed', 'v'],
    ]);
    expect(s.undecided.map((u) => [u.place.slot, u.why])).toEqual([['s2', 'no majority among 3 annotators']]);
  });

  it('adjudicated: the adjudication where there is one, unanimous verdicts elsewhere, the rest undecided', () => {
    const s = pick('adjudicated');
    expect(s.records.map((x) => [x.record.slot, x.record.by, x.record.to])).toEqual([
      ['s2', 'judge', 'w'],
      ['s3', expect.any(String), 'v'],
    ]);
    expect(s.undecided.map((u) => u.place.slot)).toEqual(['s1']);
  });
});
