// The suspects ranking: planted label errors in a copy of the 100-dialogue
// SOM-DST fixture (gold values changed, removed and added where the
// prediction was right) are all found and ranked well above a random order
// (the fixture's own delayed annotations — real MultiWOZ 2.1 errors, not on
// the planted list — rank above many of them); consensus across runs; each
// suspect listed once, at its first turn, with every turn it affects.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rankSuspects } from '../../../../src/shared/annotations/suspects';
import { evaluateRanking } from '../../../../src/shared/annotations/suspects-eval';
import { loadCorpus } from '../../../../src/shared/formats/detect';
import { loadSource } from '../../../../src/main/services/load-pipeline';
import { fileSource } from '../../../../src/shared/source';
import { plantErrors, SOM } from '../../../helpers/planted';

const fga = (o: unknown) => loadCorpus(new TextEncoder().encode(JSON.stringify(o)), { file: 'x.json' }).corpus;

describe('suspects', () => {
  it('ranks planted label errors near the top of the 100-dialogue fixture', async () => {
    const { json, planted } = plantErrors(4);
    expect(planted.filter((p) => p.kind === 'changed').length).toBeGreaterThanOrEqual(5);
    expect(planted.filter((p) => p.kind === 'removed').length).toBeGreaterThanOrEqual(5);
    expect(planted.filter((p) => p.kind === 'added').length).toBeGreaterThanOrEqual(5);
    const f = join(mkdtempSync(join(tmpdir(), 'planted-')), 'predictions.json');
    writeFileSync(f, JSON.stringify(json));
    const run = await loadSource(fileSource([f], { dialogues: join(SOM, 'dialogues.json') }), { parallel: false });
    const { items, hasText } = rankSuspects([{ label: 'SOM-DST', corpus: run.loaded.corpus }]);
    expect(hasText).toBe(true);
    const ranks = planted.map((p) => items.findIndex((s) => s.dialogue === p.dialogue && s.turn === p.turn && s.slot === p.slot));
    // Every planted error is a suspect, at the turn where it starts ...
    expect(ranks.every((r) => r >= 0)).toBe(true);
    // ... with every turn it affects (an onward change: the rest of the gold's run of that value).
    for (const [p, r] of planted.map((p, k) => [p, ranks[k]] as const)) expect(items[r].turns[0]).toBe(p.turn);
    // Changed values (said nowhere, the user says the run's value): among the first 30 of several hundred.
    expect(items.length).toBeGreaterThan(8 * planted.length);
    for (const [p, r] of planted.map((p, k) => [p, ranks[k]] as const)) if (p.kind === 'changed') expect(r).toBeLessThan(30);
    // Average precision against the planted list: at least twice that of a random order of the same suspects.
    const { ranking, random } = evaluateRanking(items, planted, { seed: 1, shuffles: 50 });
    expect(ranking.found).toBe(planted.length);
    expect(ranking.ap).toBeGreaterThan(2 * random.ap);
    // Each place (dialogue, first turn, slot) is listed once.
    const keys = items.map((s) => `${s.dialogue}|${s.slot}|${s.turn}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('scores by the share of runs agreeing on one non-gold value, listed at its first turn with every turn it affects', () => {
    const gold = { hotel: { area: 'north' } };
    const dlg = (pr: string) => ({
      D1: { '0': { gt: {}, pr: {} }, '1': { gt: gold, pr: { hotel: { area: pr } } }, '2': { gt: gold, pr: { hotel: { area: pr } } } },
    });
    const runs = [dlg('south'), dlg('south'), dlg('north')].map((j, k) => ({ label: `r${k}`, corpus: fga(j) }));
    const { items } = rankSuspects(runs);
    expect(items).toHaveLength(1);
    const s = items[0];
    expect(s).toMatchObject({ dialogue: 'D1', turn: 1, slot: 'hotel-area', gold: 'north', pred: 'south', agree: 2, runs: 3 });
    expect(s.reasons.map((r) => r.kind)).toEqual(['consensus']);
    expect(s.turns).toEqual([1, 2]);
    expect(s.to).toBe('south');
    // (1 − 0.6^R) × the share agreeing × the slot's reliability factor (0.75 + 0.25 × 2 of 6 run-turns agreeing with the gold).
    expect(s.score).toBeCloseTo((1 - 0.6 ** 3) * (2 / 3) * (0.75 + 0.25 * (2 / 6)), 12);
    // One run of three agreeing ranks lower than two of three.
    const weak = rankSuspects([dlg('south'), dlg('north'), dlg('north')].map((j, k) => ({ label: `r${k}`, corpus: fga(j) }))).items[0];
    expect(weak.score).toBeLessThan(s.score);
  });

  it('refuses runs that do not share the gold turns', () => {
    const a = fga({ D1: { '0': { gt: {}, pr: {} } } });
    const b = fga({ D2: { '0': { gt: {}, pr: {} } } });
    expect(() =>
      rankSuspects([
        { label: 'a', corpus: a },
        { label: 'b', corpus: b },
      ]),
    ).toThrow(/does not have the dialogues and turns/);
  });
});
