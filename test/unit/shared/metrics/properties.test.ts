// Invariants of the metrics engine, checked on generated corpora (fast-check):
// bounds, perfect predictions, λ = 0, order/shard independence of the corpus
// result, and invariance under one-to-one renaming of slots and values.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { defaultConfig, type MetricConfig } from '../../../../src/shared/metrics/config';
import { dialogueResults, evaluate } from '../../../../src/shared/metrics/evaluate';
import { METRICS } from '../../../../src/shared/metrics/registry';
import { emptyStates, mergeInto, scoresOf, stateLayout, type Scores } from '../../../../src/shared/metrics/state';
import { gcaCountsOf, metricValue } from '../../../../src/shared/metrics/values';
import { buildCorpus, corpusArb, cumulative, defaultNaming, perfectTurn, type Naming } from '../../../helpers/random-corpus';

const config: MetricConfig = defaultConfig({ lambdas: [0.25, 0.5, 1], slotCount: 30 });
const RUNS = { numRuns: 150 };
const layout = stateLayout(config);

/** Every metric's number (each FGA λ separately) of a values record. */
function allValues(v: Scores['values']): [string, number | null][] {
  const out: [string, number | null][] = [];
  for (const m of METRICS) {
    const variants = m.variants(config);
    if (variants) for (const k of variants) out.push([`${m.id} ${k}`, metricValue(v, m.id, k)]);
    else out.push([m.id, metricValue(v, m.id)]);
  }
  return out;
}

/** Equal to `tol`; integer-count metrics (JGA, SA, GCA and its counts) exactly. */
function expectScoresEqual(a: Scores, b: Scores, tol = 1e-12): void {
  expect(a.turns).toBe(b.turns);
  expect(a.dialogues).toBe(b.dialogues);
  expect(gcaCountsOf(a.values)).toEqual(gcaCountsOf(b.values));
  for (const k of ['JGA', 'SA', 'GCA']) expect(metricValue(a.values, k), k).toBe(metricValue(b.values, k));
  const bv = new Map(allValues(b.values));
  for (const [k, x] of allValues(a.values)) {
    const y = bv.get(k) ?? null;
    if (x === null) expect(y, k).toBeNull();
    else expect(Math.abs(x - (y as number)), k).toBeLessThanOrEqual(tol);
  }
}

const inUnit = (x: number | null) => x === null || (x >= 0 && x <= 1);

describe('metric properties', () => {
  it('every score, corpus, dialogue and turn, lies in [0, 1]', () => {
    fc.assert(
      fc.property(corpusArb(), (ds) => {
        const ev = evaluate(buildCorpus(ds), config);
        const c = ev.corpus.values;
        for (const [k, v] of [...allValues(c), ...['VP', 'VR', 'LP', 'LR'].map((k) => [k, metricValue(c, k)] as const)])
          expect(inUnit(v), k).toBe(true);
        for (const d of dialogueResults(ev, true)) {
          for (const [k, v] of allValues(d.values)) expect(inUnit(v), k).toBe(true);
          for (const t of d.perTurn ?? []) {
            for (const [k, v] of allValues(t.values)) if (k !== 'GCA') expect(inUnit(v), k).toBe(true);
            expect(inUnit(t.gcaRunning)).toBe(true);
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
        const c = ev.corpus.values;
        for (const [k, v] of allValues(c)) expect(v, k).toBe(1);
        const n = gcaCountsOf(c);
        expect(n.W + n.M + n.O).toBe(0);
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
        expect(metricValue(ev.corpus.values, 'FGA', '0')).toBeCloseTo(metricValue(ev.corpus.values, 'JGA') as number, 12);
        for (const d of dialogueResults(ev, true))
          for (const t of d.perTurn ?? []) expect(metricValue(t.values, 'FGA', '0')).toBe(metricValue(t.values, 'JGA'));
      }),
      RUNS,
    );
  });

  it('merging per-dialogue states in any order equals the corpus result', () => {
    fc.assert(
      fc.property(
        corpusArb().chain((ds) =>
          fc.tuple(fc.constant(ds), fc.shuffledSubarray([...ds.keys()], { minLength: ds.length, maxLength: ds.length })),
        ),
        ([ds, order]) => {
          const ev = evaluate(buildCorpus(ds), config);
          const merged = emptyStates(layout);
          for (const d of order) mergeInto(merged, 0, ev.states, d * layout.width, layout);
          expectScoresEqual(scoresOf(merged, 0, layout, config), ev.corpus);
        },
      ),
      RUNS,
    );
  });

  it('shuffling dialogue order, or splitting the corpus into shards scored separately, changes nothing', () => {
    fc.assert(
      fc.property(
        corpusArb().chain((ds) =>
          fc.tuple(
            fc.constant(ds),
            fc.shuffledSubarray(ds, { minLength: ds.length, maxLength: ds.length }),
            fc.array(fc.integer({ min: 0, max: 3 }), { minLength: ds.length, maxLength: ds.length }),
          ),
        ),
        ([ds, shuffled, shardOf]) => {
          const whole = evaluate(buildCorpus(ds), config).corpus;
          expectScoresEqual(evaluate(buildCorpus(shuffled), config).corpus, whole);
          const total = emptyStates(layout);
          for (let s = 0; s < 4; s++) {
            const part = ds.filter((_, i) => shardOf[i] === s);
            if (part.length) mergeInto(total, 0, evaluate(buildCorpus(part), config).total, 0, layout);
          }
          expectScoresEqual(scoresOf(total, 0, layout, config), whole);
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
