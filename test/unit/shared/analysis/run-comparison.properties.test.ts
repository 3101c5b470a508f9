// Invariants of the comparison (fast-check, generated corpora): a run against
// itself gives delta 0, CI [0, 0] and p = 1 exactly for every metric; deltas
// are exactly the difference of the corpus scores; swapping baseline and run
// negates deltas and mirrors intervals with the same p; the numbers do not
// depend on how the work is split (threads) nor on the other run's dialogue
// order; every p lies in [1/(R + 1), 1] and every interval is ordered.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assemble,
  combineParts,
  compareRuns,
  prepareComparison,
  runStatistics,
  splitWork,
  statInput,
  statPart,
  type StatSettings,
} from '../../../../src/shared/analysis/run-comparison';
import { Scorer } from '../../../../src/shared/analysis/columns';
import { defaultConfig, type MetricConfig } from '../../../../src/shared/metrics/config';
import { evaluate } from '../../../../src/shared/metrics/evaluate';
import { metricValue } from '../../../../src/shared/metrics/values';
import { buildCorpus, corpusArb, cumulative, type RawDialogue } from '../../../helpers/random-corpus';
import { metricKeys } from '../../../helpers/metrics';
import { source } from '../../../helpers/runs';

const config: MetricConfig = defaultConfig({ lambdas: [0.5, 1], slotCount: 30 });
const STATS: StatSettings = { bootstrap: 30, trials: 40, seed: 3 };
const RUNS = { numRuns: 40 };

/** Two runs on one gold: the generated predictions, and other predictions (from a second corpus) on the same gold. */
const pairArb = fc.tuple(corpusArb(10), fc.integer({ min: 0, max: 1000 })).map(([ds, salt]) => {
  const a = cumulative(ds);
  const b: RawDialogue[] = a.map((d, i) => ({
    ...d,
    turns: d.turns.map((t, k) => {
      const pred = new Map(t.pred);
      if ((i + k + salt) % 3 === 0) for (const [s, v] of t.gold) pred.set(s, v);
      if ((i * k + salt) % 5 === 2) pred.set((salt + k) % 8, (salt % 4) + 1);
      return { gold: t.gold, pred };
    }),
  }));
  return { a, b };
});

describe('comparison properties', () => {
  it('a run against itself: delta 0, CI [0, 0], p = 1, for every metric', () => {
    fc.assert(
      fc.property(corpusArb(10), (ds) => {
        const c = buildCorpus(cumulative(ds));
        const out = compareRuns([source('A', c), source('B', buildCorpus(cumulative(ds)))], config, STATS);
        expect(out.comparisons).toHaveLength(metricKeys(config).length); // one per metric and variant (9 as shipped)
        for (const x of out.comparisons) {
          if (x.delta === null) continue; // AGA/IAGA undefined when every gold state is empty
          expect(x.delta).toBe(0);
          expect(x.ci).toEqual([0, 0]);
          expect(x.p).toBe(1);
        }
      }),
      RUNS,
    );
  });

  it('deltas are exactly the difference of the two corpus scores', () => {
    fc.assert(
      fc.property(pairArb, ({ a, b }) => {
        const ca = buildCorpus(a);
        const cb = buildCorpus(b);
        const out = compareRuns([source('A', ca), source('B', cb)], config, { ...STATS, bootstrap: 0, trials: 0 });
        const ea = evaluate(ca, config).corpus.values;
        const eb = evaluate(cb, config).corpus.values;
        for (const x of out.comparisons) {
          const col = out.columns.find((c) => c.key === x.key)!;
          const va = metricValue(ea, col.metric, col.variant);
          const vb = metricValue(eb, col.metric, col.variant);
          expect(x.delta).toBe(va === null || vb === null ? null : vb - va);
        }
      }),
      RUNS,
    );
  });

  it('swapping baseline and run negates deltas, mirrors intervals and keeps p', () => {
    fc.assert(
      fc.property(pairArb, ({ a, b }) => {
        const ab = compareRuns([source('A', buildCorpus(a)), source('B', buildCorpus(b))], config, STATS);
        const ba = compareRuns([source('B', buildCorpus(b)), source('A', buildCorpus(a))], config, STATS);
        ab.comparisons.forEach((x, i) => {
          const y = ba.comparisons[i];
          if (x.delta === null) return expect(y.delta).toBeNull();
          expect(y.delta! + x.delta).toBe(0);
          expect(y.p).toBe(x.p);
          expect(y.ci![0]).toBeCloseTo(-x.ci![1], 12);
          expect(y.ci![1]).toBeCloseTo(-x.ci![0], 12);
        });
      }),
      RUNS,
    );
  });

  it('p lies in [1/(R + 1), 1]; intervals are ordered; a run inside its own interval is not required', () => {
    fc.assert(
      fc.property(pairArb, ({ a, b }) => {
        const out = compareRuns([source('A', buildCorpus(a)), source('B', buildCorpus(b))], config, STATS);
        for (const x of out.comparisons) {
          if (x.p !== null) {
            expect(x.p).toBeGreaterThanOrEqual(1 / (STATS.trials + 1));
            expect(x.p).toBeLessThanOrEqual(1);
          }
          if (x.ci) expect(x.ci[0]).toBeLessThanOrEqual(x.ci[1]);
        }
        for (const r of out.runs) for (const ci of Object.values(r.ci)) if (ci) expect(ci[0]).toBeLessThanOrEqual(ci[1]);
      }),
      RUNS,
    );
  });

  it('the numbers do not depend on how resamples and trials are split into shares', () => {
    fc.assert(
      fc.property(pairArb, fc.integer({ min: 2, max: 5 }), ({ a, b }, shares) => {
        const runs = [source('A', buildCorpus(a)), source('B', buildCorpus(b)), source('C', buildCorpus(a))];
        const p = prepareComparison(runs, config);
        const scorer = new Scorer(p.evaluations[0].layout, config);
        const input = statInput(p, scorer);
        const whole = runStatistics(input, scorer, STATS);
        const split = combineParts(
          splitWork(STATS, shares).map((r) => statPart(input, scorer, STATS, r)),
          runs.length,
          scorer.columns.length,
          STATS,
        );
        expect(split).toEqual(whole);
        // Trials in batches of a few words at a time (as a large corpus runs them) give the same counts.
        const batched = combineParts(
          [statPart(input, scorer, STATS, { boot: [0, STATS.bootstrap], trials: [0, STATS.trials] }, { batchWords: 3 })],
          runs.length,
          scorer.columns.length,
          STATS,
        );
        expect(batched).toEqual(whole);
        expect(assemble(p, runs, scorer, STATS, split).comparisons).toEqual(assemble(p, runs, scorer, STATS, whole).comparisons);
      }),
      { numRuns: 20 },
    );
  });

  it("the other run's dialogue order does not matter (aligned by id)", () => {
    fc.assert(
      fc.property(pairArb, ({ a, b }) => {
        const straight = compareRuns([source('A', buildCorpus(a)), source('B', buildCorpus(b))], config, STATS);
        const reversed = compareRuns([source('A', buildCorpus(a)), source('B', buildCorpus([...b].reverse()))], config, STATS);
        straight.comparisons.forEach((x, i) => {
          const y = reversed.comparisons[i];
          if (x.delta === null) return;
          expect(y.delta).toBeCloseTo(x.delta, 14);
          expect(y.ci).toEqual(x.ci);
          expect(y.p).toBe(x.p);
        });
      }),
      RUNS,
    );
  });

  it('the same seed gives the same numbers; the seed is in the signature with B and R', () => {
    const ds = fc.sample(pairArb, { numRuns: 1, seed: 11 })[0];
    const runs = [source('A', buildCorpus(ds.a)), source('B', buildCorpus(ds.b))];
    const one = compareRuns(runs, config, { bootstrap: 200, trials: 300, seed: 5 });
    const two = compareRuns(runs, config, { bootstrap: 200, trials: 300, seed: 5 });
    expect(two.comparisons).toEqual(one.comparisons);
    const parts = one.signature.parts.map((p) => p.text);
    expect(parts).toEqual(expect.arrayContaining(['bootstrap=200', 'trials=300', 'seed=5']));
  });
});
