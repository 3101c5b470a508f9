// The agreement report against published implementations run on the same
// tables (test/fixtures/agreement/reference.py → agreement.reference.json:
// sklearn's cohen_kappa_score, statsmodels' fleiss_kappa, nltk's
// AnnotationTask.alpha, and numpy-drawn item bootstraps scored by those
// libraries), plus settings, seeds and undefined resamples.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { agreement } from '../../../../../src/shared/annotations/agreement/agreement';
import { ratingTable, type RatingRow } from '../../../../../src/shared/annotations/agreement/table';
import { FIXTURES } from '../../../../helpers/fixtures';

interface Coef {
  items: number;
  ci: [number, number] | null;
  undefined: number;
}
interface Case {
  name: string;
  raters: string[];
  items: RatingRow[];
  bootstrap: number;
  seed: number;
  expected: {
    cohen?: Coef & { kappa: number | null };
    fleiss?: Coef & { kappa: number | null };
    alpha: Coef & { alpha: number | null; values: number };
  };
}
const ref = JSON.parse(readFileSync(join(FIXTURES, 'agreement', 'agreement.reference.json'), 'utf8')) as { cases: Case[] };
const near = (a: number | null, b: number | null, tol = 1e-12) => (a === null || b === null ? a === b : Math.abs(a - b) <= tol);
const nearCi = (a: [number, number] | null, b: [number, number] | null) =>
  a === null || b === null ? a === b : near(a[0], b[0]) && near(a[1], b[1]);

describe('agreement = sklearn, statsmodels and nltk, with numpy-drawn item bootstraps', () => {
  for (const c of ref.cases) {
    it(c.name, () => {
      const r = agreement(ratingTable(c.raters, c.items), { bootstrap: c.bootstrap, seed: c.seed });
      const e = c.expected;
      if (e.cohen) {
        expect(r.fleiss).toBeNull();
        const k = r.cohen!;
        expect(near(k.kappa, e.cohen.kappa), `κ ${k.kappa} vs ${e.cohen.kappa}`).toBe(true);
        expect(k.items).toBe(e.cohen.items);
        expect(nearCi(k.interval.ci, e.cohen.ci), `ci ${k.interval.ci} vs ${e.cohen.ci}`).toBe(true);
        expect(k.interval.undefinedResamples).toBe(e.cohen.undefined);
      }
      if (e.fleiss) {
        expect(r.cohen).toBeNull();
        const k = r.fleiss!;
        expect(near(k.kappa, e.fleiss.kappa), `κ ${k.kappa} vs ${e.fleiss.kappa}`).toBe(true);
        expect(k.items).toBe(e.fleiss.items);
        expect(nearCi(k.interval.ci, e.fleiss.ci), `ci ${k.interval.ci} vs ${e.fleiss.ci}`).toBe(true);
        expect(k.interval.undefinedResamples).toBe(e.fleiss.undefined);
      }
      expect(near(r.alpha.alpha, e.alpha.alpha), `α ${r.alpha.alpha} vs ${e.alpha.alpha}`).toBe(true);
      expect([r.alpha.items, r.alpha.values]).toEqual([e.alpha.items, e.alpha.values]);
      expect(nearCi(r.alpha.interval.ci, e.alpha.ci), `α ci ${r.alpha.interval.ci} vs ${e.alpha.ci}`).toBe(true);
      expect(r.alpha.interval.undefinedResamples).toBe(e.alpha.undefined);
      // Counts of items each rater rated, and of items by number of ratings.
      expect(r.items).toBe(c.items.length);
      c.raters.forEach((_, k) => expect(r.ratedBy[k]).toBe(c.items.filter((x) => x.ratings[k] !== null).length));
      expect(r.itemsByRatings.reduce((s, x) => s + x, 0)).toBe(c.items.length);
    });
  }
});

describe('agreement report', () => {
  const c = ref.cases[1];
  const t = ratingTable(c.raters, c.items);

  it('is reproducible for a seed, changes with it, and B = 0 gives no interval', () => {
    expect(agreement(t, { bootstrap: 50, seed: 4 })).toEqual(agreement(t, { bootstrap: 50, seed: 4 }));
    expect(agreement(t, { bootstrap: 50, seed: 5 }).alpha.interval.ci).not.toEqual(
      agreement(t, { bootstrap: 50, seed: 4 }).alpha.interval.ci,
    );
    const none = agreement(t, { bootstrap: 0, seed: 4 });
    expect(none.alpha.interval).toEqual({ ci: null, undefinedResamples: 0 });
    expect(none.fleiss?.interval.ci).toBeNull();
    expect(none.alpha.alpha).toBe(agreement(t, { bootstrap: 50, seed: 4 }).alpha.alpha);
  });

  it('a narrower level gives a narrower interval', () => {
    const wide = agreement(t, { bootstrap: 200, seed: 1 }).alpha.interval.ci!;
    const narrow = agreement(t, { bootstrap: 200, seed: 1, level: 0.5 }).alpha.interval.ci!;
    expect(narrow[0]).toBeGreaterThanOrEqual(wide[0]);
    expect(narrow[1]).toBeLessThanOrEqual(wide[1]);
  });

  it('one rater: no κ, α undefined for want of pairable values', () => {
    const r = agreement(ratingTable(['solo'], [{ item: 'a', ratings: ['x'] }]), { bootstrap: 10, seed: 1 });
    expect([r.cohen, r.fleiss, r.alpha.alpha, r.alpha.items]).toEqual([null, null, null, 0]);
  });

  it('refuses bad settings', () => {
    expect(() => agreement(t, { bootstrap: 1.5, seed: 1 })).toThrow(/bootstrap/);
    expect(() => agreement(t, { bootstrap: 10, seed: -1 })).toThrow(/seed/);
    expect(() => agreement(t, { bootstrap: 10, seed: 1, level: 0 })).toThrow(/level/);
  });
});
