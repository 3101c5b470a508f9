// The compare view's API calls over a workspace (loading in-process): runs
// against a baseline with the numbers of the CLI's engine, a stale revision
// refused, refusals as bad-args messages, and the pair list: sorted by the
// difference on a metric, filtered by "A right, B wrong" at turn level,
// checked against the per-turn records of each run.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PairRow } from '../../../../src/shared/api';
import { compareRuns } from '../../../../src/shared/analysis/run-comparison';
import { loadCorpus } from '../../../../src/shared/formats/detect';
import { defaultConfig } from '../../../../src/shared/metrics/config';
import { dialogueDetail } from '../../../../src/shared/metrics/evaluate';
import { metricValue } from '../../../../src/shared/metrics/values';
import { createApiHandlers, dispatch, type ApiHandlers } from '../../../../src/main/services/api-handlers';
import { Workspace } from '../../../../src/main/services/workspace';
import { fileSource } from '../../../../src/shared/source';
import { FIXTURES } from '../../../helpers/fixtures';
import { perturbFga } from '../../../helpers/perturb';
import { source } from '../../../helpers/runs';

const config = defaultConfig();
const PRED = join(FIXTURES, 'multiwoz-somdst-100', 'predictions.json');
let ws: Workspace;
let h: ApiHandlers;
let perturbed: string;
const A = { run: 'r1', rev: 1 };
const B = { run: 'r2', rev: 1 };

beforeAll(async () => {
  const tmp = mkdtempSync(join(tmpdir(), 'dsti-compare-api-'));
  perturbed = join(tmp, 'perturbed.json');
  writeFileSync(perturbed, perturbFga(readFileSync(PRED, 'utf8')));
  ws = new Workspace({ inline: true });
  h = createApiHandlers(ws, { mode: 'browser', compareSettings: () => ({ seriesX: { r1: 0.5 } }) });
  ws.open(fileSource([PRED]), { label: 'SOM-DST' });
  ws.open(fileSource([perturbed]), { label: 'perturbed' });
  ws.open(fileSource([join(FIXTURES, 'paper', 'mul1110.json')]), { label: 'mul' });
  for (const id of ['r1', 'r2', 'r3']) expect((await ws.whenSettled(id)).state).toBe('ready');
});

describe('compareRuns', () => {
  it('the numbers of the engine, under the run names, with their revisions', async () => {
    const r = await h.compareRuns({ runs: [A, B], config, bootstrap: 200, trials: 300, seed: 4 });
    const text = readFileSync(PRED, 'utf8');
    const corpus = (t: string, n: string) => loadCorpus(new TextEncoder().encode(t), { file: n }).corpus;
    const direct = compareRuns([source('SOM-DST', corpus(text, 'a')), source('perturbed', corpus(perturbFga(text), 'b'))], config, {
      bootstrap: 200,
      trials: 300,
      seed: 4,
    });
    expect(r.comparisons).toEqual(direct.comparisons);
    expect(r.runs.map((x) => [x.run, x.rev, x.name])).toEqual([
      ['r1', 1, 'SOM-DST'],
      ['r2', 1, 'perturbed'],
    ]);
    expect(r.runs[1].scores).toEqual(direct.runs[1].corpus);
    expect([r.dialogues, r.turns]).toEqual([100, 751]);
    expect(r.signature.parts.map((p) => p.text)).toContain('seed=4');
  });

  it('refusals are bad-args messages; a stale revision is refused', async () => {
    await expect(
      dispatch(h, 'compareRuns', { runs: [A, { run: 'r3', rev: 1 }], config, bootstrap: 10, trials: 10, seed: 1 }),
    ).rejects.toMatchObject({ code: 'bad-args', message: expect.stringMatching(/mul .* have no dialogue in common/) });
    await expect(
      dispatch(h, 'compareRuns', { runs: [A, { run: 'r2', rev: 7 }], config, bootstrap: 10, trials: 10, seed: 1 }),
    ).rejects.toMatchObject({ code: 'stale' });
    await expect(dispatch(h, 'compareRuns', { runs: [A], config, bootstrap: 10, trials: 10, seed: 1 })).rejects.toMatchObject({
      code: 'bad-args',
    });
    await expect(dispatch(h, 'compareRuns', { runs: [A, A], config, bootstrap: 10, trials: 10, seed: 1 })).rejects.toMatchObject({
      code: 'bad-args',
      message: expect.stringMatching(/named twice/),
    });
  });

  it('a run that cannot be compared with the baseline is left out with its reason; the others are compared', async () => {
    const r = await h.compareRuns({ runs: [A, B, { run: 'r3', rev: 1 }], config, bootstrap: 20, trials: 20, seed: 4 });
    expect(r.runs.map((x) => x.run)).toEqual(['r1', 'r2']);
    expect(r.refused).toEqual([
      { run: 'r3', message: expect.stringMatching(/mul .* and the baseline SOM-DST .* have no dialogue in common/) },
    ]);
    const two = await h.compareRuns({ runs: [A, B], config, bootstrap: 20, trials: 20, seed: 4 });
    expect(r.comparisons).toEqual(two.comparisons);
    expect(two.refused).toEqual([]);
  });

  it('the same file with the same options is not opened twice', () => {
    expect(() => ws.open(fileSource([perturbed]))).toThrow(/already open as run "perturbed"/);
    // With other options it is another run.
    const other = ws.open(fileSource([perturbed], { values: ['lower'] }));
    expect(other.id).toBe('r4');
    ws.close(other.id);
  });

  it('compareSettings: the series x given on the command line', async () => {
    expect(await dispatch(h, 'compareSettings', {})).toEqual({ seriesX: { r1: 0.5 } });
  });
});

describe('comparePage', () => {
  const all = (
    sort: { key: 'position' | 'id' | 'turns' | 'diff' | 'aOnly' | 'bOnly'; metric: string; descending: boolean },
    turns: 'all' | 'a-right-b-wrong' | 'b-right-a-wrong' | 'either' = 'all',
  ): PairRow[] => {
    const rows: PairRow[] = [];
    for (let offset = 0; ; offset += 30) {
      const p = h.comparePage({ a: A, b: B, config, offset, limit: 30, sort, filter: { turns } }) as ReturnType<
        ApiHandlers['comparePage']
      > & { total: number; rows: PairRow[] };
      rows.push(...p.rows);
      if (offset + 30 >= p.total) return rows;
    }
  };

  it('sorted by B − A on any metric, both runs’ values per dialogue', () => {
    const rows = all({ key: 'diff', metric: 'GCA', descending: true });
    expect(rows).toHaveLength(100);
    for (let i = 1; i < rows.length; i++) expect(rows[i - 1].diff!).toBeGreaterThanOrEqual(rows[i].diff!);
    for (const r of rows) expect(r.diff).toBe(r.b.GCA! - r.a.GCA!);
    const asc = all({ key: 'diff', metric: 'JGA', descending: false });
    expect(asc[0].diff).toBeLessThan(0);
    expect(asc[asc.length - 1].diff).toBeGreaterThan(0);
  });

  it('"A right, B wrong" keeps the dialogues with a turn A gets right (joint goal) and B wrong, counted per turn', () => {
    const ca = ws.data('r1', 1).l.corpus;
    const cb = ws.data('r2', 1).l.corpus;
    const onlyA = all({ key: 'aOnly', metric: 'JGA', descending: true }, 'a-right-b-wrong');
    const onlyB = all({ key: 'position', metric: 'JGA', descending: false }, 'b-right-a-wrong');
    expect(onlyA.length).toBeGreaterThan(0);
    expect(onlyB.length).toBeGreaterThan(0);
    for (const r of [...onlyA, ...onlyB]) {
      const ta = dialogueDetail(ca, ca.dialogueIds.indexOf(r.id), config).perTurn!;
      const tb = dialogueDetail(cb, cb.dialogueIds.indexOf(r.idB), config).perTurn!;
      const aOnly = ta.filter((t, i) => metricValue(t.values, 'JGA') === 1 && metricValue(tb[i].values, 'JGA') === 0).length;
      const bOnly = ta.filter((t, i) => metricValue(t.values, 'JGA') === 0 && metricValue(tb[i].values, 'JGA') === 1).length;
      expect([r.aOnly, r.bOnly]).toEqual([aOnly, bOnly]);
    }
    expect(onlyA.every((r) => r.aOnly > 0)).toBe(true);
    expect(onlyB.every((r) => r.bOnly > 0)).toBe(true);
    expect(all({ key: 'position', metric: 'JGA', descending: false }, 'either')).toHaveLength(
      new Set([...onlyA, ...onlyB].map((r) => r.id)).size,
    );
  });

  it('the same run twice is refused', () => {
    expect(() =>
      h.comparePage({
        a: A,
        b: A,
        config,
        offset: 0,
        limit: 5,
        sort: { key: 'position', metric: 'JGA', descending: false },
        filter: { turns: 'all' },
      }),
    ).toThrow(/two different runs/);
  });
});

describe('compareRuns after a rename', () => {
  it('answers under the new name without recomputing', async () => {
    const args = { runs: [A, B], config, bootstrap: 50, trials: 50, seed: 2 };
    const before = await h.compareRuns(args);
    ws.rename('r2', 'renamed');
    const after = await h.compareRuns(args);
    expect(after.runs.map((r) => r.name)).toEqual(['SOM-DST', 'renamed']);
    expect(after.comparisons.every((c) => c.run === 'renamed' && c.baseline === 'SOM-DST')).toBe(true);
    expect(after.comparisons.map((c) => [c.delta, c.ci, c.p])).toEqual(before.comparisons.map((c) => [c.delta, c.ci, c.p]));
    ws.rename('r2', 'perturbed');
  });
});
