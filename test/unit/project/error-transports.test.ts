// One error type across the API's two transports: an error a handler throws
// reaches the renderer as the same AppError over IPC (registerIpc → the reply
// envelope, structured-cloned as Electron does → the renderer's IPC
// transport) and over HTTP (the browser-mode server → the renderer's HTTP
// transport): code, message, file, line:column, JSON path and reason alike,
// and the HTTP status follows the code. Worker messages carry the same shape
// (test/unit/main/services/worker-rpc.test.ts).
import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerIpc } from '../../../src/main/electron/ipc';
import { createApiHandlers, type ApiHandlers } from '../../../src/main/services/api-handlers';
import { Workspace } from '../../../src/main/services/workspace';
import { startServer, type RunningServer } from '../../../src/main/web/server';
import { createHttpApi, ApiCallError } from '../../../src/renderer/src/api/http-api';
import { createIpcApi } from '../../../src/renderer/src/api/ipc-api';
import { API_CALL_NAMES, type Api } from '../../../src/shared/api';
import { APP_ERROR_CODES, AppError, HTTP_STATUS, LoadError } from '../../../src/shared/app-error';
import { StoreError } from '../../../src/main/services/annotation-store';
import { channelOf } from '../../../src/preload/channels';

/** What the next appInfo call throws. */
let next: unknown = null;
let ws: Workspace;
let srv: RunningServer;
let http: Api;
let ipc: Api;

beforeAll(async () => {
  ws = new Workspace({ inline: true });
  const handlers: ApiHandlers = {
    ...createApiHandlers(ws, { mode: 'browser' }),
    appInfo: () => {
      throw next;
    },
  };
  srv = await startServer({ handlers, rendererDir: '/nonexistent' });
  http = createHttpApi({ token: srv.token, base: `http://127.0.0.1:${srv.port}` });
  // Electron's IPC: one handler per channel; replies are structured-cloned on their way to the preload, which passes them on.
  const channels = new Map<string, (e: IpcMainInvokeEvent, ...a: unknown[]) => unknown>();
  const fakeIpc = { handle: (c: string, h: never) => void channels.set(c, h), removeHandler: (c: string) => void channels.delete(c) };
  registerIpc(fakeIpc as unknown as IpcMain, handlers, () => true);
  const bridge: Record<string, unknown> = { onEvent: () => () => {} };
  for (const call of API_CALL_NAMES)
    bridge[call] = async (args: unknown) => structuredClone(await channels.get(channelOf(call))!({} as IpcMainInvokeEvent, args));
  ipc = createIpcApi(bridge as unknown as NonNullable<Window['dstApi']>);
});
afterAll(async () => {
  await srv.close();
  ws.dispose();
});

/** What a call rejects with over `api`. */
async function thrown(api: Api): Promise<AppError> {
  const e = await api.call('appInfo', {}).then(
    () => null,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(AppError);
  return e as AppError;
}

describe('an error thrown by a handler arrives the same over IPC and HTTP', () => {
  it('a located LoadError: code bad-input (HTTP 422), file, problem, line:column, offset, JSON path and reason', async () => {
    next = new LoadError('pred.json', 'unterminated string', { line: 9, column: 3, offset: 120 }, '$["D7.json"]["2"]', {
      reason: 'ends-in-string',
    });
    const sent = (next as LoadError).toJSON();
    const viaIpc = await thrown(ipc);
    const viaHttp = await thrown(http);
    expect(viaIpc.toJSON()).toEqual(sent);
    expect(viaHttp.toJSON()).toEqual(sent);
    expect(viaIpc).toBeInstanceOf(LoadError);
    expect(viaHttp).toBeInstanceOf(ApiCallError);
    expect((viaHttp as ApiCallError).status).toBe(422);
    expect(viaHttp.message).toBe('pred.json:9:3: at $["D7.json"]["2"]: unterminated string');
  });

  it('every code keeps its code and message, and HTTP answers with the code’s status', async () => {
    for (const code of APP_ERROR_CODES) {
      next = new AppError(code, `refused as ${code}`);
      const viaIpc = await thrown(ipc);
      const viaHttp = (await thrown(http)) as ApiCallError;
      expect([viaIpc.code, viaIpc.message]).toEqual([code, `refused as ${code}`]);
      expect([viaHttp.code, viaHttp.message, viaHttp.status]).toEqual([code, `refused as ${code}`, HTTP_STATUS[code]]);
    }
  });

  it('a subclass keeps the code it maps to (a store conflict is stale, 409; a full disk is storage, 507)', async () => {
    for (const [e, code, status] of [
      [new StoreError('conflict', 'the record changed meanwhile'), 'stale', 409],
      [new StoreError('storage', 'a.jsonl: cannot write annotations: no space left on the device'), 'storage', 507],
      [new StoreError('refused', 'not an annotation file'), 'bad-args', 400],
    ] as const) {
      next = e;
      expect((await thrown(ipc)).code).toBe(code);
      const viaHttp = (await thrown(http)) as ApiCallError;
      expect([viaHttp.code, viaHttp.status, viaHttp.message]).toEqual([code, status, e.message]);
    }
  });

  it('anything else is an internal error naming the call ("please report"), HTTP 500', async () => {
    next = new TypeError('x is undefined');
    for (const api of [ipc, http]) {
      const e = await thrown(api);
      expect([e.code, e.message]).toEqual(['internal', 'appInfo failed (please report): x is undefined']);
    }
    expect(((await thrown(http)) as ApiCallError).status).toBe(500);
  });
});
