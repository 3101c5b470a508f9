// Rating tables: coding categories by sorted name, building from rows or
// triples (refusing duplicates that conflict), counts per rater and item,
// the disagreeing items and each item's plurality category.
import { describe, expect, it } from 'vitest';
import {
  AgreementInputError,
  disagreements,
  plurality,
  ratingCounts,
  ratingTable,
  ratingTableOf,
} from '../../../../../src/shared/annotations/agreement/table';

describe('rating tables', () => {
  const t = ratingTable(
    ['ann', 'bob', 'cy'],
    [
      { item: 'd1/0/hotel-area', ratings: ['confirmed', 'confirmed', null] },
      { item: 'd1/1/hotel-name', ratings: ['rejected', 'confirmed', 'suspected'] },
      { item: 'd2/3/taxi-leaveat', ratings: [null, null, null] },
      { item: 'd2/4/taxi-leaveat', ratings: ['rejected', 'rejected', 'confirmed'] },
    ],
  );

  it('codes categories by sorted name, −1 where a rater did not rate', () => {
    expect(t.categories).toEqual(['confirmed', 'rejected', 'suspected']);
    expect(Array.from(t.codes)).toEqual([0, 0, -1, 1, 0, 2, -1, -1, -1, 1, 1, 0]);
  });

  it('counts items per rater and per number of ratings', () => {
    expect(ratingCounts(t)).toEqual({ items: 4, ratedBy: [3, 3, 2], itemsByRatings: [1, 0, 1, 2] });
  });

  it('lists the items where raters disagree and each item’s plurality category (null on a tie or no rating)', () => {
    expect(disagreements(t)).toEqual([1, 3]);
    expect(plurality(t)).toEqual([0, null, null, 1]);
  });

  it('from triples: the same table whatever the order; repeats kept once; conflicts refused', () => {
    const triples = [
      { item: 'x', rater: 'bob', category: 'b' },
      { item: 'y', rater: 'ann', category: 'a' },
      { item: 'x', rater: 'ann', category: 'a' },
      { item: 'x', rater: 'ann', category: 'a' },
    ];
    const a = ratingTableOf(triples, ['ann', 'bob']);
    expect(a).toEqual(
      ratingTable(
        ['ann', 'bob'],
        [
          { item: 'x', ratings: ['a', 'b'] },
          { item: 'y', ratings: ['a', null] },
        ],
      ),
    );
    expect(ratingTableOf(triples).raters).toEqual(['bob', 'ann']);
    expect(() => ratingTableOf([...triples, { item: 'x', rater: 'ann', category: 'c' }])).toThrow(
      /"ann" rated item "x" twice, as "a" and "c"/,
    );
    expect(() => ratingTableOf(triples, ['ann'])).toThrow(/"bob", who is not among the raters/);
  });

  it('refuses duplicate raters or items, rows of the wrong width, and no raters', () => {
    expect(() => ratingTable(['a', 'a'], [])).toThrow(AgreementInputError);
    expect(() => ratingTable([], [])).toThrow(/at least one rater/);
    expect(() =>
      ratingTable(
        ['a'],
        [
          { item: 'i', ratings: ['x'] },
          { item: 'i', ratings: ['y'] },
        ],
      ),
    ).toThrow(/item "i" appears twice \(rows 0 and 1\)/);
    expect(() => ratingTable(['a', 'b'], [{ item: 'i', ratings: ['x'] }])).toThrow(/1 ratings for 2 raters/);
  });
});
