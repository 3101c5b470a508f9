// Unit tests of the IPC transport (src/renderer/src/api/ipc-api.ts) over a
// fake preload bridge: a call is forwarded to the bridge's function of the
// same name; with an AbortSignal, an abort rejects the call at once with the
// signal's reason and the answer that comes later is dropped (the renderer
// cannot abort ipcRenderer.invoke); an already aborted signal sends nothing.
import { describe, expect, it } from 'vitest';
import { createIpcApi, dropOnAbort } from '../../../../../src/renderer/src/api/ipc-api';

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('the IPC transport', () => {
  it('forwards a call to the bridge function of its name', async () => {
    const sent: unknown[] = [];
    // The preload answers with a reply envelope: the value, or the error's plain shape.
    const bridge = { appInfo: async (a: unknown) => (sent.push(a), { ok: true, value: { mode: 'electron' } }), onEvent: () => () => {} };
    const api = createIpcApi(bridge as never);
    await expect(api.call('appInfo', {})).resolves.toEqual({ mode: 'electron' });
    expect(sent).toEqual([{}]);
    await expect(api.call('nope' as never, {} as never)).rejects.toThrow(/unknown call nope/);
  });

  it('rejects an aborted call at once with the signal’s reason and drops its late answer', async () => {
    const answer = deferred<{ ok: true; value: { mode: string } }>();
    const bridge = { appInfo: () => answer.promise, onEvent: () => () => {} };
    const api = createIpcApi(bridge as never);
    const ctl = new AbortController();
    const call = api.call('appInfo', {}, { signal: ctl.signal });
    ctl.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    answer.resolve({ ok: true, value: { mode: 'electron' } });
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('sends nothing for a signal aborted before the call', async () => {
    let calls = 0;
    const bridge = { appInfo: async () => (calls++, {}), onEvent: () => () => {} };
    const ctl = new AbortController();
    ctl.abort(new Error('superseded'));
    await expect(createIpcApi(bridge as never).call('appInfo', {}, { signal: ctl.signal })).rejects.toThrow('superseded');
    expect(calls).toBe(0);
  });

  it('passes answers and errors through while the signal stays quiet', async () => {
    const ctl = new AbortController();
    await expect(dropOnAbort(Promise.resolve(7), ctl.signal)).resolves.toBe(7);
    await expect(dropOnAbort(Promise.reject(new Error('bad file')), ctl.signal)).rejects.toThrow('bad file');
  });
});
