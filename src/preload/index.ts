// Layer: preload (sandboxed, CommonJS build). Bridges the typed API to the
// renderer: `window.dstApi` has ONE function per call of src/shared/api.ts
// (each invokes its own IPC channel; the main process validates the
// arguments; each resolves with the reply envelope, value or error shape,
// which the renderer unwraps), `onEvent` for pushed events, and `window.dstFiles.pathForFile`
// for drag-and-drop. Nothing else of Electron or Node reaches the page.

import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { API_CALL_NAMES, type ApiCall, type ApiEvent } from '../shared/api';
import { channelOf, EVENT_CHANNEL, type IpcReply } from './channels';

function caller(call: ApiCall) {
  return async (args: unknown): Promise<IpcReply> => {
    const r = (await ipcRenderer.invoke(channelOf(call), args)) as IpcReply;
    if (!r || typeof r !== 'object') return { ok: false, code: 'internal', message: `${call}: no reply`, error: `${call}: no reply` };
    return r;
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
