// Layer: renderer. Picks the transport: Electron IPC when the preload exposed
// `window.dstApi`, else HTTP to the browser-mode server with the page's token.

import type { Api } from '../../../shared/api';
import { createHttpApi } from './http-api';
import { createIpcApi } from './ipc-api';
import { readToken } from './token';

let api: Api | undefined;

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function getApi(): Api {
  if (api) return api;
  if (window.dstApi) api = createIpcApi(window.dstApi);
  else api = createHttpApi({ token: readToken({ location: window.location, history: window.history, storage: sessionStore() }) });
  return api;
}

export { createHttpApi, ApiCallError } from './http-api';
export { createIpcApi } from './ipc-api';
