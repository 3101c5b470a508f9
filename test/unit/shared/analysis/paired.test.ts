// Paired statistics (spec section 14), table-driven: numpy's percentile and
// RandomState draws, the bootstrap and approximate randomization against a
// straightforward reference that builds every resampled or swapped corpus and
// scores it from scratch, and against an independent numpy implementation
// (test/fixtures/compare/reference.py) on the 100 SOM-DST dialogues.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareRuns, prepareComparison, statInput } from '../../../../src/shared/analysis/run-comparison';
import { Scorer } from '../../../../src/shared/analysis/columns';
import { bootstrapColumn, bootstrapValues, randomizationCounts, swapWords } from '../../../../src/shared/analysis/paired';
import { percentileInterval, percentileSorted } from '../../../../src/shared/analysis/percentile';
import { BoundedDraws, bootstrapStream, mt19937, randomizationStream } from '../../../../src/shared/analysis/rng';
import { loadCorpus } from '../../../../src/shared/formats/detect';
import { defaultConfig, type MetricConfig } from '../../../../src/shared/metrics/config';
import { evaluate } from '../../../../src/shared/metrics/evaluate';
import { METRIC_IDS } from '../../../../src/shared/metrics/registry';
import { metricValue } from '../../../../src/shared/metrics/values';
import { FIXTURES } from '../../../helpers/fixtures';
import { perturbFga } from '../../../helpers/perturb';
import { buildCorpus, type RawDialogue } from '../../../helpers/random-corpus';
import { source } from '../../../helpers/runs';

const config: MetricConfig = defaultConfig({ lambdas: [0.25, 1], slotCount: 30 });

describe('numpy-compatible building blocks', () => {
  it('percentile: numpy.percentile with linear interpolation (values from numpy 2.4)', () => {
    const cases: [number[], number, number][] = [
      [[1, 2, 3, 4], 1.075, 3.925],
      [[0.1, 0.7, 0.2, 0.9, 0.35, 0.35, 0.001], 0.015850000000000003, 0.8699999999999999],
      [[5], 5, 5],
      [[-3, -1, 0, 2, 7, 7, 8, 11, 12, 20], -2.55, 18.200000000000003],
    ];
    for (const [x, lo, hi] of cases) {
      expect(percentileInterval(x)).toEqual([lo, hi]);
      const s = Float64Array.from(x).sort();
      expect(percentileSorted(s, 0.5)).toBe([2.5, 0.35, 5, 7][cases.findIndex((c) => c[0] === x)]);
    }
    expect(percentileInterval([Number.NaN, Number.NaN])).toBeNull();
  });

  it('MT19937 words and bounded draws equal numpy RandomState(42)', () => {
    const w = mt19937(42);
    expect([w.word(), w.word(), w.word()]).toEqual([1608637542, 3421126067, 4083286876]);
    const d = new BoundedDraws(mt19937(42), 1000);
    expect(Array.from({ length: 8 }, () => d.next())).toEqual([102, 435, 860, 270, 106, 71, 700, 20]);
    const e = new BoundedDraws(mt19937(42), 7);
    expect(Array.from({ length: 8 }, () => e.next())).toEqual([6, 3, 4, 6, 2, 4, 4, 6]);
    expect(new BoundedDraws(mt19937(1), 1).next()).toBe(0);
    expect(() => mt19937(-1)).toThrow(/seed/);
    expect(() => mt19937(2 ** 32)).toThrow(/seed/);
    // The randomization stream is seed + 1, wrapping at 2^32.
    expect(randomizationStream(41).word()).toBe(bootstrapStream(42).word());
    expect(randomizationStream(0xffffffff).word()).toBe(mt19937(0).word());
  });

  it('swap words of a range of trials are the same words as in one pass', () => {
    const all = swapWords(70, 5, 0, 9);
    expect(swapWords(70, 5, 3, 7)).toEqual(all.subarray(3 * 3, 7 * 3));
  });
});

/** Dialogues with the same gold and two predictions each (run A: pred, run B: a different pred). */
function twoRuns(): { a: RawDialogue[]; b: RawDialogue[] } {
  const mk = (seed: number, d: number): RawDialogue => {
    let x = seed * 7919 + d * 104729;
    const r = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
    const n = 1 + Math.floor(r() * 5);
    const turns = [];
    const g = new Map<number, number>();
    for (let t = 0; t < n; t++) {
      g.set(Math.floor(r() * 6), 1 + Math.floor(r() * 3));
      turns.push({ gold: new Map(g), pred: new Map(g) });
    }
    return { id: `D${d}.json`, turns, indices: turns.map((_, i) => i) };
  };
  const a: RawDialogue[] = [];
  const b: RawDialogue[] = [];
  for (let d = 0; d < 23; d++) {
    const base = mk(1, d);
    const mutate = (dl: RawDialogue, k: number): RawDialogue => ({
      ...dl,
      turns: dl.turns.map((t, i) => {
        const pred = new Map(t.pred);
        if ((d + i + k) % 3 === 0) pred.delete([...pred.keys()][0]);
        if ((d * i + k) % 4 === 1) pred.set(9, 2);
        if ((d + k) % 5 === 0 && i === 0) pred.set(0, 0); // an explicit "none": GCA sees it
        return { gold: t.gold, pred };
      }),
    });
    a.push(mutate(base, 0));
    b.push(mutate(base, 1));
  }
  return { a, b };
}

/** Each column's corpus value of a list of dialogues, scored from scratch. */
function valuesOf(ds: RawDialogue[]): number[] {
  const ev = evaluate(buildCorpus(ds.map((d, i) => ({ ...d, id: `${d.id}#${i}` }))), config);
  const scorer = new Scorer(ev.layout, config);
  return scorer.columns.map((c) => metricValue(ev.corpus.values, c.metric, c.variant) ?? Number.NaN);
}

describe('bootstrap and randomization against a straightforward reference', () => {
  const { a, b } = twoRuns();
  const runs = [source('A', buildCorpus(a)), source('B', buildCorpus(b))];
  const B = 40;
  const R = 50;
  const seed = 99;

  it('each resample is the corpus of the drawn dialogues, scored from scratch', () => {
    const p = prepareComparison(runs, config);
    const scorer = new Scorer(p.evaluations[0].layout, config);
    const input = statInput(p, scorer);
    const got = bootstrapValues(input.folded, input.n, scorer, B, seed);
    const draws = new BoundedDraws(bootstrapStream(seed), a.length);
    const C = scorer.columns.length;
    for (let r = 0; r < B; r++) {
      const idx = Array.from({ length: a.length }, () => draws.next());
      const va = valuesOf(idx.map((i) => a[i]));
      const vb = valuesOf(idx.map((i) => b[i]));
      // A metric undefined on the resample (NaN: a metric added in defs/ that no turn here defines) is NaN in both.
      const close = (x: number, want: number) => (Number.isNaN(want) ? expect(x).toBeNaN() : expect(x).toBeCloseTo(want, 12));
      for (let c = 0; c < C; c++) {
        close(got[0][c * B + r], va[c]);
        close(got[1][c * B + r], vb[c]);
      }
    }
  });

  it("one column's bootstrap (the finder's) gives bootstrapValues' numbers of that column, bit for bit, for every column", () => {
    const p = prepareComparison(runs, config);
    const scorer = new Scorer(p.evaluations[0].layout, config);
    const input = statInput(p, scorer);
    const all = bootstrapValues(input.folded, input.n, scorer, B, seed);
    for (let c = 0; c < scorer.columns.length; c++) {
      const one = bootstrapColumn(input.folded, input.n, scorer, c, B, seed);
      expect(scorer.fieldsOf(c).length, scorer.columns[c].key).toBeLessThan(scorer.folded.width);
      for (let k = 0; k < 2; k++) expect(one[k], scorer.columns[c].key).toEqual(all[k].subarray(c * B, (c + 1) * B));
    }
    expect(bootstrapColumn(input.folded, 0, scorer, 0, B, seed)[0]).toEqual(new Float64Array(B));
  });

  it('each trial swaps the drawn dialogues between the runs; p = (1 + #{|δ_r| ≥ |δ|}) / (R + 1)', () => {
    const out = compareRuns(runs, config, { bootstrap: 0, trials: R, seed });
    const words = swapWords(a.length, seed, 0, R);
    const W = Math.ceil(a.length / 32);
    const obs = valuesOf(b).map((x, c) => x - valuesOf(a)[c]);
    const count = obs.map(() => 0);
    for (let r = 0; r < R; r++) {
      const swap = (d: number) => (words[r * W + (d >>> 5)] >>> (d & 31)) & 1;
      const ra = a.map((x, d) => (swap(d) ? b[d] : x));
      const rb = b.map((x, d) => (swap(d) ? a[d] : x));
      const va = valuesOf(ra);
      const vb = valuesOf(rb);
      vb.forEach((x, c) => {
        if (Math.abs(x - va[c]) >= Math.abs(obs[c]) - 1e-12) count[c]++;
      });
    }
    const scorer = new Scorer(evaluate(runs[0].corpus, config).layout, config);
    scorer.columns.forEach((col, c) => {
      const cmp = out.comparisons.find((x) => x.key === col.key)!;
      // A metric undefined in both runs (a metric added in defs/ that no turn here defines) has no p.
      if (Number.isNaN(obs[c])) return void expect(cmp.p, col.key).toBeNull();
      expect(cmp.p, col.key).toBe((1 + count[c]) / (R + 1));
      expect(cmp.delta, col.key).toBeCloseTo(obs[c], 14);
    });
    // Some metric really differs here, and its p is not trivially 1.
    expect(out.comparisons.some((c) => c.p !== null && c.p < 1)).toBe(true);
  });

  it('randomization over a range of trials adds up to the whole', () => {
    const p = prepareComparison(runs, config);
    const scorer = new Scorer(p.evaluations[0].layout, config);
    const { folded, n } = statInput(p, scorer);
    const whole = randomizationCounts(folded[0], folded[1], n, scorer, swapWords(n, seed, 0, R));
    const first = randomizationCounts(folded[0], folded[1], n, scorer, swapWords(n, seed, 0, 17));
    const rest = randomizationCounts(folded[0], folded[1], n, scorer, swapWords(n, seed, 17, R));
    // -1 marks a column undefined in the runs (run-comparison.ts merges shares the same way).
    expect(Array.from(whole)).toEqual(Array.from(first).map((x, c) => (x < 0 || rest[c] < 0 ? -1 : x + rest[c])));
  });
});

describe('against an independent numpy implementation', () => {
  it('SOM-DST vs a perturbed copy (100 dialogues): deltas, intervals to 1e-12, p-values exactly', () => {
    const ref = JSON.parse(readFileSync(join(FIXTURES, 'compare', 'somdst-perturbed.numpy.json'), 'utf8')) as {
      seed: number;
      bootstrap: number;
      trials: number;
      metrics: Record<string, { delta: number; ci: [number, number]; p: number }>;
    };
    const file = join(FIXTURES, 'multiwoz-somdst-100', 'predictions.json');
    const text = readFileSync(file, 'utf8');
    const load = (t: string, name: string) => source(name, loadCorpus(new TextEncoder().encode(t), { file: name }).corpus);
    const out = compareRuns([load(text, 'SOM-DST'), load(perturbFga(text), 'perturbed')], defaultConfig(), {
      bootstrap: ref.bootstrap,
      trials: ref.trials,
      seed: ref.seed,
    });
    // Every metric of the registry is compared, in table order; the reference has numbers for the shipped ones, all of them.
    expect(out.comparisons.map((c) => c.metric)).toEqual(METRIC_IDS);
    const shipped = ['JGA', 'SA', 'AGA', 'IAGA', 'F1', 'RSA', 'FGA', 'GCA'];
    expect(Object.keys(ref.metrics).sort()).toEqual([...shipped].sort());
    for (const c of out.comparisons.filter((x) => shipped.includes(x.metric))) {
      const r = ref.metrics[c.metric];
      expect(Math.abs(c.delta! - r.delta), c.metric).toBeLessThan(1e-12);
      expect(Math.abs(c.ci![0] - r.ci[0]), c.metric).toBeLessThan(1e-12);
      expect(Math.abs(c.ci![1] - r.ci[1]), c.metric).toBeLessThan(1e-12);
      expect(c.p, c.metric).toBe(r.p);
    }
  });
});

describe('randomization on folded rows, against summing every trial directly', () => {
  it('counts equal, also when count columns are too large to share a number', () => {
    const cfg = defaultConfig({ lambdas: [0.5] });
    const ev = evaluate(buildCorpus(twoRuns().a), cfg);
    const scorer = new Scorer(ev.layout, cfg);
    const F = scorer.folded.width;
    const n = 37;
    const R = 45;
    let x = 7;
    const rnd = (m: number) => (x = (x * 1103515245 + 12345) % 2147483648) % m;
    for (const big of [1, 2 ** 29]) {
      const make = () => {
        const rows = new Float64Array(n * F);
        for (let i = 0; i < n; i++) {
          for (let f = 0; f < F; f++) {
            const slot = scorer.folded.slot[f];
            // Turns: 5 per dialogue; sums: fractions; counts: integers, one of them huge.
            rows[i * F + f] =
              f === scorer.folded.turns ? 5 : ev.layout.kinds[slot] === 1 ? rnd(1000) / 997 : rnd(5) * (f === F - 4 ? big : 1);
          }
        }
        return rows;
      };
      const base = make();
      const other = make();
      for (let i = 0; i < n; i++) other[i * F + scorer.folded.turns] = 5;
      const words = swapWords(n, 3, 0, R);
      const got = randomizationCounts(base, other, n, scorer, words);
      const C = scorer.columns.length;
      const sum = (pick: (i: number) => Float64Array) => {
        const s = new Float64Array(F);
        for (let i = 0; i < n; i++) for (let f = 0; f < F; f++) s[f] += pick(i)[i * F + f];
        return s;
      };
      const score = (v: Float64Array) => {
        const out = new Float64Array(C);
        scorer.score(v, 0, out, 0);
        return out;
      };
      const sa = score(sum(() => base));
      const sb = score(sum(() => other));
      const want = new Int32Array(C);
      for (let r = 0; r < R; r++) {
        const swapped = (i: number) => (words[r * Math.ceil(n / 32) + (i >>> 5)] >>> (i & 31)) & 1;
        const ra = score(sum((i) => (swapped(i) ? other : base)));
        const rb = score(sum((i) => (swapped(i) ? base : other)));
        for (let c = 0; c < C; c++) if (Math.abs(rb[c] - ra[c]) >= Math.abs(sb[c] - sa[c]) - 1e-12) want[c]++;
      }
      expect(Array.from(got), `big = ${big}`).toEqual(Array.from(want));
    }
  });
});

describe('metrics undefined on some resamples', () => {
  it('are named in a note with the exact number of resamples left out of their intervals', () => {
    // One dialogue with gold slots, three whose gold is empty: AGA is undefined on a resample that draws only those three.
    const empty = (id: string): RawDialogue => ({
      id,
      indices: [0, 1],
      turns: [
        { gold: new Map(), pred: new Map() },
        { gold: new Map(), pred: new Map([[1, 1]]) },
      ],
    });
    const full: RawDialogue = {
      id: 'g',
      indices: [0, 1],
      turns: [
        { gold: new Map([[0, 0]]), pred: new Map([[0, 0]]) },
        {
          gold: new Map([
            [0, 0],
            [2, 1],
          ]),
          pred: new Map([[0, 1]]),
        },
      ],
    };
    const a = [full, empty('e1'), empty('e2'), empty('e3')];
    const b = a.map((d) => ({ ...d, turns: d.turns.map((t) => ({ gold: t.gold, pred: new Map(t.gold) })) }));
    const B = 200;
    const out = compareRuns([source('A', buildCorpus(a)), source('B', buildCorpus(b))], config, { bootstrap: B, trials: 100, seed: 7 });
    // The resamples, drawn as the engine draws them (numpy's RandomState(7).randint(0, 4, size=(B, 4))): which have no dialogue 'g'?
    const ids = buildCorpus(a).dialogueIds;
    const draws = new BoundedDraws(bootstrapStream(7), ids.length);
    let withoutGold = 0;
    for (let r = 0; r < B; r++) {
      let any = false;
      for (let i = 0; i < ids.length; i++) if (ids[draws.next()] === 'g') any = true;
      if (!any) withoutGold++;
    }
    expect(withoutGold).toBeGreaterThan(0);
    expect(withoutGold).toBeLessThan(B);
    // AGA's denominator is the gold's: it is undefined on the same resamples for both runs.
    expect(out.notes).toContain(
      `AGA is undefined on up to ${withoutGold} of ${B} bootstrap resamples (for some run, the resampled dialogues give it nothing to count); each of its intervals uses the resamples where its values are defined`,
    );
    // JGA is defined on every resample: no note.
    expect(out.notes.join('\n')).not.toMatch(/^JGA /m);
  });
});
