// "Where do runs differ most" (src/shared/analysis/differ.ts) on the 100
// SOM-DST dialogues and three seeded variants of their predictions (the gold
// kept): each run's JGA on every domain, slot, position and length slice
// equals a plain count over the prediction JSON (a turn of a slice is right
// when its predicted and gold states, cut to the slice's slots, agree), the
// spread is max − min of those, the interval equals a plain paired bootstrap
// over the slice's dialogues (the same seeded draws, dialogues in id order),
// the numbers are reproducible, and the runs given in any order give the same
// ranking, spreads and intervals.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  differ,
  differRuns,
  listSlices,
  sliceDialogueMask,
  type DifferOptions,
  type DifferResult,
  type Slice,
} from '../../../../src/shared/analysis/differ';
import { alignRuns } from '../../../../src/shared/analysis/align';
import { percentileInterval } from '../../../../src/shared/analysis/percentile';
import { BoundedDraws, bootstrapStream } from '../../../../src/shared/analysis/rng';
import { loadCorpus } from '../../../../src/shared/formats/detect';
import { canonicalSlot } from '../../../../src/shared/formats/slot-names';
import { defaultConfig } from '../../../../src/shared/metrics/config';
import { makeSignature } from '../../../../src/shared/metrics/signature';
import { FIXTURES } from '../../../helpers/fixtures';
import { perturbFga, seriesRun } from '../../../helpers/perturb';

type Raw = Record<string, Record<string, { gt: Record<string, Record<string, string>>; pr: Record<string, Record<string, string>> }>>;

const TEXT = readFileSync(join(FIXTURES, 'multiwoz-somdst-100', 'predictions.json'), 'utf8');
const TEXTS: Record<string, string> = {
  base: TEXT,
  perturbed: perturbFga(TEXT) as string,
  better: seriesRun(TEXT, 0.5, 0.05, 7) as string,
  worse: seriesRun(TEXT, 0.05, 0.4, 9) as string,
};
const config = defaultConfig({ lambdas: [0.5], slotCount: 30 });
const OPTS: DifferOptions = { metric: 'JGA', minTurns: 10, bootstrap: 200, seed: 5, limit: 1000 };

function corpus(name: string) {
  return loadCorpus(new TextEncoder().encode(TEXTS[name]), { file: `${name}.json` }).corpus;
}

function run(names: string[], opts: DifferOptions = OPTS): DifferResult {
  const rs = names.map((name) => ({ name, corpus: corpus(name) }));
  const al = alignRuns(
    rs.map((r) => r.corpus),
    names,
  );
  return differ(differRuns(rs, al), config, opts, makeSignature(config));
}

/** A turn's state as "domain-slot=value" strings (none left out), cut to the slots `keep` accepts. */
function flat(s: Record<string, Record<string, string>>, keep: (slot: string) => boolean): string {
  const out: string[] = [];
  for (const [d, slots] of Object.entries(s))
    for (const [n, v] of Object.entries(slots)) {
      const slot = canonicalSlot(d, n); // the loader's slot names (restaurant-day → restaurant-book day)
      if (v !== 'none' && keep(slot)) out.push(`${slot}=${v}`);
    }
  return out.sort().join('|');
}

interface PlainTurn {
  dialogue: string;
  right: boolean;
}

/** The slice's turns of one run, from the JSON alone. */
function plainTurns(name: string, s: Slice): PlainTurn[] {
  const data = JSON.parse(TEXTS[name]) as Raw;
  const out: PlainTurn[] = [];
  for (const [id, turns] of Object.entries(data)) {
    const keys = Object.keys(turns).sort((a, b) => Number(a) - Number(b));
    keys.forEach((k, p) => {
      const t = turns[k];
      const keep = (slot: string) => (s.kind === 'domain' ? slot.startsWith(`${s.key}-`) : s.kind === 'slot' ? slot === s.key : true);
      const goldHas = flat(t.gt, keep) !== '';
      const x = s.kind === 'position' ? p + 1 : keys.length;
      const [lo, hi] = s.key.endsWith('+') ? [Number(s.key.slice(0, -1)), Infinity] : s.key.split('-').map(Number).concat([]);
      const inBucket = x >= lo && x <= (hi ?? lo);
      const inSlice = s.kind === 'domain' || s.kind === 'slot' ? goldHas : inBucket;
      if (inSlice) out.push({ dialogue: id, right: flat(t.gt, keep) === flat(t.pr, keep) });
    });
  }
  return out;
}

const jga = (ts: PlainTurn[]) => ts.filter((t) => t.right).length / ts.length;

describe('differ', () => {
  const names = ['base', 'perturbed', 'better', 'worse'];
  const result = run(names);

  it('lists domains, slots, positions and lengths, and ranks them by spread, largest first', () => {
    const kinds = new Set(result.rows.map((r) => r.slice.kind));
    expect([...kinds].sort()).toEqual(['domain', 'length', 'position', 'slot']);
    for (let k = 1; k < result.rows.length; k++) {
      const [a, b] = [result.rows[k - 1].spread, result.rows[k].spread];
      if (a !== null && b !== null) expect(a).toBeGreaterThanOrEqual(b);
    }
    expect(result.ranked + result.small).toBe(listSlices(corpus('base')).length);
    expect(result.rows.every((r) => r.turns >= OPTS.minTurns)).toBe(true);
  });

  it("each run's JGA on every slice, the spread and the extremes equal a plain count over the JSON", () => {
    expect(result.rows.length).toBeGreaterThan(20);
    for (const row of result.rows) {
      const plain = names.map((n) => plainTurns(n, row.slice));
      expect(row.turns, row.label).toBe(plain[0].length);
      expect(row.dialogues, row.label).toBe(new Set(plain[0].map((t) => t.dialogue)).size);
      const values = plain.map(jga);
      row.values.forEach((v, k) => expect(v, `${row.label} ${names[k]}`).toBeCloseTo(values[k], 12));
      expect(row.spread).toBeCloseTo(Math.max(...values) - Math.min(...values), 12);
      expect(values[names.indexOf(row.high!)]).toBeCloseTo(Math.max(...values), 12);
      expect(values[names.indexOf(row.low!)]).toBeCloseTo(Math.min(...values), 12);
    }
  });

  it('the interval equals a plain paired bootstrap of high − low over the dialogues (id order, the same seeded draws)', () => {
    for (const row of result.rows.slice(0, 6)) {
      const hi = plainTurns(row.high!, row.slice);
      const lo = plainTurns(row.low!, row.slice);
      const ids = [...new Set(hi.map((t) => t.dialogue))].sort();
      const per = (ts: PlainTurn[]) => ids.map((id) => ts.filter((t) => t.dialogue === id));
      const [h, l] = [per(hi), per(lo)];
      const draws = new BoundedDraws(bootstrapStream(OPTS.seed), ids.length);
      const diff: number[] = [];
      for (let b = 0; b < OPTS.bootstrap; b++) {
        const counts = { hr: 0, lr: 0, n: 0 };
        for (let i = 0; i < ids.length; i++) {
          const d = draws.next();
          counts.hr += h[d].filter((t) => t.right).length;
          counts.lr += l[d].filter((t) => t.right).length;
          counts.n += h[d].length;
        }
        diff.push(counts.hr / counts.n - counts.lr / counts.n);
      }
      const want = percentileInterval(diff)!;
      expect(row.ci![0], row.label).toBeCloseTo(want[0], 12);
      expect(row.ci![1], row.label).toBeCloseTo(want[1], 12);
      expect(row.ci![0]).toBeLessThanOrEqual(row.spread! + 1e-12);
    }
  });

  it('is reproducible, and the runs in any order give the same ranking, spreads and intervals', () => {
    const again = run(names);
    expect(again).toEqual(result);
    for (const order of [
      ['worse', 'better', 'perturbed', 'base'],
      ['better', 'base', 'worse', 'perturbed'],
    ]) {
      const other = run(order);
      expect(other.rows.map((r) => r.label)).toEqual(result.rows.map((r) => r.label));
      other.rows.forEach((r, k) => {
        const want = result.rows[k];
        expect(r.spread).toBeCloseTo(want.spread!, 12);
        expect([r.high, r.low]).toEqual([want.high, want.low]);
        expect(r.ci![0]).toBeCloseTo(want.ci![0], 12);
        expect(r.ci![1]).toBeCloseTo(want.ci![1], 12);
        order.forEach((n, j) => expect(r.values[j]).toBeCloseTo(want.values[names.indexOf(n)]!, 12));
      });
    }
  });

  it('another seed moves the intervals, not the values; minTurns and limit cut the list; SA is a column too', () => {
    const other = run(names, { ...OPTS, seed: 6 });
    expect(other.rows.map((r) => r.values)).toEqual(result.rows.map((r) => r.values));
    expect(other.rows.map((r) => r.ci)).not.toEqual(result.rows.map((r) => r.ci));
    const few = run(names, { ...OPTS, minTurns: 200, limit: 3 });
    expect(few.rows.length).toBeLessThanOrEqual(3);
    expect(few.rows.every((r) => r.turns >= 200)).toBe(true);
    expect(few.small).toBeGreaterThan(result.small);
    const sa = run(names, { ...OPTS, metric: 'SA', bootstrap: 0 });
    expect(sa.metric).toBe('SA');
    expect(sa.rows.every((r) => r.ci === null && r.values.every((v) => v !== null && v >= 0 && v <= 1))).toBe(true);
    expect(() => run(names, { ...OPTS, metric: 'XYZ' })).toThrow(/unknown metric/);
  });

  it('a slice filters the pair list to the dialogues with a turn in it', () => {
    const c = corpus('base');
    const row = result.rows[0];
    const mask = sliceDialogueMask(c, row.slice);
    const want = new Set(plainTurns('base', row.slice).map((t) => t.dialogue));
    expect(c.dialogueIds.filter((_, d) => mask[d])).toEqual(c.dialogueIds.filter((id) => want.has(id)));
  });
});
