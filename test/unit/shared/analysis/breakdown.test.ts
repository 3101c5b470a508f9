// Per-domain and per-slot breakdowns (src/shared/analysis, spec section 13).
// Per domain: each group's numbers equal scoring the domain-restricted file,
// which this test builds independently from every fixture (the FGA/GCA JSON
// cut down with plain object code, written to disk and loaded like any
// file); SA with a per-domain K is checked against the spec's formula. Per
// slot: the classes and GCA counts add up to the corpus's, each slot's GCA
// counts equal GCA run on the file restricted to that slot, and the
// confusions are the wrong turns' (gold, pred) pairs.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { domainBreakdown } from '../../../../src/shared/analysis/domain-breakdown';
import { slotBreakdown } from '../../../../src/shared/analysis/slot-breakdown';
import { defaultConfig } from '../../../../src/shared/metrics/config';
import { evaluate } from '../../../../src/shared/metrics/evaluate';
import { makeSignature, renderSignature } from '../../../../src/shared/metrics/signature';
import { METRICS } from '../../../../src/shared/metrics/registry';
import type { Scores } from '../../../../src/shared/metrics/state';
import { gcaCountsOf, metricValue } from '../../../../src/shared/metrics/values';
import { fixtureCases, loadFile, LAMBDAS } from '../../../helpers/fixtures';

type State = Record<string, Record<string, string>>;
type FgaFile = Record<string, Record<string, { gt: State; pr: State }>>;

const dir = mkdtempSync(join(tmpdir(), 'breakdown-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const config = defaultConfig({ lambdas: LAMBDAS });

function activeIn(state: State, domain: string): boolean {
  return Object.values(state[domain] ?? {}).some((v) => v !== 'none');
}

/** The FGA file cut down to one domain's slots over the spec's turn selection, written to disk. */
function restrictedFile(data: FgaFile, domain: string, mode: 'active' | 'dialogue', name: string): string | null {
  const out: FgaFile = {};
  for (const [id, turns] of Object.entries(data)) {
    const mentions = Object.values(turns).some((t) => activeIn(t.gt, domain));
    const kept: Record<string, { gt: State; pr: State }> = {};
    for (const [t, { gt, pr }] of Object.entries(turns)) {
      if (mode === 'active' ? !activeIn(gt, domain) : !mentions) continue;
      kept[t] = { gt: gt[domain] ? { [domain]: gt[domain] } : {}, pr: pr[domain] ? { [domain]: pr[domain] } : {} };
    }
    if (Object.keys(kept).length > 0) out[id] = kept;
  }
  if (Object.keys(out).length === 0) return null;
  const f = join(dir, name);
  writeFileSync(f, JSON.stringify(out));
  return f;
}

function expectSameScores(got: Scores, want: Scores, skip: string[] = []): void {
  expect(got.dialogues).toBe(want.dialogues);
  expect(got.turns).toBe(want.turns);
  for (const m of METRICS) {
    if (skip.includes(m.id)) continue;
    const variants = m.variants(config) ?? [undefined];
    for (const v of variants) {
      const a = metricValue(got.values, m.id, v);
      const b = metricValue(want.values, m.id, v);
      if (b === null) expect(a, `${m.id}`).toBeNull();
      else expect(Math.abs((a as number) - b), `${m.id} ${v ?? ''}: ${a} vs ${b}`).toBeLessThan(1e-9);
    }
  }
  expect(gcaCountsOf(got.values)).toEqual(gcaCountsOf(want.values));
}

describe('per-domain breakdown equals scoring the domain-restricted file', () => {
  for (const c of fixtureCases()) {
    it(c.name, () => {
      const data = JSON.parse(readFileSync(c.file, 'utf8')) as FgaFile;
      const corpus = loadFile(c.file);
      for (const mode of ['active', 'dialogue'] as const) {
        const b = domainBreakdown(corpus, config, { turns: mode });
        const domains = new Set<string>();
        for (const turns of Object.values(data))
          for (const t of Object.values(turns)) for (const d of Object.keys(t.gt)) if (activeIn(t.gt, d)) domains.add(d);
        expect(b.groups.map((g) => g.group)).toEqual([...domains].sort());
        for (const g of b.groups) {
          const f = restrictedFile(data, g.group, mode, `${c.name.replace(/\W/g, '_')}-${g.group}-${mode}.json`);
          expect(f).not.toBeNull();
          expectSameScores(g.scores, evaluate(loadFile(f!), config).corpus);
          expect(g.K).toBe(30);
        }
        expect(renderSignature(b.signature)).toContain(`by=domain turns=${mode}`);
      }
    });
  }

  it('kept turns keep their integer index: a carried error across a turn where the domain is inactive has distance 3, not 2', () => {
    const data: FgaFile = {
      'X.json': {
        0: { gt: { hotel: { area: 'north' } }, pr: { hotel: { area: 'south' } } },
        1: { gt: { hotel: { area: 'north' }, taxi: { leaveAt: '10:00' } }, pr: { hotel: { area: 'south' }, taxi: { leaveAt: '10:00' } } },
        2: { gt: { taxi: { leaveAt: '10:00' } }, pr: { hotel: { area: 'south' }, taxi: { leaveAt: '10:00' } } },
        3: { gt: { hotel: { area: 'north' } }, pr: { hotel: { area: 'south' } } },
      },
    };
    const src = join(dir, 'gap.json');
    writeFileSync(src, JSON.stringify(data));
    const hotel = domainBreakdown(loadFile(src), config, { turns: 'active' }).groups.find((g) => g.group === 'hotel')!;
    expect(hotel.scores.turns).toBe(3);
    const f = restrictedFile(data, 'hotel', 'active', 'gap-hotel.json')!;
    expect(Object.keys(JSON.parse(readFileSync(f, 'utf8'))['X.json'])).toEqual(['0', '1', '3']);
    expectSameScores(hotel.scores, evaluate(loadFile(f), config).corpus);
    // By hand: type-1 (0), type-2 at distance 1, type-2 at distance 3.
    expect(metricValue(hotel.scores.values, 'FGA', '1')).toBeCloseTo((0 + (1 - Math.exp(-1)) + (1 - Math.exp(-3))) / 3, 12);
  });

  it('SA with a per-domain K follows the spec: mean over kept turns of (K − missed − wrong) / K', () => {
    const c = fixtureCases().find((x) => x.name === 'multiwoz-somdst-100')!;
    const data = JSON.parse(readFileSync(c.file, 'utf8')) as FgaFile;
    const corpus = loadFile(c.file);
    const slotsOf: Record<string, number> = { attraction: 3, hotel: 10, restaurant: 7, taxi: 4, train: 6 };
    for (const k of ['slots', 7] as const) {
      const b = domainBreakdown(corpus, config, { turns: 'active', k });
      expect(renderSignature(b.signature)).toContain(k === 'slots' ? 'SA K=slots of the domain' : 'SA K=7 per domain');
      for (const g of b.groups) {
        const K = k === 'slots' ? slotsOf[g.group] : 7;
        expect(g.K).toBe(K);
        // The spec's SA by hand: missed = gold triples not predicted; wrong = predicted triples not in gold whose slot was not missed.
        let sum = 0;
        let turns = 0;
        for (const t of Object.values(data).flatMap((x) => Object.values(x))) {
          if (!activeIn(t.gt, g.group)) continue;
          const gold = Object.entries(t.gt[g.group] ?? {}).filter(([, v]) => v !== 'none');
          const pred = Object.entries(t.pr[g.group] ?? {}).filter(([, v]) => v !== 'none');
          const missedTriples = gold.filter(([s, v]) => !pred.some(([ps, pv]) => ps === s && pv === v));
          const missedSlots = new Set(missedTriples.map(([s]) => s));
          const wrong = pred.filter(([s, v]) => !gold.some(([gs, gv]) => gs === s && gv === v) && !missedSlots.has(s));
          sum += (K - missedTriples.length - wrong.length) / K;
          turns++;
        }
        expect(Math.abs((metricValue(g.scores.values, 'SA') as number) - sum / turns)).toBeLessThan(1e-12);
        // Every other metric is the same as with the signature's K.
        const plain = domainBreakdown(corpus, config, { turns: 'active' }).groups.find((x) => x.group === g.group)!;
        expectSameScores(g.scores, plain.scores, ['SA']);
      }
    }
  });
});

describe('per-slot breakdown', () => {
  for (const c of fixtureCases()) {
    it(`${c.name}: classes and GCA counts add up to the corpus's; each slot's GCA is GCA of the slot alone`, () => {
      const corpus = loadFile(c.file);
      const ev = evaluate(corpus, config);
      const b = slotBreakdown(corpus, makeSignature(config));
      const sum = (k: 'correct' | 'wrong' | 'missed' | 'overshot') => b.groups.reduce((a, g) => a + g[k], 0);
      const total = (a: Int32Array) => a.reduce((x, y) => x + y, 0);
      expect(sum('correct')).toBe(total(ev.stats.correct));
      expect(sum('wrong')).toBe(total(ev.stats.wrong));
      expect(sum('missed')).toBe(total(ev.stats.missed));
      expect(sum('overshot')).toBe(total(ev.stats.overshot));
      const counts = { C: 0, W: 0, M: 0, O: 0 };
      for (const g of b.groups) for (const k of ['C', 'W', 'M', 'O'] as const) counts[k] += g.counts[k];
      expect(counts).toEqual(gcaCountsOf(ev.corpus.values));
      // Slot by slot, against the file restricted to that slot (all turns).
      const data = JSON.parse(readFileSync(c.file, 'utf8')) as FgaFile;
      for (const g of b.groups.slice(0, 12)) {
        const [domain] = g.group.split('-');
        const slotKey = (st: State) =>
          Object.keys(st[domain] ?? {}).find((k) => `${domain}-${k}` === g.group || loadedName(domain, k) === g.group);
        const out: FgaFile = {};
        for (const [id, turns] of Object.entries(data)) {
          out[id] = {};
          for (const [t, { gt, pr }] of Object.entries(turns)) {
            const pick = (st: State): State => {
              const k = slotKey(st);
              return k === undefined ? {} : { [domain]: { [k]: st[domain][k] } };
            };
            out[id][t] = { gt: pick(gt), pr: pick(pr) };
          }
        }
        const f = join(dir, `slot-${c.name.replace(/\W/g, '_')}-${g.group.replace(/\W/g, '_')}.json`);
        writeFileSync(f, JSON.stringify(out));
        const alone = evaluate(loadFile(f), config);
        expect(g.counts, g.group).toEqual(gcaCountsOf(alone.corpus.values));
        expect(g.correct + g.wrong + g.missed + g.overshot).toBe(g.turns);
        expect(g.correct).toBe(total(alone.stats.correct));
        expect(g.wrong).toBe(total(alone.stats.wrong));
      }
    });
  }

  it('precision, recall, F1 and the confusions of a slot', () => {
    const corpus = loadFile(fixtureCases().find((x) => x.name === 'multiwoz-somdst-100')!.file);
    const b = slotBreakdown(corpus, makeSignature(config), 3);
    for (const g of b.groups) {
      if (g.correct + g.wrong + g.overshot > 0) expect(g.precision).toBeCloseTo(g.correct / (g.correct + g.wrong + g.overshot), 12);
      if (g.correct + g.wrong + g.missed > 0) expect(g.recall).toBeCloseTo(g.correct / (g.correct + g.wrong + g.missed), 12);
      expect(g.confusions.length).toBeLessThanOrEqual(3);
      expect(g.confusions.reduce((a, x) => a + x.count, 0)).toBeLessThanOrEqual(g.wrong);
      for (let i = 1; i < g.confusions.length; i++) expect(g.confusions[i].count).toBeLessThanOrEqual(g.confusions[i - 1].count);
      for (const x of g.confusions) expect(x.gold).not.toBe(x.pred);
    }
    // Counted by hand from the file: every wrong turn of train-leaveat with its (gold, pred) pair.
    const data = JSON.parse(readFileSync(fixtureCases().find((x) => x.name === 'multiwoz-somdst-100')!.file, 'utf8')) as FgaFile;
    const pairs = new Map<string, number>();
    for (const t of Object.values(data).flatMap((x) => Object.values(x))) {
      const gv = t.gt.train?.leaveAt ?? t.gt.train?.leaveat;
      const pv = t.pr.train?.leaveAt ?? t.pr.train?.leaveat;
      if (gv && pv && gv !== 'none' && pv !== 'none' && gv !== pv) pairs.set(`${gv}→${pv}`, (pairs.get(`${gv}→${pv}`) ?? 0) + 1);
    }
    const g = b.groups.find((x) => x.group === 'train-leaveat')!;
    expect(g.wrong).toBe([...pairs.values()].reduce((a, x) => a + x, 0));
    const best = Math.max(...pairs.values());
    expect(g.confusions[0].count).toBe(best);
    expect(pairs.get(`${g.confusions[0].gold}→${g.confusions[0].pred}`)).toBe(best);
  });
});

/** The canonical name the loader gives an FGA (domain, slot) key (TRADE's spelling). */
function loadedName(domain: string, key: string): string {
  const id = `${domain}/${key}`;
  if (!names.has(id)) {
    const f = join(dir, `name-${names.size}.json`);
    writeFileSync(f, JSON.stringify({ x: { 0: { gt: { [domain]: { [key]: 'v' } }, pr: {} } } }));
    names.set(id, loadFile(f).slots.names[0]);
  }
  return names.get(id)!;
}
const names = new Map<string, string>();
