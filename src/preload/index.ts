// Layer: preload (sandboxed, CommonJS build). Bridges the typed API to the
// renderer: `window.dstApi` has ONE function per call of src/shared/api.ts
// (each invokes its own IPC channel; the main process validates the
// arguments), `onEvent` for pushed events, and `window.dstFiles.pathForFile`
// for drag-and-drop. Nothing else of Electron or Node reaches the page.

import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { API_CALL_NAMES, type ApiCall, type ApiEvent } from '../shared/api';
import { channelOf, EVENT_CHANNEL, type IpcReply } from './channels';

function caller(call: ApiCall) {
  return async (args: unknown): Promise<unknown> => {
    const r = (await ipcRenderer.invoke(channelOf(call), args)) as IpcReply;
    if (!r || typeof r !== 'object') throw new Error(`${call}: no reply`);
    if (!r.ok) {
      const e = new Error(r.error);
      e.name = `ApiError(${r.code})`;
      throw e;
    }
    return r.value;
  };
}

const api: Record<string, unknown> = {};
for (const call of API_CALL_NAMES) api[call] = caller(call);
api.onEvent = (listener: (e: ApiEvent) => void): (() => void) => {
  if (typeof listener !== 'function') throw new TypeError('onEvent needs a function');
  const h = (_e: unknown, payload: ApiEvent) => listener(payload);
  ipcRenderer.on(EVENT_CHANNEL, h);
  return () => void ipcRenderer.removeListener(EVENT_CHANNEL, h);
};

contextBridge.exposeInMainWorld('dstApi', Object.freeze(api));
contextBridge.exposeInMainWorld(
  'dstFiles',
  Object.freeze({
    pathForFile: (file: File): string => webUtils.getPathForFile(file),
  }),
);
