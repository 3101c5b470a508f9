// The one worker helper (src/main/services/worker-rpc.ts): workerPath finds a
// built worker (or says there is none), and the request/reply protocol over a
// real worker thread (test/helpers/rpc-test-worker.ts, bundled for the test):
// replies by id, progress, transferred results, notes before requests, errors
// that come back as the AppError the worker threw (code, message, file,
// line:column, JSON path and reason kept; a bug becomes `internal`),
// cancellation on both sides, and a worker that exits or is stopped.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, LoadError } from '../../../../src/shared/app-error';
import { WorkerClient, workerPath } from '../../../../src/main/services/worker-rpc';
import { buildWorkerEntry } from '../../../helpers/build-worker';
import type { TestRequest } from '../../../helpers/rpc-test-worker';

const ROOT = join(__dirname, '..', '..', '..', '..');
let path: string;
const clients: WorkerClient<TestRequest, unknown, number, unknown>[] = [];

function client(): WorkerClient<TestRequest, unknown, number, unknown> {
  const c = new WorkerClient<TestRequest, unknown, number, unknown>(path, {
    stopped: ({ error, exitCode }) => new AppError('internal', `the test worker stopped: ${error?.message ?? `exit code ${exitCode}`}`),
  });
  clients.push(c);
  return c;
}

/** What a request rejects with. */
async function failure(p: Promise<unknown>): Promise<AppError> {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(AppError);
  return e as AppError;
}

beforeAll(async () => {
  path = await buildWorkerEntry(join(ROOT, 'test', 'helpers', 'rpc-test-worker.ts'));
}, 60_000);
afterAll(async () => {
  await Promise.all(clients.map((c) => c.terminate()));
});

describe('workerPath', () => {
  it('finds no worker next to the sources, and the build in out/main only when asked to look there', () => {
    expect(workerPath('compare-worker')).toBeNull();
    const built = join(ROOT, 'out', 'main', 'analysis-worker.js');
    expect(workerPath('analysis-worker', { fromSources: true })).toBe(existsSync(built) ? built : null);
  });
});

describe('requests and replies', () => {
  it('answers each request by its id, in any order of completion, with progress along the way', async () => {
    const c = client();
    const seen: number[] = [];
    const [a, b, p] = await Promise.all([
      c.request({ kind: 'echo', value: { x: [1, 2], y: 'é' } }),
      c.request({ kind: 'echo', value: 7 }),
      c.request({ kind: 'progress', steps: 4 }, { onProgress: (f) => seen.push(f) }),
    ]);
    expect(a).toEqual({ x: [1, 2], y: 'é' });
    expect(b).toBe(7);
    expect(p).toBe('done');
    expect(seen).toEqual([0.25, 0.5, 0.75, 1]);
    expect(c.busy).toBe(0);
  });

  it('moves a transferred result back (its values intact)', async () => {
    const r = (await client().request({ kind: 'bytes', n: 1000 })) as Float64Array;
    expect(r).toBeInstanceOf(Float64Array);
    expect(r.length).toBe(1000);
    expect(r[999]).toBe(1.5);
  });

  it('delivers notes before the requests posted after them', async () => {
    const c = client();
    c.notify({ part: 1 });
    c.notify({ part: 2 });
    expect(await c.request({ kind: 'notes' })).toEqual([{ part: 1 }, { part: 2 }]);
  });
});

describe('errors come back as the AppError the worker threw', () => {
  it('a located LoadError: same class, code, message, file, line:column, offset, JSON path and reason', async () => {
    const e = await failure(client().request({ kind: 'load-error' }));
    const sent = new LoadError('p.json', "expected ',' or '}'", { line: 3, column: 7, offset: 40 }, '$["D1.json"]["0"]', {
      reason: 'ends-early',
    });
    expect(e).toBeInstanceOf(LoadError);
    expect(e.toJSON()).toEqual(sent.toJSON());
    expect(e.message).toBe(`p.json:3:7: at $["D1.json"]["0"]: expected ',' or '}'`);
    expect((e as LoadError).location).toEqual({ line: 3, column: 7, offset: 40 });
  });

  it('a refusal keeps its code; a plain Error (a bug) is internal with its message', async () => {
    const c = client();
    const stale = await failure(c.request({ kind: 'stale' }));
    expect([stale.code, stale.message]).toEqual(['stale', 'run r1 is at revision 2, not 1: it was reloaded; ask again']);
    const bug = await failure(c.request({ kind: 'bug' }));
    expect([bug.code, bug.message]).toEqual(['internal', 'x is undefined']);
    // The worker lives on after an error.
    expect(await c.request({ kind: 'echo', value: 1 })).toBe(1);
  });
});

describe('cancellation', () => {
  it('an aborted request is answered `cancelled` at once, and the worker sees its signal abort', async () => {
    const c = client();
    const ac = new AbortController();
    const waiting = c.request({ kind: 'wait' }, { signal: ac.signal });
    await new Promise((r) => setTimeout(r, 50));
    ac.abort();
    const e = await failure(waiting);
    expect(e.code).toBe('cancelled');
    expect(c.busy).toBe(0);
    expect(await c.request({ kind: 'was-cancelled' })).toBe(true);
  });

  it('a request whose signal is already aborted is not sent', async () => {
    const ac = new AbortController();
    ac.abort();
    expect((await failure(client().request({ kind: 'echo', value: 1 }, { signal: ac.signal }))).code).toBe('cancelled');
  });

  it('terminate answers pending requests with its reason and refuses new ones', async () => {
    const c = client();
    const waiting = failure(c.request({ kind: 'wait' }));
    await c.terminate(new AppError('stale', 'run r1 was reloaded or closed; ask again'));
    expect((await waiting).code).toBe('stale');
    expect(c.alive).toBe(false);
    expect((await failure(c.request({ kind: 'echo', value: 1 }))).code).toBe('stale');
  });
});

describe('a worker that stops', () => {
  it('answers every pending request with the host’s error for it, and tells onStop once', async () => {
    const stops: AppError[] = [];
    const c = new WorkerClient<TestRequest, unknown, number, unknown>(path, {
      stopped: ({ exitCode }) => new AppError('internal', `the test worker stopped (exit code ${exitCode})`),
      onStop: (e) => stops.push(e),
    });
    clients.push(c);
    const waiting = failure(c.request({ kind: 'wait' }));
    const exiting = failure(c.request({ kind: 'exit' }));
    for (const e of [await waiting, await exiting])
      expect([e.code, e.message]).toEqual(['internal', 'the test worker stopped (exit code 3)']);
    expect(stops).toHaveLength(1);
    expect(c.alive).toBe(false);
  });
});
