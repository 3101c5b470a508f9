// Turn position, error origin, correlations and the spurious-trait points
// (src/shared/analysis), each against a straightforward computation from the
// per-turn and per-dialogue records the engine reports (dialogueDetail,
// dialogueResult) on the fixtures, plus hand-made cases.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { binomialSampler, Rng } from '../../../../src/shared/analysis/bootstrap';
import { percentileInterval, percentileSorted } from '../../../../src/shared/analysis/percentile';
import { correlationMatrix } from '../../../../src/shared/analysis/correlations';
import { errorOrigin } from '../../../../src/shared/analysis/error-origin';
import { traitsView } from '../../../../src/shared/analysis/traits-points';
import { turnPosition } from '../../../../src/shared/analysis/turn-position';
import { defaultConfig } from '../../../../src/shared/metrics/config';
import { dialogueDetail, dialogueResults, evaluate, type Evaluation, type TurnRecord } from '../../../../src/shared/metrics/evaluate';
import { gcaScore } from '../../../../src/shared/metrics/defs/gca';
import { pearson } from '../../../../src/shared/metrics/stats';
import { hasNoChanges, metricValue } from '../../../../src/shared/metrics/values';
import { METRICS } from '../../../../src/shared/metrics/registry';
import { fixtureCases, loadFile } from '../../../helpers/fixtures';
import { metricKeys } from '../../../helpers/metrics';

const dir = mkdtempSync(join(tmpdir(), 'analyses-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const config = defaultConfig({ lambdas: [0.5, 1] });
const SOM = fixtureCases().find((c) => c.name === 'multiwoz-somdst-100')!.file;
const RANDOM = fixtureCases().find((c) => c.name === 'random/random-7.json')!.file;

function turnsOf(ev: Evaluation): { d: number; rec: TurnRecord }[] {
  const out: { d: number; rec: TurnRecord }[] = [];
  for (let d = 0; d < ev.source.dialogueIds.length; d++)
    for (const rec of dialogueDetail(ev.source, d, ev.config).perTurn!) out.push({ d, rec });
  return out;
}

/** The per-turn metrics' keys (the registry's: JGA, SA, AGA, IAGA, F1, RSA, FGA_0.5, FGA_1 as shipped). */
const TURN_KEYS = metricKeys(config, { perTurn: true });
/** The metrics that are not per turn (GCA). */
const WHOLE_KEYS = METRICS.filter((m) => !m.perTurn).map((m) => m.id);
function turnValue(rec: TurnRecord, key: string): number | null {
  const [id, v] = key.split('_');
  return metricValue(rec.values, id, v);
}

function mean(xs: number[]): number | null {
  return xs.length === 0 ? null : xs.reduce((a, b) => a + b, 0) / xs.length;
}

describe('turn position', () => {
  for (const file of [SOM, RANDOM]) {
    it(`by turn index: every metric equals the mean of the turns at that index (GCA from their summed counts) — ${file.split('/').pop()}`, () => {
      const ev = evaluate(loadFile(file), config);
      const all = turnsOf(ev);
      const pos = turnPosition(ev, { by: 'index', bands: [] });
      expect(pos.buckets.map((b) => b.key)).toEqual([...new Set(all.map((t) => t.rec.turn))].sort((a, b) => a - b));
      for (const b of pos.buckets) {
        const here = all.filter((t) => t.rec.turn === b.key);
        expect(b.turns).toBe(here.length);
        expect(b.dialogues).toBe(new Set(here.map((t) => t.d)).size);
        for (const key of TURN_KEYS) {
          const want = mean(here.map((t) => turnValue(t.rec, key)).filter((x): x is number => x !== null));
          const [id, v] = key.split('_');
          const got = metricValue(b.values, id, v);
          if (want === null) expect(got).toBeNull();
          else expect(Math.abs((got as number) - want), `${key} at ${b.key}`).toBeLessThan(1e-9);
        }
        const counts = here.reduce((a, t) => ({ C: a.C + t.rec.gca.C, W: a.W + t.rec.gca.W, M: a.M + t.rec.gca.M, O: a.O + t.rec.gca.O }), {
          C: 0,
          W: 0,
          M: 0,
          O: 0,
        });
        expect(metricValue(b.values, 'GCA')).toBeCloseTo(gcaScore(counts), 12);
      }
    });
  }

  it('by dialogue length: the corpus metrics of the dialogues of each length', () => {
    const corpus = loadFile(SOM);
    const ev = evaluate(corpus, config);
    const pos = turnPosition(ev, { by: 'length', bands: [] });
    const lengths = [...dialogueResults(ev)].map((d) => d.turns);
    expect(pos.buckets.map((b) => b.key)).toEqual([...new Set(lengths)].sort((a, b) => a - b));
    for (const b of pos.buckets) {
      const ids = [...dialogueResults(ev)].filter((d) => d.turns === b.key).map((d) => d.id);
      expect(b.dialogues).toBe(ids.length);
      expect(b.turns).toBe(ids.length * b.key);
      // Score the sub-corpus of those dialogues on its own.
      const data = JSON.parse(readFileSync(SOM, 'utf8')) as Record<string, unknown>;
      const f = join(dir, `len-${b.key}.json`);
      writeFileSync(f, JSON.stringify(Object.fromEntries(ids.map((id) => [id, data[id]]))));
      const sub = evaluate(loadFile(f), config).corpus;
      for (const key of [...TURN_KEYS, ...WHOLE_KEYS]) {
        const [id, v] = key.split('_');
        const want = metricValue(sub.values, id, v);
        const got = metricValue(b.values, id, v);
        if (want === null) expect(got).toBeNull();
        else expect(Math.abs((got as number) - want)).toBeLessThan(1e-9);
      }
    }
  });

  it('bands drawn unit by unit: a straightforward bootstrap with the same seeded draws gives the same intervals', () => {
    const ev = evaluate(loadFile(SOM), config);
    const all = turnsOf(ev);
    const pos = turnPosition(ev, { by: 'index', bands: ['JGA', 'GCA', 'AGA'], replicates: 50, seed: 7, direct: true });
    expect(pos.banded).toEqual(['JGA', 'GCA', 'AGA']);
    for (const key of ['JGA', 'GCA', 'AGA']) {
      const rng = new Rng(7);
      for (const b of pos.buckets) {
        const here = all.filter((t) => t.rec.turn === b.key); // global order, as the engine groups them
        const reps = new Float64Array(50);
        for (let r = 0; r < 50; r++) {
          const pick = Array.from({ length: here.length }, () => here[rng.below(here.length)].rec);
          if (key === 'GCA')
            reps[r] = gcaScore(
              pick.reduce((a, t) => ({ C: a.C + t.gca.C, W: a.W + t.gca.W, M: a.M + t.gca.M, O: a.O + t.gca.O }), {
                C: 0,
                W: 0,
                M: 0,
                O: 0,
              }),
            );
          else reps[r] = mean(pick.map((t) => turnValue(t, key)).filter((x): x is number => x !== null)) ?? Number.NaN;
        }
        const want = percentileInterval(reps);
        const got = b.bands[key];
        if (want === null) expect(got).toBeNull();
        else {
          expect(Math.abs(got![0] - want[0])).toBeLessThan(1e-9);
          expect(Math.abs(got![1] - want[1])).toBeLessThan(1e-9);
        }
      }
    }
  });

  it('bands from grouped (multinomial) draws: reproducible, and the same distribution as unit-by-unit draws', () => {
    const ev = evaluate(loadFile(RANDOM), config);
    const grouped = turnPosition(ev, { by: 'index', bands: ['JGA', 'GCA', 'RSA'], replicates: 4000, seed: 3 });
    const direct = turnPosition(ev, { by: 'index', bands: ['JGA', 'GCA', 'RSA'], replicates: 4000, seed: 4, direct: true });
    expect(turnPosition(ev, { by: 'index', bands: ['JGA', 'GCA', 'RSA'], replicates: 4000, seed: 3 })).toEqual(grouped);
    expect(turnPosition(ev, { by: 'index', bands: ['JGA'], replicates: 4000, seed: 5 }).buckets.map((b) => b.bands.JGA)).not.toEqual(
      grouped.buckets.map((b) => b.bands.JGA),
    );
    let compared = 0;
    grouped.buckets.forEach((b, i) => {
      if (b.turns < 100) return;
      for (const key of ['JGA', 'GCA', 'RSA']) {
        const [lo, hi] = b.bands[key]!;
        const [dlo, dhi] = direct.buckets[i].bands[key]!;
        // Two Monte Carlo estimates of the same 2.5th / 97.5th percentiles (4000 replicates each).
        expect(Math.abs(lo - dlo), `${key} at ${b.key}`).toBeLessThan(0.015);
        expect(Math.abs(hi - dhi), `${key} at ${b.key}`).toBeLessThan(0.015);
        const point = metricValue(b.values, key)!;
        expect(lo).toBeLessThanOrEqual(point);
        expect(hi).toBeGreaterThanOrEqual(point);
        compared++;
      }
    });
    expect(compared).toBeGreaterThan(10);
    expect(grouped.signature.parts.map((p) => p.text)).toEqual(expect.arrayContaining(['by=turn index', 'seed=3']));
  });

  it('the binomial draws have the binomial mean and variance', () => {
    const draw = binomialSampler(new Rng(11));
    for (const [n, p] of [
      [20, 0.1],
      [5000, 0.37],
      [100000, 0.5],
    ] as const) {
      const xs = Array.from({ length: 20000 }, () => draw(n, p));
      const m = mean(xs)!;
      const v = xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1);
      expect(Math.abs(m - n * p)).toBeLessThan(4 * Math.sqrt((n * p * (1 - p)) / xs.length));
      expect(Math.abs(v / (n * p * (1 - p)) - 1)).toBeLessThan(0.06);
      expect(xs.every((x) => Number.isInteger(x) && x >= 0 && x <= n)).toBe(true);
    }
    expect(draw(0, 0.5)).toBe(0);
    expect(draw(7, 1)).toBe(7);
  });

  it('percentiles interpolate linearly between order statistics (numpy default)', () => {
    expect(percentileSorted([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(percentileSorted([0, 10], 0.025)).toBeCloseTo(0.25, 12);
    expect(percentileInterval(Float64Array.from([3, Number.NaN, 1, 2]))).toEqual([1.05, 2.95]);
  });
});

describe('error origin', () => {
  for (const file of [SOM, RANDOM]) {
    it(`every wrong turn belongs to one fresh error; slot costs add up to the wrong turns — ${file.split('/').pop()}`, () => {
      const ev = evaluate(loadFile(file), config);
      const o = errorOrigin(ev, 1_000_000);
      const all = turnsOf(ev);
      const jga = metricValue(ev.corpus.values, 'JGA')!;
      expect(o.turns).toBe(all.length);
      expect(o.wrong).toBe(Math.round((1 - jga) * all.length));
      expect(o.fresh).toBe(all.filter((t) => t.rec.fgaClass === 'type1').length);
      expect(o.carried).toBe(all.filter((t) => t.rec.fgaClass === 'type2').length);
      expect(o.fresh + o.carried).toBe(o.wrong);
      expect(o.jgaLostFresh + o.jgaLostCarried).toBeCloseTo(1 - jga, 12);
      expect(o.poison.reduce((a, p) => a + p.errors * (1 + p.poisoned), 0)).toBe(o.wrong);
      expect(o.rootTurns.length).toBe(o.fresh);
      expect(o.rootTurns.reduce((a, r) => a + r.cost, 0)).toBe(o.wrong);
      expect(o.rootSlots.reduce((a, s) => a + s.cost, 0)).toBeCloseTo(o.wrong, 9);
      expect(o.rootSlots.reduce((a, s) => a + s.share, 0)).toBeCloseTo(o.wrong ? 1 : 0, 9);
      // Each root turn: a type-1 turn followed by exactly `poisoned` type-2 turns.
      for (const r of o.rootTurns.slice(0, 50)) {
        const recs = dialogueDetail(ev.source, ev.source.dialogueIds.indexOf(r.dialogue), config).perTurn!;
        expect(recs[r.position].fgaClass).toBe('type1');
        expect(recs[r.position].turn).toBe(r.turn);
        let k = 0;
        while (recs[r.position + 1 + k]?.fgaClass === 'type2') k++;
        expect(r.poisoned).toBe(k);
        expect(r.slots.length).toBeGreaterThan(0);
      }
      for (let i = 1; i < o.rootTurns.length; i++) expect(o.rootTurns[i].cost).toBeLessThanOrEqual(o.rootTurns[i - 1].cost);
    });
  }

  it('fresh slots are the new mistakes of a type-1 turn; an old mistake carried along is not one', () => {
    const f = join(dir, 'origin.json');
    writeFileSync(
      f,
      JSON.stringify({
        'A.json': {
          0: { gt: { hotel: { area: 'north' } }, pr: { hotel: { area: 'south' } } },
          1: { gt: { hotel: { area: 'north', stars: '4' } }, pr: { hotel: { area: 'south', stars: '4' } } },
          2: { gt: { hotel: { area: 'north', stars: '4', name: 'acorn' } }, pr: { hotel: { area: 'south', stars: '4', name: 'avalon' } } },
          3: { gt: { hotel: { area: 'north', stars: '4', name: 'acorn' } }, pr: { hotel: { area: 'south', stars: '4', name: 'avalon' } } },
          4: { gt: { hotel: { area: 'north', stars: '4', name: 'acorn' } }, pr: { hotel: { area: 'north', stars: '4', name: 'acorn' } } },
        },
      }),
    );
    const o = errorOrigin(evaluate(loadFile(f), config));
    expect([o.wrong, o.fresh, o.carried]).toEqual([4, 2, 2]);
    expect(o.rootTurns.map((r) => [r.turn, r.poisoned, r.slots.map((s) => s.slot)])).toEqual([
      [0, 1, ['hotel-area']],
      [2, 1, ['hotel-name']],
    ]);
    expect(o.rootTurns[1].slots[0]).toEqual({ slot: 'hotel-name', gold: 'acorn', pred: 'avalon', class: 'wrong' });
    expect(o.rootSlots.map((s) => [s.slot, s.fresh, s.cost])).toEqual([
      ['hotel-area', 1, 2],
      ['hotel-name', 1, 2],
    ]);
    expect(o.poison).toEqual([
      { poisoned: 0, errors: 0 },
      { poisoned: 1, errors: 2 },
    ]);
  });
});

/** Ranks with ties averaged, 1-based. */
function ranks(x: number[]): number[] {
  const idx = x.map((v, i) => [v, i] as const).sort((a, b) => a[0] - b[0]);
  const out = new Array<number>(x.length);
  for (let i = 0; i < idx.length;) {
    let j = i;
    while (j + 1 < idx.length && idx[j + 1][0] === idx[i][0]) j++;
    for (let k = i; k <= j; k++) out[idx[k][1]] = (i + j) / 2 + 1;
    i = j + 1;
  }
  return out;
}

describe('correlations', () => {
  const ev = evaluate(loadFile(SOM), config);
  const all = turnsOf(ev);
  for (const method of ['pearson', 'spearman'] as const) {
    it(`turn level, ${method}: every cell equals the pairwise computation from the per-turn values`, () => {
      const m = correlationMatrix(ev, 'turn', method);
      expect(m.metrics).toEqual(TURN_KEYS);
      for (let a = 0; a < TURN_KEYS.length; a++) {
        for (let b = 0; b < TURN_KEYS.length; b++) {
          const pairs = all
            .map((t) => [turnValue(t.rec, TURN_KEYS[a]), turnValue(t.rec, TURN_KEYS[b])])
            .filter((p): p is [number, number] => p[0] !== null && p[1] !== null);
          expect(m.n[a][b]).toBe(pairs.length);
          let x = pairs.map((p) => p[0]);
          let y = pairs.map((p) => p[1]);
          if (method === 'spearman') [x, y] = [ranks(x), ranks(y)];
          const want = pearson(x, y);
          if (want === null) expect(m.matrix[a][b]).toBeNull();
          else expect(Math.abs(m.matrix[a][b]! - want), `${TURN_KEYS[a]}×${TURN_KEYS[b]}`).toBeLessThan(1e-9);
        }
      }
      const aga = TURN_KEYS.indexOf('AGA');
      expect(m.n[0][aga]).toBe(all.filter((t) => t.rec.values.AGA !== null).length);
      expect(m.n[0][aga]).toBeLessThan(all.length);
    });
  }

  // A dialogue without any change has no GCA (reported as 0 by convention): left out of GCA's pairs.
  // random-7 has 13 such dialogues; the SOM-DST fixture none.
  for (const [name, file] of [
    ['SOM-DST', SOM],
    ['random-7', RANDOM],
  ] as const) {
    const evd = evaluate(loadFile(file), config);
    const dialogues = [...dialogueResults(evd)];
    for (const method of ['pearson', 'spearman'] as const) {
      it(`dialogue level on ${name}, ${method}: GCA included (without dialogues that have no change), equal to the per-dialogue values' correlations`, () => {
        const m = correlationMatrix(evd, 'dialogue', method);
        const keys = [...TURN_KEYS, ...WHOLE_KEYS];
        expect([...m.metrics].sort()).toEqual([...keys].sort());
        const val = (d: (typeof dialogues)[number], key: string) => {
          const [id, v] = key.split('_');
          return id === 'GCA' && hasNoChanges(d.values) ? null : metricValue(d.values, id, v);
        };
        for (let a = 0; a < m.metrics.length; a++) {
          for (let b = 0; b < m.metrics.length; b++) {
            const pairs = dialogues
              .map((d) => [val(d, m.metrics[a]), val(d, m.metrics[b])])
              .filter((p): p is [number, number] => p[0] !== null && p[1] !== null);
            let x = pairs.map((p) => p[0]);
            let y = pairs.map((p) => p[1]);
            if (method === 'spearman') [x, y] = [ranks(x), ranks(y)];
            const want = pearson(x, y);
            expect(m.n[a][b]).toBe(pairs.length);
            if (want === null) expect(m.matrix[a][b]).toBeNull();
            else expect(Math.abs(m.matrix[a][b]! - want)).toBeLessThan(1e-9);
          }
        }
        const gca = m.metrics.indexOf('GCA');
        const without = dialogues.filter((d) => hasNoChanges(d.values)).length;
        expect(without).toBe(name === 'random-7' ? 13 : 0);
        expect(m.n[gca][0]).toBe(dialogues.length - without);
        expect(m.n[1][0]).toBe(dialogues.length);
      });
    }
  }

  it('a constant variable has no correlation (null), not NaN', () => {
    const f = join(dir, 'const.json');
    writeFileSync(
      f,
      JSON.stringify({
        'A.json': {
          0: { gt: { hotel: { area: 'north' } }, pr: { hotel: { area: 'north' } } },
          1: { gt: { hotel: { area: 'east' } }, pr: { hotel: { area: 'east' } } },
        },
      }),
    );
    const m = correlationMatrix(evaluate(loadFile(f), config), 'turn', 'pearson');
    expect(m.matrix.flat().every((x) => x === null)).toBe(true);
    expect(m.n[0][0]).toBe(2);
  });
});

describe('spurious traits as points', () => {
  it("the kept dialogues' z-scores reproduce the analysis's correlations; the lines are least squares", () => {
    const ev = evaluate(loadFile(SOM), defaultConfig());
    const t = traitsView(ev);
    expect(t.points.length).toBe(t.analysis.kept);
    expect(t.analysis.kept).toBe(72);
    for (const c of t.analysis.correlations) {
      const x = t.points.map((p) => p[c.trait]);
      expect(
        pearson(
          x,
          t.points.map((p) => p.FGA),
        ),
      ).toBeCloseTo(c.withFGA!, 12);
      expect(
        pearson(
          x,
          t.points.map((p) => p.GCA),
        ),
      ).toBeCloseTo(c.withGCA!, 12);
    }
    for (const l of t.lines) {
      const x = t.points.map((p) => p[l.trait]);
      const y = t.points.map((p) => p[l.metric]);
      const sd = (v: number[]) => Math.sqrt(v.reduce((a, b) => a + (b - mean(v)!) ** 2, 0));
      expect(l.slope!).toBeCloseTo(pearson(x, y)! * (sd(y) / sd(x)), 10);
      expect(l.intercept!).toBeCloseTo(mean(y)! - l.slope! * mean(x)!, 10);
    }
  });
});
