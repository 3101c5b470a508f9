// The renderer's HTTP transport (src/renderer/src/api/http-api.ts, token.ts)
// against the real browser-mode server: bearer token, server messages as
// thrown errors, an aborted call's request aborted, pushed events, and the token kept across reloads but removed
// from the address bar.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiEvent } from '../../../../src/shared/api';
import { defaultConfig } from '../../../../src/shared/metrics/config';
import { createApiHandlers } from '../../../../src/main/services/api-handlers';
import { Workspace } from '../../../../src/main/services/workspace';
import { startServer, type RunningServer } from '../../../../src/main/web/server';
import { ApiCallError, createHttpApi } from '../../../../src/renderer/src/api/http-api';
import { readToken, TOKEN_KEY } from '../../../../src/renderer/src/api/token';

let srv: RunningServer;
let store: Workspace;
let base: string;

beforeAll(async () => {
  store = new Workspace({ inline: true });
  srv = await startServer({
    handlers: createApiHandlers(store, { mode: 'browser' }),
    subscribe: (l) => store.onEvent(l),
    rendererDir: '/nonexistent',
  });
  base = `http://127.0.0.1:${srv.port}`;
});
afterAll(async () => {
  await srv.close();
  store.dispose();
});

describe('httpApi', () => {
  it('calls the API with the bearer token', async () => {
    const api = createHttpApi({ token: srv.token, base });
    const info = await api.call('appInfo', {});
    expect(info.mode).toBe('browser');
  });

  it('throws the server message for a wrong token, bad arguments and an unknown run', async () => {
    await expect(createHttpApi({ token: 'wrong', base }).call('appInfo', {})).rejects.toMatchObject({ code: 'forbidden', status: 403 });
    const api = createHttpApi({ token: srv.token, base });
    const bad = api.call('dialogueRaw', { run: 'r1', rev: 1, id: '' }).catch((e) => e);
    expect(await bad).toBeInstanceOf(ApiCallError);
    expect(((await bad) as Error).message).toMatch(/dialogueRaw: id/);
    await expect(api.call('corpusSummary', { run: 'r9', rev: 1, config: defaultConfig() })).rejects.toThrow(/no run "r9"/);
  });

  it('reports an unreachable server as a network error', async () => {
    await expect(createHttpApi({ token: srv.token, base: 'http://127.0.0.1:1' }).call('appInfo', {})).rejects.toMatchObject({
      code: 'network',
    });
  });

  it('aborts the request of an aborted call: it rejects with the signal’s reason, not as a network error', async () => {
    const seen: (AbortSignal | null | undefined)[] = [];
    const api = createHttpApi({ token: srv.token, base, fetch: (input, init) => (seen.push(init?.signal), fetch(input, init)) });
    const ctl = new AbortController();
    const call = api.call('appInfo', {}, { signal: ctl.signal });
    ctl.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toEqual([ctl.signal]);
    // Aborted before it starts: no request at all.
    await expect(api.call('appInfo', {}, { signal: ctl.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toHaveLength(1);
    // Without a signal, or with one that stays quiet, calls answer as before.
    await expect(api.call('appInfo', {}, { signal: new AbortController().signal })).resolves.toMatchObject({ mode: 'browser' });
  });

  it('delivers pushed events to listeners until they unsubscribe', async () => {
    const api = createHttpApi({ token: srv.token, base });
    const got: ApiEvent[] = [];
    const off = api.onEvent((e) => got.push(e));
    await new Promise((r) => setTimeout(r, 100));
    const run = await api.call('openRun', { source: { kind: 'demo' } });
    await store.whenSettled(run.id);
    for (let i = 0; i < 50 && got.length < 3; i++) await new Promise((r) => setTimeout(r, 20));
    expect(got).toContainEqual({ type: 'runs-changed' });
    expect(got).toContainEqual({ type: 'run-changed', run: run.id, revision: 1, state: 'ready' });
    off();
  });
});

describe('session token', () => {
  function env(search: string, stored: string | null = null) {
    const storage = new Map<string, string>(stored ? [[TOKEN_KEY, stored]] : []);
    const replaced: string[] = [];
    return {
      env: {
        location: { search, pathname: '/', hash: '#x' },
        history: { replaceState: (_d: unknown, _u: string, url?: string) => void replaced.push(url ?? '') },
        storage: { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => void storage.set(k, v) },
      },
      storage,
      replaced,
    };
  }

  it('takes the token from the address, keeps it for reloads and removes it from the address bar', () => {
    const e = env('?token=abc&theme=dark');
    expect(readToken(e.env)).toBe('abc');
    expect(e.storage.get(TOKEN_KEY)).toBe('abc');
    expect(e.replaced).toEqual(['/?theme=dark#x']);
  });

  it('falls back to the stored token after a reload', () => {
    const e = env('', 'kept');
    expect(readToken(e.env)).toBe('kept');
    expect(e.replaced).toEqual([]);
    expect(readToken(env('').env)).toBeNull();
  });
});
