// The finder ("where do runs differ most") runs in the compare worker
// (compare-differ.ts; needs the built out/main/compare-worker.js, which
// `npm test` builds first): while a compareDiffer call computes, a cheap call
// on the same API (a dialogue list page) answers before it — in this thread
// the finder would hold the event loop until it is done, so the page would
// answer after it; the worker's answer equals the in-thread one; a finder
// request for other settings cancels the running one (answered `cancelled`),
// and asking the cancelled one again computes it anew.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DifferResult } from '../../../../src/shared/analysis/differ';
import { defaultConfig } from '../../../../src/shared/metrics/config';
import { createApiHandlers, dispatch, type ApiHandlers } from '../../../../src/main/services/api-handlers';
import { CompareService } from '../../../../src/main/services/compare-data';
import { differWorkerPath } from '../../../../src/main/services/compare-differ';
import { Workspace } from '../../../../src/main/services/workspace';
import { FIXTURES } from '../../../helpers/fixtures';
import { perturbFga, seriesRun } from '../../../helpers/perturb';
import { openTextRuns } from '../../../helpers/runs';

const config = defaultConfig();
const TEXT = readFileSync(join(FIXTURES, 'multiwoz-somdst-100', 'predictions.json'), 'utf8');
const TEXTS = [TEXT, perturbFga(TEXT) as string, seriesRun(TEXT, 0.5, 0.1, 3) as string, seriesRun(TEXT, 0.2, 0.3, 7) as string];
const REFS = TEXTS.map((_, k) => ({ run: `r${k + 1}`, rev: 1 }));
// Many resamples: the finder takes a while, the list page a moment.
const ARGS = { runs: REFS, config, metric: 'JGA', minTurns: 10, limit: 1000, bootstrap: 3000, seed: 5 };
let ws: Workspace;
let h: ApiHandlers;

beforeAll(async () => {
  ws = new Workspace({ inline: true });
  h = createApiHandlers(ws, { mode: 'browser' });
  await openTextRuns(ws, TEXTS, 'dsti-differ-worker-');
});

const listPage = () =>
  dispatch(h, 'dialoguePage', { ...REFS[0], config, offset: 0, limit: 50, sort: { key: 'position', descending: false }, filter: {} });

describe('compareDiffer off the API thread', () => {
  it('the compare worker is built (npm run build)', () => {
    expect(differWorkerPath()).not.toBeNull();
  });

  it('a list page asked for while the finder computes answers before it; the numbers are the in-thread ones', async () => {
    const order: string[] = [];
    const finder = (dispatch(h, 'compareDiffer', ARGS) as Promise<DifferResult>).then((r) => {
      order.push('differ');
      return r;
    });
    await new Promise<void>((r) => setImmediate(r));
    const page = (await listPage()) as { rows: unknown[] };
    order.push('page');
    expect(page.rows.length).toBe(50);
    const r = await finder;
    expect(order).toEqual(['page', 'differ']);
    const inThread = await new CompareService(ws, undefined, { differWorker: null }).differ(ARGS);
    expect(r).toEqual(inThread);
    expect(r.rows.length).toBeGreaterThan(10);
    expect(r.rows.every((x) => x.ci !== null || x.spread === null)).toBe(true);
  });

  it('the in-thread finder holds the thread: the same page answers after it (what the worker avoids)', async () => {
    const svc = new CompareService(ws, undefined, { differWorker: null });
    const order: string[] = [];
    const finder = svc.differ({ ...ARGS, seed: 9, bootstrap: 200 }).then(() => order.push('differ'));
    await new Promise<void>((r) => setImmediate(r));
    await listPage();
    order.push('page');
    await finder;
    expect(order).toEqual(['differ', 'page']);
  });

  it('a request for other settings cancels the running one; asked again, it is computed anew', async () => {
    const svc = new CompareService(ws, undefined, { differWorker: differWorkerPath() });
    const first = svc.differ({ ...ARGS, seed: 11 });
    const second = svc.differ({ ...ARGS, seed: 12 });
    await expect(first).rejects.toMatchObject({ code: 'cancelled' });
    const b = await second;
    expect(b.settings.seed).toBe(12);
    const again = await svc.differ({ ...ARGS, seed: 11 });
    expect(again).toEqual(await new CompareService(ws, undefined, { differWorker: null }).differ({ ...ARGS, seed: 11 }));
    // The same request joins the kept answer.
    expect(await svc.differ({ ...ARGS, seed: 11 })).toBe(again);
  });
});
