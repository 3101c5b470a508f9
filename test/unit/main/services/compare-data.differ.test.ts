// The compare view's N-run calls over a workspace (loading in-process):
// compareDiffer gives the numbers of shared/analysis/differ.ts on the runs'
// common part (names: the run ids), refuses a bad metric as bad-args; the
// pair list's rows carry the further runs' ids and values of each dialogue
// (equal to those runs' own dialogue scores), and a slice filters the list to
// the dialogues with a turn in it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PairPage } from '../../../../src/shared/api';
import { alignRuns } from '../../../../src/shared/analysis/align';
import { differ, differRuns, sliceDialogueMask, type DifferResult } from '../../../../src/shared/analysis/differ';
import { loadCorpus } from '../../../../src/shared/formats/detect';
import { defaultConfig } from '../../../../src/shared/metrics/config';
import { dialogueDetail } from '../../../../src/shared/metrics/evaluate';
import { makeSignature } from '../../../../src/shared/metrics/signature';
import { metricValue } from '../../../../src/shared/metrics/values';
import { createApiHandlers, dispatch, type ApiHandlers } from '../../../../src/main/services/api-handlers';
import { Workspace } from '../../../../src/main/services/workspace';
import { FIXTURES } from '../../../helpers/fixtures';
import { perturbFga, seriesRun } from '../../../helpers/perturb';
import { openTextRuns } from '../../../helpers/runs';

const config = defaultConfig();
const PRED = join(FIXTURES, 'multiwoz-somdst-100', 'predictions.json');
const TEXT = readFileSync(PRED, 'utf8');
const TEXTS = [TEXT, perturbFga(TEXT) as string, seriesRun(TEXT, 0.5, 0.1, 3) as string];
const REFS = ['r1', 'r2', 'r3'].map((run) => ({ run, rev: 1 }));
let h: ApiHandlers;

beforeAll(async () => {
  const ws = new Workspace({ inline: true });
  h = createApiHandlers(ws, { mode: 'browser' });
  await openTextRuns(ws, TEXTS, 'dsti-differ-api-');
});

const corpus = (k: number) => loadCorpus(new TextEncoder().encode(TEXTS[k]), { file: `run${k}.json` }).corpus;

describe('compareDiffer', () => {
  it('the numbers of differ() on the runs, named by run id', async () => {
    const args = { runs: REFS, config, metric: 'JGA', minTurns: 30, limit: 10, bootstrap: 100, seed: 2 };
    const r = (await dispatch(h, 'compareDiffer', args)) as DifferResult;
    const cs = [0, 1, 2].map((k) => ({ name: REFS[k].run, corpus: corpus(k) }));
    const al = alignRuns(
      cs.map((c) => c.corpus),
      cs.map((c) => c.name),
    );
    const direct = differ(
      differRuns(cs, al),
      config,
      { metric: 'JGA', minTurns: 30, limit: 10, bootstrap: 100, seed: 2 },
      makeSignature(config),
    );
    expect(r.rows).toEqual(direct.rows);
    expect(r.runs).toEqual(['r1', 'r2', 'r3']);
    expect(r.rows.length).toBe(10);
  });

  it('a bad metric is bad-args', async () => {
    await expect(
      dispatch(h, 'compareDiffer', { runs: REFS, config, metric: 'NOPE', minTurns: 30, limit: 10, bootstrap: 0, seed: 2 }),
    ).rejects.toMatchObject({ code: 'bad-args', message: expect.stringMatching(/unknown metric "NOPE"/) });
  });
});

describe('comparePage with more runs and a slice', () => {
  const sort = { key: 'position' as const, metric: 'JGA', descending: false };

  it("each row carries the further run's id and its dialogue values", async () => {
    const p = (await dispatch(h, 'comparePage', {
      a: REFS[0],
      b: REFS[1],
      others: [REFS[2]],
      config,
      offset: 0,
      limit: 1000,
      sort,
      filter: { turns: 'all' },
    })) as PairPage;
    expect(p.total).toBe(100);
    const c = corpus(2);
    for (const row of p.rows) {
      const o = row.others![0]!;
      expect(o.id).toBe(row.id);
      const d = dialogueDetail(c, c.dialogueIds.indexOf(o.id), config);
      expect(o.values.JGA).toBe(metricValue(d.values, 'JGA'));
      expect(o.values.GCA).toBe(metricValue(d.values, 'GCA'));
    }
  });

  it('a slice keeps the dialogues with a turn in it', async () => {
    const slice = { kind: 'domain' as const, key: 'taxi' };
    const p = (await dispatch(h, 'comparePage', {
      a: REFS[0],
      b: REFS[1],
      config,
      offset: 0,
      limit: 1000,
      sort,
      filter: { turns: 'all', slice },
    })) as PairPage;
    const c = corpus(0);
    const mask = sliceDialogueMask(c, slice);
    const want = c.dialogueIds.filter((_, d) => mask[d]);
    expect(want.length).toBeGreaterThan(0);
    expect(want.length).toBeLessThan(100);
    expect(p.rows.map((r) => r.id)).toEqual(want);
  });
});
