// Invariants of the metrics engine, checked on generated corpora (fast-check):
// bounds, perfect predictions, λ = 0, order/shard independence of the corpus
// result, and invariance under one-to-one renaming of slots and values.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { defaultConfig, lambdaKey, type MetricConfig } from '../../src/shared/metrics/config';
import { dialogueResults, dialogueState, evaluate } from '../../src/shared/metrics/evaluate';
import { computeScores, emptyState, mergeState, type Scores } from '../../src/shared/metrics/state';
import { analyseCorpus } from '../../src/shared/metrics/turn-stats';
import { buildCorpus, corpusArb, cumulative, defaultNaming, perfectTurn, type Naming } from '../helpers/random-corpus';

const config: MetricConfig = defaultConfig({ lambdas: [0.25, 0.5, 1], slotCount: 30 });
const keys = config.lambdas.map(lambdaKey);
const RUNS = { numRuns: 150 };

function expectScoresEqual(a: Scores, b: Scores, tol = 1e-12): void {
  expect(a.turns).toBe(b.turns);
  expect(a.dialogues).toBe(b.dialogues);
  expect(a.counts).toEqual(b.counts);
  expect(a.JGA).toBe(b.JGA);
  expect(a.SA).toBe(b.SA);
  expect(a.GCA).toBe(b.GCA);
  for (const k of ['AGA', 'RSA'] as const) {
    if (a[k] === null) expect(b[k]).toBeNull();
    else expect(Math.abs((a[k] as number) - (b[k] as number))).toBeLessThanOrEqual(tol);
  }
  for (const k of keys) expect(Math.abs(a.FGA[k] - b.FGA[k])).toBeLessThanOrEqual(tol);
}

const inUnit = (x: number | null) => x === null || (x >= 0 && x <= 1);

describe('metric properties', () => {
  it('every score, corpus, dialogue and turn, lies in [0, 1]', () => {
    fc.assert(
      fc.property(corpusArb(), (ds) => {
        const ev = evaluate(buildCorpus(ds), config);
        const c = ev.corpus;
        for (const v of [c.JGA, c.SA, c.AGA, c.RSA, c.GCA, c.VP, c.VR, c.LP, c.LR, ...Object.values(c.FGA)]) expect(inUnit(v)).toBe(true);
        for (const d of dialogueResults(ev, true)) {
          for (const v of [d.JGA, d.SA, d.AGA, d.RSA, d.GCA, ...Object.values(d.FGA)]) expect(inUnit(v)).toBe(true);
          for (const t of d.perTurn ?? []) {
            for (const v of [t.JGA, t.SA, t.AGA, t.RSA, t.gcaRunning, ...Object.values(t.FGA)]) expect(inUnit(v)).toBe(true);
          }
        }
      }),
      RUNS,
    );
  });

  it('a perfect prediction (cumulative, non-empty gold) scores 1 everywhere', () => {
    fc.assert(
      fc.property(corpusArb(8, perfectTurn), (ds) => {
        const ev = evaluate(buildCorpus(cumulative(ds)), config);
        const c = ev.corpus;
        for (const v of [c.JGA, c.SA, c.AGA, c.RSA, c.GCA, ...Object.values(c.FGA)]) expect(v).toBe(1);
        expect(c.counts.W + c.counts.M + c.counts.O).toBe(0);
        for (const d of dialogueResults(ev, true)) {
          for (const t of d.perTurn ?? []) {
            expect(t.fgaClass).toBe('exact');
            expect(t.slots.every((s) => s.class === 'correct')).toBe(true);
          }
        }
      }),
      RUNS,
    );
  });

  it('λ = 0 turns FGA into JGA, per turn and per corpus', () => {
    const zero = defaultConfig({ lambdas: [0] });
    fc.assert(
      fc.property(corpusArb(), (ds) => {
        const ev = evaluate(buildCorpus(ds), zero);
        expect(ev.corpus.FGA['0']).toBeCloseTo(ev.corpus.JGA, 12);
        for (const d of dialogueResults(ev, true)) for (const t of d.perTurn ?? []) expect(t.FGA['0']).toBe(t.JGA);
      }),
      RUNS,
    );
  });

  it('merging per-dialogue states in any order equals the corpus result', () => {
    fc.assert(
      fc.property(
        corpusArb().chain((ds) => fc.tuple(fc.constant(ds), fc.shuffledSubarray([...ds.keys()], { minLength: ds.length, maxLength: ds.length }))),
        ([ds, order]) => {
          const corpus = buildCorpus(ds);
          const ev = evaluate(corpus, config);
          const stats = analyseCorpus(corpus);
          const merged = emptyState(config);
          for (const d of order) mergeState(merged, dialogueState(corpus, stats, d, config));
          expectScoresEqual(computeScores(merged, config, keys), ev.corpus);
        },
      ),
      RUNS,
    );
  });

  it('shuffling dialogue order, or splitting the corpus into shards scored separately, changes nothing', () => {
    fc.assert(
      fc.property(
        corpusArb().chain((ds) =>
          fc.tuple(fc.constant(ds), fc.shuffledSubarray(ds, { minLength: ds.length, maxLength: ds.length }), fc.array(fc.integer({ min: 0, max: 3 }), { minLength: ds.length, maxLength: ds.length })),
        ),
        ([ds, shuffled, shardOf]) => {
          const whole = evaluate(buildCorpus(ds), config).corpus;
          expectScoresEqual(evaluate(buildCorpus(shuffled), config).corpus, whole);
          const total = emptyState(config);
          for (let s = 0; s < 4; s++) {
            const part = ds.filter((_, i) => shardOf[i] === s);
            if (part.length) mergeState(total, evaluate(buildCorpus(part), config).state);
          }
          expectScoresEqual(computeScores(total, config, keys), whole);
        },
      ),
      RUNS,
    );
  });

  it('renaming slots and values one-to-one changes no number', () => {
    fc.assert(
      fc.property(corpusArb(), fc.shuffledSubarray([0, 1, 2, 3, 4, 5, 6, 7], { minLength: 8, maxLength: 8 }), (ds, perm) => {
        const renamed: Naming = {
          slot: (s) => `dom${perm[s] % 2}-renamed ${perm[s]}`,
          value: (v) => (v === 0 ? 'none' : `other-${(v * 7) % 11}`),
        };
        const a = evaluate(buildCorpus(ds, defaultNaming), config);
        const b = evaluate(buildCorpus(ds, renamed), config);
        expectScoresEqual(b.corpus, a.corpus, 0);
        const da = [...dialogueResults(a, true)];
        const db = [...dialogueResults(b, true)];
        da.forEach((d, i) => {
          const { perTurn: pa, ...ra } = d;
          const { perTurn: pb, ...rb } = db[i];
          expect(rb).toEqual(ra);
          pa?.forEach((t, k) => {
            const tb = pb![k];
            expect({ ...tb, slots: undefined }).toEqual({ ...t, slots: undefined });
            expect(tb.slots.map((s) => s.class).sort()).toEqual(t.slots.map((s) => s.class).sort());
          });
        });
      }),
      RUNS,
    );
  });
});
