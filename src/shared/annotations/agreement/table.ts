// Layer: shared (pure TS). The input of inter-annotator agreement: a table of
// nominal ratings, items × raters, with missing cells. An item is a place the
// caller chose (for annotation files: dialogue, turn and slot); a rating is a
// category name (a decision — confirmed, rejected, suspected — or a corrected
// value string). Categories are coded by their sorted names, so a table
// built from the same ratings in any order is the same table. Also the
// simple read-outs a queue needs: counts per rater and per item, the items
// where raters disagree, the plurality category of each item.

import { AppError } from '../../app-error';

export class AgreementInputError extends AppError {
  constructor(message: string) {
    super('bad-args', message);
    this.name = 'AgreementInputError';
  }
}

export interface RatingTable {
  raters: readonly string[];
  items: readonly string[];
  /** Category names, sorted (a category's code is its index). */
  categories: readonly string[];
  /** codes[i · raters.length + r]: rater r's category code on item i, −1 when r did not rate it. */
  codes: Int32Array;
}

/** One item's ratings, one per rater in the table's rater order (null/undefined: not rated). */
export interface RatingRow {
  item: string;
  ratings: readonly (string | null | undefined)[];
}

/** One rating as a triple. */
export interface Rating {
  item: string;
  rater: string;
  category: string;
}

function checkNames(raters: readonly string[]): void {
  if (raters.length === 0) throw new AgreementInputError('an agreement table needs at least one rater');
  const seen = new Set<string>();
  for (const r of raters) {
    if (seen.has(r)) throw new AgreementInputError(`rater ${JSON.stringify(r)} appears twice`);
    seen.add(r);
  }
}

/** A table from rows (one per item; rows name distinct items). */
export function ratingTable(raters: readonly string[], rows: readonly RatingRow[]): RatingTable {
  checkNames(raters);
  const R = raters.length;
  const names = new Set<string>();
  const seen = new Map<string, number>();
  rows.forEach((row, i) => {
    const before = seen.get(row.item);
    if (before !== undefined) throw new AgreementInputError(`item ${JSON.stringify(row.item)} appears twice (rows ${before} and ${i})`);
    seen.set(row.item, i);
    if (row.ratings.length !== R)
      throw new AgreementInputError(`item ${JSON.stringify(row.item)} has ${row.ratings.length} ratings for ${R} raters`);
    for (const c of row.ratings) if (c !== null && c !== undefined) names.add(c);
  });
  const categories = [...names].sort();
  const code = new Map(categories.map((c, k) => [c, k]));
  const codes = new Int32Array(rows.length * R).fill(-1);
  rows.forEach((row, i) =>
    row.ratings.forEach((c, r) => {
      if (c !== null && c !== undefined) codes[i * R + r] = code.get(c) as number;
    }),
  );
  return { raters: [...raters], items: rows.map((r) => r.item), categories, codes };
}

/**
 * A table from rating triples: raters in the order given (else in order of
 * appearance), items in order of appearance. The same rating twice is kept
 * once; two different categories from one rater on one item are refused.
 */
export function ratingTableOf(ratings: readonly Rating[], raters?: readonly string[]): RatingTable {
  const order = raters ? [...raters] : [...new Set(ratings.map((x) => x.rater))];
  if (order.length === 0) throw new AgreementInputError('an agreement table needs at least one rater');
  checkNames(order);
  const col = new Map(order.map((r, k) => [r, k]));
  const rows = new Map<string, (string | null)[]>();
  for (const x of ratings) {
    const r = col.get(x.rater);
    if (r === undefined) throw new AgreementInputError(`rating by ${JSON.stringify(x.rater)}, who is not among the raters`);
    let row = rows.get(x.item);
    if (!row) rows.set(x.item, (row = new Array<string | null>(order.length).fill(null)));
    const had = row[r];
    if (had !== null && had !== x.category)
      throw new AgreementInputError(
        `${JSON.stringify(x.rater)} rated item ${JSON.stringify(x.item)} twice, as ${JSON.stringify(had)} and ${JSON.stringify(x.category)}`,
      );
    row[r] = x.category;
  }
  return ratingTable(
    order,
    [...rows].map(([item, r]) => ({ item, ratings: r })),
  );
}

export interface RatingCounts {
  /** Items in the table. */
  items: number;
  /** Per rater (table order): the items it rated. */
  ratedBy: number[];
  /** itemsByRatings[m]: the items with exactly m ratings (m = 0 … raters). */
  itemsByRatings: number[];
}

export function ratingCounts(t: RatingTable): RatingCounts {
  const R = t.raters.length;
  const I = t.items.length;
  const ratedBy = new Array<number>(R).fill(0);
  const itemsByRatings = new Array<number>(R + 1).fill(0);
  for (let i = 0; i < I; i++) {
    let m = 0;
    for (let r = 0; r < R; r++)
      if (t.codes[i * R + r] >= 0) {
        ratedBy[r]++;
        m++;
      }
    itemsByRatings[m]++;
  }
  return { items: I, ratedBy, itemsByRatings };
}

/** The items (indices) with at least two ratings that are not all the same category. */
export function disagreements(t: RatingTable): number[] {
  const R = t.raters.length;
  const out: number[] = [];
  for (let i = 0; i < t.items.length; i++) {
    let first = -1;
    for (let r = 0; r < R; r++) {
      const c = t.codes[i * R + r];
      if (c < 0) continue;
      if (first < 0) first = c;
      else if (c !== first) {
        out.push(i);
        break;
      }
    }
  }
  return out;
}

/** Per item, the category code most raters chose; null when no one rated it or the most frequent categories tie. */
export function plurality(t: RatingTable): (number | null)[] {
  const R = t.raters.length;
  const count = new Map<number, number>();
  return t.items.map((_, i) => {
    count.clear();
    for (let r = 0; r < R; r++) {
      const c = t.codes[i * R + r];
      if (c >= 0) count.set(c, (count.get(c) ?? 0) + 1);
    }
    let best: number | null = null;
    let most = 0;
    let tie = false;
    for (const [c, n] of count) {
      if (n > most) {
        best = c;
        most = n;
        tie = false;
      } else if (n === most) tie = true;
    }
    return tie ? null : best;
  });
}
