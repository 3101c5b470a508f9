// Adjudication of several annotators' disagreements (src/shared/annotations/adjudication.ts): the
// queue's rows (each annotator's decision and value, the majority, the adjudication so far), the
// record a pick becomes, and that an adjudication written from a pick is what `adjudicated` selects.
import { describe, expect, it } from 'vitest';
import {
  adjudicationBody,
  AdjudicationError,
  describeDecision,
  disagreementRows,
  pickOfKey,
} from '../../../../src/shared/annotations/adjudication';
import { annotatorsOf, placesOf, selectRecords } from '../../../../src/shared/annotations/annotators';
import type { AnnotationRecord } from '../../../../src/shared/annotations/record';
import { fileOf, rec } from '../../../helpers/annotators';

function three() {
  // s1: all agree; s2: a and b say "v", c "w" (majority v); s3: a confirms "v", b rejects, c suspects (split).
  return placesOf([
    fileOf('a', [rec('a', 0, 's1', 'confirmed', 'v'), rec('a', 0, 's2', 'confirmed', 'v'), rec('a', 0, 's3', 'confirmed', 'v')]),
    fileOf('b', [rec('b', 0, 's1', 'confirmed', 'v'), rec('b', 0, 's2', 'confirmed', 'v'), rec('b', 0, 's3', 'rejected')]),
    fileOf('c', [rec('c', 0, 's1', 'confirmed', 'v'), rec('c', 0, 's2', 'confirmed', 'w'), rec('c', 0, 's3', 'suspected')]),
  ]);
}

describe('the disagreements queue', () => {
  it('one row per place where annotators differ, with each decision in annotator order, the majority and the gold seen', () => {
    const places = three();
    const ann = annotatorsOf(places);
    const rows = disagreementRows(places, ann);
    expect(rows.map((r) => r.slot)).toEqual(['s2', 's3']);
    expect(rows[0].decisions.map(describeDecision)).toEqual(['confirmed → "v"', 'confirmed → "v"', 'confirmed → "w"']);
    expect(describeDecision(rows[0].majority)).toBe('confirmed → "v"');
    expect(rows[0].from).toBe('x');
    expect(rows[1].majority).toBeNull();
    expect(rows[1].decisions.map(describeDecision)).toEqual(['confirmed → "v"', 'rejected', 'suspected']);
  });

  it('an annotator who did not rate a place has no decision there; a rejection proposes no value', () => {
    const places = placesOf([
      fileOf('a', [rec('a', 1, 's', 'confirmed', null)]),
      fileOf('b', [rec('b', 2, 'q', 'rejected')]),
      fileOf('c', [rec('c', 1, 's', 'rejected', 'y')]),
    ]);
    const rows = disagreementRows(places, ['a', 'b', 'c']);
    expect(rows).toHaveLength(1);
    expect(rows[0].decisions.map(describeDecision)).toEqual(['confirmed → absent', '—', 'rejected → "y"']);
  });

  it('adjudicated places stay in the queue with their adjudication, or are left out when asked', () => {
    const adj = rec('judge', 0, 's3', 'rejected', undefined, { adjudicated: true });
    const places = [...three()];
    const withAdj = placesOf([
      fileOf('a', [rec('a', 0, 's3', 'confirmed', 'v')]),
      fileOf('b', [rec('b', 0, 's3', 'rejected')]),
      fileOf('adj', [adj]),
    ]);
    const rows = disagreementRows(withAdj, annotatorsOf(withAdj));
    expect(rows[0].adjudication).toMatchObject({ status: 'rejected', by: 'judge', id: adj.id, rev: 1 });
    expect(annotatorsOf(withAdj)).toEqual(['a', 'b']);
    expect(disagreementRows(withAdj, annotatorsOf(withAdj), { unadjudicated: true })).toEqual([]);
    expect(places).toHaveLength(3);
  });
});

describe('picks', () => {
  const places = three();
  const ann = annotatorsOf(places);
  const [s2, s3] = disagreementRows(places, ann);

  it('keys: 1–9 within the annotators, m, g; others are not picks', () => {
    expect(pickOfKey('1', 3)).toEqual({ kind: 'annotator', index: 0 });
    expect(pickOfKey('3', 3)).toEqual({ kind: 'annotator', index: 2 });
    expect(pickOfKey('4', 3)).toBeNull();
    expect(pickOfKey('m', 3)).toEqual({ kind: 'majority' });
    expect(pickOfKey('g', 3)).toEqual({ kind: 'gold' });
    expect(pickOfKey('j', 3)).toBeNull();
  });

  it("an annotator's pick copies their decision, value, scope and category at the place", () => {
    expect(adjudicationBody(s2, ann, { kind: 'annotator', index: 2 })).toEqual({
      dialogue: 'D1.json',
      turn: 0,
      slot: 's2',
      from: 'x',
      to: 'w',
      scope: 'turn',
      category: 'wrong-value',
      status: 'confirmed',
      note: "adjudicated: c's decision",
    });
    const rejected = adjudicationBody(s3, ann, { kind: 'annotator', index: 1 });
    expect(rejected.status).toBe('rejected');
    expect('to' in rejected).toBe(false);
  });

  it('the majority, the gold, a typed value; refused: a split majority, a value the gold has, an annotator out of range', () => {
    expect(adjudicationBody(s2, ann, { kind: 'majority' })).toMatchObject({ status: 'confirmed', to: 'v' });
    expect(() => adjudicationBody(s3, ann, { kind: 'majority' })).toThrow(AdjudicationError);
    const g = adjudicationBody(s3, ann, { kind: 'gold' });
    expect(g).toMatchObject({ status: 'rejected', slot: 's3' });
    expect('to' in g).toBe(false);
    expect(adjudicationBody(s3, ann, { kind: 'value', to: 'z' })).toMatchObject({ status: 'confirmed', to: 'z', category: 'wrong-value' });
    expect(adjudicationBody(s3, ann, { kind: 'value', to: null })).toMatchObject({ to: null, category: 'extra-slot' });
    expect(() => adjudicationBody(s3, ann, { kind: 'value', to: 'x' })).toThrow(/already has/);
    expect(() => adjudicationBody(s3, ann, { kind: 'annotator', index: 5 })).toThrow(AdjudicationError);
  });

  it('a pick written as an adjudication is what `adjudicated` applies there; agreed places apply as agreed; others wait', () => {
    const body = adjudicationBody(s2, ann, { kind: 'annotator', index: 2 });
    const adj = { ...body, id: 'j1', rev: 1, by: 'judge', at: '2026-02-01T00:00:00Z', adjudicated: true } as AnnotationRecord;
    const files = [
      fileOf('a', [rec('a', 0, 's1', 'confirmed', 'v'), rec('a', 0, 's2', 'confirmed', 'v'), rec('a', 0, 's3', 'confirmed', 'v')]),
      fileOf('b', [rec('b', 0, 's1', 'confirmed', 'v'), rec('b', 0, 's2', 'confirmed', 'v'), rec('b', 0, 's3', 'rejected')]),
      fileOf('c', [rec('c', 0, 's1', 'confirmed', 'v'), rec('c', 0, 's2', 'confirmed', 'w'), rec('c', 0, 's3', 'suspected')]),
      fileOf('adj', [adj]),
    ];
    const sel = selectRecords(placesOf(files), { kind: 'adjudicated' });
    expect(sel.records.map((s) => [s.record.slot, s.record.to, s.record.by])).toEqual([
      ['s1', 'v', 'c'],
      ['s2', 'w', 'judge'],
    ]);
    expect(sel.undecided.map((u) => u.place.slot)).toEqual(['s3']);
  });
});
