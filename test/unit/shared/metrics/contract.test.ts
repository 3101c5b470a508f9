// The metric contract (src/shared/metrics/contract.ts) and its registry: every
// file in metrics/defs/ is one metric, found without being listed anywhere;
// each has a definition for the UI, a signature part where it has a setting,
// and per-turn values that agree with the counts. IAGA and F1 invariants
// (spec sections 11 and 12) are checked on generated corpora.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../../../src/shared/metrics/config';
import { evaluate } from '../../../../src/shared/metrics/evaluate';
import { METRIC_IDS, METRICS } from '../../../../src/shared/metrics/registry';
import { makeSignature, renderSignature } from '../../../../src/shared/metrics/signature';
import { stateLayout } from '../../../../src/shared/metrics/state';
import { metricValue } from '../../../../src/shared/metrics/values';
import { buildCorpus, corpusArb } from '../../../helpers/random-corpus';
import { dialogueDetail, dialogueResults, runningGca } from '../../../../src/shared/metrics/evaluate';
import { only } from '../../../helpers/metrics';

const DEFS = join(__dirname, '..', '..', '..', '..', 'src', 'shared', 'metrics', 'defs');

describe('registry', () => {
  it('holds one metric per file of defs/, in table order, with unique ids', () => {
    expect(METRICS).toHaveLength(readdirSync(DEFS).filter((f) => f.endsWith('.ts')).length);
    // One metric per file, named by it (defs/jga.ts is JGA), in table order; the shipped ones in this order.
    const files = readdirSync(DEFS).filter((f) => f.endsWith('.ts'));
    expect([...METRIC_IDS].sort()).toEqual(files.map((f) => f.slice(0, -3).toUpperCase()).sort());
    expect(METRIC_IDS).toEqual([...METRICS].sort((a, b) => a.order - b.order).map((m) => m.id));
    const shipped = ['JGA', 'SA', 'AGA', 'IAGA', 'F1', 'RSA', 'FGA', 'GCA'];
    expect(only(METRIC_IDS, shipped)).toEqual(shipped);
    expect(new Set(METRIC_IDS).size).toBe(METRIC_IDS.length);
  });
  it('every metric explains itself and points to its spec section', () => {
    for (const m of METRICS) {
      expect(m.about.name.length, m.id).toBeGreaterThan(5);
      expect(m.about.definition.length, m.id).toBeGreaterThan(30);
      expect(m.about.spec, m.id).toMatch(/^\d+$/);
    }
  });
  it("lays out one state vector: two common slots, then each metric's (a sum takes two numbers)", () => {
    const one = stateLayout(defaultConfig({ lambdas: [0.5] }));
    const three = stateLayout(defaultConfig({ lambdas: [0.25, 0.5, 1] }));
    expect(three.width - one.width).toBe(4); // two more FGA sums
    expect(one.offsets[0]).toBe(2);
  });
  it("the signature lists the metrics' settings in the papers' order, then the input's, the version last", () => {
    const s = renderSignature(
      makeSignature(defaultConfig({ lambdas: [0.25, 1], slotCount: 37 }), {
        values: ['lower'],
        corrections: { count: 2, hash: 'abcd1234' },
      }),
    );
    expect(s).toMatch(
      /^GCA alpha=10\/11 \| FGA lambda=0\.25,1 \| SA K=37 \| values=lower \| none=inactive \| corrections=2:abcd1234 \| app \d+\.\d+\.\d+/,
    );
  });
});

describe('IAGA and F1 per turn', () => {
  const config = defaultConfig();
  it('IAGA ≤ AGA; both 1 exactly on exact turns with gold; F1 = 1 exactly on exact turns; all in [0, 1]', () => {
    fc.assert(
      fc.property(corpusArb(), (ds) => {
        const ev = evaluate(buildCorpus(ds), config);
        for (const d of dialogueResults(ev, true)) {
          for (const t of d.perTurn ?? []) {
            const jga = metricValue(t.values, 'JGA');
            const aga = metricValue(t.values, 'AGA');
            const iaga = metricValue(t.values, 'IAGA');
            const f1 = metricValue(t.values, 'F1')!;
            expect(iaga === null).toBe(aga === null);
            if (aga !== null && iaga !== null) {
              expect(iaga).toBeLessThanOrEqual(aga + 1e-15);
              expect(iaga === 1).toBe(jga === 1);
            }
            expect(f1 === 1).toBe(jga === 1);
            expect(f1).toBeGreaterThanOrEqual(0);
            expect(f1).toBeLessThanOrEqual(1);
          }
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe('running GCA for display', () => {
  it("is null before the first change (GCA undefined) and the record's value from then on", () => {
    const c = buildCorpus([
      {
        id: 'D',
        indices: [0, 1, 2, 3],
        turns: [
          { gold: new Map(), pred: new Map() },
          { gold: new Map(), pred: new Map() },
          { gold: new Map([[1, 2]]), pred: new Map([[1, 3]]) },
          { gold: new Map([[1, 2]]), pred: new Map([[1, 3]]) },
        ],
      },
    ]);
    const turns = dialogueDetail(c, 0, defaultConfig()).perTurn!;
    expect(turns.map((t) => t.gcaRunning)).toEqual([0, 0, 0, 0]); // the reference value, kept in the record
    expect(runningGca(turns)).toEqual([null, null, 0, 0]); // W at turn 2: GCA defined (and 0) from there
  });
});
